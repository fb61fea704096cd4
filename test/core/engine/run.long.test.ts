// Long tier: the achieved rates of linear runs (core/engine/run.ts), with tolerances a busy 2-core machine meets.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, runToCompletion } from '../../helpers/service.js';
import type { RunningService } from '../../../core/service.js';

let svc: RunningService;
before(async () => {
  svc = await startTestService([{ name: 'logic' }], { maxRuns: 20 });
});
after(async () => {
  await svc.close();
});

test('linear 200/s for 2,000 instances: the achieved rate is the target within 5%', async () => {
  const rec = await runToCompletion(
    svc.port,
    { run_id: 'long-linear-200', distribution: { type: 'linear', total: 2000, backlog: 200, cps: { rate: 200 } }, operations: [{ type: 'wait', arguments: { seconds: 0.01 } }] },
    { timeoutMs: 60_000, pollMs: 500 },
  );
  assert.equal(rec.counts.started + rec.counts.dropped, 2000);
  assert.ok(rec.counts.dropped <= 40, `dropped ${rec.counts.dropped}`);
  assert.ok(Math.abs(rec.rate - 200) <= 10, `achieved rate ${rec.rate}/s, target 200/s`);
});

test('a ramp 50 → 200/s over 1 s, then 200/s: the average rate lies between the two', async () => {
  const rec = await runToCompletion(
    svc.port,
    { run_id: 'long-linear-ramp', distribution: { type: 'linear', total: 600, backlog: 300, cps: { start: 50, rate: 200, ramp_secs: 1 } }, operations: [{ type: 'wait', arguments: { seconds: 0.005 } }] },
    { timeoutMs: 30_000, pollMs: 200 },
  );
  // 125 instances in the ramp's second, 475 more at 200/s: ~3.4 s, average ~177/s.
  assert.ok(rec.rate > 120 && rec.rate < 200, `average rate ${rec.rate}`);
});

test('a backlog too small for the rate: far fewer start than are scheduled', async () => {
  const rec = await runToCompletion(
    svc.port,
    { run_id: 'long-linear-drop', distribution: { type: 'linear', total: 200, backlog: 5, cps: { rate: 100 } }, operations: [{ type: 'wait', arguments: { seconds: 0.5 } }] },
    { timeoutMs: 20_000, pollMs: 100 },
  );
  // At most the backlog per 0.5 s can run over the ~2 s schedule (plus the last wave).
  assert.ok(rec.counts.started < 60, `started ${rec.counts.started}`);
});
