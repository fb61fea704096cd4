import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { decodeM3ua, encodeM3ua, encodeData, M3uaError, type M3uaParams } from '../../../../plugins/sigtran/m3ua/codec.js';
import { AspsmType, AsptmType, M3uaClass, MgmtType, SsnmType, messageName } from '../../../../plugins/sigtran/m3ua/constants.js';
import { toHex, fromHex } from '../../../../plugins/sigtran/ber/index.js';
import { ASPAC, CAP_DATA, CAP_BEGIN } from '../vectors.js';

describe('M3UA codec', () => {
  test('ASPAC vector of protocols.md §1.9, both ways', () => {
    assert.equal(toHex(encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPAC, { trafficMode: 2, routingContexts: [1] })), toHex(ASPAC));
    const m = decodeM3ua(ASPAC);
    assert.equal(m.cls, 4);
    assert.equal(m.type, 1);
    assert.equal(m.trafficMode, 2);
    assert.deepEqual(m.routingContexts, [1]);
  });

  test('DATA vector (tshark-verified CAP InitialDP), decode and fast-path encode', () => {
    const m = decodeM3ua(CAP_DATA);
    assert.deepEqual(m.routingContexts, [1]);
    const pd = m.protocolData!;
    assert.deepEqual([pd.opc, pd.dpc, pd.si, pd.ni, pd.mp, pd.sls], [1, 2, 3, 2, 0, 0]);
    assert.equal(pd.data.length, 0x71 - 16);
    const sccp = pd.data;
    const enc = encodeData({ routingContext: 1, opc: 1, dpc: 2, si: 3, ni: 2, mp: 0, sls: 0 }, sccp.length, (b, o) => b.set(sccp, o));
    assert.equal(toHex(enc), toHex(CAP_DATA));
    const viaGeneric = encodeM3ua(1, 1, { routingContexts: [1], protocolData: { ...pd } });
    assert.equal(toHex(viaGeneric), toHex(CAP_DATA));
    assert.equal(toHex(CAP_BEGIN.subarray(0, 2)), '624f');
  });

  const all: Array<[number, number, M3uaParams]> = [
    [M3uaClass.MGMT, MgmtType.ERR, { errorCode: 0x19, routingContexts: [5], diagnostic: fromHex('0102030405') }],
    [M3uaClass.MGMT, MgmtType.NTFY, { status: { type: 1, info: 3 }, routingContexts: [5], aspId: 9, infoString: 'hello' }],
    [M3uaClass.TRANSFER, 1, { networkAppearance: 8, routingContexts: [5], protocolData: { opc: 0xffffff, dpc: 1, si: 3, ni: 0, mp: 1, sls: 15, data: fromHex('0102') }, correlationId: 77 }],
    [M3uaClass.SSNM, SsnmType.DUNA, { networkAppearance: 8, routingContexts: [5], affected: [{ pc: 1234 }, { mask: 8, pc: 0x1000 }], infoString: 'x' }],
    [M3uaClass.SSNM, SsnmType.DAVA, { routingContexts: [5, 6], affected: [{ pc: 1 }] }],
    [M3uaClass.SSNM, SsnmType.DAUD, { affected: [{ pc: 1 }] }],
    [M3uaClass.SSNM, SsnmType.SCON, { affected: [{ pc: 1 }], concernedDestination: 77 }],
    [M3uaClass.SSNM, SsnmType.DUPU, { affected: [{ pc: 1 }], userCause: { cause: 2, user: 3 } }],
    [M3uaClass.ASPSM, AspsmType.ASPUP, { aspId: 42, infoString: 'asp' }],
    [M3uaClass.ASPSM, AspsmType.ASPUP_ACK, {}],
    [M3uaClass.ASPSM, AspsmType.ASPDN, {}],
    [M3uaClass.ASPSM, AspsmType.ASPDN_ACK, {}],
    [M3uaClass.ASPSM, AspsmType.BEAT, { heartbeat: fromHex('0102030405') }],
    [M3uaClass.ASPSM, AspsmType.BEAT_ACK, { heartbeat: fromHex('0102030405') }],
    [M3uaClass.ASPTM, AsptmType.ASPAC, { trafficMode: 1, routingContexts: [1, 2, 3] }],
    [M3uaClass.ASPTM, AsptmType.ASPAC_ACK, { trafficMode: 1, routingContexts: [1] }],
    [M3uaClass.ASPTM, AsptmType.ASPIA, { routingContexts: [1] }],
    [M3uaClass.ASPTM, AsptmType.ASPIA_ACK, {}],
  ];
  for (const [cls, type, params] of all) {
    test(`round trip ${messageName(cls, type)}`, () => {
      const b = encodeM3ua(cls, type, params);
      assert.equal(b.length % 4, 0, 'padded to 4 octets');
      const m = decodeM3ua(b);
      assert.equal(m.cls, cls);
      assert.equal(m.type, type);
      for (const [k, v] of Object.entries(params)) {
        const got = (m as unknown as Record<string, unknown>)[k];
        if (k === 'affected') assert.deepEqual(got, (v as Array<{ mask?: number; pc: number }>).map((a) => ({ mask: a.mask ?? 0, pc: a.pc })));
        else if (v instanceof Uint8Array) assert.equal(toHex(got as Uint8Array), toHex(v));
        else if (k === 'protocolData') {
          const pd = got as Record<string, unknown>;
          const want = v as Record<string, unknown>;
          for (const f of ['opc', 'dpc', 'si', 'ni', 'mp', 'sls']) assert.equal(pd[f], want[f]);
          assert.equal(toHex(pd.data as Uint8Array), toHex(want.data as Uint8Array));
        } else assert.deepEqual(got, v, k);
      }
    });
  }

  test('DATA payload lengths 0-7 are padded and decode to the same payload', () => {
    for (let n = 0; n < 8; n++) {
      const data = new Uint8Array(n).fill(0xab);
      const b = encodeData({ opc: 1, dpc: 2, si: 3, ni: 2, mp: 0, sls: 5 }, n, (buf, o) => buf.set(data, o));
      assert.equal(b.length % 4, 0);
      assert.equal(decodeM3ua(b).protocolData!.data.length, n);
    }
  });
});

describe('M3UA decoding of bad messages', () => {
  const bad = (hex: string | Uint8Array, code: number, re: RegExp) => {
    const b = typeof hex === 'string' ? fromHex(hex) : hex;
    assert.throws(
      () => decodeM3ua(b),
      (e: unknown) => e instanceof M3uaError && e.code === code && re.test(e.message),
    );
  };
  test('shorter than the header', () => bad('010001', 0x07, /shorter than the common header/));
  test('wrong version', () => bad('02000301 00000008', 0x01, /version 2/));
  test('header length disagrees with the message', () => bad('01000301 0000000c', 0x12, /header length 12 but the message has 8/));
  test('unknown message class', () => bad('01000701 00000008', 0x03, /message class 7/));
  test('parameter overruns the message', () => bad('01000401 00000010 000b0010 00000002', 0x12, /overruns/));
  test('parameter header truncated', () => bad('01000401 0000000a 000b', 0x12, /too few for a parameter header/));
  test('routing context of odd length', () => bad('01000401 00000010 00060007 00000100', 0x12, /not a multiple of 4/));
  test('traffic mode of the wrong length', () => bad('01000401 00000010 000b000c 00000002', 0x12, /overruns|expected 4/));
  test('DATA without protocol data', () => bad('01000101 00000010 00060008 00000001', 0x16, /without protocol data/));
  test('protocol data shorter than its label', () => bad('01000101 00000010 02100008 00000001', 0x12, /routing label/));
  test('a truncated real DATA message', () => {
    const cut = CAP_DATA.slice(0, 60);
    assert.throws(() => decodeM3ua(cut), M3uaError);
  });
  test('unknown parameters are kept, not fatal', () => {
    const m = decodeM3ua(fromHex('01000301 00000010 7777 0008 00000000'));
    assert.deepEqual(m.unknown, [0x7777]);
  });
});
