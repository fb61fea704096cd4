// builtins/workers/pool.ts (docs/workers.md): a worker thread of `--workers 2` that dies during a run (process.exit
// in the thread, from a test-only plugin: test/fixtures/workers/crash.ts) ends the runs that had a part on it
// aborted, with the worker and its exit code in the reason, locks released and the record stored; a run on the main
// thread alone goes on; the worker is restarted, and the next run is split over 2 workers again and passes.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { call, runToCompletion, startTestService, waitForRun } from '../../helpers/service.js';
import type { RunningService } from '../../../core/service.js';
import { RunStore } from '../../../builtins/store/run-store.js';

const crash = fileURLToPath(new URL('../../fixtures/workers/crash.ts', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tester-workers-'));
const lines: string[] = [];
let svc: RunningService;

before(async () => {
  svc = await startTestService([{ name: 'logic' }, { module: crash }], { workers: 2, metricsPort: 0, store: join(dir, 'runs.db'), dataDir: dir, quiet: false, log: (l) => lines.push(l) });
});
after(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Poll until `ok` holds (generous: a busy machine). */
async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

test('a worker thread that dies: its run ends aborted, other runs go on, the worker is restarted', async () => {
  // a run on the main thread alone (a single run), running across the crash
  const by = await call(svc.port, 'ExecuteTest', { run_id: 'bystander', operations: [{ type: 'wait', arguments: { seconds: 600 } }] });
  assert.ok(!by.error, JSON.stringify(by.error));

  const ex = await call(svc.port, 'ExecuteTest', {
    run_id: 'crashed',
    locks: [{ key: 'k-crash' }],
    distribution: { type: 'load', total: 10, backlog: 4 },
    // the wait first: the worker has answered ExecuteTest's part before it dies (dying first refuses the run, 2003)
    operations: [{ type: 'wait', arguments: { seconds: 0.05 } }, { type: 'fx_crash.local.Exit', arguments: { worker: 1, code: 7 } }, { type: 'wait', arguments: { seconds: 600 } }],
  });
  assert.ok(!ex.error, JSON.stringify(ex.error));
  const done = await waitForRun(svc.port, 'crashed', { timeoutMs: 60_000 });
  assert.equal(done.state, 'aborted');
  assert.match(done.abort_reason, /worker 1 exited \(code 7\)/);
  assert.deepEqual(done.workers.map((w: any) => w.state), ['cancelled', 'aborted']);
  assert.equal(svc.runs.locks.size, 0, 'its lock released');
  // its record is stored (the store writes on its own timer: flushed here)
  (svc.builtins.store as RunStore).flush();
  const peek = new RunStore(join(dir, 'runs.db'), () => {});
  try {
    const stored = peek.all().find((r) => r.runId === 'crashed');
    assert.equal(stored?.state, 'aborted');
    assert.match(String(stored?.record.abort_reason), /worker 1 exited \(code 7\)/);
  } finally {
    peek.close();
  }
  // the run on the main thread was not disturbed
  const q = await call(svc.port, 'QueryTest', { run_id: 'bystander' });
  assert.equal(q.result.state, 'running');

  // worker 1 is restarted
  const list = await until(
    'worker 1 restarted',
    async () => (await call(svc.port, 'ListTests', {})).result,
    (r: any) => r.service.workers?.[0]?.state === 'up' && r.service.workers[0].restarts === 1,
  );
  assert.deepEqual(list.service.workers, [{ index: 1, state: 'up', restarts: 1 }]);
  assert.ok(lines.some((l) => /worker 1 exited \(code 7\).*restarting it/.test(l)), lines.join('\n'));

  // and the next run is split over 2 workers again, and passes
  const next = await runToCompletion(svc.port, { run_id: 'after', distribution: { type: 'load', total: 20, backlog: 4 }, operations: [{ type: 'set', arguments: { vars: { x: '{$n}' } } }] }, { timeoutMs: 60_000 });
  assert.equal(next.state, 'completed');
  assert.equal(next.workers?.length, 2, JSON.stringify(next.workers));
  assert.ok(next.workers.every((w: any) => w.counts.passed > 0));
  assert.equal(next.counts.passed, 20);

  const text = await (await fetch(`http://127.0.0.1:${svc.served.metrics!.port}/metrics`)).text();
  assert.match(text, /^tester_worker_restarts_total\{worker="1"\} 1$/m);
  assert.match(text, /^tester_worker_up\{worker="1"\} 1$/m);

  await call(svc.port, 'CancelTest', { run_id: 'bystander' });
  assert.equal((await waitForRun(svc.port, 'bystander', { timeoutMs: 60_000 })).state, 'cancelled');
});
