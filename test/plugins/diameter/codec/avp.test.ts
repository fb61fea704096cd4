import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AvpFlag, encodeAvps, readAvps, avpFlagsText, parseAvpFlags } from '../../../../plugins/diameter/codec/avp.js';
import { DiameterCodecError } from '../../../../plugins/diameter/codec/errors.js';

describe('diameter AVP framing', () => {
  test('encodes a plain AVP with padding (Session-Id "abcde")', () => {
    const b = encodeAvps([{ code: 263, flags: AvpFlag.M, data: Buffer.from('abcde') }]);
    assert.equal(b.toString('hex'), '00000107' + '4000000d' + '6162636465' + '000000');
  });

  test('encodes a vendor AVP: V flag, 12-byte header, vendor id', () => {
    const b = encodeAvps([{ code: 873, flags: AvpFlag.M, vendorId: 10415, data: Buffer.from([1, 2, 3, 4]) }]);
    assert.equal(b.toString('hex'), '00000369' + 'c0000010' + '000028af' + '01020304');
  });

  test('encodes a grouped AVP whose length counts inner padding', () => {
    const b = encodeAvps([{ code: 443, flags: AvpFlag.M, children: [
      { code: 450, flags: AvpFlag.M, data: Buffer.from([0, 0, 0, 0]) },
      { code: 444, flags: AvpFlag.M, data: Buffer.from('123') },
    ] }]);
    // 8 (header) + 12 (Subscription-Id-Type) + 11 -> 12 (Subscription-Id-Data padded) = 32
    assert.equal(b.length, 32);
    assert.equal(b.readUInt32BE(4) & 0xffffff, 32);
    const [g] = readAvps(b, 0, b.length);
    const inner = readAvps(g!.data, 0, g!.data.length);
    assert.deepEqual(inner.map((a) => [a.code, a.data.toString('hex')]), [[450, '00000000'], [444, '313233']]);
  });

  test('round trip of several AVPs keeps codes, flags, vendor and data', () => {
    const nodes = [
      { code: 1, flags: AvpFlag.M, data: Buffer.from('u') },
      { code: 2, flags: AvpFlag.V, vendorId: 10415, data: Buffer.from([9, 9, 9, 9, 9]) },
      { code: 3, flags: 0, data: Buffer.alloc(0) },
    ];
    const enc = encodeAvps(nodes);
    assert.equal(enc.length, 12 + 20 + 8);
    const got = readAvps(enc, 0, enc.length);
    assert.deepEqual(got.map((a) => ({ code: a.code, flags: a.flags, vendorId: a.vendorId, hex: a.data.toString('hex') })), [
      { code: 1, flags: AvpFlag.M, vendorId: 0, hex: '75' },
      { code: 2, flags: AvpFlag.V, vendorId: 10415, hex: '0909090909' },
      { code: 3, flags: 0, vendorId: 0, hex: '' },
    ]);
  });

  test('flags text both ways', () => {
    assert.equal(avpFlagsText(0xe0), 'VMP');
    assert.equal(parseAvpFlags('vm'), 0xc0);
    assert.throws(() => parseAvpFlags('X'), /unknown AVP flag/);
  });
});

describe('diameter AVP framing: bad bytes', () => {
  const err = (hex: string, re: RegExp, resultCode: number, offset?: number) => () => {
    const b = Buffer.from(hex.replace(/ /g, ''), 'hex');
    assert.throws(() => readAvps(b, 0, b.length, 20), (e: unknown) => {
      assert.ok(e instanceof DiameterCodecError, String(e));
      assert.match(e.message, re);
      assert.equal(e.resultCode, resultCode);
      if (offset !== undefined) assert.equal(e.offset, offset);
      return true;
    });
  };
  test('truncated header', err('00000107 4000', /truncated AVP header at offset 20/, 5014, 20));
  test('length shorter than the header', err('00000107 40000004 00000000', /length 4 is shorter than its 8-byte header/, 5014));
  test('vendor AVP shorter than 12', err('00000369 c000000a 000028af', /length 10 is shorter than its 12-byte header/, 5014));
  test('length past the end', err('00000107 40000020 61626364', /runs past the end/, 5014, 20));
  test('second AVP truncated', err('00000107 4000000c 61626364 0000010c 40000010 00', /offset 32/, 5014, 32));
  test('reserved flag bits', err('00000107 4100000c 61626364', /reserved flag bits/, 3009));
  test('the AVP code at fault is reported', () => {
    const b = Buffer.from('0000019f40000010616263', 'hex');
    assert.throws(() => readAvps(b, 0, b.length), (e: unknown) => e instanceof DiameterCodecError && e.avpCode === 415);
  });
});
