// The hlr-sim script: defaults, and every mistake named by its JSON path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ScriptError } from '../../../../sdk/index.js';
import { parseScript } from '../../../../plugins/map/hlr-sim/script.js';

test('defaults: no subscribers, unknownSubscriber, the default menu', () => {
  const s = parseScript({});
  assert.deepEqual(s.subscribers, []);
  assert.equal(s.unknown_error, 1);
  assert.equal(s.ussd.menu, '1 Balance\n2 Bundles');
  const t = parseScript({ subscribers: [{ msisdn: '491', imsi: '262' }], unknown_error: 'ati-NotAllowed' });
  assert.deepEqual(t.subscribers[0], { msisdn: '491', imsi: '262', state: 'assumedIdle', vlr: '491720000', age: 0 });
  assert.equal(t.unknown_error, 49);
});

test('mistakes are named', () => {
  const bad = (v: unknown, re: RegExp) => assert.throws(() => parseScript(v), (e: unknown) => e instanceof ScriptError && re.test(e.message));
  bad([], /must be a JSON object/);
  bad({ subscriber: [] }, /^subscriber: unknown key/);
  bad({ subscribers: {} }, /^subscribers: expected an array/);
  bad({ subscribers: [{ msisdn: '1', imsi: 'x' }] }, /^subscribers\[0\]\.imsi: expected a string of digits/);
  bad({ subscribers: [{ msisdn: '1', imsi: '2', state: 'sleeping' }] }, /^subscribers\[0\]\.state: one of assumedIdle/);
  bad({ subscribers: [{ msisdn: '1', imsi: '2', cell: { mcc: '26' } }] }, /^subscribers\[0\]\.cell: expected/);
  bad({ unknown_error: 'oops' }, /^unknown_error: not a MAP error/);
  bad({ ussd: { replies: { 1: 2 } } }, /^ussd\.replies/);
  bad({ ussd: { service_codes: '*100#' } }, /^ussd\.service_codes/);
  bad({ ussd: { menu: 7 } }, /^ussd\.menu: expected a string/);
});
