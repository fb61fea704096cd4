// `tester serve --workers N` (docs/workers.md) with INAP: one service whose two workers each open their own M3UA
// association (two ASPs) to one reference SCP (scp-sim). The same IDP→ReleaseCall load run on one worker and on
// two gives the same record apart from timings (counts, latency counts, bucket sums, first_call from $n = 0), the
// called numbers ($n) are unique and complete across the workers, locks are held run-wide, CancelTest stops every
// worker's share, and a run on a plugin that is not multiplied runs on one worker.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { oneAndTwoWorkers } from './helpers/stack.js';
import { call, runToCompletion, runWhenUp, waitForRun } from '../../helpers/service.js';
import { repoRoot } from '../../cli/helpers.js';

const w = oneAndTwoWorkers();

const def = JSON.parse(readFileSync(join(repoRoot, 'examples/inap/load.json'), 'utf8'));
const total = 15;

/** The record without what depends on timing or on the number of workers. */
function comparable(r: any): unknown {
  const sumBuckets = (k: string) => r.buckets.reduce((a: number, b: any) => a + b[k], 0);
  return {
    run_id: r.run_id,
    state: r.state,
    completed: r.completed,
    counts: r.counts,
    in_progress: r.in_progress,
    distribution: r.distribution,
    first_call_summary: { idx: r.first_call_summary.idx, outcome: r.first_call_summary.outcome },
    first_call_messages: r.first_call?.operations?.length,
    first_fails: r.first_fails,
    first_aborts: r.first_aborts,
    latency: { instance: r.latency.instance.count, operations: Object.fromEntries(Object.entries(r.latency.operations).map(([k, v]: [string, any]) => [k, v.count])), hdr: Object.keys(r.latency.hdr.operations).sort() },
    buckets: ['started', 'finished', 'failed', 'aborted', 'dropped', 'num_calls_started', 'num_calls_finished'].map(sumBuckets),
    thresholds: r.thresholds?.map((t: any) => ({ expr: t.expr, passed: t.passed })),
    keys: Object.keys(r).filter((k) => k !== 'workers'),
  };
}

test('the same INAP load run on 1 and on 2 workers: the same record apart from timings; $n unique and complete', async () => {
  const params = (id: string) => ({
    ...def,
    run_id: id,
    trace_level: 1,
    distribution: { type: 'load', total, backlog: 4 },
    thresholds: ['failed_rate < 0.01', 'p99_ms < 600000'],
    // every called number this worker sent, in its globals ($g is per worker)
    operations: [...def.operations, { type: 'set', arguments: { globals: { called: "{($g.called || '') + ' ' + $v.called}" } } }],
  });
  const [r1, r2] = await Promise.all([runToCompletion(w.one.port, params('w-same'), { timeoutMs: 60_000 }), runWhenUp(w.two.port, params('w-same'), { timeoutMs: 60_000 })]);
  assert.deepEqual([r1.counts.passed, r1.counts.failed, r1.counts.aborted], [total, 0, 0], JSON.stringify(r1.first_fails.concat(r1.first_aborts)));
  assert.deepEqual(comparable(r2), comparable(r1));
  assert.equal(r2.first_call_summary.idx, '0');
  assert.equal(r2.workers.length, 2);
  assert.deepEqual(r2.workers.map((w: any) => w.counts.started), [8, 7], 'each worker ran its share');
  const expected = [...Array(total).keys()].map((n) => `0211${String(n).padStart(6, '0')}`);
  assert.deepEqual(String(r1.globals.called).trim().split(' ').sort(), expected);
  const called = r2.workers.flatMap((w: any) => String(w.globals.called).trim().split(' ')).sort();
  assert.deepEqual(called, expected, 'each $n once across the workers');
  assert.deepEqual(r2.globals, r2.workers[0].globals, "the record's globals are worker 0's");
  // the merged histogram holds every instance's latency
  assert.equal(r2.latency.instance.count, total);
  assert.equal(typeof r2.latency.hdr.instance, 'string');
});

test('a slice of a run on 2 workers: the slice of the run on 1 worker ($n = k + j·N)', async () => {
  const params = { ...def, run_id: 'w-slice', slice: { index: 1, count: 2 }, distribution: { type: 'load', total, backlog: 4 }, operations: [...def.operations, { type: 'set', arguments: { globals: { called: "{($g.called || '') + ' ' + $v.called}" } } }] };
  const [r1, r2] = await Promise.all([runToCompletion(w.one.port, params, { timeoutMs: 60_000 }), runToCompletion(w.two.port, params, { timeoutMs: 60_000 })]);
  assert.deepEqual(comparable(r2), comparable(r1));
  assert.deepEqual(r2.slice, r1.slice);
  assert.equal(r2.first_call_summary.idx, '1');
  const called = r2.workers.flatMap((w: any) => String(w.globals.called).trim().split(' ')).sort();
  assert.deepEqual(called, String(r1.globals.called).trim().split(' ').sort());
});

test('locks are held run-wide: a second run on the same key is refused while a run on 2 workers holds it', async () => {
  const slow = { ...def, run_id: 'w-lock-1', locks: [{ key: 'msisdn-1' }], distribution: { type: 'load', total: 4, backlog: 4 }, operations: [{ type: 'wait', arguments: { seconds: 60 } }] };
  const r = await call(w.two.port, 'ExecuteTest', slow);
  assert.ok(!r.error, JSON.stringify(r.error));
  const q = await call(w.two.port, 'QueryTest', { run_id: 'w-lock-1' });
  assert.deepEqual(q.result.workers.map((w: any) => w.state), ['running', 'running']);
  const refused = await call(w.two.port, 'ExecuteTest', { ...slow, run_id: 'w-lock-2' });
  assert.equal(refused.error?.code, 2003);
  assert.match(refused.error!.message, /lock 'msisdn-1' is held by run 'w-lock-1'/);
  const c = await call(w.two.port, 'CancelTest', { run_id: 'w-lock-1' });
  assert.equal(c.result.cancelled, 1);
  const done = await waitForRun(w.two.port, 'w-lock-1', { timeoutMs: 20_000 });
  assert.equal(done.state, 'cancelled');
  const again = await call(w.two.port, 'ExecuteTest', { ...slow, run_id: 'w-lock-3', distribution: { type: 'load', total: 2, backlog: 2 }, operations: [{ type: 'wait', arguments: { seconds: 0 } }] });
  assert.ok(!again.error, 'the lock is free once every worker has ended');
  await waitForRun(w.two.port, 'w-lock-3', { timeoutMs: 20_000 });
});

test("CancelTest stops every worker's share", async () => {
  const r = await call(w.two.port, 'ExecuteTest', { ...def, run_id: 'w-cancel', distribution: { type: 'load', total: 1000, backlog: 6 }, operations: [{ type: 'wait', arguments: { seconds: 60 } }] });
  assert.ok(!r.error, JSON.stringify(r.error));
  const c = await call(w.two.port, 'CancelTest', { run_id: 'w-cancel' });
  assert.equal(c.result.cancelled, 1);
  const done = await waitForRun(w.two.port, 'w-cancel', { timeoutMs: 20_000 });
  assert.equal(done.state, 'cancelled');
  assert.deepEqual(done.workers.map((w: any) => w.state), ['cancelled', 'cancelled']);
  assert.deepEqual(done.workers.map((w: any) => w.counts.cancelled), [3, 3], 'every in-flight instance of both workers cancelled');
  assert.equal(done.counts.cancelled, 6);
  assert.equal(done.in_progress, 0);
  const list = await call(w.two.port, 'ListTests', {});
  const line = list.result.runs.find((x: any) => x.run_id === 'w-cancel');
  assert.deepEqual([line.state, line.counts.cancelled, line.workers], ['cancelled', 6, 2]);
  const gw = list.result.gateways.find((g: any) => g.kind === 'sigtran');
  assert.deepEqual([gw.state, gw.workers], ['up', ['up']], "worker 1's own association");
});
