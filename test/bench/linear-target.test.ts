// bench/linear-target.ts: issue 14's linear target judged on made-up run figures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linearVerdict, type LinearRunFigures } from '../../bench/linear-target.js';

const run = (over: Partial<LinearRunFigures> = {}): LinearRunFigures => ({
  target: 20_000,
  secs: 30,
  startRate: 19_998,
  // 30 full seconds at the target, then a second that only holds the last replies
  startedPerSecond: [...Array.from({ length: 30 }, () => 20_000), 0],
  p99Ms: 12,
  aborted: 0,
  failed: 0,
  dropped: 0,
  ...over,
});

test('a run at the target, every second full, p99 below 50 ms and nothing lost: met', () => {
  const v = linearVerdict(run());
  assert.deepEqual(v.misses, []);
  assert.equal(v.met, true);
  assert.equal(v.seconds_judged, 30);
  assert.equal(v.overall_off_pct, -0.01);
});

test('the overall rate may be 1% off, not more', () => {
  assert.equal(linearVerdict(run({ startRate: 19_800 })).met, true);
  const v = linearVerdict(run({ startRate: 19_790 }));
  assert.equal(v.met, false);
  assert.match(v.misses[0]!, /achieved 19790\/s, -1\.05% off 20000\/s/);
});

test('one second more than 5% off misses, and is named; the trailing second is not judged', () => {
  const seconds = [...Array.from({ length: 30 }, () => 20_000), 0];
  seconds[7] = 18_900; // -5.5%
  seconds[3] = 21_000; // +5%: allowed
  const v = linearVerdict(run({ startedPerSecond: seconds }));
  assert.equal(v.met, false);
  assert.deepEqual(v.worst_second, { second: 7, started: 18_900, off_pct: -5.5 });
  assert.match(v.misses.join('; '), /second 7 started 18900, -5\.5% off/);
  seconds[7] = 19_000; // -5%: allowed
  assert.equal(linearVerdict(run({ startedPerSecond: seconds })).met, true);
});

test('p99 of 50 ms or more, or any instance aborted, failed or dropped, misses', () => {
  assert.match(linearVerdict(run({ p99Ms: 50 })).misses.join(), /p99 50 ms/);
  assert.equal(linearVerdict(run({ p99Ms: 49.9 })).met, true);
  assert.match(linearVerdict(run({ dropped: 1 })).misses.join(), /0 aborted, 0 failed, 1 dropped/);
  assert.equal(linearVerdict(run({ aborted: 1 })).met, false);
  assert.equal(linearVerdict(run({ p99Ms: Number.NaN })).met, false);
});

test('a run with fewer recorded seconds than its length misses', () => {
  const v = linearVerdict(run({ startedPerSecond: Array.from({ length: 20 }, () => 20_000) }));
  assert.equal(v.met, false);
  assert.match(v.misses.join(), /20 of 30 seconds recorded/);
});
