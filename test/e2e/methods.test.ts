// The extra methods of DESIGN §2: ListTests and DescribeOperations, over TCP.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, call, waitForRun } from '../helpers/service.js';
import type { RunningService } from '../../core/service.js';
import type { TestRun } from '../../core/engine/run.js';

let svc: RunningService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc.close();
});

test('ListTests shows running and completed runs with state and counts, and the locks held', async () => {
  await call(svc.port, 'ExecuteTest', { run_id: 'list-running', locks: [{ key: 'list-key' }], operations: [{ type: 'wait', arguments: { seconds: 30 } }] });
  await call(svc.port, 'ExecuteTest', { run_id: 'list-done', operations: [{ type: 'comment' }] });
  await waitForRun(svc.port, 'list-done');
  const l = (await call(svc.port, 'ListTests', {})).result;
  const byId = Object.fromEntries(l.runs.map((r: any) => [r.run_id, r]));
  assert.equal(byId['list-running'].state, 'running');
  assert.equal(byId['list-running'].completed, 0);
  assert.equal(byId['list-running'].in_progress, 1);
  assert.equal(byId['list-done'].state, 'completed');
  assert.equal(byId['list-done'].counts.passed, 1);
  assert.equal(l.locks_held, 1);
  assert.deepEqual(l.gateways, []);
  // the service process: what a GUI shows as health and npm run soak samples
  assert.equal(l.service.pid, process.pid);
  assert.ok(Number.isInteger(l.service.uptime_s) && l.service.uptime_s >= 0);
  assert.deepEqual(Object.keys(l.service.memory), ['rss', 'heap_used', 'heap_total', 'external', 'array_buffers']);
  assert.ok(l.service.memory.rss > l.service.memory.heap_used && l.service.memory.heap_used > 0);
  await call(svc.port, 'CancelTest', { run_id: 'list-running' });
  assert.equal((await call(svc.port, 'ListTests', {})).result.locks_held, 0);
});

test('ListTests reads each run\'s counters, not its record (records compute percentiles: 1,000 of them kept the loop ~150 ms); the fields agree with QueryTest', async () => {
  await call(svc.port, 'ExecuteTest', { run_id: 'list-light', distribution: { type: 'load', total: 5, backlog: 2 }, operations: [{ type: 'comment' }] });
  const q = await waitForRun(svc.port, 'list-light');
  const run = svc.runs.find('list-light') as TestRun;
  const { record, recordNow } = run;
  run.record = run.recordNow = () => {
    throw new Error('ListTests built a full record');
  };
  try {
    const l = await call(svc.port, 'ListTests', {});
    assert.equal(l.error, null);
    const line = l.result.runs.find((r: any) => r.run_id === 'list-light');
    assert.deepEqual(line, { run_id: q.run_id, state: q.state, completed: q.completed, counts: q.counts, in_progress: q.in_progress, time_start: q.time_start, rate: q.rate });
  } finally {
    Object.assign(run, { record, recordNow });
  }
});

test('DescribeOperations lists every logic operation with its argument schema, and the expression functions', async () => {
  const d = (await call(svc.port, 'DescribeOperations', {})).result;
  const types = d.operations.map((o: any) => o.type).sort();
  assert.deepEqual(types, ['assert', 'branch', 'call', 'choose', 'comment', 'halt', 'parallel', 'repeat', 'set', 'wait']);
  const wait = d.operations.find((o: any) => o.type === 'wait');
  assert.equal(wait.direction, 'local');
  assert.deepEqual(wait.arguments.required, ['seconds']);
  assert.equal(wait.arguments.additionalProperties, false);
  assert.ok(typeof wait.description === 'string' && wait.description.length > 0);
  assert.deepEqual(d.plugins.map((p: any) => p.name), ['logic']);
  for (const f of ['pad', 'randomDigits', 'sequence', 'uuid', 'substring', 'now']) assert.ok(d.expression_functions.includes(f), f);
});
