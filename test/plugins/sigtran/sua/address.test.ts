// SUA addresses: a hand-checked vector, round trips with every GTI, SCCP addresses mapped both ways, and the refusals.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fromHex, toHex } from '../../../../plugins/sigtran/ber/index.js';
import type { SccpAddress } from '../../../../plugins/sigtran/api.js';
import { SuaError } from '../../../../plugins/sigtran/sua/codec.js';
import { decodeSuaAddress, encodeSuaAddress } from '../../../../plugins/sigtran/sua/address.js';
import { decodeAddress, encodeAddress } from '../../../../plugins/sigtran/sccp/address.js';

describe('SUA addresses', () => {
  test('route on SSN+PC with PC 1234 and SSN 146: the byte vector (RFC 3868 §3.10.2)', () => {
    // RI 2, AI SSN|PC; PC part 0x8002 length 8 value 1234; SSN part 0x8003 length 8 value 146
    const v = fromHex('0002 0003 8002 0008 000004d2 8003 0008 00000092');
    assert.equal(toHex(encodeSuaAddress({ ri: 'ssn', pc: 1234, ssn: 146 })), toHex(v));
    assert.deepEqual(decodeSuaAddress(v), { ri: 'ssn', pc: 1234, ssn: 146 });
  });

  test('route on GT, GTI 4, odd digit count: the byte vector', () => {
    // RI 1, AI GT|SSN; GT part: GTI 4, 5 digits, TT 0, NP 1, NAI 4, BCD 12345 (21 43 f5 -> 0x05 filler 0), padded
    const v = fromHex('0001 0005 8001 000f 00000004 05000104 214305 00 8003 0008 00000006');
    assert.equal(toHex(encodeSuaAddress({ ri: 'gt', ssn: 6, gt: { gti: 4, digits: '12345', tt: 0, np: 1, nai: 4 } })), toHex(v));
    assert.deepEqual(decodeSuaAddress(v), { ri: 'gt', ssn: 6, gt: { gti: 4, digits: '12345', tt: 0, np: 1, es: 1, nai: 4 } });
  });

  const cases: SccpAddress[] = [
    { ri: 'gt', gt: { gti: 1, digits: '4917', nai: 3 } },
    { ri: 'gt', pc: 7, gt: { gti: 2, digits: '491710000001', tt: 9 } },
    { ri: 'gt', ssn: 8, gt: { gti: 3, digits: '1', tt: 0, np: 6, es: 1 } },
    { ri: 'ssn', pc: 16383, ssn: 255, gt: { gti: 4, digits: '49171*#a', tt: 1, np: 1, es: 2, nai: 4 } },
  ];
  for (const a of cases) {
    test(`round trip, and the same address as an SCCP one: ${JSON.stringify(a)}`, () => {
      const back = decodeSuaAddress(encodeSuaAddress(a));
      const viaSccp = decodeAddress(encodeAddress(a), 0, encodeAddress(a).length);
      const norm = (x: SccpAddress) => JSON.parse(JSON.stringify(x, (k, v) => (k === 'digits' ? String(v).toLowerCase().replace('*', 'b').replace('#', 'c') : v)));
      assert.deepEqual(norm(back), norm(viaSccp));
    });
  }

  test('refused: routing on hostname or IP, a GT route without GT, bad lengths, GTI 0', () => {
    const err = (hex: string) => assert.throws(() => decodeSuaAddress(fromHex(hex)), SuaError, hex);
    err('0003 0000');
    err('0004 0001 8003 0008 00000006');
    err('0001 0001 8003 0008 00000006');
    err('0002 0002 8002 0008 000004d2');
    err('0002 0001 8003 0006 0000');
    err('0001 0004 8001 000c 00000000 01000104');
    err('0001 0004 8001 000c 00000004 09000104');
    assert.throws(() => encodeSuaAddress({ ri: 'gt', pc: 1 }), SuaError);
  });

  test('IP address parts are skipped, the rest kept', () => {
    assert.deepEqual(decodeSuaAddress(fromHex('0002 0003 8004 0008 7f000001 8002 0008 00000001 8003 0008 00000092')), { ri: 'ssn', pc: 1, ssn: 146 });
  });
});
