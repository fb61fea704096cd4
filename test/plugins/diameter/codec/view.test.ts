import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Dictionary } from '../../../../plugins/diameter/dictionary/dictionary.js';
import { encodeItems, decodeView, toObject, flattenExpected, ItemError } from '../../../../plugins/diameter/codec/view.js';
import { encodeAvps, readAvps } from '../../../../plugins/diameter/codec/avp.js';

const dict = new Dictionary();
const roundTrip = (items: object[]) => {
  const bytes = encodeAvps(encodeItems(dict, items as never, 'avps'));
  const errors: string[] = [];
  const view = decodeView(dict, readAvps(bytes, 0, bytes.length), errors);
  return { bytes, view, errors, object: toObject(view) };
};

describe('diameter JSON view', () => {
  test('grouped AVPs, enumerated names, vendor AVPs round trip', () => {
    const { view, errors, object } = roundTrip([
      { name: 'CC-Request-Type', value: 'INITIAL_REQUEST' },
      { name: 'Subscription-Id', value: [{ name: 'Subscription-Id-Type', value: 'END_USER_E164' }, { name: 'Subscription-Id-Data', value: '31612345678' }] },
      { name: 'Multiple-Services-Credit-Control', value: { 'Requested-Service-Unit': { 'CC-Time': 60, 'CC-Total-Octets': '18446744073709551615' }, 'Rating-Group': [1, 2] } },
      { name: 'Service-Information', value: [{ name: 'IMS-Information', value: [{ name: 'Role-Of-Node', value: 'TERMINATING_ROLE' }, { name: 'Node-Functionality', value: 'AS' }] }] },
      { name: 'Event-Timestamp', value: '2026-11-22T05:00:00Z' },
    ]);
    assert.deepEqual(errors, []);
    assert.deepEqual(view[0], { name: 'CC-Request-Type', code: 416, flags: 'M', value: 1, enum: 'INITIAL_REQUEST' });
    assert.equal(view[3]!.vendor, 10415);
    assert.equal(view[3]!.flags, 'VM');
    assert.deepEqual(object, {
      'CC-Request-Type': 1,
      'Subscription-Id': { 'Subscription-Id-Type': 0, 'Subscription-Id-Data': '31612345678' },
      'Multiple-Services-Credit-Control': { 'Requested-Service-Unit': { 'CC-Time': 60, 'CC-Total-Octets': '18446744073709551615' }, 'Rating-Group': [1, 2] },
      'Service-Information': { 'IMS-Information': { 'Role-Of-Node': 1, 'Node-Functionality': 6 } },
      'Event-Timestamp': '2026-11-22T05:00:00Z',
    });
  });

  test('unknown AVPs are kept and shown raw, and can be sent by number', () => {
    const { view, object } = roundTrip([{ name: 'AVP-5000-V99', hex: 'cafe' }, { code: 6000, type: 'Unsigned32', value: 7 }]);
    assert.deepEqual(view[0], { name: 'AVP-5000-V99', code: 5000, vendor: 99, flags: 'V', hex: 'cafe' });
    assert.deepEqual(object, { 'AVP-5000-V99': '0xcafe', 'AVP-6000': '0x00000007' });
  });

  test('a value that does not fit its type is shown with its hex and reported', () => {
    const { view, errors } = roundTrip([{ name: 'CC-Time', hex: '0001' }, { name: 'Failed-AVP', value: [{ name: 'CC-Request-Number', hex: '01' }] }]);
    assert.equal(view[0]!.error, 'Unsigned32 needs 4 bytes of data, got 2');
    assert.equal(view[0]!.hex, '0001');
    assert.deepEqual(errors, ['AVP CC-Time (420) at offset 0: Unsigned32 needs 4 bytes of data, got 2'], 'faults inside Failed-AVP are shown, not reported');
    assert.equal(view[1]!.avps![0]!.hex, '01');
  });

  test('broken framing inside a Grouped AVP is reported with the offset', () => {
    const bytes = encodeAvps(encodeItems(dict, [{ name: 'Used-Service-Unit', value: [{ name: 'CC-Time', value: 1 }] }], 'avps'));
    bytes.writeUInt32BE((0x40 << 24) | 40, 12); // inner CC-Time claims 40 bytes
    const errors: string[] = [];
    const view = decodeView(dict, readAvps(bytes, 0, bytes.length), errors);
    assert.match(errors[0]!, /in Grouped AVP Used-Service-Unit \(446\): AVP 420 at offset 8: length 40 runs past the end/);
    assert.ok(view[0]!.hex);
  });

  const bad: Array<[object, string, RegExp]> = [
    [{ name: 'No-Such-AVP', value: 1 }, 'avps[0].name', /unknown AVP 'No-Such-AVP'/],
    [{ name: 'CC-Request-Type', value: 'SOMETIMES' }, 'avps[0].value', /'SOMETIMES' is not a value of CC-Request-Type \(one of INITIAL_REQUEST/],
    [{ name: 'CC-Time', value: -1 }, 'avps[0].value', /CC-Time: Unsigned32 value -1 is out of range/],
    [{ name: 'Subscription-Id', value: 'x' }, 'avps[0].value', /Grouped AVP takes a list/],
    [{ name: 'Subscription-Id', value: [{ name: 'Subscription-Id-Type', value: 'nope' }] }, 'avps[0].value[0].value', /not a value of Subscription-Id-Type/],
    [{ name: 'Origin-Host', value: 'a b' }, 'avps[0].value', /DiameterIdentity needs a non-empty ASCII FQDN/],
    [{ name: 'CC-Time', hex: 'xyz' }, 'avps[0].hex', /hex/],
    [{ code: 7000, value: 1 }, 'avps[0]', /give "type" or "hex"/],
    [{ name: 'CC-Time', value: 1, flags: 'Q' }, 'avps[0].flags', /unknown AVP flag/],
    [{ value: 1 }, 'avps[0]', /needs a "name"/],
  ];
  for (const [item, path, re] of bad) {
    test(`refuses ${JSON.stringify(item)} naming ${path}`, () => {
      assert.throws(() => encodeItems(dict, [item as never], 'avps'), (e: unknown) => e instanceof ItemError && e.path === path && re.test(e.message));
    });
  }

  test('names resolve both ways, case-insensitively, and enumerated names in expected values', () => {
    assert.equal(dict.avp('cc-request-type')?.code, 416);
    assert.equal(dict.avpName(416, 0), 'CC-Request-Type');
    assert.equal(dict.avpName(873, 10415), 'Service-Information');
    assert.equal(dict.avpName(873, 0), 'AVP-873');
    assert.deepEqual(flattenExpected(dict, {
      'Result-Code': 'DIAMETER_SUCCESS',
      'Multiple-Services-Credit-Control': { 'Granted-Service-Unit': { 'CC-Time': '60' }, 'Reporting-Reason': 'quota exhausted' },
      '!Failed-AVP': null,
      'Session-Id': '123',
    }), {
      'Result-Code': 2001,
      'Multiple-Services-Credit-Control.Granted-Service-Unit.CC-Time': 60,
      'Multiple-Services-Credit-Control.Reporting-Reason': 3,
      '!Failed-AVP': null,
      'Session-Id': '123',
    });
  });
});
