// bench/host-stalls.ts: the host-stall figures from a probe's samples.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { summariseProbes, startHostProbe, takeSample, type ProbeSample } from '../../bench/host-stalls.js';

/** Samples every 5 ms from `from` ms for `n` samples, each taking `us` µs with `waitUs` of run-queue wait. */
const run = (from: number, n: number, us: number, waitUs = 0): ProbeSample[] => Array.from({ length: n }, (_, i) => ({ at: from + 5 * i, us, waitUs }));

test('a run of slow samples is one stall, measured from its first start to its last end', () => {
  const s = [...run(0, 100, 100), ...run(500, 10, 1100), ...run(550, 100, 100)];
  const f = summariseProbes(s, 1.05);
  assert.equal(f.median_us, 100);
  assert.equal(f.slow, 10);
  assert.equal(f.stalls, 1);
  assert.equal(f.longest_ms, 46.1); // 500 → 545 + 1.1
  assert.equal(f.stalled_ms_per_s, 43.9);
});

test('slow samples further apart than the gap are separate; a window shorter than 20 ms is not a stall', () => {
  const s = [...run(0, 200, 100), ...run(100, 6, 1000), ...run(300, 2, 1000), ...run(600, 6, 1000)];
  s.sort((a, b) => a.at - b.at);
  const f = summariseProbes(s, 1);
  assert.equal(f.stalls, 2, 'two windows of 26 ms; the one of 6 ms does not count');
  assert.equal(f.longest_ms, 26);
  assert.equal(f.slow, 14);
});

test('a sample slowed by a run-queue wait in the guest (pre-empted by another process) is not a host stall', () => {
  const s = [...run(0, 100, 100), ...run(500, 10, 1100, 900), ...run(550, 100, 100)];
  const f = summariseProbes(s, 1);
  assert.equal(f.slow, 0);
  assert.equal(f.stalls, 0);
  assert.equal(f.longest_ms, 0);
});

test('no samples: zeros; a sample times the work; the probe starts and stops', () => {
  assert.deepEqual(summariseProbes([], 0), { secs: 0, samples: 0, median_us: 0, slow: 0, stalls: 0, longest_ms: 0, stalled_ms_per_s: 0 });
  const s = takeSample();
  assert.ok(s.us > 0, 'the work takes time');
  assert.ok(s.waitUs >= 0);
  const f = startHostProbe().stop(); // no wait: no sample need have been taken
  assert.equal(f.stalls, 0);
  assert.ok(f.samples >= 0 && f.secs >= 0);
});
