// The SUA codec: hand-checked byte vectors (the CLDT one decoded by tshark down to the CAMEL InitialDP), round trips
// of every message the gateway sends or reads, and the errors an ERR would report.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { fromHex, toHex } from '../../../../plugins/sigtran/ber/index.js';
import { SuaError, decodeSua, encodeSua, type SuaParams } from '../../../../plugins/sigtran/sua/codec.js';
import { encodeSuaAddress } from '../../../../plugins/sigtran/sua/address.js';
import { AspsmType, AsptmType, ClType, MgmtType, SsnmType, SuaClass, messageName } from '../../../../plugins/sigtran/sua/constants.js';
import { CAP_BEGIN } from '../vectors.js';

/** ASPAC, loadshare, RC 1: M3UA's layout (protocols.md §1.9), SUA class 4 type 1. */
const ASPAC = fromHex('01 00 04 01 00 00 00 18 00 0B 00 08 00 00 00 02 00 06 00 08 00 00 00 01');

/**
 * CLDT, RC 7, class 1 with return on error, source RI 2 (SSN+PC) GT 4917100001 PC 100 SSN 146, destination RI 1
 * (GT) GT 491710000001 PC 200 SSN 146, sequence control 5, hop count 15, the CAP v2 Begin of vectors.ts; tshark
 * 4.0 decodes it (sua, tcap, camel) without an expert item.
 */
const CLDT = fromHex(`
01 00 07 01 00 00 00 d8
00 06 00 08 00 00 00 07
01 15 00 08 00 00 00 81
01 02 00 2c 00 02 00 07
  80 01 00 11 00 00 00 04 0a 00 01 04 94 71 01 00 10 00 00 00
  80 02 00 08 00 00 00 64
  80 03 00 08 00 00 00 92
01 03 00 2c 00 01 00 07
  80 01 00 12 00 00 00 04 0c 00 01 04 94 71 01 00 00 10 00 00
  80 02 00 08 00 00 00 c8
  80 03 00 08 00 00 00 92
01 16 00 08 00 00 00 05
01 01 00 08 00 00 00 0f
01 0b 00 55`);

describe('SUA codec', () => {
  test('ASPAC: the byte vector, both ways', () => {
    const m = decodeSua(ASPAC);
    assert.deepEqual([m.cls, m.type, m.trafficMode, m.routingContexts], [SuaClass.ASPTM, AsptmType.ASPAC, 2, [1]]);
    assert.equal(toHex(encodeSua(SuaClass.ASPTM, AsptmType.ASPAC, { trafficMode: 2, routingContexts: [1] })), toHex(ASPAC));
  });

  test('CLDT: the tshark-checked vector, both ways', () => {
    const whole = Buffer.concat([CLDT, CAP_BEGIN, Buffer.alloc(3)]);
    assert.equal(whole.length, 0xd8);
    const m = decodeSua(whole);
    assert.equal(messageName(m.cls, m.type), 'CLDT');
    assert.deepEqual(m.protocolClass, { protocolClass: 1, returnOnError: true });
    assert.deepEqual([m.routingContexts, m.sequenceControl, m.hopCount], [[7], 5, 15]);
    assert.equal(toHex(m.data!), toHex(CAP_BEGIN));
    const encoded = encodeSua(SuaClass.CL, ClType.CLDT, {
      routingContexts: [7],
      protocolClass: { protocolClass: 1, returnOnError: true },
      source: encodeSuaAddress({ ri: 'ssn', pc: 100, ssn: 146, gt: { gti: 4, digits: '4917100001', tt: 0, np: 1, nai: 4 } }),
      destination: encodeSuaAddress({ ri: 'gt', pc: 200, ssn: 146, gt: { gti: 4, digits: '491710000001', tt: 0, np: 1, nai: 4 } }),
      sequenceControl: 5,
      hopCount: 15,
      data: CAP_BEGIN,
    });
    assert.equal(toHex(encoded), toHex(whole));
  });

  const all: Array<[number, number, SuaParams]> = [
    [SuaClass.MGMT, MgmtType.ERR, { errorCode: 0x19, routingContexts: [5], networkAppearance: 3, diagnostic: fromHex('0102030405') }],
    [SuaClass.MGMT, MgmtType.NTFY, { status: { type: 1, info: 3 }, aspId: 9, routingContexts: [5], infoString: 'hello' }],
    [SuaClass.SSNM, SsnmType.DUNA, { routingContexts: [5], affected: [{ mask: 0, pc: 1234 }, { mask: 8, pc: 0x1000 }], ssn: 146, smi: 2, infoString: 'x' }],
    [SuaClass.SSNM, SsnmType.SCON, { affected: [{ mask: 0, pc: 7 }], ssn: 6, congestionLevel: 2 }],
    [SuaClass.SSNM, SsnmType.DUPU, { affected: [{ mask: 0, pc: 7 }], userCause: { cause: 2, user: 3 } }],
    [SuaClass.ASPSM, AspsmType.ASPUP, { aspId: 77 }],
    [SuaClass.ASPSM, AspsmType.BEAT, { heartbeat: fromHex('31323334 35') }],
    [SuaClass.ASPTM, AsptmType.ASPAC_ACK, { trafficMode: 1, routingContexts: [1, 2] }],
    [SuaClass.CL, ClType.CLDR, { routingContexts: [1], cause: { type: 1, value: 3 }, source: encodeSuaAddress({ ri: 'ssn', pc: 2, ssn: 146 }), destination: encodeSuaAddress({ ri: 'ssn', pc: 1, ssn: 146 }), hopCount: 3, data: fromHex('0102') }],
    [SuaClass.CL, ClType.CLDT, { protocolClass: { protocolClass: 0, returnOnError: false }, source: fromHex('00020003'), destination: fromHex('00020003'), sequenceControl: 0xffffffff, importance: 4, priority: 1, correlationId: 99, segmentation: { first: true, remaining: 3, reference: 0xabcdef }, data: fromHex('ff') }],
  ];
  for (const [cls, type, params] of all) {
    test(`${messageName(cls, type)}: round trip of every parameter`, () => {
      const m = decodeSua(encodeSua(cls, type, params));
      assert.deepEqual([m.cls, m.type], [cls, type]);
      for (const [k, v] of Object.entries(params)) {
        const got = (m as unknown as Record<string, unknown>)[k];
        if (v instanceof Uint8Array) assert.equal(toHex(got as Uint8Array), toHex(v), k);
        else assert.deepEqual(got, v, k);
      }
      assert.equal(m.unknown, undefined);
    });
  }

  test('parameters are padded to 4 octets and the length excludes the padding', () => {
    const b = encodeSua(SuaClass.CL, ClType.CLDT, { data: fromHex('010203') });
    assert.equal(toHex(b), '0100070100000010010b0007010203' + '00');
  });

  test('errors carry the code an ERR reports', () => {
    const code = (hex: string) => {
      try {
        decodeSua(fromHex(hex));
      } catch (e) {
        assert.ok(e instanceof SuaError);
        return e.code;
      }
      assert.fail('no error');
    };
    assert.equal(code('02 00 03 01 00 00 00 08'), 0x01, 'version 2');
    assert.equal(code('01 00 05 01 00 00 00 08'), 0x03, 'class 5');
    assert.equal(code('01 00 03 01 00 00 00 09 00'), 0x12, 'header length 9, 9 octets, then a truncated parameter');
    assert.equal(code('01 00 03 01 00 00 00 0c 00 11 00 10'), 0x12, 'parameter overrunning the message');
    assert.equal(code('01 00 04 01 00 00 00 10 00 0b 00 08 00 00 00'), 0x12, 'length disagreeing with the message');
    assert.equal(code('01 00 04 01 00 00 00 10 00 0b 00 06 00 02 00 00'), 0x12, 'traffic mode of 2 octets');
  });

  test('unknown parameters are kept by tag', () => {
    const m = decodeSua(fromHex('01 00 03 01 00 00 00 10 7f 00 00 08 00 00 00 01'));
    assert.deepEqual(m.unknown, [0x7f00]);
  });
});
