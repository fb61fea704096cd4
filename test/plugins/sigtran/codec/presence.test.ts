// Which fields of the flattened form give a value (plugins/sigtran/codec/presence.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { INT, NULL, OCT, ANY, ext, f, o, oct, enm, seqOf, choice, contain, seq } from '../../../../plugins/sigtran/codec/index.js';

/** An `ext` field whose codec is never reached: presence is decided before any value is coded. */
const EXT = ext({ write: () => assert.fail('not written'), read: () => assert.fail('not read') });
import { deepUnknown, fieldIndex, present, unknownIn } from '../../../../plugins/sigtran/codec/presence.js';

describe('presence of a field', () => {
  test('a value other than undefined or null; for NULL also not false, 0 or "0"', () => {
    const n = f('x', 0, INT);
    assert.equal(present(undefined, n, { x: 0 }), true);
    assert.equal(present(undefined, n, { x: null }), false);
    assert.equal(present(undefined, n, {}), false);
    const flag = f('x', 0, NULL);
    for (const v of [true, 1, '1', {}]) assert.equal(present(undefined, flag, { x: v }), true);
    for (const v of [false, 0, '0', null, undefined]) assert.equal(present(undefined, flag, { x: v }), false);
  });

  test('by another spelling: x_hex for octets, contained, ANY and extensions; x_name for enumerations; derived fields of a number format', () => {
    for (const ty of [OCT, contain(seq(o('a', 0, INT))), ANY, EXT]) assert.equal(present(undefined, f('x', 0, ty), { x_hex: '01' }), true);
    assert.equal(present(undefined, f('x', 0, enm({ 1: 'one' })), { x_name: 'one' }), true);
    assert.equal(present(undefined, f('x', 0, oct('calledNumber')), { x_digits: '12' }), true);
    assert.equal(present(undefined, f('x', 0, oct('calledNumber')), { x_other: '12' }), false);
    assert.equal(present(undefined, f('x', 0, seqOf(oct('calledNumber'))), { x_noa: 4 }), true, 'a one-element list by its derived fields');
    assert.equal(present(undefined, f('x', 0, INT), { x_hex: '01' }), false);
  });

  test('an untagged CHOICE is present when one of its alternatives is', () => {
    const c = f('x', undefined, choice(o('a', 0, INT), o('b', 1, OCT)));
    assert.equal(present(undefined, c, { x: { b_hex: '00' } }), true);
    assert.equal(present(undefined, c, { x: {} }), false);
    assert.equal(present(undefined, c, { x: 5 }), false);
  });

  test('checkArg: a value known only later counts as present, by any spelling, also deep inside extensions', () => {
    const later = (v: unknown) => v === 'LATER';
    const c = f('x', undefined, choice(o('a', 0, INT)));
    assert.equal(present(later, c, { x: 'LATER' }), true);
    assert.equal(unknownIn(later, INT, { x: 'LATER' }, 'x'), true);
    assert.equal(unknownIn(later, OCT, { x_hex: 'LATER' }, 'x'), true);
    assert.equal(unknownIn(later, enm({ 1: 'one' }), { x_name: 'LATER' }, 'x'), true);
    assert.equal(unknownIn(later, oct('calledNumber'), { x_noa: 'LATER' }, 'x'), true);
    assert.equal(unknownIn(later, EXT, { x: [{ type: 't', value: ['LATER'] }] }, 'x'), true);
    assert.equal(unknownIn(later, INT, { x: 1, x_hex: 'x' }, 'x'), false);
    assert.equal(deepUnknown(later, { a: [1, { b: 'LATER' }] }), true);
    assert.equal(deepUnknown(later, { a: [1, { b: 'now' }] }), false);
  });

  test('the field index names each field by every key that can give it a value, made once per field list', () => {
    const fields = [f('x', 0, oct('calledNumber')), { ...o('y', 1, INT), al: 'why' }];
    const index = fieldIndex(fields);
    assert.equal(fieldIndex(fields), index);
    assert.deepEqual(
      [...index.entries()].sort(),
      [['why', [1]], ['x', [0]], ['x_digits', [0]], ['x_hex', [0]], ['x_inn', [0]], ['x_name', [0]], ['x_noa', [0]], ['x_npi', [0]], ['y', [1]], ['y_hex', [1]], ['y_name', [1]]],
    );
  });
});
