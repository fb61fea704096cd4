// The result record of DESIGN §5: the anchor's keys (so existing clients work) and ours, for QueryTest and
// CancelTest, with the types clients rely on.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, call, runToCompletion } from '../helpers/service.js';
import type { RunningService } from '../../core/service.js';

let svc: RunningService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc.close();
});

const secUsec = (v: unknown) => Array.isArray(v) && v.length === 2 && Number.isInteger(v[0]) && Number.isInteger(v[1]) && v[1] >= 0 && v[1] < 1_000_000;
const summary = (v: any) => ['count', 'p50', 'p90', 'p99', 'max'].every((k) => typeof v?.[k] === 'number');

test('a completed record has every key of the anchor and of DESIGN §5', async () => {
  const rec = await runToCompletion(svc.port, {
    run_id: 'record-keys',
    distribution: { type: 'load', total: 6, backlog: 2 },
    operations: [{ type: 'wait', arguments: { seconds: 0.005 } }, { type: 'assert', arguments: { expression: '$n != 3', fail: 'three' } }, { type: 'set', arguments: { globals: { seen: true } } }],
  });
  assert.equal(rec.run_id, 'record-keys');
  assert.equal(rec.completed, 1);
  assert.equal(rec.state, 'completed');
  for (const k of ['time_now', 'time_start', 'time_finish']) assert.ok(secUsec(rec[k]), k);
  assert.equal(typeof rec.duration, 'number');
  assert.ok(rec.duration > 0);
  for (const k of ['started', 'finished', 'failed', 'aborted', 'cancelled', 'dropped']) assert.equal(typeof rec.counts[k], 'number', `counts.${k}`);
  assert.deepEqual([rec.counts.started, rec.counts.finished, rec.counts.failed], [6, 6, 1]);
  assert.ok(secUsec(rec.first_call_summary.time_start));
  assert.equal(rec.first_fails.length, 1);
  assert.deepEqual(Object.keys(rec.first_fails[0]).sort(), ['idx', 'op_idx', 'text', 'time']);
  assert.equal(rec.first_fails[0].idx, 3);
  assert.deepEqual(rec.first_aborts, []);
  assert.deepEqual(rec.globals, { seen: true });
  assert.ok(rec.buckets.length >= 1);
  for (const b of rec.buckets) for (const k of ['second', 'started', 'finished', 'failed', 'aborted', 'p50', 'p99']) assert.equal(typeof b[k], 'number', `bucket.${k}`);
  for (const k of ['check_log', 'trace_log', 'messages']) assert.ok(Array.isArray(rec.first_call[k]), `first_call.${k}`);
  assert.equal(typeof rec.first_call.vars, 'object');
  assert.ok(summary(rec.latency.instance));
  for (const op of ['wait', 'assert', 'set']) assert.ok(summary(rec.latency.operations[op]), `latency.operations.${op}`);
  assert.ok(rec.latency.operations.wait.p50 > 0);
  assert.equal(typeof rec.rate, 'number');
  assert.ok(rec.rate > 0);
});

test('CancelTest returns the record with cancelled 1; a finished run gives cancelled 0', async () => {
  await call(svc.port, 'ExecuteTest', { run_id: 'record-cancel', operations: [{ type: 'wait', arguments: { seconds: 30 } }] });
  const c = (await call(svc.port, 'CancelTest', { run_id: 'record-cancel' })).result;
  assert.equal(c.cancelled, 1);
  assert.equal(c.completed, 1);
  assert.ok(secUsec(c.time_finish));
  assert.equal(c.first_call_summary.outcome, 'cancelled');
  await runToCompletion(svc.port, { run_id: 'record-done', operations: [{ type: 'comment' }] });
  const d = (await call(svc.port, 'CancelTest', { run_id: 'record-done' })).result;
  assert.equal(d.cancelled, 0);
  assert.equal(d.state, 'completed');
});
