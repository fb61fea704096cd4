// core/engine/histogram.ts: latency summaries (ms in, ms out, microsecond resolution).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DISTRIBUTION_PERCENTILES, LatencyHistogram } from '../../../core/engine/histogram.js';

test('an empty histogram summarises to zeros', () => {
  assert.deepEqual(new LatencyHistogram().summary(), { count: 0, p50: 0, p90: 0, p99: 0, max: 0, mean: 0 });
});

test('percentiles of 1..1000 ms are within 0.1%', () => {
  const h = new LatencyHistogram();
  for (let i = 1; i <= 1000; i++) h.record(i);
  const s = h.summary();
  assert.equal(s.count, 1000);
  assert.equal(h.count, 1000);
  for (const [got, want] of [[s.p50, 500], [s.p90, 900], [s.p99, 990], [s.max, 1000], [s.mean, 500.5]] as const) {
    assert.ok(Math.abs(got - want) / want < 0.001, `${got} vs ${want}`);
  }
});

test("summary(), distribution() and mean() are the library's percentiles and mean bit for bit (a seeded spread of latencies, several magnitudes; one value)", () => {
  const h = new LatencyHistogram();
  let x = 12345;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < 20_000; i++) h.record(rnd() ** 3 * 10 ** (1 + Math.floor(rnd() * 4)));
  for (const ms of [0, 0.001, 2.0479, 2.048, 59.9, 1_234_567.891, 3_599_999]) h.record(ms);
  const lib = (h as unknown as { h: { mean: number; getValueAtPercentile(p: number): number; minNonZeroValue: number; maxValue: number } }).h;
  assert.equal(h.mean(), lib.mean);
  const ms = (us: number) => Math.round(us) / 1000;
  assert.deepEqual(h.summary(), { count: 20_007, p50: ms(lib.getValueAtPercentile(50)), p90: ms(lib.getValueAtPercentile(90)), p99: ms(lib.getValueAtPercentile(99)), max: ms(lib.maxValue), mean: ms(lib.mean) });
  assert.deepEqual(h.distribution(), DISTRIBUTION_PERCENTILES.map((p) => [p, Math.round(p === 0 ? lib.minNonZeroValue : p === 100 ? lib.maxValue : lib.getValueAtPercentile(p)) / 1000]));
  assert.equal(new LatencyHistogram().mean(), 0);
  const one = new LatencyHistogram();
  one.record(7);
  const lib1 = (one as unknown as { h: typeof lib }).h;
  assert.deepEqual(one.summary(), { count: 1, p50: ms(lib1.getValueAtPercentile(50)), p90: ms(lib1.getValueAtPercentile(90)), p99: ms(lib1.getValueAtPercentile(99)), max: ms(lib1.maxValue), mean: ms(lib1.mean) });
  // the record's one-pass form gives the same
  assert.deepEqual(h.summaryAndDistribution(), { summary: h.summary(), distribution: h.distribution() });
  assert.deepEqual(one.summaryAndDistribution(), { summary: one.summary(), distribution: one.distribution() });
  assert.deepEqual(new LatencyHistogram().summaryAndDistribution(), { summary: new LatencyHistogram().summary(), distribution: [] });
});

test('the scan reads the counts through getCountAtIndex() where the library keeps no typed array of them', () => {
  const h = new LatencyHistogram();
  for (let i = 1; i <= 5000; i++) h.record(i * 0.37);
  const want = { summary: h.summary(), distribution: h.distribution(), mean: h.mean() };
  const lib = (h as unknown as { h: { _counts?: Uint32Array; getCountAtIndex(i: number): number } }).h;
  const counts = lib._counts!;
  assert.ok(counts instanceof Uint32Array, 'the library version this was written for keeps its counts in _counts');
  lib._counts = undefined;
  lib.getCountAtIndex = (i: number) => counts[i]!;
  try {
    assert.deepEqual({ summary: h.summary(), distribution: h.distribution(), mean: h.mean() }, want);
  } finally {
    lib._counts = counts;
    delete (lib as { getCountAtIndex?: unknown }).getCountAtIndex;
  }
});

test('sub-millisecond latencies keep microsecond resolution; zero is recorded as 1 µs', () => {
  const h = new LatencyHistogram();
  h.record(0.25);
  h.record(0);
  const s = h.summary();
  assert.equal(s.count, 2);
  assert.equal(s.max, 0.25);
  assert.equal(s.p50, 0.001);
});

test('very long latencies (an hour) are recorded', () => {
  const h = new LatencyHistogram();
  h.record(3_600_000);
  assert.ok(Math.abs(h.summary().max - 3_600_000) / 3_600_000 < 0.001);
});

test('reset forgets every value; the histogram records afresh after it', () => {
  const h = new LatencyHistogram();
  for (let i = 1; i <= 100; i++) h.record(1000);
  h.reset();
  assert.deepEqual(h.summary(), { count: 0, p50: 0, p90: 0, p99: 0, max: 0, mean: 0 });
  h.record(2);
  const s = h.summary();
  assert.equal(s.count, 1);
  assert.equal(s.max, 2);
  assert.equal(s.p99, 2);
});

test("a value's slot (found with integer operations below 2^31 µs) is the library's, at every bucket edge and beyond", async () => {
  const hdr = await import('hdr-histogram-js');
  const ours = new LatencyHistogram();
  const lib = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: 3, autoResize: true, useWebAssembly: false });
  const values: number[] = [];
  for (let p = 0; p < 32; p++) for (const d of [-1, 0, 1]) values.push(2 ** p + d);
  let x = 99;
  const rnd = () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < 50_000; i++) values.push(Math.floor(rnd() ** 4 * 3_600_000_000));
  const fresh = (lib as unknown as { countsArrayIndex(v: number): number }).countsArrayIndex.bind(lib);
  const fast = (ours as unknown as { h: { countsArrayIndex(v: number): number } }).h.countsArrayIndex;
  for (const v of values) if (v >= 1) assert.equal(fast(v), fresh(v), `value ${v}`);
  for (const v of values) {
    const us = Math.max(1, v);
    ours.record(us / 1000);
    lib.recordValue(us);
  }
  assert.equal(ours.encode(), hdr.encodeIntoCompressedBase64(lib));
});
