// One spelling per field of the codec's decoded form (readable first, octets where the readable one does not
// re-encode), and the tests of a received message (per-call fields left out unless strict).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sendable, testsOf } from '../../../../plugins/capture/tcap/fields.js';

const decoded = {
  serviceKey: 200,
  calledPartyNumber: '03102011325476', calledPartyNumber_hex: '03102011325476', calledPartyNumber_noa: 3, calledPartyNumber_digits: '0211234567',
  eventTypeBCSM: 2, eventTypeBCSM_name: 'collectedInfo',
  callingPartysCategory: '0a', callingPartysCategory_hex: '0a',
  callReferenceNumber: '0102', callReferenceNumber_hex: '0102',
  bcsmEvents: [{ eventTypeBCSM: 7, eventTypeBCSM_name: 'oAnswer', legID: { sendingSideID: '02', sendingSideID_hex: '02' } }],
};

test('the readable spelling when it re-encodes: digits and indicators, enumeration names, hex of plain octets, recursively', () => {
  const s = sendable(decoded, () => true);
  assert.equal(s.exact, true);
  assert.deepEqual(s.fields, {
    serviceKey: 200, calledPartyNumber_noa: 3, calledPartyNumber_digits: '0211234567', eventTypeBCSM_name: 'collectedInfo',
    callingPartysCategory_hex: '0a', callReferenceNumber_hex: '0102', bcsmEvents: [{ eventTypeBCSM_name: 'oAnswer', legID: { sendingSideID_hex: '02' } }],
  });
});

test('the octets when the readable spelling does not re-encode; readable and not exact when neither does', () => {
  const hexOnly = sendable(decoded, (f) => 'calledPartyNumber_hex' in f);
  assert.equal(hexOnly.exact, true);
  assert.deepEqual([hexOnly.fields.calledPartyNumber_hex, hexOnly.fields.eventTypeBCSM, 'calledPartyNumber_digits' in hexOnly.fields], ['03102011325476', 2, false]);
  const neither = sendable(decoded, () => false);
  assert.equal(neither.exact, false);
  assert.equal(neither.fields.calledPartyNumber_digits, '0211234567');
});

test('tests: one per leaf with its type and value, list items by index, per-call fields left out unless strict', () => {
  const readable = sendable(decoded, () => true).fields;
  const loose = testsOf(readable, new Set(['callReferenceNumber']));
  assert.deepEqual(loose.find((t) => t.kpath === 'bcsmEvents[0].legID.sendingSideID_hex'), { kpath: 'bcsmEvents[0].legID.sendingSideID_hex', type: 'string', value: '02' });
  assert.deepEqual(loose.find((t) => t.kpath === 'serviceKey'), { kpath: 'serviceKey', type: 'number', value: 200 });
  assert.ok(!loose.some((t) => t.kpath.startsWith('callReferenceNumber')));
  const strict = testsOf(readable, new Set());
  assert.deepEqual(strict.find((t) => t.kpath.startsWith('callReferenceNumber')), { kpath: 'callReferenceNumber_hex', type: 'string', value: '0102' });
  assert.equal(strict.length, loose.length + 1);
  assert.deepEqual(testsOf({ legActive: false }, new Set()), [{ kpath: 'legActive', type: 'boolean', value: false }]);
});
