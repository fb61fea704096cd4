// `tester serve --workers N` (docs/workers.md) with plugins that are and are not multiplied: a run whose operation
// types all belong to multiplied plugins (logic) is split across the workers; a run using a plugin that is not
// multiplied (a peer that takes one connection and closes any other) runs on one worker, and that plugin is loaded
// on the main thread only.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { createServer, type Server } from 'node:net';
import { startTestService, runToCompletion, call, waitForRun } from '../helpers/service.js';
import type { RunningService } from '../../core/service.js';
import type { WorkerPool } from '../../builtins/workers/pool.js';

const lines: string[] = [];
let svc: RunningService;
let peer: Server;
let connections = 0;
before(async () => {
  // the peer: takes one connection, answers ping with pong; closes any further connection at once
  let taken = false;
  peer = createServer((s) => {
    connections++;
    if (taken) return void s.destroy();
    taken = true;
    s.write('welcome\n');
    s.setEncoding('utf8');
    s.on('data', (d: string) => s.write(d.replace(/ping/g, 'pong')));
    s.on('error', () => {});
  });
  await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
  const port = (peer.address() as { port: number }).port;
  svc = await startTestService([{ name: 'logic' }, { module: fileURLToPath(new URL('./fixtures/single-peer.ts', import.meta.url)), options: { port } }], { workers: 2, quiet: false, log: (l) => lines.push(l) });
});
after(async () => {
  await svc?.close();
  peer?.close();
});

test('a plugin that is not multiplied is loaded on the main thread only', () => {
  const setups = lines.filter((l) => l.includes('fx_peer set up'));
  assert.equal(setups.length, 1, lines.join('\n'));
  assert.match(setups[0]!, /worker 0 of 2/);
  assert.ok(lines.some((l) => /2 workers \(multiplied: logic\)/.test(l)), lines.join('\n'));
});

test('a run on a gateway that is not multiplied runs on one worker with --workers 2', async () => {
  const r = await runToCompletion(svc.port, { run_id: 'peer-load', distribution: { type: 'load', total: 20, backlog: 4 }, operations: [{ type: 'fx_peer.local.Request' }, { type: 'set', arguments: { globals: { n: '{($g.n || 0) + 1}' } } }] });
  assert.deepEqual([r.counts.passed, r.counts.failed, r.counts.aborted], [20, 0, 0], JSON.stringify(r.first_fails));
  assert.equal(r.workers, undefined, 'one worker: a plain record');
  assert.equal(r.globals.n, 20, '$g shared by every instance: one worker');
  assert.equal(connections, 1, 'the peer was connected to once');
});

test('a run of multiplied plugins only is split: $g per worker, $n unique', async () => {
  const r = await runToCompletion(svc.port, { run_id: 'logic-load', distribution: { type: 'load', total: 21, backlog: 4 }, operations: [{ type: 'set', arguments: { globals: { ns: "{($g.ns || '') + ' ' + $n}" } } }] });
  assert.deepEqual([r.counts.started, r.counts.passed], [21, 21]);
  assert.equal(r.workers.length, 2);
  const ns = r.workers.flatMap((w: any) => String(w.globals.ns).trim().split(' ').map(Number)).sort((a: number, b: number) => a - b);
  assert.deepEqual(ns, [...Array(21).keys()]);
  assert.equal(r.first_call_summary.idx, '0');
  const list = await call(svc.port, 'ListTests', {});
  assert.deepEqual(list.result.runs.find((x: any) => x.run_id === 'logic-load').counts.passed, 21);
});

test('a single run, and a run smaller than the workers, run on one worker', async () => {
  const single = await runToCompletion(svc.port, { run_id: 'single', operations: [{ type: 'set', arguments: { vars: { x: 1 } } }] });
  assert.equal(single.workers, undefined);
  const tiny = await runToCompletion(svc.port, { run_id: 'tiny', distribution: { type: 'load', total: 1, backlog: 1 }, operations: [{ type: 'comment' }] });
  assert.equal(tiny.workers, undefined);
  assert.equal(tiny.counts.passed, 1);
});

test('a worker thread that exits ends its runs aborted and frees their locks (last: it stops a worker)', async () => {
  const params = { run_id: 'lost', locks: [{ key: 'k-lost' }], distribution: { type: 'load', total: 10, backlog: 4 }, operations: [{ type: 'wait', arguments: { seconds: 60 } }] };
  const r = await call(svc.port, 'ExecuteTest', params);
  assert.ok(!r.error, JSON.stringify(r.error));
  await (svc.builtins.workers as WorkerPool).thread(1)!.worker.terminate();
  const done = await waitForRun(svc.port, 'lost', { timeoutMs: 20_000 });
  assert.equal(done.state, 'aborted');
  assert.match(done.abort_reason, /worker 1 exited/);
  assert.deepEqual(done.workers.map((w: any) => w.state), ['cancelled', 'aborted']);
  assert.equal(svc.runs.locks.size, 0);
});
