import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { decodeAddress, encodeAddress, encodeBcd, decodeBcd, SccpError, addressText } from '../../../../plugins/sigtran/sccp/address.js';
import type { SccpAddress } from '../../../../plugins/sigtran/api.js';
import { toHex, fromHex } from '../../../../plugins/sigtran/ber/index.js';
import { ADDR_GT, ADDR_SSN } from '../vectors.js';

describe('SCCP addresses', () => {
  test('GT 0100 vector of protocols.md §1.8', () => {
    const a = decodeAddress(ADDR_GT, 0, ADDR_GT.length);
    assert.deepEqual(a, { ri: 'gt', ssn: 146, gt: { gti: 4, digits: '491710000001', tt: 0, np: 1, es: 2, nai: 4 } });
    assert.equal(toHex(encodeAddress({ ri: 'gt', ssn: 146, gt: { gti: 4, digits: '491710000001', tt: 0, np: 1, nai: 4 } })), toHex(ADDR_GT));
  });
  test('route on SSN vector, PC 1234', () => {
    const a = decodeAddress(ADDR_SSN, 0, ADDR_SSN.length);
    assert.deepEqual(a, { ri: 'ssn', pc: 1234, ssn: 146 });
    assert.equal(toHex(encodeAddress(a)), toHex(ADDR_SSN));
    assert.equal(addressText(a), 'ri=ssn pc=1234 ssn=146');
  });
  test('odd digit counts, GTI 1, 2, 3 and 24-bit point codes round trip', () => {
    const cases: Array<[SccpAddress, 14 | 24]> = [
      [{ ri: 'gt', pc: 16383, ssn: 6, gt: { gti: 4, digits: '12345', tt: 0, np: 1, nai: 4 } }, 14],
      [{ ri: 'gt', gt: { gti: 1, digits: '123', nai: 3 } }, 14],
      [{ ri: 'gt', ssn: 8, gt: { gti: 2, digits: '1234', tt: 9 } }, 14],
      [{ ri: 'gt', ssn: 8, gt: { gti: 3, digits: '98765', tt: 1, np: 6 } }, 14],
      [{ ri: 'ssn', pc: 0xabcdef, ssn: 241 }, 24],
      [{ ri: 'ssn', pc: 5, ssn: 241, national: true }, 14],
    ];
    for (const [a, bits] of cases) {
      const enc = encodeAddress(a, bits);
      const dec = decodeAddress(enc, 0, enc.length, bits);
      if (dec.gt) delete dec.gt.es;
      assert.deepEqual(dec, a, toHex(enc));
    }
    assert.equal(toHex(encodeAddress({ ri: 'ssn', pc: 0xabcdef, ssn: 241 }, 24)), '43efcdabf1');
  });
  test('BCD with filler and * #', () => {
    assert.equal(toHex(encodeBcd('12345')), '214305');
    assert.equal(decodeBcd(fromHex('214305'), 0, 3, true), '12345');
    assert.equal(toHex(encodeBcd('*#')), 'cb');
  });
  test('bad addresses are SccpErrors with reasons', () => {
    assert.throws(() => encodeAddress({ ri: 'gt', ssn: 1 }), /route on GT needs a global title/);
    assert.throws(() => encodeAddress({ ri: 'ssn', pc: 1 }), /route on SSN needs a subsystem number/);
    assert.throws(() => encodeAddress({ ri: 'ssn', pc: 20000, ssn: 1 }), /does not fit 14 bits/);
    assert.throws(() => encodeAddress({ ri: 'gt', gt: { gti: 4, digits: '12x' } }), /not a BCD digit/);
    assert.throws(() => decodeAddress(fromHex('43d2'), 0, 2), (e: unknown) => e instanceof SccpError && /too short for its point code/.test(e.message));
    assert.throws(() => decodeAddress(fromHex('4104'), 0, 2), (e: unknown) => e instanceof SccpError);
    assert.throws(() => decodeAddress(fromHex('12920012'), 0, 4), /too short for a GTI 4/);
    assert.throws(() => decodeAddress(fromHex('14'), 0, 1), /global title indicator 5 is not supported/);
    assert.throws(() => decodeAddress(fromHex(''), 0, 0), /empty address/);
  });
});
