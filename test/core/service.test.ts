// core/service.ts: defaults (loopback), listen errors, and close(): running runs cancelled, the port released,
// shutdown taps called.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { startService, defaults } from '../../core/service.js';
import { startTestService, call } from '../helpers/service.js';

const dataDir = `${process.env.TMPDIR ?? '/tmp'}/tester-test-${process.pid}`;

test('the defaults of DESIGN §2: loopback, port 9009, 4 MiB frames, 10 s read timeout, 256 connections', () => {
  assert.equal(defaults.host, '127.0.0.1');
  assert.equal(defaults.port, 9009);
  assert.equal(defaults.maxMessageBytes, 4 * 1024 * 1024);
  assert.equal(defaults.readTimeoutMs, 10_000);
  assert.equal(defaults.maxConnections, 256);
  assert.equal(defaults.retentionSecs, 3600);
});

test('without a host the service binds to loopback only', async () => {
  const svc = await startService({ port: 0, plugins: [{ name: 'logic' }], quiet: true, dataDir });
  try {
    assert.equal(svc.host, '127.0.0.1');
  } finally {
    await svc.close();
  }
});

test('a port in use is a clear error, not a crash', async () => {
  const a = await startTestService();
  try {
    // http off: its port would be the RPC port + 1, which another process may hold; this test is about the RPC port
    await assert.rejects(startTestService([{ name: 'logic' }], { port: a.port, http: false }), /cannot listen on 127\.0\.0\.1:\d+/);
    const r = await call(a.port, 'QueryTest', { run_id: 'x' });
    assert.equal(r.error?.code, 2004, 'the first service still serves');
  } finally {
    await a.close();
  }
});

test('close() interrupts running runs (their instances cancelled), releases the port and runs the shutdown taps', async () => {
  const svc = await startTestService();
  let shutdownTapped = false;
  svc.hooks.shutdown.tapPromise('test', async () => {
    shutdownTapped = true;
  });
  await call(svc.port, 'ExecuteTest', { run_id: 'closing', distribution: { type: 'load', total: 5, backlog: 5 }, operations: [{ type: 'wait', arguments: { seconds: 60 } }] });
  // the run's instances start in the engine's next slice: wait until all five are in flight
  while (((await call(svc.port, 'QueryTest', { run_id: 'closing' })).result as any).counts.started < 5);
  const port = svc.port;
  await svc.close();
  await svc.close(); // idempotent
  const run = svc.runs.find('closing')!;
  assert.equal(run.state, 'interrupted');
  assert.equal((await run.record()).counts.cancelled, 5);
  assert.equal(shutdownTapped, true);
  const refused = await new Promise<boolean>((resolve) => {
    const s = net.connect({ host: '127.0.0.1', port });
    s.on('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.on('error', () => resolve(true));
  });
  assert.equal(refused, true, 'the port still accepts connections after close()');
});

test('the service log names the runs that start and end (quiet off)', async () => {
  const lines: string[] = [];
  const svc = await startTestService([{ name: 'logic' }], { quiet: false, log: (l) => lines.push(l) });
  try {
    await call(svc.port, 'ExecuteTest', { run_id: 'logged-run', operations: [{ type: 'comment' }] });
    for (let i = 0; i < 50 && !lines.some((l) => /logged-run completed/.test(l)); i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(lines.some((l) => /listening on 127\.0\.0\.1:\d+/.test(l)), lines.join('\n'));
    assert.ok(lines.some((l) => /run logged-run started/.test(l)), lines.join('\n'));
    assert.ok(lines.some((l) => /run logged-run completed: started 1, passed 1/.test(l)), lines.join('\n'));
  } finally {
    await svc.close();
  }
});
