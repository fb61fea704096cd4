// bench/scale-figures.ts: the shape of `npm run bench -- --scale` and its figures from the polls (made-up readings).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gcFigures, percentile, scaleFigures, scaleShape, timeline } from '../../bench/scale-figures.js';

test('8,500/s for 75 s held 60 s: 510,000 in flight expected, a backlog 2 s beyond, the timeout 30 s beyond the hold', () => {
  assert.deepEqual(scaleShape(8500, 75, 60), { rate: 8500, ramp_s: 75, hold_s: 60, total: 637_500, expected_inflight: 510_000, backlog: 527_000, tcap_timeout_s: 90, max_dialogues: 537_540 });
});

test('a ramp shorter than the hold: every call started is in flight at the end of the ramp', () => {
  const s = scaleShape(1000, 20, 60);
  assert.equal(s.expected_inflight, 20_000);
  assert.equal(s.total, 20_000);
});

test('percentile by nearest rank; 0 for none', () => {
  const xs = Array.from({ length: 100 }, (_, i) => 100 - i); // 1..100, unsorted
  assert.equal(percentile(xs, 99), 99);
  assert.equal(percentile(xs, 50), 50);
  assert.equal(percentile(xs, 100), 100);
  assert.equal(percentile([7], 99), 7);
  assert.equal(percentile([], 99), 0);
});

test('the RSS read at the in-flight peak, not the RSS peak, divides by the peak in flight; QueryTest max, p99 and the slow ones', () => {
  const f = scaleFigures(
    [
      { t_s: 1, query_ms: 3, inflight: 100_000, rss_kb: 300_000 },
      { t_s: 2, query_ms: 120, inflight: 200_000, rss_kb: 500_000 },
      { t_s: 3, query_ms: 4, inflight: 150_000, rss_kb: 520_000 },
    ],
    100_000,
  );
  assert.equal(f.inflight_peak, 200_000);
  assert.equal(f.rss_at_inflight_peak_kb, 500_000);
  assert.equal(f.rss_peak_kb, 520_000);
  assert.equal(f.bytes_per_inflight, 2048); // 400,000 KB for 200,000
  assert.equal(f.query_max_ms, 120);
  assert.equal(f.query_p99_ms, 120);
  assert.equal(f.query_p50_ms, 4);
  assert.equal(f.query_over_bound, 1);
  assert.equal(f.polls, 3);
});

test('no polls or nothing in flight: no per-instance figure', () => {
  const f = scaleFigures([], 90_000);
  assert.equal(f.bytes_per_inflight, null);
  assert.equal(f.rss_peak_kb, 90_000);
  assert.equal(scaleFigures([{ t_s: 1, query_ms: 2, inflight: 0, rss_kb: 95_000 }], 90_000).bytes_per_inflight, null);
});

test('the timeline: one point per window of polls, its last reading and its slowest QueryTest; a short last window', () => {
  const polls = [1, 2, 3, 4, 5].map((i) => ({ t_s: i / 4, query_ms: i === 2 ? 150.123 : i, inflight: i * 1000, rss_kb: i * 2048 }));
  assert.deepEqual(timeline(polls, 2), [
    { t_s: 0.5, inflight: 2000, rss_mb: 4, query_max_ms: 150.12 },
    { t_s: 1, inflight: 4000, rss_mb: 8, query_max_ms: 4 },
    { t_s: 1.25, inflight: 5000, rss_mb: 10, query_max_ms: 5 },
  ]);
  assert.deepEqual(timeline([], 20), []);
});

test('--trace-gc: full GCs with their time, pause and heap; scavenges counted; lines before `fromMs` and other output left out', () => {
  const text = [
    '[1157:0x3f18ed60]      300 ms: Scavenge 7.6 (9.9) -> 7.5 (15.2) MB, 4.28 / 0.00 ms  (average mu = 1.000, current mu = 1.000) allocation failure; ',
    'tester listening 127.0.0.1:9009',
    '[1157:0x3f18ed60]      310 ms: Mark-Compact 124.8 (158.3) -> 99.8 (133.6) MB, 25.37 / 0.01 ms  (+ 19.9 ms in 78 steps since start of marking) finalize incremental marking via stack guard; GC in old space requested',
    '[1157:0x3f18ed60]     1200 ms: Scavenge 50.1 (60.2) -> 45.3 (61.2) MB, 6.5 / 0.00 ms  (average mu = 0.9) allocation failure; ',
    '[1157:0x3f18ed60]     1227 ms: Mark-Compact (reduce) 492.0 (529.6) -> 370.7 (408.3) MB, 569.18 / 0.01 ms  (average mu = 0.379, current mu = 0.379) finalize incremental marking via stack guard',
  ].join('\n');
  const all = gcFigures(text);
  assert.deepEqual(all.full, [
    { at_ms: 310, pause_ms: 25.37, heap_before_mb: 124.8, heap_after_mb: 99.8 },
    { at_ms: 1227, pause_ms: 569.18, heap_before_mb: 492, heap_after_mb: 370.7 },
  ]);
  assert.equal(all.scavenges, 2);
  assert.equal(all.scavenge_max_ms, 6.5);
  assert.equal(all.scavenge_total_ms, 10.78);
  assert.deepEqual(all.slow_scavenges, []); // 50 ms or more only
  assert.deepEqual(gcFigures('[1:0xab]     900 ms: Scavenge 50.1 (60.2) -> 45.3 (61.2) MB, 75.25 / 0.00 ms  (average mu = 0.9) allocation failure;').slow_scavenges, [{ at_ms: 900, pause_ms: 75.25 }]);
  const later = gcFigures(text, 1000);
  assert.deepEqual(later.full.map((f) => f.at_ms), [1227]);
  assert.equal(later.scavenges, 1);
});
