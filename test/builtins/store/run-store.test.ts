// builtins/store/run-store.ts with the service: results survive a restart. A graceful stop saves running runs as
// `interrupted`; a crash (SIGKILL of a real `tester serve`) leaves their last snapshot, read back as `interrupted`;
// completed runs answer QueryTest after the restart, keep their run_id taken, and retention applies to the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService, call, runToCompletion, waitForRun } from '../../helpers/service.js';
import { repoRoot, scratch } from '../../cli/helpers.js';
import { RunStore } from '../../../builtins/store/run-store.js';

const longRun = (run_id: string) => ({ run_id, distribution: { type: 'load', total: 1_000_000, backlog: 2 }, operations: [{ type: 'wait', arguments: { seconds: 0.01 } }] });

test('a graceful restart: completed runs answer QueryTest again, a running one is interrupted with its counts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tester-store-'));
  const store = join(dir, 'runs.db');
  try {
    const a = await startTestService([{ name: 'logic' }], { store, dataDir: dir });
    const done = await runToCompletion(a.port, { run_id: 'kept', distribution: { type: 'load', total: 20, backlog: 5 }, operations: [{ type: 'comment' }] });
    assert.equal(done.counts.passed, 20);
    assert.equal((await call(a.port, 'ExecuteTest', longRun('busy'))).result, 'ok');
    let started = 0;
    while (started < 10) started = ((await call(a.port, 'QueryTest', { run_id: 'busy' })).result as any).counts.started;
    await a.close();

    const b = await startTestService([{ name: 'logic' }], { store, dataDir: dir });
    try {
      const kept = (await call(b.port, 'QueryTest', { run_id: 'kept' })).result as any;
      assert.equal(kept.state, 'completed');
      assert.equal(kept.counts.passed, 20);
      assert.deepEqual(kept.distribution, done.distribution);
      const busy = (await call(b.port, 'QueryTest', { run_id: 'busy' })).result as any;
      assert.equal(busy.state, 'interrupted');
      assert.equal(busy.completed, 1);
      assert.ok(busy.counts.started >= 10, JSON.stringify(busy.counts));
      const list = (await call(b.port, 'ListTests', {})).result as any;
      assert.deepEqual(list.runs.map((r: any) => r.run_id).sort(), ['busy', 'kept']);
      const again = await call(b.port, 'ExecuteTest', { run_id: 'kept', operations: [{ type: 'comment' }] });
      assert.equal(again.error?.code, 2001, 'a stored run keeps its run_id taken');
      const cancel = (await call(b.port, 'CancelTest', { run_id: 'busy' })).result as any;
      assert.equal(cancel.cancelled, 0);
    } finally {
      await b.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('retention applies to the store: past runs beyond max_retained_runs are forgotten at start, oldest first', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tester-store-'));
  const store = join(dir, 'runs.db');
  try {
    const a = await startTestService([{ name: 'logic' }], { store, dataDir: dir });
    for (const id of ['r1', 'r2', 'r3']) await runToCompletion(a.port, { run_id: id, operations: [{ type: 'comment' }] });
    await a.close();
    const b = await startTestService([{ name: 'logic' }], { store, dataDir: dir, maxRetainedRuns: 2 });
    const ids = ((await call(b.port, 'ListTests', {})).result as any).runs.map((r: any) => r.run_id).sort();
    await b.close();
    assert.deepEqual(ids, ['r2', 'r3']);
    const s = new RunStore(store);
    assert.deepEqual(s.all().map((r) => r.runId).sort(), ['r2', 'r3'], 'the forgotten run is gone from the file too');
    s.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

function serve(configDir: string, config: string, store: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [join(repoRoot, 'bin/tester.js'), 'serve', '--port', '0', '--config', config, '--data-dir', join(configDir, 'data'), '--store', store, '--quiet'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening 127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code} before listening: ${out}`)));
  });
}

test('a crash (SIGKILL) mid-run: after the restart the run is interrupted with its last saved counts', async () => {
  const s = scratch();
  const store = join(s.dir, 'runs.db');
  const require = createRequire(import.meta.url);
  const Database = require('better-sqlite3');
  let first: ChildProcess | undefined;
  let second: ChildProcess | undefined;
  try {
    const a = await serve(s.dir, s.config, store);
    first = a.child;
    assert.equal((await call(a.port, 'ExecuteTest', longRun('crashed'))).result, 'ok');
    // wait until a snapshot of the running run is in the file (the store writes them every few seconds)
    for (;;) {
      const db = new Database(store, { readonly: true, fileMustExist: true });
      const row = db.prepare("SELECT state FROM runs WHERE run_id = 'crashed'").get();
      db.close();
      if (row) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise<void>((resolve) => {
      a.child.once('exit', () => resolve());
      a.child.kill('SIGKILL');
    });
    const b = await serve(s.dir, s.config, store);
    second = b.child;
    const rec = await waitForRun(b.port, 'crashed');
    assert.equal(rec.state, 'interrupted');
    assert.match(rec.interrupted_reason, /service stopped/);
    assert.ok(rec.counts.started > 0, JSON.stringify(rec.counts));
  } finally {
    for (const c of [first, second]) if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    rmSync(s.dir, { recursive: true, force: true });
  }
});
