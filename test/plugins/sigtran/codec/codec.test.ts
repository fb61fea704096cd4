// The argument codec's entry points (plugins/sigtran/codec/codec.ts): dotted keys, encodeArg and checkArg on one
// argument, decodeArg never throwing.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkArg, decodeArg, encodeArg, expandDotted, CodecError, INT, f, o, seq, type ArgType } from '../../../../plugins/sigtran/codec/index.js';
import { toHex } from '../../../../plugins/sigtran/ber/index.js';

describe('argument codec entry points', () => {
  test('dotted keys expand into nested objects, without touching the input', () => {
    const input = { 'a.b': 1, 'a.c.d': 2, e: { 'f.g': 3 }, h: 4 };
    assert.deepEqual(expandDotted(input), { a: { b: 1, c: { d: 2 } }, e: { f: { g: 3 } }, h: 4 });
    assert.deepEqual(input, { 'a.b': 1, 'a.c.d': 2, e: { 'f.g': 3 }, h: 4 });
    const plain = { a: { b: 1 } };
    assert.equal(expandDotted(plain), plain, 'nothing to expand: the same object');
  });

  test('encodeArg takes dotted keys and returns a copy of its own; checkArg gives the fault encodeArg throws, as text', () => {
    const arg: ArgType = { ty: seq(f('a', 0, seq(o('b', 0, INT))), o('c', 1, INT)) };
    const first = encodeArg(arg, { 'a.b': 5 });
    const second = encodeArg(arg, { 'a.b': 6, c: 1 });
    assert.equal(toHex(first), '3005a003800105');
    assert.equal(toHex(second), '3008a003800106810101');
    assert.equal(checkArg(arg, { 'a.b': 'x' }, () => false), 'a.b: expected an integer, got "x"');
    assert.throws(() => encodeArg(arg, { 'a.b': 'x' }), (e: unknown) => e instanceof CodecError && e.message === 'a.b: expected an integer, got "x"');
    assert.equal(checkArg(arg, { 'a.b': 1 }, () => false), undefined);
  });

  test('decodeArg never throws: bad bytes and a wrong outer tag are ok false with a readable error', () => {
    const arg: ArgType = { ty: seq(f('a', 0, INT)) };
    assert.deepEqual(decodeArg(arg, Uint8Array.of(0x30, 0x03, 0x80, 0x01, 0x07)), { ok: true, fields: { a: 7 } });
    const truncated = decodeArg(arg, Uint8Array.of(0x30, 0x05, 0x80));
    assert.equal(truncated.ok, false);
    assert.deepEqual(decodeArg(arg, Uint8Array.of(0x31, 0x00)), { ok: false, error: 'expected a SEQUENCE, found tag 0/17', fields: {} });
  });
});
