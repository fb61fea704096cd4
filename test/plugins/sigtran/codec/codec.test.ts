// The generic codec's own state between calls: the reused marks of named fields per nesting depth, the derived-field
// getter, the cached key spellings and the argument paths joined only on a fault. Each must leave no trace from one
// value (or one failed encoding) to the next.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeArg, decodeArg, CodecError, INT, f, o, oct, seq, suffixKeys, calledNumber, type ArgType } from '../../../../plugins/sigtran/codec/index.js';
import { toHex } from '../../../../plugins/sigtran/ber/index.js';

// Both levels have more than four fields (the encoder then marks the fields an argument names), and the outer one
// has fields after the inner SEQUENCE: the inner level's marks must not overwrite the outer level's.
const inner = seq(o('x', 0, INT), o('y', 1, INT), o('z', 2, INT), o('w', 3, INT), o('v', 4, INT));
const outer: ArgType = { ty: seq(o('a', 0, INT), o('b', 1, INT), f('inner', 2, inner), o('c', 3, INT), f('d', 4, INT), o('called', 5, oct('calledNumber'))) };

const hex = (input: Record<string, unknown>) => toHex(encodeArg(outer, input));

describe('encodeArg: nested SEQUENCEs of many fields', () => {
  test('the outer fields after an inner SEQUENCE are encoded (BER written out by hand)', () => {
    // 30 0b | 80 01 01 (a) | a2 03 80 01 05 (inner.x) | 84 01 04 (d)
    assert.equal(hex({ a: 1, inner: { x: 5 }, d: 4 }), '300b800101a2038001058401 04'.replace(/ /g, ''));
    // the inner SEQUENCE names its last field, the outer one its first: each level keeps its own marks
    assert.equal(hex({ a: 1, inner: { v: 9 }, c: 3, d: 4 }), '300e800101a203840109830103840104');
  });

  test('a mandatory outer field after the inner SEQUENCE is still required', () => {
    assert.throws(() => encodeArg(outer, { a: 1, inner: { x: 5, y: 6, z: 7, w: 8, v: 9 } }), (e: unknown) => e instanceof CodecError && e.message === 'd: missing (mandatory)');
  });

  test('a fault inside the inner SEQUENCE names the whole path and leaves nothing behind for the next encoding', () => {
    const good = hex({ a: 1, inner: { x: 5 }, d: 4 });
    assert.throws(() => encodeArg(outer, { a: 1, inner: { x: 'five' }, d: 4 }), (e: unknown) => e instanceof CodecError && e.message === 'inner.x: expected an integer, got "five"');
    assert.equal(hex({ a: 1, inner: { x: 5 }, d: 4 }), good);
    // deeper than any encoding before: the marks of a new depth start empty
    assert.equal(hex({ b: 2, inner: { w: 1 }, d: 4 }), '300b810102a203830101840104');
  });

  test('a number format that refuses its fields names them, and the next value encodes from its own fields', () => {
    assert.throws(() => encodeArg(outer, { inner: {}, d: 1, called_digits: '12x4' }), (e: unknown) => e instanceof CodecError && /^called_digits: digits "12x4" hold a character/.test(e.message));
    const bytes = encodeArg(outer, { inner: {}, d: 1, called_digits: '1234', called_noa: 4 });
    const back = decodeArg(outer, bytes);
    assert.ok(back.ok);
    assert.equal(back.fields.called_digits, '1234');
    assert.equal(back.fields.called_noa, 4);
    // a value without derived fields after one with them: nothing of the previous holder is read
    assert.equal(hex({ inner: {}, d: 1, called_hex: '0410' }), '3009a20084010185020410');
  });
});

describe('suffixKeys', () => {
  test('one object of keys per prefix, holding prefix_suffix for every suffix', () => {
    const k = suffixKeys(calledNumber.suffixes, 'calledPartyNumber');
    assert.equal(suffixKeys(calledNumber.suffixes, 'calledPartyNumber'), k);
    assert.deepEqual({ ...k }, { digits: 'calledPartyNumber_digits', noa: 'calledPartyNumber_noa', inn: 'calledPartyNumber_inn', npi: 'calledPartyNumber_npi' });
    assert.notEqual(suffixKeys(calledNumber.suffixes, 'other'), k);
  });

  test('decoding into two prefixes gives each its own keys', () => {
    const out: Record<string, unknown> = {};
    assert.ok(calledNumber.decode(Uint8Array.of(0x04, 0x10, 0x21, 0x43), 'p', out));
    assert.ok(calledNumber.decode(Uint8Array.of(0x83, 0x10, 0x21, 0x03), 'q', out));
    assert.deepEqual(out, { p_noa: 4, p_inn: 0, p_npi: 1, p_digits: '1234', q_noa: 3, q_inn: 0, q_npi: 1, q_digits: '123' });
  });
});
