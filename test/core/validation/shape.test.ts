// core/validation/shape.ts: after the arguments' validator (which coerces numeric strings, "1e999" to Infinity),
// every number must be finite, at any depth, and the problem names where.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkArguments, nonFinite } from '../../../core/validation/shape.js';

const always = Object.assign(() => true, { errors: undefined });

test('finite values at any depth are fine; a top-level number is checked itself', () => {
  assert.equal(nonFinite({ a: 1, b: 'x', c: null, d: true, e: [1, { f: 2.5, g: [3] }] }), undefined);
  assert.equal(nonFinite(7), undefined);
  assert.equal(nonFinite('x'), undefined);
  assert.equal(nonFinite(null), undefined);
  assert.ok(nonFinite(NaN));
});

test('a value that is not finite is found flat, nested in objects, in arrays, after finite siblings', () => {
  for (const [value, path] of [
    [{ a: 1, b: Infinity }, 'b'],
    [{ a: { b: { c: -Infinity } } }, 'a.b.c'],
    [{ list: [1, 2, NaN] }, 'list[2]'],
    [{ list: [{ ok: 1 }, { bad: Infinity }] }, 'list[1].bad'],
    [[1, [2, [NaN]]], '[1][1][0]'],
  ] as const) {
    const p = nonFinite(value);
    assert.ok(p, JSON.stringify(value));
    assert.equal(p.path, path);
    assert.match(p.message, /numbers must be finite/);
  }
});

test('checkArguments: the validator first, then the numbers; nothing of one call stays for the next', () => {
  assert.equal(checkArguments(Object.assign(() => false, { errors: [] }), { a: 1 }), 'invalid');
  assert.deepEqual(checkArguments(always, { a: { b: Infinity } }), { path: 'a.b', message: 'is Infinity: numbers must be finite' });
  assert.equal(checkArguments(always, { a: { b: 1 } }), undefined);
  const inherited = Object.create({ bad: NaN }) as Record<string, unknown>;
  inherited.ok = 1;
  assert.equal(checkArguments(always, inherited), undefined, 'only own keys are arguments');
});
