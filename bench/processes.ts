// The service and the reference SCP (`tester scp-sim`) as separate processes on loopback, for `npm run bench` and
// `npm run soak`: start them from the compiled build (bin/tester.js), read their CPU and RSS from /proc, stop them.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { rpcCall } from '../cli/rpc-client.js';
import type { RunRecord } from '../core/api/index.js';

export const root = join(import.meta.dirname, '..');
const tester = join(root, 'bin/tester.js');
/**
 * The Node flags the `tester` command runs with: those of bin/tester.js's first line (`#!/usr/bin/env -S node FLAGS`),
 * so that the bench measures the processes a user starts.
 */
export const TESTER_NODE_FLAGS = commandFlags(readFileSync(tester, 'utf8').split('\n', 1)[0]!);

/** The flags after `node` in a shebang line; none when it has none. */
export function commandFlags(shebang: string): string[] {
  const m = /^#!\S*env(?:\s+-S)?\s+node((?:\s+--?\S+)*)\s*$/.exec(shebang);
  return m ? m[1]!.trim().split(/\s+/).filter(Boolean) : [];
}
/** Node flags from the environment variable `name` (space-separated; TESTER_SERVICE_NODE_FLAGS, TESTER_SCP_NODE_FLAGS). */
export function envNodeFlags(name: 'TESTER_SERVICE_NODE_FLAGS' | 'TESTER_SCP_NODE_FLAGS'): string[] {
  return (process.env[name] ?? '').split(' ').filter(Boolean);
}
export const HZ = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim() || 100);

/** Every process started here, so that `stopAll()` ends exactly those. */
export const children: ChildProcess[] = [];

/** Start `tester <args>` (with extra Node flags, e.g. `--cpu-prof`); resolves when its output matches `readyRe`. */
export function start(name: string, args: string[], readyRe: RegExp, nodeFlags: string[] = []): Promise<{ child: ChildProcess; m: RegExpExecArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TESTER_NODE_FLAGS, '--max-old-space-size=2048', ...nodeFlags, tester, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 20 s: ${out}`)), 20_000);
    const on = (d: Buffer) => {
      out += d.toString();
      const m = readyRe.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, m });
      }
    };
    child.stdout!.on('data', on);
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}): ${out}`)));
  });
}

/** Process groups started detached (SIPp's script, with its uas and uac), by group id: stopAll ends them too. */
export const groups = new Set<number>();

function signalGroups(sig: NodeJS.Signals): void {
  for (const g of groups) {
    try {
      process.kill(-g, sig);
    } catch {
      groups.delete(g); // already gone
    }
  }
}

/** Peers started elsewhere that stop themselves (freeDiameterd: bench/freediameter/peer.ts): stopAll calls them. */
export const stoppers = new Set<() => Promise<void>>();

/** SIGTERM, then SIGKILL after half a second, to every process and group started here (by id, nothing else). */
export async function stopAll(): Promise<void> {
  await Promise.all([...stoppers].map((stop) => stop().catch(() => undefined)));
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  signalGroups('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  signalGroups('SIGKILL');
}

/**
 * A bench interrupted (Ctrl-C, `kill`, its terminal closed, or its output piped into `head`, which closes the pipe)
 * stops every process it started before it exits, with 128 + the signal's number (141 for the closed pipe): without
 * this, the service, scp-sim, SIPp or freeDiameterd it had started ran on and skewed the next measurement.
 */
export function stopOnInterrupt(): void {
  let stopping = false;
  const quit = (code: number) => {
    if (stopping) return;
    stopping = true;
    void stopAll().finally(() => process.exit(code));
  };
  process.once('SIGINT', () => quit(130));
  process.once('SIGTERM', () => quit(143));
  process.once('SIGHUP', () => quit(129));
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') quit(141);
  });
}

/** User + system CPU ticks of a process (divide by HZ for seconds). */
export function cpuTicks(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

/** The direct children of a process (the processes of `tester scp-sim --workers N`). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ');
      if (Number(f[1]) === pid) out.push(Number(d));
    } catch {
      /* gone */
    }
  }
  return out;
}

/** cpuTicks of a process and of its direct children (a cluster primary and its workers). */
export function cpuTicksTree(pid: number): number {
  return cpuTicks(pid) + childrenOf(pid).reduce((a, c) => a + cpuTicks(c), 0);
}

/** rssKb of a process and of its direct children. */
export function rssKbTree(pid: number): number {
  return rssKb(pid) + childrenOf(pid).reduce((a, c) => a + rssKb(c), 0);
}

export function rssKb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

export const IDP = { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 100, eventTypeBCSM: 3, calledPartyNumber_digits: "{ '0211' + $n }", calledPartyNumber_noa: 3, callingPartyNumber_digits: '0217654321' } };
export const RC = { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16 } };

/**
 * `tester scp-sim` on a free loopback port with `script`; returns it and its port. The environment's
 * TESTER_SCP_NODE_FLAGS (space-separated) are Node flags for it (e.g. `--cpu-prof --cpu-prof-dir DIR`), after
 * `more.nodeFlags`; `more.args`: more `tester scp-sim` flags (e.g. `--max-dialogues N`).
 */
export async function startScpSim(work: string, script: unknown, workers = 1, more: { nodeFlags?: string[]; args?: string[] } = {}): Promise<{ child: ChildProcess; port: number }> {
  writeFileSync(join(work, 'script.json'), JSON.stringify(script));
  const flags = [...(more.nodeFlags ?? []), ...envNodeFlags('TESTER_SCP_NODE_FLAGS')];
  const sim = await start('scp-sim', ['scp-sim', '--listen', '127.0.0.1:0', '--script', join(work, 'script.json'), '--quiet', '--config', join(root, 'examples/inap/plugins.json'), ...(workers > 1 ? ['--workers', String(workers)] : []), ...(more.args ?? [])], /scp-sim listening on \S+:(\d+)/, flags);
  return { child: sim.child, port: Number(sim.m[1]) };
}

/**
 * The service (examples/inap/plugins.json pointed at the SCP on `simPort`) on a free loopback port; resolves once an
 * InitialDP → ReleaseCall run is accepted (the M3UA association is up). `nodeFlags`: extra Node flags for the service
 * process (e.g. `--cpu-prof --cpu-prof-dir DIR`); the environment's TESTER_SERVICE_NODE_FLAGS (space-separated) are added.
 * `serveArgs`: more `tester serve` flags (e.g. `--http-port P`).
 */
export async function startService(work: string, simPort: number, tag: string, sigtran?: Record<string, unknown>, workers = 1, nodeFlags: string[] = [], serveArgs: string[] = []): Promise<{ port: number; pid: number; child: ChildProcess }> {
  const cfg = JSON.parse(readFileSync(join(root, 'examples/inap/plugins.json'), 'utf8'));
  const sig = cfg.find((e: { name: string }) => e.name === 'sigtran').options.instances[0];
  sig.port = simPort;
  sig.maxDialogues = 200_000;
  if (sigtran) Object.assign(sig, sigtran);
  writeFileSync(join(work, `plugins-${tag}.json`), JSON.stringify(cfg));
  const flags = [...envNodeFlags('TESTER_SERVICE_NODE_FLAGS'), ...nodeFlags];
  const svc = await start(`service ${tag}`, ['serve', '--port', '0', '--config', join(work, `plugins-${tag}.json`), '--data-dir', join(work, `data-${tag}`), '--quiet', '--max-runs', '4', '--workers', String(workers), ...serveArgs], /listening \S+:(\d+)/, flags);
  const port = Number(svc.m[1]);
  for (let i = 0; ; i++) {
    const r = await rpcCall({ port }, 'ExecuteTest', { run_id: `probe-${i}`, operations: [IDP, RC] });
    if (!r.error) break;
    if (r.error.code !== 2003 || i > 100) throw new Error(`probe: ${r.error.message}`);
    await new Promise((res) => setTimeout(res, 100));
  }
  // --workers N: a run split over every worker is accepted (every worker's association is up)
  for (let i = 0; workers > 1; i++) {
    const r = await rpcCall({ port }, 'ExecuteTest', { run_id: `probe-workers-${i}`, distribution: { type: 'load', total: workers, backlog: workers }, operations: [IDP, RC] });
    if (!r.error) break;
    if (r.error.code !== 2003 || i > 300) throw new Error(`probe: ${r.error.message}`);
    await new Promise((res) => setTimeout(res, 100));
  }
  return { port, pid: svc.child.pid!, child: svc.child };
}

/** A free TCP port on loopback (asked of the kernel, then released: for a child process's --http-port). */
export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((res) => srv.listen(0, '127.0.0.1', () => res()));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((res) => srv.close(() => res()));
  return port;
}

/** QueryTest every `pollMs` until the run has ended; its final record (an error answer throws, naming the run). */
export async function untilEnded(port: number, runId: string, pollMs = 250): Promise<RunRecord> {
  for (;;) {
    const r = await rpcCall({ port }, 'QueryTest', { run_id: runId });
    if (r.error) throw new Error(`QueryTest ${runId}: ${r.error.message}`);
    if (r.result!.completed) return r.result! as RunRecord;
    await new Promise((res) => setTimeout(res, pollMs));
  }
}
