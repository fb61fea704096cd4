// core/engine/tests-runner.ts: the tests[] kpath checks, one type at a time.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { runTest, type TestSpec } from '../../../core/engine/tests-runner.js';
import { RegexCache } from '../../../core/engine/regex.js';

const result = {
  name: 'alice',
  count: 5,
  countText: '5',
  ratio: 2.5,
  flag: true,
  flagText: 'false',
  list: [1, 2, 3],
  obj: { a: 1, b: 2 },
  empty: '',
  nul: null,
  code: 'ABC-123',
};

const ok = (t: TestSpec) => runTest(t, result).ok;

describe('tests[] types', () => {
  test('string: present and not an object; with value compared as text', () => {
    assert.equal(ok({ kpath: 'name', type: 'string' }), true);
    assert.equal(ok({ kpath: 'name', type: 'string', value: 'alice' }), true);
    assert.equal(ok({ kpath: 'name', type: 'string', value: 'bob' }), false);
    assert.equal(ok({ kpath: 'count', type: 'string', value: '5' }), true);
    assert.equal(ok({ kpath: 'obj', type: 'string' }), false);
    assert.equal(ok({ kpath: 'missing', type: 'string' }), false);
  });
  test('integer', () => {
    assert.equal(ok({ kpath: 'count', type: 'integer' }), true);
    assert.equal(ok({ kpath: 'countText', type: 'integer', value: 5 }), true);
    assert.equal(ok({ kpath: 'count', type: 'integer', value: '6' }), false);
    assert.equal(ok({ kpath: 'ratio', type: 'integer' }), false);
    assert.equal(ok({ kpath: 'empty', type: 'integer' }), false);
    assert.equal(ok({ kpath: 'name', type: 'integer' }), false);
  });
  test('number', () => {
    assert.equal(ok({ kpath: 'ratio', type: 'number' }), true);
    assert.equal(ok({ kpath: 'ratio', type: 'number', value: '2.5' }), true);
    assert.equal(ok({ kpath: 'ratio', type: 'number', value: 2 }), false);
    assert.equal(ok({ kpath: 'name', type: 'number' }), false);
  });
  test('exists: present (even null); value false/0 means absent', () => {
    assert.equal(ok({ kpath: 'nul', type: 'exists' }), true);
    assert.equal(ok({ kpath: 'missing', type: 'exists' }), false);
    assert.equal(ok({ kpath: 'missing', type: 'exists', value: false }), true);
    assert.equal(ok({ kpath: 'name', type: 'exists', value: 0 }), false);
  });
  test('defined: present and not null', () => {
    assert.equal(ok({ kpath: 'name', type: 'defined' }), true);
    assert.equal(ok({ kpath: 'nul', type: 'defined' }), false);
    assert.equal(ok({ kpath: 'nul', type: 'defined', value: false }), true);
    assert.equal(ok({ kpath: 'missing', type: 'defined' }), false);
  });
  test('regex: pattern (or a string value) against the text', () => {
    assert.equal(ok({ kpath: 'code', type: 'regex', pattern: '^[A-Z]+-\\d+$' }), true);
    assert.equal(ok({ kpath: 'code', type: 'regex', value: '^abc' }), false);
    assert.equal(ok({ kpath: 'count', type: 'regex', pattern: '^5$' }), true);
    assert.equal(ok({ kpath: 'missing', type: 'regex', pattern: '.*' }), false);
    const cache = new RegexCache();
    runTest({ kpath: 'code', type: 'regex', pattern: 'A' }, result, cache);
    assert.equal(cache.get('A'), cache.get('A'), 'compiled patterns are cached');
    assert.match(runTest({ kpath: 'code', type: 'regex', pattern: '(a)\\1' }, result).text, /bad regular expression.*RE2/, 'a pattern RE2 cannot run fails the test naming why');
  });
  test('size: arrays, strings, objects', () => {
    assert.equal(ok({ kpath: 'list', type: 'size', value: 3 }), true);
    assert.equal(ok({ kpath: 'name', type: 'size', value: '5' }), true);
    assert.equal(ok({ kpath: 'obj', type: 'size', value: 2 }), true);
    assert.equal(ok({ kpath: 'list', type: 'size', value: 2 }), false);
    assert.equal(ok({ kpath: 'count', type: 'size' }), false);
    assert.match(runTest({ kpath: 'list', type: 'size', value: 2 }, result).text, /size 3/);
  });
  test('boolean: true/false and their 1/0/"true"/"false" forms', () => {
    assert.equal(ok({ kpath: 'flag', type: 'boolean' }), true);
    assert.equal(ok({ kpath: 'flag', type: 'boolean', value: true }), true);
    assert.equal(ok({ kpath: 'flag', type: 'boolean', value: false }), false);
    assert.equal(ok({ kpath: 'flagText', type: 'boolean', value: false }), true);
    assert.equal(ok({ kpath: 'flagText', type: 'boolean', value: 'true' }), false);
    assert.equal(ok({ kpath: 'name', type: 'boolean' }), false);
  });
  test('value null means the kpath must be absent, whatever the type', () => {
    for (const type of ['string', 'integer', 'number', 'regex', 'size', 'boolean']) {
      assert.equal(ok({ kpath: 'missing', type, value: null }), true, type);
      assert.equal(ok({ kpath: 'nul', type, value: null }), true, type);
      assert.equal(ok({ kpath: 'name', type, value: null }), false, type);
    }
  });
  test('abort_on_fail true or 1 marks a failed check as an abort; a passing one never aborts', () => {
    assert.equal(runTest({ kpath: 'name', type: 'string', value: 'x', abort_on_fail: 1 }, result).abort, true);
    assert.equal(runTest({ kpath: 'name', type: 'string', value: 'x', abort_on_fail: true }, result).abort, true);
    assert.equal(runTest({ kpath: 'name', type: 'string', value: 'x', abort_on_fail: 0 }, result).abort, false);
    const passing = runTest({ kpath: 'name', type: 'string', abort_on_fail: 1 }, result);
    assert.equal(passing.ok, true);
  });
  test('the text names the kpath (and the test name), and what was expected and got', () => {
    const r = runTest({ kpath: 'count', type: 'integer', value: 6, name: 'balance check' }, result);
    assert.match(r.text, /balance check \(count\)/);
    assert.match(r.text, /expected integer 6, got 5/);
  });
});
