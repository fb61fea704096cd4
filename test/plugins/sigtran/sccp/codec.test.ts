import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { decodeSccp, encodeSccp, returnCauseText, SccpType, writeXudtSegment, xudtSegmentLength, MAX_SCCP_MESSAGE } from '../../../../plugins/sigtran/sccp/codec.js';
import { SccpError, encodeAddress } from '../../../../plugins/sigtran/sccp/address.js';
import { decodeM3ua } from '../../../../plugins/sigtran/m3ua/codec.js';
import { toHex, fromHex } from '../../../../plugins/sigtran/ber/index.js';
import { CAP_DATA, CAP_BEGIN, ADDR_GT, ADDR_SSN } from '../vectors.js';

describe('SCCP UDT/XUDT/UDTS/XUDTS', () => {
  test('the UDT of the CAP vector', () => {
    const udt = decodeM3ua(CAP_DATA).protocolData!.data;
    const m = decodeSccp(udt);
    assert.equal(m.type, SccpType.UDT);
    assert.equal(m.protocolClass, 0);
    assert.equal(m.returnOnError, false);
    assert.deepEqual(m.called, { ri: 'ssn', pc: 2, ssn: 146 });
    assert.deepEqual(m.calling, { ri: 'ssn', pc: 1, ssn: 146 });
    assert.equal(toHex(m.data), toHex(CAP_BEGIN));
    const again = encodeSccp({ xudt: false, protocolClass: 0, returnOnError: false, called: encodeAddress(m.called), calling: encodeAddress(m.calling) }, m.data);
    assert.equal(toHex(again), toHex(udt));
  });

  test('round trips: UDT class 1 with return on error, XUDT, UDTS, XUDTS', () => {
    const data = fromHex('62034801ff');
    for (const xudt of [false, true]) {
      const b = encodeSccp({ xudt, protocolClass: 1, returnOnError: true, called: ADDR_GT, calling: ADDR_SSN }, data);
      const m = decodeSccp(b);
      assert.equal(m.type, xudt ? SccpType.XUDT : SccpType.UDT);
      assert.equal(m.protocolClass, 1);
      assert.equal(m.returnOnError, true);
      if (xudt) assert.equal(m.hopCounter, 15);
      assert.equal(m.called.gt?.digits, '491710000001');
      assert.equal(m.calling.pc, 1234);
      assert.equal(toHex(m.data), toHex(data));
      assert.equal(toHex(m.calledRaw), toHex(ADDR_GT));
      const s = decodeSccp(encodeSccp({ xudt, protocolClass: 0, returnOnError: false, called: ADDR_SSN, calling: ADDR_GT, returnCause: 3 }, data));
      assert.equal(s.type, xudt ? SccpType.XUDTS : SccpType.UDTS);
      assert.equal(s.returnCause, 3);
      assert.equal(returnCauseText(s.returnCause!), 'SCCP return cause 3: subsystem failure');
    }
  });

  test('XUDT with a segmentation optional parameter', () => {
    const base = encodeSccp({ xudt: true, protocolClass: 1, returnOnError: false, called: ADDR_SSN, calling: ADDR_SSN }, fromHex('0102'));
    const withOpt = new Uint8Array(base.length + 7);
    withOpt.set(base);
    withOpt[6] = base.length - 6; // pointer to the optional part
    withOpt.set([0x10, 4, 0x81, 0x11, 0x22, 0x33, 0x00], base.length);
    const m = decodeSccp(withOpt);
    assert.deepEqual(m.segmentation, { first: true, remaining: 1, reference: 0x332211, protocolClass: 0 });
  });

  test('bad messages give SccpErrors with offsets', () => {
    const err = (hex: string | Uint8Array, re: RegExp) =>
      assert.throws(() => decodeSccp(typeof hex === 'string' ? fromHex(hex) : hex), (e: unknown) => e instanceof SccpError && re.test(e.message));
    err('', /empty/);
    err('0900', /shorter than its fixed part/);
    err('0900 03 07 0b 04 43', /pointer .* points past the end|overruns/);
    err('0900 00 07 0b', /pointer is 0/);
    err('01 00 00', /0x01 \(CR\) is not supported/);
    const udt = encodeSccp({ xudt: false, protocolClass: 0, returnOnError: false, called: ADDR_SSN, calling: ADDR_SSN }, fromHex('010203'));
    err(udt.slice(0, udt.length - 1), /data length 3 overruns/);
    const cut = udt.slice();
    cut[5] = 9; // called address length
    err(cut, /after an address without global title/);
    const x = encodeSccp({ xudt: true, protocolClass: 0, returnOnError: false, called: ADDR_SSN, calling: ADDR_SSN }, fromHex('01'));
    x[6] = 200;
    err(x, /optional part runs past/);
  });

  test('XUDT segments written by writeXudtSegment decode with their segmentation parameter', () => {
    const data = fromHex('0102030405');
    const b = new Uint8Array(xudtSegmentLength({ called: ADDR_GT, calling: ADDR_SSN }, data.length));
    assert.equal(writeXudtSegment(b, 0, { xudt: true, protocolClass: 0, returnOnError: true, called: ADDR_GT, calling: ADDR_SSN }, data, { first: false, remaining: 3, reference: 0xabcdef }), b.length);
    const m = decodeSccp(b);
    assert.equal(m.type, SccpType.XUDT);
    assert.equal(m.protocolClass, 1);
    assert.deepEqual(m.segmentation, { first: false, remaining: 3, reference: 0xabcdef, protocolClass: 0 });
    assert.equal(toHex(m.data), '0102030405');
    assert.ok(b.length <= MAX_SCCP_MESSAGE);
  });

  test('data over 255 octets is refused with a reason', () => {
    assert.throws(() => encodeSccp({ xudt: false, protocolClass: 0, returnOnError: false, called: ADDR_SSN, calling: ADDR_SSN }, new Uint8Array(256)), /256 octets does not fit/);
  });
});
