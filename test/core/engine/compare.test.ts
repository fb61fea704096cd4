// core/engine/compare.ts: loose equality for matching received values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { looselyEqual, show } from '../../../core/engine/compare.js';

test('numbers and numeric strings compare by value', () => {
  assert.equal(looselyEqual(31, '31'), true);
  assert.equal(looselyEqual('31', 31), true);
  assert.equal(looselyEqual(31, '031'), true);
  assert.equal(looselyEqual(31, 32), false);
  assert.equal(looselyEqual(0, ''), false, 'an empty string is not 0');
  assert.equal(looselyEqual(0, ' '), false);
  assert.equal(looselyEqual(1, 'one'), false);
});

test('digit strings compare as text: leading zeros matter', () => {
  assert.equal(looselyEqual('0211', '211'), false);
  assert.equal(looselyEqual('0211', '0211'), true);
});

test('hex compares case-insensitively; other text does not', () => {
  assert.equal(looselyEqual('0A1b', '0a1B'), true);
  assert.equal(looselyEqual('Hello', 'hello'), false);
});

test('booleans compare with their string and numeric forms', () => {
  assert.equal(looselyEqual(true, 'true'), true);
  assert.equal(looselyEqual(true, 1), true);
  assert.equal(looselyEqual(false, 0), true);
  assert.equal(looselyEqual(true, false), false);
  assert.equal(looselyEqual(true, 0), false);
});

test('null and undefined equal only themselves', () => {
  assert.equal(looselyEqual(null, null), true);
  assert.equal(looselyEqual(null, undefined), false);
  assert.equal(looselyEqual(null, 0), false);
  assert.equal(looselyEqual(undefined, ''), false);
});

test('arrays compare element-wise; objects compare the expected keys deeply', () => {
  assert.equal(looselyEqual([1, '2'], ['1', 2]), true);
  assert.equal(looselyEqual([1], [1, 2]), false);
  assert.equal(looselyEqual({ a: 1 }, { a: '1', b: 2 }), true, 'extra received keys are fine');
  assert.equal(looselyEqual({ a: 1, c: 3 }, { a: 1 }), false);
  assert.equal(looselyEqual({ a: { b: [1] } }, { a: { b: ['1'] } }), true);
});

test('show() is JSON, "absent" for undefined, and bounded', () => {
  assert.equal(show(undefined), 'absent');
  assert.equal(show('x'), '"x"');
  assert.ok(show('y'.repeat(1000)).length <= 200);
});
