// core/engine/thresholds.ts: the threshold grammar, its 2002s, and the service's evaluation into the record.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { compileThresholds, evaluateThresholds } from '../../../core/engine/thresholds.js';
import type { Distribution } from '../../../core/engine/definition.js';
import { startTestService, call, runToCompletion } from '../../helpers/service.js';
import type { RunningService } from '../../../core/service.js';

const linear: Distribution = { type: 'linear', total: 1000, backlog: 10, rate: 200, start: 200, rampSecs: 0, arrival: 'uniform' };
const load: Distribution = { ...linear, type: 'load', rate: 0 };

test('bounds: numbers, and numbers times target (a linear run\'s rate) or total', () => {
  const c = compileThresholds(['p99_ms < 50', 'rate >= 0.99 * target', 'started>=total*0.5', 'failed_rate<=1e-2', 'p90_ms[wait] != -1.5', 'dropped == target'], linear);
  assert.deepEqual(
    c.map((t) => [t.metric, t.opType, t.cmp, t.bound]),
    [
      ['p99_ms', undefined, '<', 50],
      ['rate', undefined, '>=', 198],
      ['started', undefined, '>=', 500],
      ['failed_rate', undefined, '<=', 0.01],
      ['p90_ms', 'wait', '!=', -1.5],
      ['dropped', undefined, '==', 200],
    ],
  );
});

test('bad thresholds are 2002 naming thresholds[i] and what is wrong', () => {
  const bad: Array<[string, Distribution, RegExp]> = [
    ['p99 < 50', linear, /thresholds\[0\]: unknown metric 'p99'.*p99_ms/],
    ['p99_ms 50', linear, /thresholds\[0\]: 'p99_ms 50' is not METRIC OP BOUND/],
    ['p99_ms < fifty', linear, /bound 'fifty' is not a number/],
    ['rate >= 0.9 * target', load, /'target' is the rate of a linear distribution; this run is load/],
    ['failed_rate[wait] < 1', linear, /'failed_rate' has no per-operation form/],
  ];
  for (const [expr, d, re] of bad) {
    assert.throws(() => compileThresholds([expr], d), (e: any) => e.code === 2002 && re.test(e.message), expr);
  }
});

test('evaluation on a record: measured values, ok, and no value before anything finished', () => {
  const rec = {
    counts: { started: 100, finished: 98, passed: 95, failed: 2, aborted: 1, cancelled: 0, dropped: 4 },
    rate: 199.5,
    duration: 0.5,
    max_in_progress: 7,
    latency: { instance: { count: 98, p50: 3, p90: 8, p99: 42.5, max: 60, mean: 4 }, operations: { wait: { count: 98, p50: 1, p90: 2, p99: 3, max: 4, mean: 1 } }, distribution: [] },
  };
  const c = compileThresholds(['p99_ms < 40', 'failed_rate < 0.05', 'rate >= 0.99 * target', 'error_rate <= 0.07', 'p99_ms[wait] < 5', 'p99_ms[set] < 5', 'dropped_rate < 0.01'], linear);
  const r = evaluateThresholds(c, rec);
  assert.deepEqual(
    r.map((t) => [t.metric, t.value, t.ok]),
    [
      ['p99_ms', 42.5, false],
      ['failed_rate', 0.020408, true],
      ['rate', 199.5, true],
      ['error_rate', 0.067308, true],
      ['p99_ms[wait]', 3, true],
      ['p99_ms[set]', null, false],
      ['dropped_rate', 0.038462, false],
    ],
  );
});

let svc: RunningService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc.close();
});

test('the service evaluates the thresholds of a run into its record; a bad one is refused with 2002', async () => {
  const rec = await runToCompletion(svc.port, {
    run_id: `thr-${process.pid}`,
    distribution: { type: 'load', total: 20, backlog: 5 },
    thresholds: ['failed_rate < 0.5', 'passed >= total', 'p99_ms[assert] >= 0', 'failed > 0'],
    operations: [{ type: 'assert', arguments: { expression: '$n % 4 != 1', fail: 'every fourth' } }],
  });
  assert.equal(rec.counts.failed, 5);
  assert.deepEqual(
    rec.thresholds.map((t: any) => [t.expr, t.value, t.bound, t.ok]),
    [
      ['failed_rate < 0.5', 0.25, 0.5, true],
      ['passed >= total', 15, 20, false],
      ['p99_ms[assert] >= 0', rec.latency.operations.assert.p99, 0, true],
      ['failed > 0', 5, 0, true],
    ],
  );
  const bad = await call(svc.port, 'ExecuteTest', { run_id: `thr-bad-${process.pid}`, thresholds: ['latency < 5'], operations: [{ type: 'comment' }] });
  assert.equal(bad.error?.code, 2002);
  assert.match(bad.error!.message, /^thresholds\[0\]: unknown metric 'latency'/);
  const noThresholds = await runToCompletion(svc.port, { run_id: `thr-none-${process.pid}`, operations: [{ type: 'comment' }] });
  assert.equal(noThresholds.thresholds, undefined);
});
