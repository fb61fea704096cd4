// core/engine/failure-evidence.ts: the record's failures[] over the real service: a load run whose instances fail
// or abort by an expression on $n keeps exactly the first N failed and the first N aborted, each with its checks,
// messages (hex at trace_level 2), log lines and vars; `detail.failures` is bounded; trace_level 0 keeps the fails;
// passing and cancelled instances leave nothing; turbo still skips the checks of watched instances.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startTestService, call, runToCompletion } from '../../helpers/service.js';
import type { RunningService } from '../../../core/service.js';
import { MAX_FAILURE_DETAIL } from '../../../core/engine/failure-evidence.js';

const module = fileURLToPath(new URL('../plugins/fixtures/context-ops.ts', import.meta.url));
let svc: RunningService;
let k = 0;
const run = (params: Record<string, unknown>) => runToCompletion(svc.port, { run_id: `fe-${++k}`, ...params }, { timeoutMs: 20_000 });
before(async () => {
  svc = await startTestService([{ name: 'logic' }, { module }]);
});
after(async () => {
  await svc.close();
});

/** Instances fail when $n % 4 == 1 and abort when $n % 5 == 2 (the abort wins: the instance ends there). */
const failing = (total: number, extra: Record<string, unknown> = {}) => ({
  distribution: { type: 'load', total, backlog: 1 },
  vars: { mark: '{ $n * 10 }' },
  operations: [
    { type: 'fx_ctx.local.Message' },
    { type: 'assert', arguments: { expression: '{ $n % 4 != 1 }', fail: "{ 'fail of ' + $n }" } },
    { type: 'assert', arguments: { expression: '{ $n % 5 != 2 }', abort: "{ 'abort of ' + $n }" } },
    { type: 'set', arguments: { vars: { after: 1 } } },
  ],
  ...extra,
});
const range = (n: number) => [...Array(n).keys()];

describe('failures[]', () => {
  test('the first N failed and the first N aborted, in detail, in the order they ended', async () => {
    const rec = await run({ ...failing(60), trace_level: 2, detail: { failures: 3 } });
    const failed = range(60).filter((n) => n % 4 === 1 && n % 5 !== 2);
    const aborted = range(60).filter((n) => n % 5 === 2);
    assert.equal(rec.counts.failed, failed.length);
    assert.equal(rec.counts.aborted, aborted.length);
    const byOutcome = (o: string) => rec.failures.filter((f: any) => f.outcome === o).map((f: any) => f.instance);
    assert.deepEqual(byOutcome('failed'), failed.slice(0, 3));
    assert.deepEqual(byOutcome('aborted'), aborted.slice(0, 3));
    assert.deepEqual(rec.failures.map((f: any) => f.instance), [...failed.slice(0, 3), ...aborted.slice(0, 3)].sort((a, b) => a - b), 'in the order they ended (backlog 1: by $n)');
    for (const f of rec.failures) {
      const n = f.instance;
      assert.equal(f.reason, f.outcome === 'failed' ? `fail of ${n}` : `abort of ${n}`);
      assert.equal(f.op_idx, f.outcome === 'failed' ? 1 : 2);
      assert.equal(f.vars.mark, n * 10, 'vars at the end');
      assert.equal(f.vars.after, f.outcome === 'failed' ? 1 : undefined, 'a failed instance goes on; an aborted one stops');
      assert.deepEqual(f.messages.map((m: any) => [m.direction, m.name, m.hex ?? null]), [['sent', 'Hello', '0102ff'], ['received', 'Bye', null]]);
      assert.equal(f.pcap, `instance-${n}.pcap`);
      assert.ok(f.check_log.some((c: any) => c.status === (f.outcome === 'failed' ? 'fail' : 'abort') && c.text === f.reason));
      assert.ok(f.trace_log.some((t: any) => t.msg === 'dump text'), 'log lines per trace_level');
      assert.ok(f.trace_log.every((t: any) => t.msg !== 'spam text'));
      assert.ok(f.duration >= 0 && Array.isArray(f.time_finish));
    }
    const passedOne = rec.failures.find((f: any) => f.instance === 0);
    assert.equal(passedOne, undefined, 'instance 0 passed: it is first_call only');
    assert.equal(rec.first_call.outcome, 'passed');
  });

  test('default: 5 of each; trace_level 0 keeps the checks and vars, no messages or log lines', async () => {
    const rec = await run(failing(80));
    assert.equal(rec.failures.filter((f: any) => f.outcome === 'failed').length, 5);
    assert.equal(rec.failures.filter((f: any) => f.outcome === 'aborted').length, 5);
    for (const f of rec.failures) {
      assert.deepEqual(f.messages, []);
      assert.deepEqual(f.trace_log, []);
      assert.equal(f.pcap, undefined);
      const statuses = f.check_log.map((c: any) => c.status);
      if (f.outcome === 'failed') assert.deepEqual(statuses, ['fail'], 'at trace_level 0 the passes are not written');
      else assert.deepEqual(statuses, f.instance % 4 === 1 ? ['fail', 'abort'] : ['abort']);
      assert.equal(typeof f.vars.mark, 'number');
    }
  });

  test('trace_level 1: the passes too, fields without hex, no pcap slice', async () => {
    const rec = await run({ ...failing(10), trace_level: 1, detail: { failures: 1 } });
    assert.deepEqual(rec.failures.map((f: any) => [f.instance, f.outcome]), [[1, 'failed'], [2, 'aborted']]);
    const f = rec.failures[0];
    assert.deepEqual(f.check_log.map((c: any) => c.status), ['fail', 'pass']);
    assert.deepEqual(f.messages[0].fields, { a: 1 });
    assert.equal(f.messages[0].hex, undefined);
    assert.equal(f.pcap, undefined);
  });

  test("detail.trace_level sets the failures' detail apart from the first instance's", async () => {
    const cheap = await run({ ...failing(10), trace_level: 2, detail: { failures: 1, trace_level: 0 } });
    assert.equal(cheap.first_call.messages[0].hex, '0102ff', 'the first instance at the run\'s trace_level');
    assert.deepEqual(cheap.failures.map((f: any) => [f.instance, f.messages.length, f.trace_log.length, f.pcap]), [[1, 0, 0, undefined], [2, 0, 0, undefined]]);
    const rich = await run({ ...failing(10), detail: { failures: 1, trace_level: 2 } });
    assert.deepEqual(rich.first_call.messages, [], 'trace_level 0 for the first instance');
    assert.deepEqual(rich.failures.map((f: any) => [f.instance, f.messages[0].hex, f.pcap]), [[1, '0102ff', 'instance-1.pcap'], [2, '0102ff', 'instance-2.pcap']]);
    assert.ok(rich.failures[0].trace_log.some((t: any) => t.msg === 'dump text'));
  });

  test('detail.failures 0 and a run without failures: no failures field', async () => {
    assert.equal((await run({ ...failing(10), detail: { failures: 0 } })).failures, undefined);
    const ok = await run({ distribution: { type: 'load', total: 20, backlog: 4 }, trace_level: 2, operations: [{ type: 'fx_ctx.local.Message' }] });
    assert.equal(ok.counts.passed, 20);
    assert.equal(ok.failures, undefined);
  });

  test('an instance whose vars cannot be evaluated is an aborted failure with its reason', async () => {
    const rec = await run({ distribution: { type: 'load', total: 4, backlog: 1 }, vars: { x: '{ $n == 2 ? pad(1, 100000000) : 1 }' }, operations: [{ type: 'comment', arguments: { text: 'x' } }] });
    assert.equal(rec.counts.aborted, 1);
    assert.equal(rec.failures.length, 1);
    assert.equal(rec.failures[0].instance, 2);
    assert.equal(rec.failures[0].op_idx, -1);
    assert.match(rec.failures[0].reason, /^vars: cannot evaluate/);
  });

  test('turbo: watched instances are not checked either', async () => {
    const rec = await run({ turbo: 1, distribution: { type: 'load', total: 4, backlog: 2 }, operations: [{ type: 'fx_ctx.peer_to_tester.Receive', arguments: { cause: 99 } }] });
    assert.equal(rec.counts.failed, 1);
    assert.deepEqual(rec.failures.map((f: any) => f.instance), [0]);
  });

  test('detail.failures is bounded: past the bound a 2002 naming the field', async () => {
    const over = await call(svc.port, 'ExecuteTest', { run_id: `fe-over-${++k}`, detail: { failures: MAX_FAILURE_DETAIL + 1 }, operations: [{ type: 'comment', arguments: { text: 'x' } }] });
    assert.equal(over.error?.code, 2002);
    assert.match(over.error!.message, /detail\.failures/);
    assert.match(over.error!.message, new RegExp(String(MAX_FAILURE_DETAIL)));
    const unknown = await call(svc.port, 'ExecuteTest', { run_id: `fe-unk-${++k}`, detail: { failure: 1 }, operations: [{ type: 'comment', arguments: { text: 'x' } }] });
    assert.equal(unknown.error?.code, 2002);
    assert.match(unknown.error!.message, /detail/);
  });
});
