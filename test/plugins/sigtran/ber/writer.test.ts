import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  BerWriter,
  TagClass,
  Universal,
  readTlv,
  readSingle,
  children,
  decodeInteger,
  decodeBigInt,
  decodeOid,
  decodeOctets,
  decodeBoolean,
  decodeString,
  toHex,
  fromHex,
  parseHex,
  encodeOidContent,
  dumpBer,
} from '../../../../plugins/sigtran/ber/index.js';

describe('BerWriter', () => {
  test('integers: minimal two\'s complement and round trip', () => {
    const w = new BerWriter(4);
    const values = [0, 1, 127, 128, 255, 256, -1, -128, -129, 32767, 32768, -32769, 2 ** 31, -(2 ** 31), 2 ** 47 - 1, -(2 ** 47)];
    for (const v of values) {
      const b = w.reset().integer(v).toBytes();
      const t = readSingle(b);
      assert.equal(decodeInteger(b, t), v, `value ${v}: ${toHex(b)}`);
    }
    assert.equal(toHex(w.reset().integer(128).toBytes()), '02020080');
    assert.equal(toHex(w.reset().integer(-129).toBytes()), '0202ff7f');
    const big = 2n ** 70n + 5n;
    const bb = w.reset().integer(big).toBytes();
    assert.equal(decodeBigInt(bb, readSingle(bb)), big);
    const nb = w.reset().integer(-(2n ** 70n)).toBytes();
    assert.equal(decodeBigInt(nb, readSingle(nb)), -(2n ** 70n));
    assert.throws(() => w.reset().integer(0.5), RangeError);
  });

  test('the TCAP dialogue portion of protocols.md §1.2 is reproduced byte for byte', () => {
    const w = new BerWriter();
    w.begin(TagClass.Application, 11) // dialoguePortion
      .begin(TagClass.Universal, Universal.External)
      .oid('0.0.17.773.1.1.1')
      .begin(TagClass.Context, 0)
      .begin(TagClass.Application, 0) // AARQ
      .bitString(Uint8Array.of(0x80), 7, TagClass.Context, 0)
      .begin(TagClass.Context, 1)
      .oid('0.4.0.0.1.0.50.1')
      .end()
      .end()
      .end()
      .end()
      .end();
    assert.equal(toHex(w.toBytes()), '6b1e281c060700118605010101a011600f80020780a109060704000001003201');
  });

  test('long lengths are back-patched (content moved) and nested', () => {
    const w = new BerWriter(16);
    const payload = new Uint8Array(200).map((_, i) => i & 0xff);
    w.beginSequence().begin(TagClass.Context, 3).octets(payload).end().integer(7).end();
    const b = w.toBytes();
    const t = readSingle(b);
    const kids = children(b, t);
    assert.equal(kids.length, 2);
    const inner = children(b, kids[0]!)[0]!;
    assert.deepEqual(decodeOctets(b, inner), payload);
    assert.equal(decodeInteger(b, kids[1]!), 7);
    assert.equal(toHex(b.subarray(0, 3)), '3081d1');
    // 70000 octets: 3-octet length
    const w2 = new BerWriter(8);
    w2.begin(TagClass.Application, 1).octets(new Uint8Array(70000)).end();
    const b2 = w2.toBytes();
    assert.equal(toHex(b2.subarray(0, 5)), '6183011175');
    assert.equal(readSingle(b2).valueEnd - readSingle(b2).valueStart, 70005);
  });

  test('multi-octet tags and indefinite lengths round trip', () => {
    const w = new BerWriter();
    w.begin(TagClass.Context, 59, true).octets(Uint8Array.of(1), TagClass.Context, 50).boolean(true, TagClass.Context, 200).end();
    const b = w.toBytes();
    assert.equal(toHex(b), 'bf3b809f3201019f814801ff0000');
    const t = readSingle(b);
    assert.equal(t.tagNumber, 59);
    assert.equal(t.indefinite, true);
    const k = children(b, t);
    assert.equal(k[0]!.tagNumber, 50);
    assert.equal(k[1]!.tagNumber, 200);
    assert.equal(decodeBoolean(b, k[1]!), true);
  });

  test('other primitives', () => {
    const w = new BerWriter();
    w.beginSequence().null().enumerated(3).string('abc').oid([1, 2, 840, 113549]).end();
    const b = w.toBytes();
    assert.equal(toHex(b), '30120500' + '0a0103' + '1603616263' + '06062a864886f70d');
    const k = children(b, readSingle(b));
    assert.equal(decodeString(b, k[2]!), 'abc');
    assert.equal(decodeOid(b, k[3]!), '1.2.840.113549');
  });

  test('bad OIDs and unbalanced end() are programming errors, reported clearly', () => {
    assert.throws(() => encodeOidContent('1'), /invalid OBJECT IDENTIFIER/);
    assert.throws(() => encodeOidContent('3.1'), /bad first arcs/);
    assert.throws(() => encodeOidContent('1.x.3'), /invalid OBJECT IDENTIFIER/);
    assert.throws(() => new BerWriter().end(), /without begin/);
    assert.throws(() => new BerWriter().beginSequence().toBytes(), /unclosed/);
  });

  test('view() shares the buffer, toBytes() copies', () => {
    const w = new BerWriter();
    w.integer(5);
    const v = w.view();
    const c = w.toBytes();
    w.reset().integer(6);
    assert.equal(v[2], 6);
    assert.equal(c[2], 5);
  });
});

describe('hex and dump helpers', () => {
  test('parseHex accepts separators and 0x, rejects junk', () => {
    assert.equal(toHex(fromHex('0x0A 1b:2C')), '0a1b2c');
    assert.equal(parseHex('abc'), undefined);
    assert.equal(parseHex('zz'), undefined);
    assert.equal(toHex(Uint8Array.of(1, 255), ' '), '01 ff');
  });
  test('dumpBer never throws', () => {
    assert.deepEqual(dumpBer(fromHex('3003020105')), [{ tag: '[UNIVERSAL 16]', children: [{ tag: '[UNIVERSAL 2]', hex: '05' }] }]);
    const d = dumpBer(fromHex('3005020105'));
    assert.ok(JSON.stringify(d).includes('error'));
    assert.equal(readTlv(fromHex('020105'), 0).end, 3);
  });
});
