// core/expr/template.ts: "{ ... }" strings are expressions, "\{" escapes, static values are shared, errors name paths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileTemplate, expressionSource, isExpressionString } from '../../../core/expr/template.js';
import { TesterError } from '../../../core/errors.js';

const scope = { $v: { a: 2, msisdn: '0211000001' }, $g: {}, $i: {}, $n: 5 };

test('expressionSource recognises "{ ... }" only when the braces enclose the whole string', () => {
  assert.equal(expressionSource('{ 1 + 1 }'), ' 1 + 1 ');
  assert.equal(expressionSource('{}'), '');
  assert.equal(expressionSource('a {b}'), undefined);
  assert.equal(expressionSource('{a} b'), undefined);
  assert.equal(expressionSource('{'), undefined);
  assert.equal(isExpressionString('{ $n }'), true);
  assert.equal(isExpressionString(5), false);
});

test('a static value is not dynamic and renders to itself', () => {
  const value = { a: 1, b: ['x', { c: true }], d: null };
  const t = compileTemplate(value, 'args');
  assert.equal(t.dynamic, false);
  assert.deepEqual(t.render(scope), value);
});

test('nested expressions render per scope, keeping static parts', () => {
  const t = compileTemplate({ num: '{ $v.a * 10 }', list: ['k', '{ $n }'], deep: { msisdn: '{ $v.msisdn }', fixed: 'x' } }, 'args');
  assert.equal(t.dynamic, true);
  assert.deepEqual(t.render(scope), { num: 20, list: ['k', 5], deep: { msisdn: '0211000001', fixed: 'x' } });
  assert.deepEqual(t.render({ ...scope, $n: 9 }), { num: 20, list: ['k', 9], deep: { msisdn: '0211000001', fixed: 'x' } });
});

test('"\\{" escapes a literal brace', () => {
  const t = compileTemplate({ text: '\\{ not an expression }', other: '\\{x' }, 'args');
  assert.equal(t.dynamic, false);
  assert.deepEqual(t.render(scope), { text: '{ not an expression }', other: '{x' });
});

test('an expression evaluating to undefined renders as null', () => {
  assert.equal(compileTemplate('{ $v.nope }', 'x').render(scope), null);
});

test('compile errors are 2002 naming the JSON path, including odd keys', () => {
  const cases: Array<[unknown, string]> = [
    [{ a: { b: '{ 1 + }' } }, 'args.a.b'],
    [{ list: ['ok', '{ nope }'] }, 'args.list[1]'],
    [{ 'odd-key': '{ zzz }' }, 'args["odd-key"]'],
  ];
  for (const [v, path] of cases) {
    assert.throws(
      () => compileTemplate(v, 'args'),
      (e: unknown) => e instanceof TesterError && e.code === 2002 && e.path === path && e.message.startsWith(`${path}: `),
      path,
    );
  }
});

test('alwaysExpr keys are expressions without braces; raw keys are left alone', () => {
  const t = compileTemplate({ expression: '$v.a == 2', raw: '{ not compiled }' }, 'args', { alwaysExpr: ['expression'], raw: ['raw'] });
  assert.deepEqual(t.render(scope), { expression: true, raw: '{ not compiled }' });
  const braced = compileTemplate({ expression: '{ $v.a == 3 }' }, 'args', { alwaysExpr: ['expression'] });
  assert.deepEqual(braced.render(scope), { expression: false });
  assert.throws(() => compileTemplate({ expression: 'zzz' }, 'args', { alwaysExpr: ['expression'] }), /args\.expression/);
});

test('an object of static and dynamic entries: the keys in their written order, a fresh object per render, expressions in order', () => {
  const t = compileTemplate({ a: 1, b: '{ $n }', c: { x: 1 }, d: '{ $n * 2 }', e: 'k' }, 'args');
  const one = t.render(scope) as Record<string, unknown>;
  const two = t.render({ ...scope, $n: 7 }) as Record<string, unknown>;
  assert.deepEqual(Object.keys(one), ['a', 'b', 'c', 'd', 'e']);
  assert.deepEqual(one, { a: 1, b: 5, c: { x: 1 }, d: 10, e: 'k' });
  assert.deepEqual(two, { a: 1, b: 7, c: { x: 1 }, d: 14, e: 'k' });
  assert.notEqual(one, two);
  one.b = 99;
  assert.equal((t.render(scope) as Record<string, unknown>).b, 5, 'a render never sees what a caller wrote into another');
  // the first failing expression names its path, as before
  const bad = compileTemplate({ a: '{ $v.a }', b: '{ pad($n, 200000000) }', c: '{ $v.nope.x }' }, 'args');
  assert.throws(() => bad.render(scope), /pad|bound|bytes/);
});

test('an object with a __proto__ key renders as a plain store would (its prototype, not an own key)', () => {
  const value = JSON.parse('{"__proto__": {"polluted": 1}, "n": "{ $n }"}') as Record<string, unknown>;
  const r = compileTemplate(value, 'args').render(scope) as Record<string, unknown>;
  assert.equal(r.n, 5);
  assert.equal(Object.hasOwn(r, '__proto__'), false);
  assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype untouched');
});
