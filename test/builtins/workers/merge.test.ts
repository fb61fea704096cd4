// Merging the records of a run's slices: exact counts and percentiles (against the union of the latencies),
// buckets aligned by start time, the earliest fails, thresholds re-evaluated, and records that cannot be merged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mergeRecords, MergeError, type SliceRecord } from '../../../builtins/workers/merge.js';
import { LatencyHistogram } from '../../../core/engine/histogram.js';
import { toSecUsec } from '../../../core/engine/clock.js';
import { prng, type Rng } from '../../helpers/fuzz.js';

const WHOLE = { type: 'linear', total: 0, backlog: 100, cps: { start: 100, rate: 100, ramp_secs: 0, arrival: 'uniform' } };

/** A latency in ms from one of a few shapes: uniform, long-tailed, bimodal. */
function latency(rng: Rng, shape: number): number {
  switch (shape) {
    case 0:
      return 0.05 + rng.next() * 20;
    case 1:
      return Math.exp(rng.next() * 9) / 100; // 0.01 ms to 81 ms, long tail
    default:
      return rng.chance(0.9) ? 1 + rng.next() : 500 + rng.next() * 3000;
  }
}

interface Fake {
  index: number;
  count: number;
  latencies: number[];
  ops: Record<string, number[]>;
  startMs: number;
  fails?: Array<{ idx: number; timeMs: number }>;
  buckets?: Array<{ second: number; started: number; finished: number; p50: number; p99: number }>;
  thresholds?: string[];
  state?: string;
}

function fakeRecord(f: Fake, total: number): any {
  const h = new LatencyHistogram();
  for (const l of f.latencies) h.record(l);
  const ops: Record<string, string> = {};
  const summaries: Record<string, unknown> = {};
  for (const [k, ls] of Object.entries(f.ops)) {
    const oh = new LatencyHistogram();
    for (const l of ls) oh.record(l);
    ops[k] = oh.encode();
    summaries[k] = oh.summary();
  }
  const n = f.latencies.length;
  return {
    run_id: `run-${f.index}`,
    state: f.state ?? 'completed',
    completed: 1,
    time_now: toSecUsec(f.startMs + 10_000),
    time_start: toSecUsec(f.startMs),
    time_finish: toSecUsec(f.startMs + 5000),
    duration: 5,
    counts: { started: n + 1, finished: n, passed: n - (f.fails?.length ?? 0), failed: f.fails?.length ?? 0, aborted: 0, cancelled: 1, dropped: f.index },
    in_progress: 0,
    distribution: { ...WHOLE, total: Math.floor(total / f.count) },
    slice: { index: f.index, count: f.count, distribution: { ...WHOLE, total } },
    rate: 10 + f.index,
    ...(f.index === 0 ? { first_call_summary: { idx: '0', outcome: 'passed' }, first_call: { index: 0, check_log: [], trace_log: [], messages: [] } } : {}),
    first_fails: (f.fails ?? []).map((x) => ({ idx: x.idx, op_idx: 1, text: `fail ${x.idx}`, time: toSecUsec(x.timeMs) })),
    first_aborts: [],
    globals: { slice: f.index },
    latency: { instance: h.summary(), operations: summaries, distribution: h.distribution(), hdr: { instance: h.encode(), operations: ops } },
    buckets: (f.buckets ?? []).map((b) => ({ failed: 0, aborted: 0, dropped: 0, num_calls_started: b.started, num_calls_finished: b.finished, ...b })),
    max_in_progress: 3,
    ...(f.thresholds ? { thresholds: f.thresholds.map((expr) => ({ expr, metric: '', value: 0, bound: 0, ok: true })) } : {}),
  };
}

const named = (recs: any[]): SliceRecord[] => recs.map((rec, i) => ({ name: `result-${i}.json`, rec }));

test('property: the merged latency percentiles equal those of one histogram of the union (seeded random data)', () => {
  const rng = prng(20261125);
  for (let trial = 0; trial < 40; trial++) {
    const count = 1 + rng.int(6);
    const shape = rng.int(3);
    const union = new LatencyHistogram();
    const unionOps = { a: new LatencyHistogram(), b: new LatencyHistogram() };
    const fakes: Fake[] = [...Array(count).keys()].map((index) => ({ index, count, latencies: [], ops: { a: [] }, startMs: 1_700_000_000_000 }));
    const n = 1 + rng.int(5000);
    for (let i = 0; i < n; i++) {
      const f = fakes[rng.int(count)]!; // slices of uneven sizes, some possibly empty
      const l = latency(rng, shape);
      f.latencies.push(l);
      union.record(l);
      const op = rng.chance(0.5) ? 'a' : 'b';
      (f.ops[op] ??= []).push(l / 3);
      unionOps[op].record(l / 3);
    }
    const merged: any = mergeRecords(named(fakes.map((f) => fakeRecord(f, 1000))));
    assert.deepEqual(merged.latency.instance, union.summary(), `trial ${trial}: ${count} slices, ${n} latencies`);
    assert.deepEqual(merged.latency.distribution, union.distribution(), `trial ${trial}: distribution`);
    for (const op of ['a', 'b'] as const) if (unionOps[op].count) assert.deepEqual(merged.latency.operations[op], unionOps[op].summary(), `trial ${trial}: op ${op}`);
    assert.equal(merged.counts.finished, n);
    // the merged histogram is itself mergeable: its counts are those of the union
    const again = new LatencyHistogram();
    again.addEncoded(merged.latency.hdr.instance);
    const { max: _m, ...rest } = union.summary();
    const { max: _a, ...againRest } = again.summary();
    assert.deepEqual(againRest, rest);
  }
});

test('counts, rate and max_in_progress sum; first_call and globals are slice 0s; the earliest fails are kept', () => {
  const t = 1_700_000_000_000;
  const fails0 = [...Array(8).keys()].map((j) => ({ idx: 2 * j, timeMs: t + 100 + 20 * j }));
  const fails1 = [...Array(8).keys()].map((j) => ({ idx: 2 * j + 1, timeMs: t + 110 + 20 * j }));
  const recs = [fakeRecord({ index: 1, count: 2, latencies: [1, 2], ops: {}, startMs: t, fails: fails1 }, 10), fakeRecord({ index: 0, count: 2, latencies: [3, 4, 5], ops: {}, startMs: t, fails: fails0 }, 10)];
  const m: any = mergeRecords(named(recs));
  assert.deepEqual(m.counts, { started: 7, finished: 5, passed: -11, failed: 16, aborted: 0, cancelled: 2, dropped: 1 });
  assert.equal(m.run_id, 'run-0');
  assert.equal(m.rate, 21);
  assert.equal(m.max_in_progress, 6);
  assert.deepEqual(m.distribution, { ...WHOLE, total: 10 });
  assert.equal(m.first_call.index, 0);
  assert.deepEqual(m.globals, { slice: 0 });
  assert.deepEqual(m.slices.map((s: any) => [s.index, s.globals.slice]), [[0, 0], [1, 1]]);
  assert.deepEqual(m.first_fails.map((f: any) => f.idx), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 'the 10 earliest of both slices, by time');
  assert.equal(m.slice, undefined, 'the merged record is the whole run, not a slice');
});

test("the picks of each choose are added over the slices; none when no slice has a choose", () => {
  const t = 1_700_000_000_000;
  const recs = [fakeRecord({ index: 0, count: 2, latencies: [1], ops: {}, startMs: t }, 4), fakeRecord({ index: 1, count: 2, latencies: [2], ops: {}, startMs: t }, 4)];
  assert.equal((mergeRecords(named(recs)) as any).choices, undefined);
  recs[0].choices = { 'operations[0]': { answered: 3, busy: 1 } };
  recs[1].choices = { 'operations[0]': { answered: 2, busy: 0, no_answer: 1 }, 'flows.f[1]': { a: 1 } };
  assert.deepEqual((mergeRecords(named(recs)) as any).choices, { 'operations[0]': { answered: 5, busy: 1, no_answer: 1 }, 'flows.f[1]': { a: 1 } });
});

test('buckets: shifted by each slice start (whole seconds) and summed; per-second p50/p99 weighted by finished', () => {
  const t = 1_700_000_000_000;
  const a = fakeRecord({ index: 0, count: 2, latencies: [1], ops: {}, startMs: t, buckets: [{ second: 0, started: 10, finished: 8, p50: 2, p99: 4 }, { second: 1, started: 10, finished: 10, p50: 2, p99: 4 }] }, 4);
  const b = fakeRecord({ index: 1, count: 2, latencies: [1], ops: {}, startMs: t + 1200, buckets: [{ second: 0, started: 5, finished: 2, p50: 12, p99: 14 }, { second: 1, started: 7, finished: 0, p50: 0, p99: 0 }] }, 4);
  const m: any = mergeRecords(named([a, b]));
  assert.deepEqual(
    m.buckets.map((x: any) => [x.second, x.started, x.finished, x.num_calls_started, x.p50, x.p99]),
    [
      [0, 10, 8, 10, 2, 4],
      [1, 15, 12, 15, (10 * 2 + 2 * 12) / 12, (10 * 4 + 2 * 14) / 12].map((v) => Math.round(v * 1000) / 1000),
      [2, 7, 0, 7, 0, 0],
    ],
  );
  assert.deepEqual(m.time_start, a.time_start);
  assert.deepEqual(m.time_finish, b.time_finish);
  assert.equal(m.duration, 6.2);
});

test('thresholds are re-evaluated on the merged record against the whole run (target = the whole rate)', () => {
  const t = 1_700_000_000_000;
  const thresholds = ['rate >= 0.9 * target', 'failed <= 0', 'p99_ms < 1000'];
  const recs = [0, 1].map((index) => ({ ...fakeRecord({ index, count: 2, latencies: [1, 2, 3], ops: {}, startMs: t, thresholds }, 10), rate: 46 }));
  const m: any = mergeRecords(named(recs));
  assert.deepEqual(
    m.thresholds.map((x: any) => [x.expr, x.value, x.bound, x.ok]),
    [
      ['rate >= 0.9 * target', 92, 90, true],
      ['failed <= 0', 0, 0, true],
      ['p99_ms < 1000', m.latency.instance.p99, 1000, true],
    ],
  );
  recs[1].counts.failed = 1;
  assert.equal((mergeRecords(named(recs)) as any).thresholds[1].ok, false);
});

test('the merged state is the worst of the slices; an abort reason names its slice', () => {
  const t = 1_700_000_000_000;
  const recs = [0, 1, 2].map((index) => fakeRecord({ index, count: 3, latencies: [1], ops: {}, startMs: t }, 9));
  recs[2].state = 'cancelled';
  assert.equal((mergeRecords(named(recs)) as any).state, 'cancelled');
  recs[1].state = 'aborted';
  recs[1].abort_reason = 'internal fault in x: y';
  const m: any = mergeRecords(named(recs));
  assert.equal(m.state, 'aborted');
  assert.equal(m.abort_reason, 'slice 1: internal fault in x: y');
});

test('records that are not the completed slices of one run are refused, naming the file', () => {
  const t = 1_700_000_000_000;
  const ok = () => [0, 1].map((index) => fakeRecord({ index, count: 2, latencies: [1], ops: {}, startMs: t }, 10));
  const refused = (recs: any[], re: RegExp) => assert.throws(() => mergeRecords(named(recs)), (e: Error) => e instanceof MergeError && re.test(e.message));
  refused([], /no result records/);
  refused([ok()[0]], /slice 1 of 2 missing/);
  refused([ok()[0], ok()[0]], /result-1\.json: slice 0 is also result-0\.json/);
  refused([ok()[0], { ...ok()[1], slice: undefined }], /result-1\.json: has no slice/);
  refused([ok()[0], { ...ok()[1], completed: 0, state: 'running' }], /result-1\.json: slice 1 has not completed \(state running\)/);
  refused([ok()[0], { ...ok()[1], slice: { ...ok()[1].slice, count: 3 } }], /result-1\.json: slice.count is 3/);
  refused([ok()[0], { ...ok()[1], slice: { ...ok()[1].slice, distribution: { ...WHOLE, total: 11 } } }], /result-1\.json: slice.distribution .* not slices of one run/);
  const bad = ok();
  bad[1].latency.hdr.instance = 'not base64!';
  refused(bad, /result-1\.json: latency\.hdr\.instance is not an encoded latency histogram/);
  const noHdr = ok();
  delete noHdr[0].latency.hdr;
  refused(noHdr, /result-0\.json: has no latency\.hdr/);
  refused([{ foo: 1 }], /result-0\.json: is not a result record/);
});
