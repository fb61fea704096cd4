// core/expr/functions.ts: the built-in functions for test data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinFunctions as f, builtinFunctionDocs } from '../../../core/expr/functions.js';

test('pad and padEnd', () => {
  assert.equal(f.pad!(42, 6), '000042');
  assert.equal(f.pad!('7', 3, ' '), '  7');
  assert.equal(f.pad!(1234567, 3), '1234567', 'never truncates');
  assert.equal(f.pad!(null, 2), '00');
  assert.equal(f.padEnd!('ab', 4), 'ab  ');
});

test('substring', () => {
  assert.equal(f.substring!('0211123456', 4), '123456');
  assert.equal(f.substring!('0211123456', 0, 4), '0211');
  assert.equal(f.substring!(12345, 1, 3), '23');
});

test('randomDigits gives n decimal digits, and they vary', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 50; i++) {
    const d = f.randomDigits!(8) as string;
    assert.match(d, /^\d{8}$/);
    seen.add(d);
  }
  assert.ok(seen.size > 40, 'random digits repeat too often');
  assert.equal(f.randomDigits!(0), '');
});

test('randomInt stays within [min, max] inclusive and reaches both ends', () => {
  const seen = new Set<number>();
  for (let i = 0; i < 500; i++) {
    const v = f.randomInt!(3, 5) as number;
    assert.ok(Number.isInteger(v) && v >= 3 && v <= 5, String(v));
    seen.add(v);
  }
  assert.deepEqual([...seen].sort(), [3, 4, 5]);
});

test('sequence counts per name from its start', () => {
  const name = `seq-test-${process.pid}-${Math.random()}`;
  assert.equal(f.sequence!(name, 100), 100);
  assert.equal(f.sequence!(name, 100), 101);
  assert.equal(f.sequence!(name), 102, 'start is only used the first time');
  const other = `${name}-other`;
  assert.equal(f.sequence!(other), 0);
});

test('uuid is a v4 UUID, unique', () => {
  const a = f.uuid!() as string;
  const b = f.uuid!() as string;
  assert.match(a, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  assert.notEqual(a, b);
});

test('now and nowSecs are the current time', () => {
  const before = Date.now();
  const n = f.now!() as number;
  const after = Date.now();
  assert.ok(n >= before && n <= after);
  const s = f.nowSecs!() as number;
  assert.ok(Number.isInteger(s) && Math.abs(s - after / 1000) < 2);
});

test('small helpers', () => {
  assert.equal(f.int!('12.9'), 12);
  assert.equal(f.str!(null), '');
  assert.equal(f.len!([1, 2]), 2);
  assert.equal(f.len!('abc'), 3);
  assert.equal(f.len!({ a: 1 }), 1);
  assert.equal(f.len!(5), 0);
  assert.equal(f.upper!('ab'), 'AB');
  assert.equal(f.lower!('AB'), 'ab');
  assert.equal(f.hex!(255, 4), '00ff');
  assert.equal(f.min!(3, '1', 2), 1);
  assert.equal(f.max!(3, '10', 2), 10);
  assert.equal(f.floor!(2.7), 2);
  assert.equal(f.defined!(0), true);
  assert.equal(f.defined!(null), false);
  assert.equal(f.json!({ a: 1 }), '{"a":1}');
});

test('every function is documented', () => {
  assert.deepEqual(Object.keys(builtinFunctionDocs).sort(), Object.keys(f).sort());
});
