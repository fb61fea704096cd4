// cli/commands/serve.ts: `tester serve --port 0` starts, prints where it listens, serves, stops on SIGTERM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, scratch } from '../helpers.js';
import { rpcCall } from '../../../cli/rpc-client.js';

test('serve --port 0 prints its address, answers requests and exits 0 on SIGTERM', async () => {
  const s = scratch();
  const child = spawn(process.execPath, [join(repoRoot, 'bin/tester.js'), 'serve', '--port', '0', '--config', s.config, '--data-dir', join(s.dir, 'data'), '--quiet'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  try {
    let out = '';
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        out += d;
        const m = /listening 127\.0\.0\.1:(\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.on('exit', (code) => reject(new Error(`serve exited ${code} before listening: ${out}`)));
    });
    assert.ok(port > 0);
    const r = await rpcCall({ port }, 'ExecuteTest', { run_id: 'serve-1', operations: [{ type: 'comment' }] });
    assert.equal(r.result, 'ok');
    const code = await new Promise<number | null>((resolve) => {
      child.on('exit', (c) => resolve(c));
      child.kill('SIGTERM');
    });
    assert.equal(code, 0);
  } finally {
    clearTimeout(killer);
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(s.dir, { recursive: true, force: true });
  }
});

test('serve with a broken plugins.json exits 2 naming the problem', async () => {
  const s = scratch();
  try {
    const r = await serveUntilExit(['--config', s.file('bad-plugins.json', [{ name: 'logic', options: 5 }]), '--data-dir', join(s.dir, 'data')]);
    assert.equal(r.code, 2);
    assert.match(r.err, /options/);
  } finally {
    rmSync(s.dir, { recursive: true, force: true });
  }
});

test('serve with a bad option value exits 2 naming the flag, before anything starts (a number flag, a config key)', async () => {
  const s = scratch();
  const data = ['--data-dir', join(s.dir, 'data')];
  try {
    const flag = await serveUntilExit([...data, '--max-runs', 'abc']);
    assert.equal(flag.code, 2);
    assert.match(flag.err, /--max-runs: must be integer/);
    assert.doesNotMatch(flag.out, /listening/);
    const file = await serveUntilExit([...data, '--config', s.file('svc.yaml', 'workers: 0\nplugins: [{ name: logic }]\n')]);
    assert.equal(file.code, 2);
    assert.match(file.err, /--workers: must be >= 1/);
  } finally {
    rmSync(s.dir, { recursive: true, force: true });
  }
});

/** `tester serve --port 0 ARGS` until it exits by itself (20 s at most): its exit code and what it printed. */
async function serveUntilExit(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, [join(repoRoot, 'bin/tester.js'), 'serve', '--port', '0', ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  let err = '';
  let out = '';
  child.stderr.on('data', (d) => (err += d));
  child.stdout.on('data', (d) => (out += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearTimeout(killer);
  return { code, out, err };
}

test('serve --metrics-port 0 prints where the Prometheus metrics are and serves them on loopback', async () => {
  const s = scratch();
  const child = spawn(process.execPath, [join(repoRoot, 'bin/tester.js'), 'serve', '--port', '0', '--metrics-port', '0', '--config', s.config, '--data-dir', join(s.dir, 'data'), '--quiet', '--no-store'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  try {
    let out = '';
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        out += d;
        const m = /metrics http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
    });
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    assert.match(text, /^tester_runs\{state="running"\} 0$/m);
    assert.match(text, /^# TYPE tester_rpc_requests_total counter$/m);
  } finally {
    clearTimeout(killer);
    child.kill('SIGTERM');
    rmSync(s.dir, { recursive: true, force: true });
  }
});
