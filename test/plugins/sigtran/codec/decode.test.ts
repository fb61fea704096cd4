// The decoder of the argument codec (plugins/sigtran/codec/decode.ts): constraint violations named by their path
// (and at most 20), strict tags, unknown elements kept, a contained encoding that does not decode, and a call's
// state (violations, path) gone by the next call.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeArg, encodeArg, INT, IA5, OCT, f, o, int, seq, seqOf, size, contain, choice, type ArgType } from '../../../../plugins/sigtran/codec/index.js';
import { fromHex } from '../../../../plugins/sigtran/ber/index.js';

const point = seq(f('x', 0, int(0, 9)), o('tag', 1, size(IA5, 1, 2)));
const arg: ArgType = { ty: seq(f('id', 0, int(1, 5)), o('points', 1, size(seqOf(point), 1, 2)), o('pick', 2, choice(o('a', 0, int(0, 1)), o('b', 1, OCT))), o('packed', 3, contain(seq(f('k', 0, INT))))) };

describe('decodeArg', () => {
  test('every violation is named by its path, with every field decoded', () => {
    const bytes = encodeArg({ ty: seq(f('id', 0, INT), o('points', 1, seqOf(seq(f('x', 0, INT), o('tag', 1, IA5)))), o('pick', 2, choice(o('a', 0, INT)))) }, {
      id: 7,
      points: [{ x: 1 }, { x: 10, tag: 'abc' }, { x: 2 }],
      pick: { a: 3 },
    });
    const r = decodeArg(arg, bytes);
    assert.equal(r.ok, false);
    assert.equal(
      !r.ok && r.error,
      'id: 7 is out of range 1..5; points[1].x: 10 is out of range 0..9; points[1].tag: 3 characters, the ASN.1 requires SIZE(1..2); points: 3 elements, the ASN.1 requires SIZE(1..2); pick.a: 3 is out of range 0..1',
    );
    assert.deepEqual(r.fields.points, [{ x: 1 }, { x: 10, tag: 'abc' }, { x: 2 }]);
    assert.deepEqual(r.fields.pick, { a: 3 });
    const again = decodeArg(arg, encodeArg(arg, { id: 2 }));
    assert.deepEqual(again, { ok: true, fields: { id: 2 } }, 'nothing of the previous call remains');
  });

  test('at most 20 violations are reported', () => {
    const many: ArgType = { ty: seq(f('v', 0, seqOf(int(0, 0)))) };
    const r = decodeArg(many, encodeArg({ ty: seq(f('v', 0, seqOf(INT))) }, { v: Array.from({ length: 30 }, (_, i) => i + 1) }));
    assert.equal(!r.ok && r.error.split('; ').length, 20);
  });

  test('strict tags: a primitive where the type is constructed, an untagged value with another universal tag', () => {
    const prim = decodeArg(arg, fromHex('3005 800101 8100'));
    assert.equal(!prim.ok && prim.error, 'points: [1] is primitive, but seqof must be constructed');
    const list: ArgType = { ty: seq(f('v', 0, seqOf(INT))) };
    const wrong = decodeArg(list, fromHex('3005 a003 040101'));
    assert.equal(!wrong.ok && wrong.error, 'v[0]: expected UNIVERSAL 2 (int), found UNIVERSAL 4');
  });

  test('an element of no field is kept as _unknown_<class>_<tag> hex; a contained encoding that does not decode gives x_error', () => {
    const r = decodeArg(arg, fromHex('300d 800101 9f2a02beef 8303ffffff'));
    assert.equal(r.fields._unknown_2_42, 'beef');
    assert.equal(r.fields.packed_hex, 'ffffff');
    assert.match(String(r.fields.packed_error), /.+/);
    assert.equal(r.fields.packed, undefined);
  });

  test('bytes that do not decode: ok false with what was decoded before the fault', () => {
    const r = decodeArg(arg, fromHex('3008 800101 a103 300180'));
    assert.equal(r.ok, false);
    assert.equal(r.fields.id, 1);
    assert.deepEqual(decodeArg(arg, undefined), { ok: true, fields: {} });
  });
});
