import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  BerError,
  TagClass,
  readTlv,
  readSingle,
  children,
  findChild,
  expectTag,
  decodeInteger,
  decodeBigInt,
  decodeBoolean,
  decodeNull,
  decodeOctets,
  decodeOid,
  decodeBitString,
  fromHex,
  toHex,
} from '../../../../plugins/sigtran/ber/index.js';

function berError(fn: () => unknown, kind?: string, offset?: number): BerError {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof BerError, `expected BerError, got ${String(e)}`);
    if (kind) assert.equal(e.kind, kind, e.message);
    if (offset !== undefined) assert.equal(e.offset, offset, e.message);
    return e;
  }
  assert.fail('expected a BerError');
}

describe('readTlv', () => {
  test('short definite length', () => {
    const b = fromHex('02 01 05');
    const t = readTlv(b, 0);
    assert.deepEqual(t, { cls: 0, constructed: false, tagNumber: 2, start: 0, headerLen: 2, valueStart: 2, valueEnd: 3, end: 3, indefinite: false });
    assert.equal(decodeInteger(b, t), 5);
  });

  test('long form lengths (1 and 2 octets)', () => {
    const v = new Uint8Array(300).fill(7);
    const b = new Uint8Array([0x04, 0x82, 0x01, 0x2c, ...v]);
    const t = readTlv(b, 0);
    assert.equal(t.headerLen, 4);
    assert.equal(t.valueEnd - t.valueStart, 300);
    const b2 = new Uint8Array([0x04, 0x81, 0x80, ...new Uint8Array(128)]);
    assert.equal(readTlv(b2, 0).end, 131);
  });

  test('multi-octet tags: [CONTEXT 50] = 9F 32, [CONTEXT 200] = 9F 81 48', () => {
    const b = fromHex('9f3203010203');
    const t = readTlv(b, 0);
    assert.equal(t.cls, TagClass.Context);
    assert.equal(t.tagNumber, 50);
    assert.equal(t.headerLen, 3);
    assert.equal(toHex(decodeOctets(b, t)), '010203');
    const t2 = readTlv(fromHex('9f814800'), 0);
    assert.equal(t2.tagNumber, 200);
  });

  test('indefinite length with nested indefinite children', () => {
    // SEQUENCE (indef) { [1] (indef) { INTEGER 1 } , BOOLEAN true } 00 00
    const b = fromHex('3080 a180 020101 0000 0101ff 0000');
    const t = readTlv(b, 0);
    assert.equal(t.indefinite, true);
    assert.equal(t.end, b.length);
    assert.equal(t.valueEnd, b.length - 2);
    const kids = children(b, t);
    assert.equal(kids.length, 2);
    assert.equal(kids[0]!.indefinite, true);
    assert.equal(decodeInteger(b, children(b, kids[0]!)[0]!), 1);
    assert.equal(decodeBoolean(b, kids[1]!), true);
  });

  test('findChild and expectTag', () => {
    const b = fromHex('3009 800101 a1040202 0102');
    const t = readSingle(b);
    const c = findChild(b, t, TagClass.Context, 1);
    assert.ok(c);
    expectTag(c, TagClass.Context, 1, true);
    assert.equal(decodeInteger(b, children(b, c)[0]!), 0x102);
    assert.equal(findChild(b, t, TagClass.Context, 9), undefined);
    const e = berError(() => expectTag(c, TagClass.Context, 2, true, 'linkedId'), 'tag', 5);
    assert.match(e.message, /expected linkedId \[CONTEXT 2\] constructed, found \[CONTEXT 1\] constructed/);
  });
});

describe('primitive decoders', () => {
  const int = (hex: string) => {
    const b = fromHex(hex);
    return decodeInteger(b, readTlv(b, 0));
  };
  test('INTEGER two\'s complement', () => {
    assert.equal(int('020100'), 0);
    assert.equal(int('02017f'), 127);
    assert.equal(int('02020080'), 128);
    assert.equal(int('020180'), -128);
    assert.equal(int('0201ff'), -1);
    assert.equal(int('0202ff7f'), -129);
    assert.equal(int('020400bc614e'), 12345678);
    const b = fromHex('02090100000000000000ff');
    assert.equal(decodeBigInt(b, readTlv(b, 0)), 0x0100000000000000ffn);
    berError(() => decodeInteger(b, readTlv(b, 0)), 'value', 2);
  });
  test('OID', () => {
    const b = fromHex('0607040000010032 01'.replace(/ /g, ''));
    assert.equal(decodeOid(b, readTlv(b, 0)), '0.4.0.0.1.0.50.1');
    const d = fromHex('060700118605010101');
    assert.equal(decodeOid(d, readTlv(d, 0)), '0.0.17.773.1.1.1');
    const x = fromHex('0603883703');
    assert.equal(decodeOid(x, readTlv(x, 0)), '2.999.3');
  });
  test('BOOLEAN, NULL, BIT STRING', () => {
    const b = fromHex('010100 0500 03020780'.replace(/ /g, ''));
    const t1 = readTlv(b, 0);
    assert.equal(decodeBoolean(b, t1), false);
    const t2 = readTlv(b, t1.end);
    assert.equal(decodeNull(b, t2), null);
    const bs = decodeBitString(b, readTlv(b, t2.end));
    assert.equal(bs.unusedBits, 7);
    assert.equal(toHex(bs.bytes), '80');
  });
  test('constructed OCTET STRING is concatenated', () => {
    const b = fromHex('2480 04020102 040103 0000');
    assert.equal(toHex(decodeOctets(b, readTlv(b, 0))), '010203');
  });
});

describe('bad bytes give a BerError with offset and reason', () => {
  test('empty buffer', () => {
    berError(() => readTlv(new Uint8Array(0), 0), 'truncated', 0);
  });
  test('truncated value', () => {
    const e = berError(() => readTlv(fromHex('0405 0102'), 0), 'truncated', 0);
    assert.match(e.message, /overruns the data by 3/);
  });
  test('missing length', () => {
    berError(() => readTlv(fromHex('30'), 0), 'truncated', 1);
  });
  test('truncated multi-octet tag', () => {
    berError(() => readTlv(fromHex('9f82'), 0), 'truncated', 2);
  });
  test('child overruns its parent', () => {
    const e = berError(() => children(fromHex('3003 040301 0203'), readTlv(fromHex('3003 040301 0203'), 0)), 'length', 2);
    assert.match(e.message, /enclosing value/);
  });
  test('long-form length truncated', () => {
    berError(() => readTlv(fromHex('0482 01'), 0), 'truncated', 2);
  });
  test('length of too many octets', () => {
    berError(() => readTlv(fromHex('0485 0000000001'), 0), 'length', 1);
  });
  test('reserved length 0xFF', () => {
    berError(() => readTlv(fromHex('04ff'), 0), 'length', 1);
  });
  test('indefinite length on a primitive', () => {
    berError(() => readTlv(fromHex('0480 01 0000'), 0), 'indefinite', 1);
  });
  test('indefinite without end-of-contents', () => {
    berError(() => readTlv(fromHex('3080 020101'), 0), 'indefinite', 0);
  });
  test('trailing octets after a single value', () => {
    berError(() => readSingle(fromHex('020101 00')), 'length', 3);
  });
  test('empty INTEGER', () => {
    const b = fromHex('0200');
    berError(() => decodeInteger(b, readTlv(b, 0)), 'value', 2);
  });
  test('bad BOOLEAN length', () => {
    const b = fromHex('01020000');
    berError(() => decodeBoolean(b, readTlv(b, 0)), 'value', 2);
  });
  test('OID ending inside a sub-identifier', () => {
    const b = fromHex('06020481');
    berError(() => decodeOid(b, readTlv(b, 0)), 'value', 3);
  });
  test('deeply nested indefinite lengths are bounded', () => {
    const b = new Uint8Array(400);
    for (let i = 0; i < 200; i++) {
      b[i * 2] = 0x30;
      b[i * 2 + 1] = 0x80;
    }
    berError(() => readTlv(b, 0), 'indefinite');
  });
  test('random garbage never throws anything but BerError', () => {
    let seed = 12345;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff;
    for (let n = 0; n < 2000; n++) {
      const b = new Uint8Array(1 + (n % 40));
      for (let i = 0; i < b.length; i++) b[i] = rnd();
      try {
        const t = readTlv(b, 0);
        if (t.constructed) children(b, t);
        else decodeOctets(b, t);
      } catch (e) {
        assert.ok(e instanceof BerError, String(e));
      }
    }
  });
});
