// bench/ceiling.ts: the ceiling searches (fed with made-up step outcomes) and the tester/SIPp ratios.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { medianRatio, pairRatio, ratedMiss, ratios, searchLoad, searchRated, usPerMessage } from '../../bench/ceiling.js';

/** A machine that achieves every rate up to `cap` and `cap` beyond it. */
const capped = (cap: number, tried: number[]) => async (rate: number) => {
  tried.push(rate);
  return { rate: Math.min(rate, cap), failures: 0 };
};

test('a rated step holds with no failure and at least 95% of its target', () => {
  assert.equal(ratedMiss(1000, { rate: 950, failures: 0 }), undefined);
  assert.match(ratedMiss(1000, { rate: 949, failures: 0 })!, /949\/s < 95% of 1000\/s/);
  assert.match(ratedMiss(1000, { rate: 1000, failures: 3 })!, /3 failed/);
});

test('rated search: stops at the first rate that falls short, then halves the gap', async () => {
  const tried: number[] = [];
  const r = await searchRated([5000, 10000, 20000, 30000], capped(17_000, tried), 2);
  // 20000 falls short (17000 < 19000): 15000 holds, then 17500 (17000 >= 16625) holds
  assert.deepEqual(tried, [5000, 10000, 20000, 15000, 17500]);
  assert.equal(r.best_step, 17500);
  assert.equal(r.max_rate, 17000);
  assert.match(r.stopped, /^20000\/s: achieved 17000\/s/);
  assert.deepEqual(r.steps.map((s) => s.held), [true, true, false, true, true]);
});

test('rated search: failed calls stop it; nothing held gives no best step', async () => {
  const r = await searchRated([1000, 2000], async () => ({ rate: 1000, failures: 1 }), 0);
  assert.equal(r.best_step, null);
  assert.equal(r.max_rate, 0);
  assert.equal(r.steps.length, 1);
  assert.match(r.stopped, /1 failed/);
});

test('rated search: every rate held', async () => {
  const r = await searchRated([1000, 2000], capped(1e9, []));
  assert.equal(r.best_step, 2000);
  assert.match(r.stopped, /every rate up to 2000\/s held/);
});

test('load search: stops once the rate stops growing for four steps; the maximum is the best step', async () => {
  // a noisy machine: 100 dips below 50, yet the search goes on and finds 400
  const rates: Record<number, number> = { 25: 8000, 50: 9000, 100: 7000, 200: 9100, 400: 12100, 800: 11000, 1600: 12200, 3200: 11900, 6400: 12300, 12800: 20000 };
  const r = await searchLoad([25, 50, 100, 200, 400, 800, 1600, 3200, 6400, 12800], async (b) => ({ rate: rates[b]!, failures: 0 }));
  assert.deepEqual(r.steps.map((s) => s.step), [25, 50, 100, 200, 400, 800, 1600, 3200, 6400]);
  assert.equal(r.best_step, 6400);
  assert.equal(r.max_rate, 12300);
  assert.match(r.stopped, /backlog 6400: 4 steps without 2% more than 12300\/s/);
});

test('load search: a flat stretch of three steps before the rate rises again does not stop it (2026-11-29 02:10)', async () => {
  const rates: Record<number, number> = { 25: 28331, 50: 45183, 100: 43353, 200: 42913, 400: 42390, 800: 55186, 1600: 62048, 3200: 62551 };
  const r = await searchLoad([25, 50, 100, 200, 400, 800, 1600, 3200], async (b) => ({ rate: rates[b]!, failures: 0 }));
  assert.equal(r.steps.length, 8);
  assert.deepEqual([r.best_step, r.max_rate], [3200, 62551]);
  assert.match(r.stopped, /every backlog up to 3200 ran/);
});

test('load search: aborted instances stop it and do not count', async () => {
  const r = await searchLoad([100, 1000], async (b) => ({ rate: b * 10, failures: b === 1000 ? 5 : 0 }));
  assert.equal(r.best_step, 100);
  assert.equal(r.max_rate, 1000);
  assert.equal(r.steps[1]!.held, false);
});

test('CPU per message and the tester/SIPp ratios', () => {
  // 1.5 s of CPU for 10,000 instances of 2 messages: 75 µs per message
  assert.equal(usPerMessage(1.5, 10_000, 2), 75);
  assert.equal(usPerMessage(1, 0, 7), null);
  const r = ratios({ max_rate: 10_000, us_per_message: 40 }, { max_rate: 20_000, uas_us_per_message: 10, uac_us_per_message: 6 });
  assert.deepEqual(r, { max_rate: 0.5, cpu_per_message: 5, cpu_per_message_vs_uas: 4, cpu_per_message_vs_uac: 6.67 });
  assert.deepEqual(ratios({ max_rate: 10_000, us_per_message: 40 }, null), { max_rate: null, cpu_per_message: null, cpu_per_message_vs_uas: null, cpu_per_message_vs_uac: null });
});

test('alternated pairs: a ratio per clean pair (over the mean of uas and uac), and the median of those that count', () => {
  assert.equal(pairRatio(5.5, 6, 5, true), 1);
  assert.equal(pairRatio(5, 6, 5, true), 0.91);
  assert.equal(pairRatio(5, 6, 5, false), null, 'a step that lost calls does not count');
  assert.equal(pairRatio(null, 6, 5, true), null);
  assert.equal(pairRatio(5, null, 5, true), null);
  assert.equal(medianRatio([1.05, null, 0.9, 0.95]), 0.95);
  assert.equal(medianRatio([1.05, 0.9]), 0.98);
  assert.equal(medianRatio([null, null]), null);
  assert.equal(medianRatio([]), null);
});
