// core/engine/random.ts: the per-instance generator: [0, 1), uniform, the same stream for the same (seed, $n), a
// different one for another seed or another $n (seeds past 2^32 included).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../../core/engine/random.js';

const take = (r: Rng, k: number) => Array.from({ length: k }, () => r.next());

test('numbers in [0, 1), uniform over ten bins (chi-square far below its 0.999 quantile, 27.9 for 9 degrees)', () => {
  const r = new Rng(1, 0);
  const bins = new Array<number>(10).fill(0);
  const N = 100_000;
  for (let i = 0; i < N; i++) {
    const x = r.next();
    assert.ok(x >= 0 && x < 1);
    bins[Math.floor(x * 10)]!++;
  }
  const chi2 = bins.reduce((s, b) => s + (b - N / 10) ** 2 / (N / 10), 0);
  assert.ok(chi2 < 27.9, `chi-square ${chi2}`);
});

test('the same (seed, $n) gives the same stream; another seed, another $n, or a seed past 2^32 another', () => {
  assert.deepEqual(take(new Rng(42, 7), 20), take(new Rng(42, 7), 20));
  const base = take(new Rng(42, 7), 20);
  for (const [seed, n] of [[43, 7], [42, 8], [42 + 2 ** 32, 7], [42, 7 + 2 ** 32]] as const) assert.notDeepEqual(take(new Rng(seed, n), 20), base, `${seed}, ${n}`);
});

test('neighbouring instances are not correlated: the first draws of $n = 0 … 9999 are uniform too', () => {
  const bins = new Array<number>(10).fill(0);
  for (let n = 0; n < 10_000; n++) bins[Math.floor(new Rng(5, n).next() * 10)]!++;
  const chi2 = bins.reduce((s, b) => s + (b - 1000) ** 2 / 1000, 0);
  assert.ok(chi2 < 27.9, `chi-square ${chi2}`);
});
