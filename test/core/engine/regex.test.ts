// core/engine/regex.ts: tests[] regexes run in linear time (RE2 semantics), patterns RE2 cannot run are named,
// and the per-run cache is bounded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileRegex, RegexCache } from '../../../core/engine/regex.js';

test('a catastrophic-backtracking pattern answers at once (a backtracking engine would never finish)', () => {
  // '^(a+)+$' on 40 a's and a '!' takes 2^40 steps with backtracking; this test would hang instead of failing.
  assert.equal(compileRegex('^(a+)+$').test(`${'a'.repeat(40)}!`), false);
  assert.equal(compileRegex('^(a+)+$').test('a'.repeat(40)), true);
  assert.equal(compileRegex('(x+x+)+y').test('x'.repeat(5000)), false);
});

test('search semantics, as RegExp#test', () => {
  assert.equal(compileRegex('b+').test('abbbc'), true);
  assert.equal(compileRegex('^b').test('abc'), false);
  assert.equal(compileRegex('^\\d{3}-\\d+$').test('123-45'), true);
  assert.equal(compileRegex('(?i)ABC').test('xabcx'), true);
});

test('backreferences and lookaround are refused naming RE2', () => {
  for (const p of ['(a)\\1', '(?=a)b', '(?<=a)b', '(?!a)']) assert.throws(() => compileRegex(p), /bad regular expression.*RE2/, p);
});

test('the cache is bounded: distinct patterns from expressions cannot grow it without end', () => {
  const c = new RegexCache(10);
  for (let i = 0; i < 1000; i++) assert.equal(c.get(`^x${i}$`).test(`x${i}`), true);
  assert.ok((c as unknown as { map: Map<string, unknown> }).map.size <= 10);
});
