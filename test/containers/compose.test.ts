// compose.yaml: its two services, started as the compose file says (the image's entrypoint, `node
// --max-semi-space-size=32 --no-concurrent-marking bin/tester.js`, with each service's command and environment,
// ${VAR:-default} interpolated as compose does), as processes on this machine (there is no container engine here):
// the reference SCP, then the service that connects to it. Only what a container network gives is replaced: loopback
// and free ports instead of 0.0.0.0 and fixed ports, the SCP's address instead of the name `scp-sim`, a temporary
// data directory. A prepaid call then passes through them.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { tester } from '../cli/helpers.js';

const root = join(import.meta.dirname, '../..');
const compose = parse(readFileSync(join(root, 'compose.yaml'), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'tester-compose-'));
const children: ChildProcess[] = [];
after(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

/** compose's interpolation: ${VAR} and ${VAR:-default} from the environment. */
const interpolate = (s: string, env: Record<string, string | undefined>) => s.replace(/\$\{(\w+)(?::-([^}]*))?\}/g, (_m, n: string, d?: string) => env[n] || d || '');

function start(service: string, env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; m: RegExpExecArray }> {
  const s = compose.services[service];
  const args = (s.command as string[]).map((a) => interpolate(a, env));
  const environment = Object.fromEntries(Object.entries(s.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), env)]));
  const child = spawn(process.execPath, [join(root, 'bin/tester.js'), ...args], { cwd: root, env: { ...process.env, ...environment, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${service} did not start: ${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d;
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, m });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${service} exited ${code}: ${out}`)));
  });
}

test('the compose file: both services built from the Dockerfile, published on loopback only, the service pointed at scp-sim', () => {
  assert.deepEqual(Object.keys(compose.services).sort(), ['scp-sim', 'tester']);
  for (const s of Object.values(compose.services) as any[]) assert.equal(s.build, '.');
  const t = compose.services.tester;
  assert.equal(t.environment.SCP_HOST, '${SCP_HOST:-scp-sim}');
  assert.ok(t.ports.every((p: string) => p.startsWith('127.0.0.1:')), t.ports.join(', '));
  assert.deepEqual(t.depends_on, ['scp-sim']);
});

test('its services, started as compose starts them, pass a prepaid call', async () => {
  const sim = await start('scp-sim', { SCP_LISTEN: '127.0.0.1:0' }, /scp-sim listening on \S+:(\d+)/);
  const scpPort = sim.m[1]!;
  const svc = await start(
    'tester',
    { TESTER_BIND: '127.0.0.1', TESTER_METRICS_BIND: '127.0.0.1', TESTER_SERVE_PORT: '0', TESTER_METRICS_PORT: '0', SCP_HOST: '127.0.0.1', SCP_PORT: scpPort, TESTER_DATA_DIR: join(dir, 'data') },
    /listening 127\.0\.0\.1:(\d+)\nmetrics http:\/\/127\.0\.0\.1:(\d+)\/metrics/,
  );
  const [port, metricsPort] = [svc.m[1]!, svc.m[2]!];
  // The sigtran instance connects in the background: wait for it as a client would (ListTests).
  for (let i = 0; i < 100; i++) {
    const l = await tester(['list', '--port', port, '--json']);
    if (JSON.parse(l.stdout).gateways?.some((g: any) => g.kind === 'sigtran' && g.state === 'up')) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const r = await tester(['run', 'examples/inap/prepaid.json', '--port', port], { timeoutMs: 60_000 });
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /COMPLETED — PASSED/);
  const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  assert.match(metrics, /^tester_gateway_state\{kind="sigtran",name="SIGTRAN",state="up"\} 1$/m);
});
