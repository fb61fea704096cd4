// builtins/metrics/prometheus.ts with `--workers 2` (docs/workers.md): a run split over the main thread and a worker
// thread is counted whole in the metrics (every part's instances, in progress and latencies), as QueryTest reports it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, runToCompletion, startTestService } from '../../helpers/service.js';
import type { RunningService } from '../../../core/service.js';
import { samples } from './samples.js';

let svc: RunningService;
const scrape = async () => samples(await (await fetch(`http://127.0.0.1:${svc.served.metrics!.port}/metrics`)).text());

before(async () => {
  svc = await startTestService([{ name: 'logic' }], { workers: 2, metricsPort: 0 });
});
after(async () => {
  await svc?.close();
});

test('a run on 2 workers: the instance counters and latency histograms count every part', async () => {
  const r = await runToCompletion(svc.port, {
    run_id: 'metrics-split',
    distribution: { type: 'load', total: 40, backlog: 4 },
    operations: [
      { type: 'set', arguments: { vars: { x: '{$n}' } } },
      { type: 'assert', arguments: { expression: '$n % 4 != 1', fail: 'every fourth' } },
    ],
  }, { timeoutMs: 60_000 });
  assert.equal(r.workers?.length, 2, 'split over 2 workers');
  assert.ok(r.workers.every((w: any) => w.counts.started > 0), JSON.stringify(r.workers));
  assert.deepEqual([r.counts.started, r.counts.passed, r.counts.failed], [40, 30, 10]);
  const s = await scrape();
  for (const o of ['started', 'passed', 'failed', 'aborted', 'cancelled', 'dropped']) {
    assert.equal(s.get(`tester_run_instances_total{run_id="metrics-split",outcome="${o}"}`), r.counts[o], o);
  }
  // the only run of this service so far: the service-wide histograms hold exactly its instances and operations
  assert.equal(s.get('tester_instance_latency_seconds_count{outcome="passed"}'), r.counts.passed);
  assert.equal(s.get('tester_instance_latency_seconds_count{outcome="failed"}'), r.counts.failed);
  assert.equal(s.get('tester_instance_latency_seconds_bucket{le="+Inf",outcome="passed"}'), r.counts.passed);
  assert.equal(s.get('tester_operation_latency_seconds_count{type="set"}'), r.latency.operations.set.count);
  assert.equal(s.get('tester_operation_latency_seconds_count{type="set"}'), 40);
  assert.equal(s.get('tester_runs{state="completed"}'), 1);
});

test('a running run on 2 workers: in progress and started count both parts', async () => {
  const ex = await call(svc.port, 'ExecuteTest', { run_id: 'metrics-running', distribution: { type: 'load', total: 8, backlog: 4 }, operations: [{ type: 'wait', arguments: { seconds: 600 } }] });
  assert.ok(!ex.error, JSON.stringify(ex.error));
  // wait until both parts hold their share of the backlog (generous: a busy machine)
  let q: any;
  for (const deadline = Date.now() + 60_000; ; ) {
    q = (await call(svc.port, 'QueryTest', { run_id: 'metrics-running' })).result;
    if (q.in_progress === 4 && q.workers.every((w: any) => w.counts.started === 2)) break;
    assert.ok(Date.now() < deadline, `the parts did not start: ${JSON.stringify(q)}`);
    await new Promise((res) => setTimeout(res, 50));
  }
  const s = await scrape();
  assert.equal(s.get('tester_run_in_progress{run_id="metrics-running"}'), 4);
  assert.equal(s.get('tester_run_instances_total{run_id="metrics-running",outcome="started"}'), 4);
  assert.equal(s.get('tester_runs{state="running"}'), 1);
  await call(svc.port, 'CancelTest', { run_id: 'metrics-running' });
  const done = await runToCompletionWait('metrics-running');
  const after = await scrape();
  assert.equal(after.get('tester_run_instances_total{run_id="metrics-running",outcome="cancelled"}'), done.counts.cancelled);
  assert.equal(done.counts.cancelled, 4);
});

async function runToCompletionWait(runId: string): Promise<any> {
  for (const deadline = Date.now() + 60_000; ; ) {
    const q = (await call(svc.port, 'QueryTest', { run_id: runId })).result;
    if (q.completed === 1) return q;
    assert.ok(Date.now() < deadline, `run ${runId} did not end`);
    await new Promise((res) => setTimeout(res, 50));
  }
}
