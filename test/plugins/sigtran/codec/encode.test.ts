// The encoder of the argument codec (plugins/sigtran/codec/encode.ts): the state of a call (its context: the reused
// marks of named fields per nesting depth, the derived-field getter, the argument paths joined only on a fault) must
// leave no trace from one value (or one failed encoding) to the next, nor between a call and one made during it;
// checkArg's values known only later.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeArg, decodeArg, checkArg, CodecError, INT, IA5, NULL, f, o, oct, octf, seq, seqOf, size, contain, choice, type ArgType, type NumberFormat } from '../../../../plugins/sigtran/codec/index.js';
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
    assert.throws(() => encodeArg(outer, { inner: {}, d: 1, called_digits: '12x4' }), (e: unknown) => e instanceof CodecError && e.message.startsWith('called_digits: digits "12x4" hold a character'));
    const bytes = encodeArg(outer, { inner: {}, d: 1, called_digits: '1234', called_noa: 4 });
    const back = decodeArg(outer, bytes);
    assert.ok(back.ok);
    assert.equal(back.fields.called_digits, '1234');
    assert.equal(back.fields.called_noa, 4);
    // a value without derived fields after one with them: nothing of the previous holder is read
    assert.equal(hex({ inner: {}, d: 1, called_hex: '0410' }), '3009a20084010185020410');
  });
});

describe('encodeArg: one call\'s context', () => {
  test('an encoding made while another runs (a number format encoding through encodeArg) gets its own writer and marks', () => {
    const innerArg: ArgType = { ty: seq(o('p', 0, INT), o('q', 1, INT), o('r', 2, INT), o('s', 3, INT), o('t', 4, INT)) };
    const nested: NumberFormat = {
      suffixes: ['n'],
      encode: (get) => encodeArg(innerArg, { t: Number(get('n')) }),
      decode: () => false,
    };
    const arg: ArgType = { ty: seq(o('a', 0, INT), o('b', 1, INT), o('c', 2, octf(nested)), o('d', 3, INT), o('e', 4, INT)) };
    // 30 0d | 80 01 01 (a) | 82 05 30 03 84 01 07 (c: the inner encoding of t = 7) | 84 01 02 (e)
    assert.equal(toHex(encodeArg(arg, { a: 1, c_n: 7, e: 2 })), '300d80010182053003840107840102');
  });
});

describe('checkArg: values known only per instance', () => {
  const unknown = (v: unknown) => typeof v === 'string' && v.startsWith('${');
  const arg: ArgType = {
    ty: seq(
      f('key', 0, INT),
      o('name', 1, size(IA5, 1, 3)),
      o('list', 2, size(seqOf(INT), 1, 2)),
      o('inner', 3, size(contain(seq(f('x', 0, INT), o('y', 1, INT))), 1, 4)),
      o('flag', 4, NULL),
    ),
  };

  test('an unknown value counts as present and is not checked; the rest is checked as encodeArg does', () => {
    assert.equal(checkArg(arg, { key: '${n}' }, unknown), undefined, 'a mandatory field known later');
    assert.equal(checkArg(arg, {}, unknown), 'key: missing (mandatory)');
    assert.equal(checkArg(arg, { key: 1, name: 'toolong' }, unknown), 'name: 7 characters, the ASN.1 requires SIZE(1..3)');
    assert.equal(checkArg(arg, { key: 1, name: '${n}' }, unknown), undefined);
    assert.equal(checkArg(arg, { key: 1, list: [1, 2, 3] }, unknown), 'list: 3 elements, the ASN.1 requires SIZE(1..2)');
  });

  test('a container holding an unknown value does not have its SIZE checked (its length is not known yet)', () => {
    // inner encodes to 10 octets with x and y given (over SIZE(1..4)): refused; with y unknown, unchecked
    assert.equal(checkArg(arg, { key: 1, inner: { x: 1000, y: 1000 } }, unknown), 'inner: 10 octets, the ASN.1 requires SIZE(1..4)');
    assert.equal(checkArg(arg, { key: 1, inner: { x: 1000, y: '${y}' } }, unknown), undefined);
    assert.equal(checkArg(arg, { key: 1, inner: { y: 1 } }, unknown), 'inner.x: missing (mandatory)');
  });

  test('after a check, encodeArg checks every value again', () => {
    checkArg(arg, { key: '${n}' }, unknown);
    assert.throws(() => encodeArg(arg, { key: '${n}' }), (e: unknown) => e instanceof CodecError && e.message.startsWith('key: expected an integer'));
  });

  test('an unknown CHOICE counts as present', () => {
    const withChoice: ArgType = { ty: seq(f('pick', 0, choice(o('a', 0, INT), o('b', 1, INT)))) };
    assert.equal(checkArg(withChoice, { pick: '${p}' }, unknown), undefined);
    assert.equal(checkArg(withChoice, { pick: {} }, unknown), 'pick: give one of a, b');
  });
});

// The encoder follows the plan of the last argument named by the same keys (writeFields): the plan must never carry
// one argument's values, absences or faults into the next.
describe('encodeArg: the same keys as the argument before', () => {
  /** The encoding of `input` with its keys in reverse order: not the plan's key list, so marked afresh. */
  const fresh = (input: Record<string, unknown>) => hex(Object.fromEntries(Object.entries(input).reverse()));

  test('each value of the same keys is its own encoding', () => {
    for (let i = 0; i < 5; i++) {
      const input = { a: i, inner: { x: i, y: 2 * i, z: 1, w: 1, v: 1 }, d: 100 + i, called_digits: `12${i}` };
      const expected = fresh(input);
      assert.equal(hex(input), expected);
      assert.equal(hex(input), expected);
    }
  });

  test('a key whose value is null is absent, and a mandatory one missing is a fault, after the plan', () => {
    const input = { a: 1, inner: { x: 5 }, c: 3, d: 4 };
    assert.equal(hex(input), '300e800101a2038001058301038401 04'.replace(/ /g, ''));
    assert.equal(hex({ a: 1, inner: { x: 5 }, c: null, d: 4 }), '300b800101a2038001058401 04'.replace(/ /g, ''));
    assert.throws(() => hex({ a: 1, inner: { x: 5 }, c: 3, d: null }), (e: unknown) => e instanceof CodecError && e.message === 'd: missing (mandatory)');
    assert.equal(hex(input), '300e800101a2038001058301038401 04'.replace(/ /g, ''));
  });

  test('other keys, or the same keys in another order, give their own encoding', () => {
    assert.equal(hex({ a: 1, inner: { x: 5 }, d: 4 }), '300b800101a2038001058401 04'.replace(/ /g, ''));
    assert.equal(hex({ b: 2, inner: { x: 5 }, d: 4 }), '300b810102a2038001058401 04'.replace(/ /g, ''));
    assert.equal(hex({ d: 4, inner: { x: 5 }, b: 2 }), '300b810102a2038001058401 04'.replace(/ /g, ''));
    assert.throws(() => hex({ b: 2, inner: { x: 5 } }), (e: unknown) => e instanceof CodecError && e.message === 'd: missing (mandatory)');
    assert.equal(hex({ b: 2, inner: { x: 5 }, d: 4 }), '300b810102a2038001058401 04'.replace(/ /g, ''));
  });
});

// A field whose values are the same primitives as the argument's before is the same TLV, taken again (followPlan):
// the kept TLV must never outlive the values it was made of, whatever came in between (another value, a fault, other
// keys, a call during the call).
describe('encodeArg: a field of the same values taken again', () => {
  const fresh = (input: Record<string, unknown>) => hex(Object.fromEntries(Object.entries(input).reverse()));

  test('unchanged fields, then one changed, then back: each encoding is its own', () => {
    const values = [1, 1, 1, 1, 2, 2, 2, 1, 1, 3];
    for (const a of values) {
      const input = { a, inner: {}, c: 7, d: 4, called_digits: '1234', called_noa: 4 };
      assert.equal(hex(input), fresh(input), `a = ${a}`);
    }
  });

  test('a value changed in an argument that failed is not taken for the one kept before', () => {
    const ok = (c: number, digits: string) => ({ a: 1, inner: {}, c, d: 4, called_digits: digits });
    for (let i = 0; i < 3; i++) hex(ok(7, '1234')); // c and called kept
    // c changes, then called fails: the fields after the fault were not written in that call
    assert.throws(() => hex({ a: 'x', inner: {}, c: 8, d: 4, called_digits: '1235' }), (e: unknown) => e instanceof CodecError && e.message.startsWith('a: expected an integer'));
    assert.equal(hex(ok(8, '1235')), fresh(ok(8, '1235')));
    assert.equal(hex(ok(8, '1235')), fresh(ok(8, '1235')));
    assert.equal(hex(ok(7, '1234')), fresh(ok(7, '1234')));
  });

  test('other keys in between, failing after some of the plan\'s keys matched, then the plan\'s keys again', () => {
    const plain = (c: number) => ({ a: 1, inner: {}, c, d: 4 });
    for (let i = 0; i < 3; i++) hex(plain(7));
    // the same first keys with c changed, then a key more that fails: the plan's values were compared up to it
    assert.throws(() => hex({ a: 1, inner: {}, c: 9, d: 4, called_digits: '12x' }), (e: unknown) => e instanceof CodecError);
    assert.equal(hex(plain(9)), fresh(plain(9)));
    assert.equal(hex(plain(9)), fresh(plain(9)));
  });

  test('an object value is never taken again (it may have changed inside)', () => {
    const inner = { x: 1 };
    const input = { a: 1, inner, d: 4 };
    for (let i = 0; i < 3; i++) assert.equal(hex(input), fresh(input));
    inner.x = 2;
    assert.equal(hex(input), fresh(input));
    assert.equal(hex(input), '300b800101a2038001028401 04'.replace(/ /g, ''));
  });

  test('a SEQUENCE within itself (its inner value written while the outer follows its plan): each value, call after call', () => {
    // a type whose field holds the same SEQUENCE's fields (the recursion of some ASN.1 types)
    const fields: Parameters<typeof seq>[number][] = [o('p', 0, INT), o('q', 1, INT), o('r', 2, INT), o('s', 3, INT)];
    const self = seq(...fields);
    fields.push(o('t', 4, self));
    (self as unknown as { fields: unknown[] }).fields.push(fields[4]);
    const at: ArgType = { ty: self };
    const enc = (v: Record<string, unknown>) => toHex(encodeArg(at, v));
    for (let i = 0; i < 4; i++) {
      const v = { p: 1, t: { p: i, q: 2, r: 3, s: 4 }, q: i };
      const back = decodeArg(at, encodeArg(at, v));
      assert.ok(back.ok, back.ok ? '' : back.error);
      assert.equal(back.fields.q, i);
      assert.deepEqual((back.fields.t as Record<string, unknown>).p, i);
      assert.equal(enc(v), enc(v));
    }
  });
});
