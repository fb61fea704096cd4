// bench/memory.ts: the memory figure from the memory run's readings (made-up readings).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { marginalOf } from '../../bench/memory.js';

test('the growth from the first mark to the second, per instance more in flight as read', () => {
  // 10,212 in flight at 150,000 KB, 30,000 at 190,000 KB: 40,000 KB for 19,788 more
  const m = marginalOf({ memory_marks: [{ mark: 10_000, inflight: 10_212, rss_kb: 150_000 }, { mark: 30_000, inflight: 30_000, rss_kb: 190_000 }], memory_peak: { inflight: 30_000, rss_kb: 190_000 } });
  assert.deepEqual(m, { bytes: Math.round((40_000 * 1024) / 19_788), from: 10_212, to: 30_000 });
});

test('the peak stands in for an unreached second mark when it is at least 5,000 more', () => {
  const first = { mark: 10_000, inflight: 10_000, rss_kb: 150_000 };
  assert.deepEqual(marginalOf({ memory_marks: [first], memory_peak: { inflight: 16_000, rss_kb: 162_000 } }), { bytes: 2048, from: 10_000, to: 16_000 });
  assert.equal(marginalOf({ memory_marks: [first], memory_peak: { inflight: 14_999, rss_kb: 160_000 } }), null);
});

test('nothing without the first mark', () => {
  assert.equal(marginalOf({ memory_marks: [], memory_peak: { inflight: 9_000, rss_kb: 150_000 } }), null);
  assert.equal(marginalOf({}), null);
});
