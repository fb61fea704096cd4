// core/engine/results.ts: per-second buckets and their latency percentiles, on a clock the test moves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRunHooks } from '../../../core/hooks.js';
import { RunResults } from '../../../core/engine/results.js';

/** RunResults on a clock the test sets (performance.now, which the results read), starting at 0 ms. */
function setup(t: { mock: { method: (o: object, k: string, f: () => number) => unknown } }) {
  let clock = 0;
  t.mock.method(performance, 'now', () => clock);
  const hooks = createRunHooks();
  const results = new RunResults(0, hooks);
  let index = 0;
  const finish = (latencyMs: number, outcome: 'passed' | 'failed' = 'passed') => {
    const i = index++;
    hooks.instanceStart.call(i);
    hooks.instanceDone.call({ index: i, outcome, latencyMs });
  };
  return { results, finish, at: (ms: number) => (clock = ms) };
}

/** Within HdrHistogram's 3 significant digits (the run's own percentiles are read the same way). */
function near(got: number, want: number, what: string): void {
  assert.ok(Math.abs(got - want) <= want / 1000 + 0.001, `${what}: ${got} vs ${want}`);
}

test("each second's p50 and p99 are those of the instances that finished in it", (t) => {
  const { results, finish, at } = setup(t);
  at(100);
  for (let i = 1; i <= 100; i++) finish(i); // 1..100 ms
  at(1500);
  for (let i = 0; i < 99; i++) finish(2);
  finish(400);
  at(2100); // the second second closes when the third one starts
  finish(7);
  const b = results.bucketList();
  assert.equal(b.length, 3);
  near(b[0]!.p50, 50, 'second 0 p50');
  near(b[0]!.p99, 99, 'second 0 p99');
  near(b[1]!.p50, 2, 'second 1 p50');
  near(b[1]!.p99, 2, 'second 1 p99: 99 of 100 at 2 ms');
  assert.deepEqual([b[1]!.started, b[1]!.finished], [100, 100]);
  // the open second reports its percentiles so far, and again after more instances finish in it
  near(b[2]!.p99, 7, 'open second p99');
  finish(900);
  near(results.bucketList()[2]!.p99, 900, 'open second p99 after a slower instance');
  near(results.bucketList()[0]!.p99, 99, 'a closed second keeps its percentiles');
});

test('every instance of a second counts, however many finish in it', (t) => {
  const { results, finish, at } = setup(t);
  at(10);
  // 30,000 fast instances, then 1,000 slow ones: 3.2% slow, so p99 is slow. A bucket that kept only the first
  // 20,000 samples of its second (the sorted array it had) read p99 = 1 ms here.
  for (let i = 0; i < 30_000; i++) finish(1);
  for (let i = 0; i < 1_000; i++) finish(250);
  at(1010);
  finish(1);
  const [b0] = results.bucketList();
  assert.equal(b0!.finished, 31_000);
  near(b0!.p50, 1, 'p50');
  near(b0!.p99, 250, 'p99');
});

test('a second in which nothing finished reports p50 and p99 of 0', (t) => {
  const { results, finish, at } = setup(t);
  at(0);
  finish(3);
  at(2500); // second 1 passes with nothing in it
  finish(5);
  const b = results.bucketList();
  assert.deepEqual([b[1]!.finished, b[1]!.p50, b[1]!.p99], [0, 0, 0]);
  near(b[0]!.p99, 3, 'second 0');
  near(b[2]!.p99, 5, 'second 2');
});

test('failed instances count in the percentiles; dropped ones are counted in their second', (t) => {
  const { results, finish, at } = setup(t);
  at(0);
  finish(10, 'failed');
  results.dropped();
  const [b] = results.bucketList();
  assert.deepEqual([b!.started, b!.finished, b!.failed, b!.dropped], [1, 1, 1, 1]);
  near(b!.p99, 10, 'p99');
});

test('close() keeps the last second\'s percentiles; instances reported after it change no percentile', (t) => {
  const { results, finish, at } = setup(t);
  at(0);
  finish(4);
  at(1200);
  finish(6);
  results.close();
  finish(500); // counted, but the percentiles are final
  const b = results.bucketList();
  near(b[0]!.p99, 4, 'second 0');
  near(b[1]!.p99, 6, 'second 1');
  assert.equal(b[1]!.finished, 2);
});

test('close() keeps the latency figures and the serialised histograms as they were, and lets the histograms go', (t) => {
  const { results, finish, at } = setup(t);
  at(0);
  for (let i = 1; i <= 500; i++) finish(i / 10);
  const before = { latency: results.latency(), encoded: results.encodedHistograms() };
  results.close();
  assert.deepEqual(results.latency(), before.latency);
  assert.deepEqual(results.encodedHistograms(), before.encoded);
  assert.equal((results as unknown as { instanceLatency: unknown }).instanceLatency, undefined, 'the instance histogram is let go');
  // each call a fresh object: the record adds `hdr` to what it is given
  const a = results.latency() as ReturnType<RunResults['latency']> & { hdr?: unknown };
  a.hdr = 'x';
  assert.equal((results.latency() as { hdr?: unknown }).hdr, undefined);
  finish(9999);
  assert.deepEqual(results.latency(), before.latency, 'an instance reported after close() changes no latency figure');
  assert.equal(results.counts.finished, 501);
});
