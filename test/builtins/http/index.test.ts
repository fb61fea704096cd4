// builtins/http/index.ts: on by default beside the RPC port (its port + 1; a free port when the RPC port is 0),
// `--no-http` serves nothing, `tester serve --port 0` prints the client's URL and serves it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { startTestService } from '../../helpers/service.js';
import { httpPortOf } from '../../../builtins/http/index.js';
import { repoRoot } from '../../cli/helpers.js';

test('the port: given, else the RPC port + 1, a free one when the RPC port is 0', () => {
  assert.equal(httpPortOf({}), 9010);
  assert.equal(httpPortOf({ port: 7000 }), 7001);
  assert.equal(httpPortOf({ port: 0 }), 0);
  assert.equal(httpPortOf({ port: 7000, httpPort: 8080 }), 8080);
});

test('on by default: served beside the RPC port, logged; --no-http (http: false) serves nothing', async () => {
  const lines: string[] = [];
  const on = await startTestService([{ name: 'logic' }], { quiet: false, log: (l) => lines.push(l) });
  try {
    const http = on.served.http!;
    assert.equal(http.host, '127.0.0.1');
    assert.notEqual(http.port, on.port);
    assert.ok(lines.some((l) => l.includes(`info web client on http://127.0.0.1:${http.port}/`)), lines.join('\n'));
    assert.equal((await fetch(`http://127.0.0.1:${http.port}/api/session`)).status, 200);
  } finally {
    await on.close();
  }
  const off = await startTestService([{ name: 'logic' }], { http: false });
  try {
    assert.equal(off.served.http, undefined);
    assert.deepEqual(Object.keys(off.served), ['rpc']);
  } finally {
    await off.close();
  }
});

test('a taken HTTP port: the service does not start, and says which flag changes it', async () => {
  const blocker = createServer();
  await new Promise<void>((ok) => blocker.listen(0, '127.0.0.1', ok));
  const port = (blocker.address() as { port: number }).port;
  try {
    await assert.rejects(startTestService([{ name: 'logic' }], { httpPort: port }), /cannot serve the web client on 127\.0\.0\.1:\d+: .*EADDRINUSE.*--http-port/);
  } finally {
    blocker.close();
  }
});

/** `tester serve` with args: its stdout until the web client's line, then it is stopped. */
function serveUntilWeb(args: string[]): Promise<{ stdout: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repoRoot, 'bin/tester.js'), 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGTERM'), 30_000);
    child.stdout.on('data', (d) => {
      stdout += d;
      const ready = args.includes('--no-http') ? /^listening .*\n/m : /^web client .*\n/m;
      if (ready.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ stdout: stdout + (code ? stderr : ''), code });
    });
  });
}

test('tester serve --port 0: both ports free ones, the client\'s URL printed; --no-http prints none', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tester-http-serve-'));
  const on = await serveUntilWeb(['--port', '0', '--no-store', '--data-dir', dataDir]);
  assert.equal(on.code, 0, on.stdout);
  const rpc = Number(/^listening 127\.0\.0\.1:(\d+)$/m.exec(on.stdout)?.[1]);
  const web = Number(/^web client http:\/\/127\.0\.0\.1:(\d+)\/$/m.exec(on.stdout)?.[1]);
  assert.ok(rpc > 0 && web > 0 && rpc !== web, on.stdout);
  const off = await serveUntilWeb(['--port', '0', '--no-store', '--no-http', '--data-dir', dataDir]);
  rmSync(dataDir, { recursive: true, force: true });
  assert.equal(off.code, 0, off.stdout);
  assert.match(off.stdout, /^listening /m);
  assert.doesNotMatch(off.stdout, /web client/);
});
