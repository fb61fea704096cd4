// plugins/logic/operations/wait.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testOperation } from '../../../../sdk/testing/index.js';
import wait from '../../../../plugins/logic/operations/wait.js';
import { logicService } from '../helpers.js';
import { call, waitForRun } from '../../../helpers/service.js';

testOperation(wait, {
  valid: [{ args: { seconds: 0 } }, { args: { seconds: 0.25 } }, { args: { seconds: '1.5' } }, { args: { seconds: '{ $n / 10 }' } }, { args: { seconds: 86400 } }],
  invalid: [
    { args: {}, path: 'operations[0].arguments.seconds' },
    { args: { seconds: -1 }, path: 'operations[0].arguments.seconds' },
    { args: { seconds: 86401 }, path: 'operations[0].arguments.seconds' },
    { args: { seconds: 'soon' }, path: 'operations[0].arguments.seconds' },
    { args: { seconds: 1, ms: 5 }, path: 'operations[0].arguments.ms' },
  ],
});

const svc = logicService();

test('wait pauses the instance (its latency is about the wait, never near zero)', async () => {
  const rec = await svc.run({ operations: [{ type: 'wait', arguments: { seconds: 0.1 } }] });
  assert.equal(rec.counts.passed, 1);
  // A loose lower bound from the engine's own histogram (never an upper bound): timers may fire a few ms early
  // against performance.now() when the event loop's cached time is stale.
  assert.ok(rec.latency.operations.wait.max >= 80, `wait latency ${rec.latency.operations.wait.max} ms`);
  assert.ok(rec.first_call.duration >= 0.08);
});

test('a cancelled run stops waiting', async () => {
  const port = svc.port();
  const r = await call(port, 'ExecuteTest', { run_id: `wait-cancel-${process.pid}`, operations: [{ type: 'wait', arguments: { seconds: 600 } }] });
  assert.equal(r.result, 'ok');
  const c = await call(port, 'CancelTest', { run_id: `wait-cancel-${process.pid}` });
  assert.equal(c.result.state, 'cancelled');
  assert.equal(c.result.counts.cancelled, 1);
  const rec = await waitForRun(port, `wait-cancel-${process.pid}`, { timeoutMs: 5000 });
  assert.equal(rec.first_call.outcome, 'cancelled');
});
