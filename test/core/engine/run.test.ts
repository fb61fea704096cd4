// core/engine/run.ts: scheduling (single, load, linear with ramp and poisson arrivals), the backlog, dropped
// instances, cancel, and the result record, measured by the engine's own counters over the real service.
// No timing is asserted here: achieved rates are checked in run.long.test.ts.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, call, runToCompletion, waitForRun } from '../../helpers/service.js';
import type { RunningService } from '../../../core/service.js';

let svc: RunningService;
before(async () => {
  svc = await startTestService([{ name: 'logic' }], { maxRuns: 20 });
});
after(async () => {
  await svc.close();
});

function sumBuckets(rec: any, key: string): number {
  return rec.buckets.reduce((s: number, b: any) => s + b[key], 0);
}

function checkConsistent(rec: any): void {
  const c = rec.counts;
  assert.equal(c.finished, c.passed + c.failed + c.aborted, `finished = passed + failed + aborted: ${JSON.stringify(c)}`);
  assert.equal(c.started, c.finished + c.cancelled, `started = finished + cancelled: ${JSON.stringify(c)}`);
  assert.equal(sumBuckets(rec, 'started'), c.started, 'buckets started');
  assert.equal(sumBuckets(rec, 'finished'), c.finished, 'buckets finished');
  assert.equal(sumBuckets(rec, 'dropped'), c.dropped, 'buckets dropped');
  assert.equal(rec.latency.instance.count, c.finished, 'one latency sample per finished instance');
  assert.equal(rec.in_progress, 0);
}

describe('single', () => {
  test('default distribution is one instance, with the detailed record of instance 0', async () => {
    const rec = await runToCompletion(svc.port, { run_id: 'single-1', operations: [{ type: 'comment', arguments: { text: 'x' } }] });
    assert.equal(rec.state, 'completed');
    assert.equal(rec.completed, 1);
    assert.deepEqual({ ...rec.counts }, { started: 1, finished: 1, passed: 1, failed: 0, aborted: 0, cancelled: 0, dropped: 0 });
    assert.equal(rec.distribution.type, 'single');
    assert.equal(rec.first_call.outcome, 'passed');
    assert.equal(rec.first_call_summary.outcome, 'passed');
    assert.equal(rec.first_call_summary.idx, '0');
    for (const k of ['time_now', 'time_start', 'time_finish']) {
      assert.ok(Array.isArray(rec[k]) && rec[k].length === 2 && Number.isInteger(rec[k][0]) && rec[k][1] >= 0 && rec[k][1] < 1e6, `${k} is [sec, usec]`);
    }
    assert.ok(rec.time_finish[0] * 1e6 + rec.time_finish[1] >= rec.time_start[0] * 1e6 + rec.time_start[1]);
    assert.equal(typeof rec.duration, 'number');
    assert.deepEqual(rec.first_fails, []);
    assert.deepEqual(rec.first_aborts, []);
    checkConsistent(rec);
  });
});

describe('load', () => {
  test('total 300, backlog 20: every instance runs, never more than the backlog in progress', async () => {
    const rec = await runToCompletion(svc.port, {
      run_id: 'load-300',
      distribution: { type: 'load', total: 300, backlog: 20 },
      operations: [{ type: 'wait', arguments: { seconds: 0.02 } }],
    });
    assert.equal(rec.counts.started, 300);
    assert.equal(rec.counts.finished, 300);
    assert.equal(rec.counts.passed, 300);
    assert.equal(rec.counts.dropped, 0);
    assert.ok(rec.max_in_progress <= 20, `max_in_progress ${rec.max_in_progress}`);
    // load keeps the backlog full: all 20 were in progress at once.
    assert.equal(rec.max_in_progress, 20);
    assert.equal(rec.latency.operations.wait.count, 300);
    checkConsistent(rec);
  });

  test('backlog defaults to min(default_backlog, total)', async () => {
    const rec = await runToCompletion(svc.port, { run_id: 'load-default-backlog', distribution: { type: 'load', total: 7 }, operations: [{ type: 'wait', arguments: { seconds: 0.05 } }] });
    assert.equal(rec.distribution.backlog, 7);
    assert.equal(rec.counts.passed, 7);
    assert.equal(rec.max_in_progress, 7);
  });

  test('QueryTest of a running run shows completed 0, state running, and the instances in progress', async () => {
    const r = await call(svc.port, 'ExecuteTest', { run_id: 'load-running', distribution: { type: 'load', total: 4, backlog: 4 }, operations: [{ type: 'wait', arguments: { seconds: 0.5 } }] });
    assert.equal(r.result, 'ok');
    const q = await call(svc.port, 'QueryTest', { run_id: 'load-running' });
    assert.equal(q.result.completed, 0);
    assert.equal(q.result.state, 'running');
    assert.equal(q.result.in_progress, 4);
    assert.equal(q.result.counts.started, 4);
    assert.equal(q.result.time_finish, undefined);
    assert.equal(q.result.first_call_summary.outcome, 'running');
    const rec = await waitForRun(svc.port, 'load-running');
    assert.equal(rec.counts.passed, 4);
  });
});

describe('linear', () => {
  test('rate 200/s for 600 instances, backlog 600: every instance runs, none can be dropped', async () => {
    const rec = await runToCompletion(
      svc.port,
      { run_id: 'linear-200', distribution: { type: 'linear', total: 600, backlog: 600, cps: { rate: 200 } }, operations: [{ type: 'wait', arguments: { seconds: 0.01 } }] },
      { timeoutMs: 30_000, pollMs: 200 },
    );
    assert.equal(rec.counts.started, 600);
    assert.equal(rec.counts.dropped, 0);
    assert.equal(rec.counts.passed, 600);
    assert.equal(rec.distribution.cps.rate, 200);
    checkConsistent(rec);
  });

  test('a bare number as cps is {rate: n}', async () => {
    const rec = await runToCompletion(svc.port, { run_id: 'linear-bare', distribution: { type: 'linear', total: 20, backlog: 20, cps: 100 }, operations: [{ type: 'comment' }] });
    assert.equal(rec.distribution.cps.rate, 100);
    assert.equal(rec.counts.started, 20);
  });

  test('a backlog too small for the rate drops instances instead of queueing them', async () => {
    const rec = await runToCompletion(
      svc.port,
      { run_id: 'linear-drop', distribution: { type: 'linear', total: 200, backlog: 5, cps: { rate: 100 } }, operations: [{ type: 'wait', arguments: { seconds: 0.5 } }] },
      { timeoutMs: 20_000, pollMs: 100 },
    );
    assert.ok(rec.counts.dropped > 0, `dropped ${rec.counts.dropped}`);
    assert.equal(rec.counts.started + rec.counts.dropped, 200);
    assert.ok(rec.max_in_progress <= 5, `max_in_progress ${rec.max_in_progress}`);
    assert.equal(rec.counts.passed, rec.counts.started);
    checkConsistent(rec);
  });

  test('a ramp {start, rate, ramp_secs} runs every instance', async () => {
    const rec = await runToCompletion(
      svc.port,
      { run_id: 'linear-ramp', distribution: { type: 'linear', total: 300, backlog: 300, cps: { start: 50, rate: 200, ramp_secs: 1 } }, operations: [{ type: 'wait', arguments: { seconds: 0.005 } }] },
      { timeoutMs: 20_000, pollMs: 100 },
    );
    assert.equal(rec.counts.started, 300);
    assert.equal(rec.counts.dropped, 0);
    assert.equal(rec.counts.passed, 300);
    assert.equal(rec.distribution.cps.start, 50);
    assert.equal(rec.distribution.cps.ramp_secs, 1);
    checkConsistent(rec);
  });

  test('poisson arrivals complete, every instance started or dropped', async () => {
    const rec = await runToCompletion(
      svc.port,
      { run_id: 'linear-poisson', distribution: { type: 'linear', total: 200, backlog: 200, cps: { rate: 200, arrival: 'poisson' } }, operations: [{ type: 'wait', arguments: { seconds: 0.005 } }] },
      { timeoutMs: 20_000, pollMs: 100 },
    );
    assert.equal(rec.distribution.cps.arrival, 'poisson');
    assert.equal(rec.counts.started + rec.counts.dropped, 200);
    assert.equal(rec.counts.dropped, 0);
    checkConsistent(rec);
  });
});

describe('cancel', () => {
  test('CancelTest of a long run ends it at once: cancelled state, in-flight instances counted cancelled, locks released', async () => {
    const r = await call(svc.port, 'ExecuteTest', {
      run_id: 'cancel-long',
      locks: [{ key: 'cancel-lock' }],
      distribution: { type: 'load', total: 50, backlog: 50 },
      operations: [{ type: 'wait', arguments: { seconds: 30 } }],
    });
    assert.equal(r.result, 'ok');
    const q = await call(svc.port, 'QueryTest', { run_id: 'cancel-long' });
    assert.equal(q.result.in_progress, 50);
    const c = await call(svc.port, 'CancelTest', { run_id: 'cancel-long' });
    assert.equal(c.error, null);
    assert.equal(c.result.cancelled, 1);
    assert.equal(c.result.state, 'cancelled');
    assert.equal(c.result.completed, 1);
    assert.equal(c.result.counts.cancelled, 50);
    assert.equal(c.result.counts.started, 50);
    assert.equal(c.result.counts.finished, 0);
    assert.equal(c.result.in_progress, 0);
    // The lock is free right after CancelTest returned.
    const again = await call(svc.port, 'ExecuteTest', { run_id: 'cancel-after', locks: [{ key: 'cancel-lock' }], operations: [{ type: 'comment' }] });
    assert.equal(again.result, 'ok', JSON.stringify(again.error));
    // QueryTest agrees, and a second CancelTest reports it was no longer running.
    const q2 = await call(svc.port, 'QueryTest', { run_id: 'cancel-long' });
    assert.equal(q2.result.state, 'cancelled');
    const c2 = await call(svc.port, 'CancelTest', { run_id: 'cancel-long' });
    assert.equal(c2.result.cancelled, 0);
    assert.equal(c2.result.counts.cancelled, 50);
  });

  test('a load run of synchronous operations does not starve the service: CancelTest reaches it while it runs', async () => {
    // Logic operations complete without I/O; the engine must still yield to the event loop between instances, or
    // ExecuteTest's own answer, QueryTest, CancelTest and every other run's timers wait until the whole run is over.
    const total = 300_000;
    const r = await call(svc.port, 'ExecuteTest', { run_id: 'sync-load', distribution: { type: 'load', total, backlog: 10 }, operations: [{ type: 'set', arguments: { vars: { a: 1 } } }] });
    assert.equal(r.result, 'ok');
    const c = await call(svc.port, 'CancelTest', { run_id: 'sync-load' });
    assert.equal(c.result.state, 'cancelled', `the run had already ${c.result.state} all ${c.result.counts.started} instances before CancelTest was read`);
    assert.ok(c.result.counts.started < total);
  });

  test('a load run whose instances each loop ~4000 synchronous steps still lets CancelTest in', async () => {
    // Each instance stays below a per-instance yield threshold; the engine must still yield between instances
    // often enough (by work done, not only every N instances) for the service to read CancelTest.
    const total = 600;
    const r = await call(svc.port, 'ExecuteTest', {
      run_id: 'sync-steps',
      vars: { i: 0 },
      distribution: { type: 'load', total, backlog: 10 },
      operations: [
        { label: 'top', type: 'set', arguments: { vars: { i: '{ $v.i + 1 }' } } },
        { type: 'branch', arguments: { expression: '$v.i < 2000', on_true: 'top' } },
      ],
    });
    assert.equal(r.result, 'ok');
    const c = await call(svc.port, 'CancelTest', { run_id: 'sync-steps' });
    assert.equal(c.result.state, 'cancelled', `all ${c.result.counts.started} instances had run before CancelTest was read`);
    assert.ok(c.result.counts.started < total);
  });

  test('an endless branch loop can be cancelled while it runs', async () => {
    const r = await call(svc.port, 'ExecuteTest', { run_id: 'endless', operations: [{ label: 'top', type: 'branch', arguments: { expression: 'true', on_true: 'top' } }] });
    assert.equal(r.result, 'ok');
    const c = await call(svc.port, 'CancelTest', { run_id: 'endless' });
    assert.equal(c.result.state, 'cancelled', `the loop ended on its own first: ${JSON.stringify(c.result.first_aborts)}`);
    assert.equal(c.result.counts.cancelled, 1);
  });

  test('cancelling a load run stops starting new instances', async () => {
    await call(svc.port, 'ExecuteTest', { run_id: 'cancel-load', distribution: { type: 'load', total: 1000, backlog: 3 }, operations: [{ type: 'wait', arguments: { seconds: 0.2 } }] });
    const c = await call(svc.port, 'CancelTest', { run_id: 'cancel-load' });
    assert.equal(c.result.state, 'cancelled');
    const startedAtCancel = c.result.counts.started;
    assert.ok(startedAtCancel < 1000);
    await new Promise((r) => setTimeout(r, 400));
    const q = await call(svc.port, 'QueryTest', { run_id: 'cancel-load' });
    assert.equal(q.result.counts.started, startedAtCancel, 'instances started after the cancel');
  });

  test('a linear run whose instances fall due faster than they run does not starve the service: CancelTest reaches it', async () => {
    // 100,000 synchronous instances all due within 10 ms: the scheduler must start them in slices and yield to I/O
    // between them, not in one block of every instance that is due (which ran the whole run before CancelTest).
    const total = 100_000;
    const r = await call(svc.port, 'ExecuteTest', { run_id: 'sync-linear', distribution: { type: 'linear', total, backlog: total, cps: { rate: 10_000_000 } }, operations: [{ type: 'set', arguments: { vars: { a: '{ 1 + 1 }' } } }] });
    assert.equal(r.result, 'ok');
    await new Promise((r) => setTimeout(r, 30));
    const c = await call(svc.port, 'CancelTest', { run_id: 'sync-linear' });
    assert.equal(c.result.state, 'cancelled', `the run had already ${c.result.state} all ${c.result.counts.started} instances before CancelTest was read`);
    assert.ok(c.result.counts.started + c.result.counts.dropped < total);
  });

  test('cancelling a linear run stops its schedule: nothing more is started or dropped', async () => {
    await call(svc.port, 'ExecuteTest', { run_id: 'cancel-linear', distribution: { type: 'linear', total: 10000, backlog: 2, cps: { rate: 100 } }, operations: [{ type: 'wait', arguments: { seconds: 1 } }] });
    await new Promise((r) => setTimeout(r, 100));
    const c = await call(svc.port, 'CancelTest', { run_id: 'cancel-linear' });
    assert.equal(c.result.state, 'cancelled');
    const seen = c.result.counts.started + c.result.counts.dropped;
    await new Promise((r) => setTimeout(r, 300));
    const q = await call(svc.port, 'QueryTest', { run_id: 'cancel-linear' });
    assert.equal(q.result.counts.started + q.result.counts.dropped, seen);
  });
});

describe('retention', () => {
  test('with forget_on_read, the first QueryTest that sees the run completed is the last', async () => {
    const s = await startTestService([{ name: 'logic' }], { forgetOnRead: true });
    try {
      await call(s.port, 'ExecuteTest', { run_id: 'forget-me', operations: [{ type: 'wait', arguments: { seconds: 0.1 } }] });
      const running = await call(s.port, 'QueryTest', { run_id: 'forget-me' });
      assert.equal(running.result.completed, 0, 'a running run is not forgotten by a read');
      const rec = await waitForRun(s.port, 'forget-me');
      assert.equal(rec.completed, 1);
      const again = await call(s.port, 'QueryTest', { run_id: 'forget-me' });
      assert.equal(again.error?.code, 2004);
      // Forgotten means the id is free again.
      const reuse = await call(s.port, 'ExecuteTest', { run_id: 'forget-me', operations: [{ type: 'comment' }] });
      assert.equal(reuse.result, 'ok');
    } finally {
      await s.close();
    }
  });

  test('a completed run is forgotten after retention_secs: QueryTest gives 2004', async () => {
    const s = await startTestService([{ name: 'logic' }], { retentionSecs: 0.2 });
    try {
      const rec = await runToCompletion(s.port, { run_id: 'short-lived', operations: [{ type: 'comment' }] });
      assert.equal(rec.completed, 1);
      await new Promise((r) => setTimeout(r, 600)); // three times the retention
      const q = await call(s.port, 'QueryTest', { run_id: 'short-lived' });
      assert.equal(q.error?.code, 2004, `QueryTest 0.6 s after completion with retention_secs 0.2: ${JSON.stringify(q.error ?? q.result.state)}`);
    } finally {
      await s.close();
    }
  });

  test('a run_id whose retention has expired can be used again', async () => {
    const s = await startTestService([{ name: 'logic' }], { retentionSecs: 0.2 });
    try {
      await runToCompletion(s.port, { run_id: 'reuse-after-retention', operations: [{ type: 'comment' }] });
      await new Promise((r) => setTimeout(r, 600));
      const r = await call(s.port, 'ExecuteTest', { run_id: 'reuse-after-retention', operations: [{ type: 'comment' }] });
      assert.equal(r.result, 'ok', `ExecuteTest 0.6 s after completion with retention_secs 0.2: ${JSON.stringify(r.error)}`);
    } finally {
      await s.close();
    }
  });

  test('at most max_retained_runs completed runs are kept, oldest forgotten first', async () => {
    const s = await startTestService([{ name: 'logic' }], { maxRetainedRuns: 2 });
    try {
      for (const id of ['keep-1', 'keep-2', 'keep-3', 'keep-4']) await runToCompletion(s.port, { run_id: id, operations: [{ type: 'comment' }] });
      const codes = [];
      for (const id of ['keep-1', 'keep-2', 'keep-3', 'keep-4']) codes.push((await call(s.port, 'QueryTest', { run_id: id })).error?.code ?? 'ok');
      assert.deepEqual(codes, [2004, 2004, 'ok', 'ok']);
    } finally {
      await s.close();
    }
  });
});
