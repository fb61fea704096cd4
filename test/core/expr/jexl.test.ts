// core/expr/jexl.ts: compile once, unknown names and functions refused at compile time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileExpression, evalWithJexl, ExpressionError, expressionFunctionNames, SCOPE_NAMES } from '../../../core/expr/jexl.js';

const scope = { $v: { a: 2, s: 'x' }, $g: { total: 10 }, $i: { ReleaseCall: { initialCallSegment_cause: '31' } }, $n: 7 };

test('the scope names evaluate', () => {
  assert.deepEqual([...SCOPE_NAMES], ['$v', '$g', '$i', '$n', '$d']);
  assert.equal(compileExpression('$v.a * $n + $g.total').evalSync(scope), 24);
  assert.equal(compileExpression('$i.ReleaseCall.initialCallSegment_cause').evalSync(scope), '31');
  assert.equal(compileExpression("$v.s + '-' + pad($n, 3)").evalSync(scope), 'x-007');
});

test('a missing member is undefined, not a throw', () => {
  assert.equal(compileExpression('$v.nope').evalSync(scope), undefined);
});

test('syntax errors are ExpressionError naming the source', () => {
  for (const src of ['1 +', ')', "'unterminated", '$v.', 'pad($n, 3', '[1, 2', '1 2']) {
    assert.throws(() => compileExpression(src), (e: unknown) => e instanceof ExpressionError && e.message.includes(src), src);
  }
});

test('an unclosed parenthesis is a syntax error at compile time (not accepted, not a run-time failure)', () => {
  for (const src of ['(', '($v.a + 1', '(1', "$v.s + ('x'"]) {
    assert.throws(() => compileExpression(src), (e: unknown) => e instanceof ExpressionError, `'${src}' was accepted`);
  }
});

test('unknown top-level names are refused at compile time', () => {
  for (const src of ['foo', 'foo.bar', '$x + 1', 'v.a', 'process', 'globalThis', 'NULL', 'nil']) {
    assert.throws(() => compileExpression(src), (e: unknown) => e instanceof ExpressionError && /unknown name/.test(e.message), src);
  }
  // Names of Object.prototype members are refused too (jexl's lexer trips over them; either way: refused).
  for (const src of ['constructor', '__proto__', 'toString']) assert.throws(() => compileExpression(src), ExpressionError, src);
});

test('null and undefined may be written: they read as absent (jexl has no null literal)', () => {
  const e = compileExpression('$v.x == null && $v.y != undefined');
  assert.equal(e.evalSync({ $v: { y: 1 }, $g: {}, $i: {}, $n: 0 }), true);
  assert.equal(e.evalSync({ $v: { x: 0, y: 1 }, $g: {}, $i: {}, $n: 0 }), false);
});

test('unknown functions are refused at compile time', () => {
  assert.throws(() => compileExpression('nosuch(1)'), /unknown function 'nosuch'/);
  assert.throws(() => compileExpression('eval("1")'), /unknown function 'eval'/);
  assert.throws(() => compileExpression('require("fs")'), /unknown function 'require'/);
});

test('member names after a dot are not scope names', () => {
  assert.equal(compileExpression('$v.foo.bar').evalSync(scope), undefined);
  assert.equal(compileExpression('$v.process').evalSync(scope), undefined);
  assert.equal(compileExpression("{ foo: 1 }.foo").evalSync(scope), 1);
});

test('expressions cannot call methods of the data they see', () => {
  for (const src of ["$v.s.toUpperCase()", "$v.s.constructor('return 1')()", '$g.x()']) assert.throws(() => compileExpression(src), ExpressionError, src);
});

test('the built-in functions are listed', () => {
  const names = expressionFunctionNames();
  for (const f of ['pad', 'substring', 'randomDigits', 'randomInt', 'sequence', 'now', 'uuid', 'len']) assert.ok(names.includes(f), f);
  assert.deepEqual(names, [...names].sort());
});

test('functions are usable as transforms too', () => {
  assert.equal(compileExpression("'abc'|upper").evalSync(scope), 'ABC');
  assert.equal(compileExpression('$n|pad(4)').evalSync(scope), '0007');
});

test('expressions of literals, names, member reads and eager operators are evaluated directly, with the value jexl gives', () => {
  const scopes = [
    scope,
    { $v: { a: '5', s: '', list: [{ x: 3 }, { x: 4 }], o: { p: { q: null } } }, $g: {}, $i: {}, $n: 0 },
    { $v: { a: -1.5, s: 'abc', list: [], o: {} }, $g: { total: 'x' }, $i: { R: { c: 1 } }, $n: 123456 },
    { $v: {}, $g: {}, $i: {}, $n: 1 },
  ];
  const direct = [
    "'0211' + $n", '$n', '$v.a', '$v.a * 2 - 1', '$v.a / 4 // 1', '$v.a % 3', '$n ^ 2', '0 - $v.a', '!$v.s', '!!$n', "$v.s == 'x'", '$v.a != 2',
    '$n > 3', '$n >= 7', '$n < 7', '$n <= 6', "'a' in 'cat'", "$v.s in ['x', 'y'] == false", '$v.list.x', '$v.o.p.q', '$v.o.p.q.r', '$v.nope.deeper',
    '$i.ReleaseCall.initialCallSegment_cause + 1', "$v.s + '-' + $n + '-' + $g.total", '1 + 2 * 3 - 4 / 2', "'x' + true", '$g.total + $v.a', '$v.s.length', '$v.list.length',
  ];
  for (const src of direct) {
    const c = compileExpression(src);
    if (!src.includes(' in [')) assert.equal(c.direct, true, `${src}: not direct`);
    for (const sc of scopes) {
      let want: unknown;
      let wantErr: string | undefined;
      try {
        want = evalWithJexl(src, sc);
      } catch (e) {
        wantErr = (e as Error).message;
      }
      let got: unknown;
      let gotErr: string | undefined;
      try {
        got = c.evalSync(sc);
      } catch (e) {
        gotErr = (e as Error).message;
      }
      assert.equal(gotErr, wantErr, `${src} with ${JSON.stringify(sc)}: error`);
      assert.deepEqual(got, want, `${src} with ${JSON.stringify(sc)}`);
    }
  }
  for (const src of ["pad($n, 3)", "$v.list[.x > 3]", "$v['a']", "$v.a ? 1 : 2", "$v.a && $n", "$v.a || $n", "[$n]", "{a: $n}", "$v.s|upper"]) {
    let c;
    try {
      c = compileExpression(src);
    } catch {
      continue; // a transform that does not exist: refused at compile time, nothing to evaluate
    }
    assert.equal(c.direct, false, `${src}: evaluated directly`);
  }
});

test("the direct form keeps '+' bounded by max_value_bytes", () => {
  const big = 'x'.repeat(600_000);
  const c = compileExpression('$v.s + $v.s');
  assert.equal(c.direct, true);
  assert.throws(() => c.evalSync({ $v: { s: big }, $g: {}, $i: {}, $n: 0 }), /max_value_bytes/);
});
