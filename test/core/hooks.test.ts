// core/hooks.ts and their use by the engine: the order of the lifecycle events seen by a plugin's taps, and what
// a throwing tap does (docs/hooks.md): runCreated → 2003, beforeStart → all aborted, done → ignored; and taps
// without a documented error rule must not wedge the run or the service.
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startTestService, call, runToCompletion, waitForRun } from '../helpers/service.js';
import type { RunningService } from '../../core/service.js';
import type { HookTapExports } from './plugins/fixtures/hook-tap.js';

const module = fileURLToPath(new URL('./plugins/fixtures/hook-tap.ts', import.meta.url));
const services: RunningService[] = [];
after(async () => {
  for (const s of services) await s.close();
});

// A throwing SyncHook tap inside a promise callback would be an unhandled rejection; record them instead of
// letting them end this test process, and report them in the assertions.
const unhandled: unknown[] = [];
process.on('unhandledRejection', (e) => unhandled.push(e));

async function service(throwIn?: string): Promise<{ svc: RunningService; events: HookTapExports['events']; callable: string[] }> {
  const svc = await startTestService([{ name: 'logic' }, { module, options: throwIn ? { throwIn } : {} }]);
  services.push(svc);
  const exp = svc.plugins.find((p) => p.def.name === 'fx_hooks')!.exports as HookTapExports;
  return { svc, events: exp.events, callable: exp.callable };
}

test('plugins get hooks they can tap but not call, for the service and for each run', async () => {
  const { svc, events, callable } = await service();
  await runToCompletion(svc.port, { run_id: 'hooks-tap-only', operations: [{ type: 'comment' }] });
  assert.ok(events.has('hooks-tap-only'), 'the run hooks were handed to the plugin');
  assert.deepEqual(callable, []);
});

describe('hook order', () => {
  test('a run fires runCreated, beforeStart, per instance start/operations/done, then done', async () => {
    const { svc, events } = await service();
    await runToCompletion(svc.port, {
      run_id: 'hooks-order',
      distribution: { type: 'load', total: 2, backlog: 1 },
      operations: [{ type: 'comment' }, { type: 'wait', arguments: { seconds: 0.001 } }],
    });
    assert.deepEqual(events.get('hooks-order'), [
      'runCreated',
      'beforeStart',
      'instanceStart 0',
      'operationStart 0/0 comment',
      'operationDone 0/0 ok',
      'operationStart 0/1 wait',
      'operationDone 0/1 ok',
      'instanceDone 0 passed',
      'instanceStart 1',
      'operationStart 1/0 comment',
      'operationDone 1/0 ok',
      'operationStart 1/1 wait',
      'operationDone 1/1 ok',
      'instanceDone 1 passed',
      'done',
    ]);
  });

  test('an aborted operation reports operationDone aborted and instanceDone aborted', async () => {
    const { svc, events } = await service();
    await runToCompletion(svc.port, { run_id: 'hooks-abort', operations: [{ type: 'assert', arguments: { expression: 'false', abort: 'x' } }] });
    assert.deepEqual(events.get('hooks-abort')!.slice(3), ['operationStart 0/0 assert', 'operationDone 0/0 aborted', 'instanceDone 0 aborted', 'done']);
  });

  test('a refused ExecuteTest fires no hook', async () => {
    const { svc, events } = await service();
    await call(svc.port, 'ExecuteTest', { run_id: 'hooks-refused', operations: [{ type: 'nope' }] });
    assert.equal(events.has('hooks-refused'), false);
  });
});

describe('a throwing tap', () => {
  test('runCreated: the run is refused with 2003, its run_id and locks are not taken', async () => {
    const { svc } = await service('runCreated');
    const r = await call(svc.port, 'ExecuteTest', { run_id: 'hooks-rc', locks: [{ key: 'hooks-rc-key' }], operations: [{ type: 'comment' }] });
    assert.equal(r.error?.code, 2003);
    assert.match(r.error!.message, /runCreated/);
    assert.equal((await call(svc.port, 'QueryTest', { run_id: 'hooks-rc' })).error?.code, 2004);
    const l = (await call(svc.port, 'ListTests', {})).result;
    assert.equal(l.locks_held, 0);
  });

  test('beforeStart: the run ends at once with every instance counted aborted and the reason in first_aborts', async () => {
    const { svc } = await service('beforeStart');
    const rec = await runToCompletion(svc.port, { run_id: 'hooks-bs', locks: [{ key: 'hooks-bs-key' }], distribution: { type: 'load', total: 5, backlog: 2 }, operations: [{ type: 'comment' }] });
    assert.equal(rec.counts.aborted, 5);
    assert.equal(rec.counts.started, 0);
    assert.match(rec.first_aborts[0].text, /beforeStart: fixture tap fails in beforeStart/);
    // The lock is released.
    const again = await call(svc.port, 'ExecuteTest', { run_id: 'hooks-bs-2', locks: [{ key: 'hooks-bs-key' }], operations: [{ type: 'comment' }] });
    assert.equal(again.error?.code ?? 0, 0);
  });

  test('done: ignored, the run completes with its outcome', async () => {
    const { svc } = await service('done');
    const rec = await runToCompletion(svc.port, { run_id: 'hooks-done', operations: [{ type: 'comment' }] });
    assert.equal(rec.state, 'completed');
    assert.equal(rec.counts.passed, 1);
  });

  test('operationStart: the instance aborts with a readable reason; the run completes', async () => {
    const { svc } = await service('operationStart');
    const rec = await runToCompletion(svc.port, { run_id: 'hooks-os', operations: [{ type: 'comment' }] }, { timeoutMs: 5000 });
    assert.equal(rec.counts.aborted, 1);
    assert.match(rec.first_aborts[0].text, /fixture tap fails in operationStart/);
  });

  test('instanceDone: reported in hook_errors, the other taps (the counts) still run, the run completes and releases its locks', async () => {
    const { svc, events } = await service('instanceDone');
    const r = await call(svc.port, 'ExecuteTest', { run_id: 'hooks-id', locks: [{ key: 'hooks-id-key' }], distribution: { type: 'load', total: 3, backlog: 1 }, operations: [{ type: 'comment' }] });
    assert.equal(r.result, 'ok');
    let rec: any;
    try {
      rec = await waitForRun(svc.port, 'hooks-id', { timeoutMs: 3000 });
    } catch {
      const q = (await call(svc.port, 'QueryTest', { run_id: 'hooks-id' })).result;
      assert.fail(`the run never completed (state ${q.state}, counts ${JSON.stringify(q.counts)}, in_progress ${q.in_progress}); unhandled rejections: ${unhandled.map(String).join('; ')}`);
    }
    assert.equal(rec.completed, 1);
    assert.equal(rec.counts.passed, 3, 'the core result taps run despite the throwing plugin tap');
    assert.equal(events.get('hooks-id')!.filter((e) => e.startsWith('instanceDone')).length, 3);
    assert.equal(rec.hook_errors.length, 3);
    assert.deepEqual({ ...rec.hook_errors[0], time: undefined }, { hook: 'instanceDone', tap: 'fx_hooks', text: 'fixture tap fails in instanceDone', time: undefined });
    const again = await call(svc.port, 'ExecuteTest', { run_id: 'hooks-id-2', locks: [{ key: 'hooks-id-key' }], operations: [{ type: 'wait', arguments: { seconds: 0 } }] });
    assert.equal(again.error, null);
  });

  test('hook_errors keeps the first 10', async () => {
    const { svc } = await service('instanceDone');
    const rec = await runToCompletion(svc.port, { run_id: 'hooks-many', distribution: { type: 'load', total: 15, backlog: 3 }, operations: [{ type: 'comment' }] });
    assert.equal(rec.counts.passed, 15);
    assert.equal(rec.hook_errors.length, 10);
  });

  test('a run without throwing taps has no hook_errors', async () => {
    const { svc } = await service();
    const rec = await runToCompletion(svc.port, { run_id: 'hooks-clean', operations: [{ type: 'comment' }] });
    assert.equal(rec.hook_errors, undefined);
  });

  test('operationDone: the instance aborts with a readable reason; the run completes and releases its locks', async () => {
    const { svc } = await service('operationDone');
    const r = await call(svc.port, 'ExecuteTest', { run_id: 'hooks-od', locks: [{ key: 'hooks-od-key' }], operations: [{ type: 'comment' }] });
    assert.equal(r.result, 'ok');
    let rec: any;
    try {
      rec = await waitForRun(svc.port, 'hooks-od', { timeoutMs: 3000 });
    } catch {
      const q = (await call(svc.port, 'QueryTest', { run_id: 'hooks-od' })).result;
      assert.fail(`the run never completed (state ${q.state}, counts ${JSON.stringify(q.counts)}, in_progress ${q.in_progress})`);
    }
    assert.equal(rec.counts.aborted, 1);
    assert.match(rec.first_aborts[0].text, /fixture tap fails in operationDone/);
  });

  test('instanceStart: the run still completes and releases its locks (no wedged run)', async () => {
    const { svc } = await service('instanceStart');
    const r = await call(svc.port, 'ExecuteTest', { run_id: 'hooks-is', locks: [{ key: 'hooks-is-key' }], operations: [{ type: 'comment' }] });
    assert.equal(r.result, 'ok');
    let rec: any;
    try {
      rec = await waitForRun(svc.port, 'hooks-is', { timeoutMs: 3000 });
    } catch {
      const q = (await call(svc.port, 'QueryTest', { run_id: 'hooks-is' })).result;
      assert.fail(`the run never completed (state ${q.state}, counts ${JSON.stringify(q.counts)}, in_progress ${q.in_progress})`);
    }
    assert.equal(rec.completed, 1);
    assert.equal(rec.counts.passed, 1);
    assert.equal(rec.hook_errors[0].hook, 'instanceStart');
  });
});

test('the guarded hooks hand every argument to each tap (instanceStart its clock too), and a throwing tap is reported', async () => {
  const { createRunHooks } = await import('../../core/hooks.js');
  const errors: string[] = [];
  const hooks = createRunHooks((hook, tap) => errors.push(`${hook}/${tap}`));
  const seen: unknown[] = [];
  hooks.instanceStart.tap('a', () => {
    throw new Error('boom');
  });
  hooks.instanceStart.tap('b', (index, at) => seen.push(['start', index, at]));
  hooks.instanceDone.tap('b', (s) => seen.push(['done', s.index, s.outcome, s.endedAt]));
  hooks.instanceStart.call(3, 12.5);
  hooks.instanceDone.call({ index: 3, outcome: 'passed', latencyMs: 1, endedAt: 13.5 });
  assert.deepEqual(seen, [['start', 3, 12.5], ['done', 3, 'passed', 13.5]]);
  assert.deepEqual(errors, ['instanceStart/a']);
});
