// `npm run perf`: the per-instance cost of the service alone, repeatable (docs/performance.md). Starts `tester scp-sim`
// and the service (bench/processes.ts) as in `npm run bench`, then
//   cpu:    after a warm-up, `--runs` load runs of `--total` InitialDP → ReleaseCall instances at backlog `--backlog`,
//           each printing the service's CPU µs per instance (user+system from /proc ÷ passed instances): CPU time is
//           fairly robust to a busy machine, wall-clock rates are not, so the load average is printed beside it;
//   memory: a fresh service, `--inflight` instances held open by the SCP (10 s) at once: service RSS growth per
//           in-flight instance (and the heap's, from the service's own GetStatus where it reports it).
// Options: --total N (100000)  --backlog N (200)  --runs N (3)  --inflight N (10000)  --no-cpu  --no-memory
//          --cpu-prof DIR (the service runs with --cpu-prof; the profile is written into DIR when it stops)
//          --heap-prof DIR (likewise --heap-prof, for the memory step)
//          --heap-snapshot DIR (a heap snapshot of the service, into DIR, once `--inflight` instances are in flight)
//          --flows (each CPU run also as a `call` of a flow and as a `choose` of two flows: docs/definitions.md "Flows")
//          --json
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { rpcCall } from '../cli/rpc-client.js';
import type { RunRecord } from '../core/api/index.js';
import { HZ, IDP, RC, cpuTicks, rssKb, startScpSim, startService, stopAll, stopOnInterrupt } from './processes.js';

stopOnInterrupt(); // Ctrl-C, kill or a closed pipe stop what the bench started (bench/processes.ts)

const argv = process.argv.slice(2);
const opt = (name: string, dflt?: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : dflt;
};
const TOTAL = Number(opt('--total', '100000'));
const BACKLOG = Number(opt('--backlog', '200'));
const RUNS = Number(opt('--runs', '3'));
const INFLIGHT = Number(opt('--inflight', '10000'));
const JSON_OUT = argv.includes('--json');
const cpuProf = opt('--cpu-prof');
const heapProf = opt('--heap-prof');
const SNAPSHOT = opt('--heap-snapshot');
const log = (s: string) => {
  if (!JSON_OUT) process.stdout.write(s + '\n');
};
const la = () => loadavg()[0]!.toFixed(2);

const work = mkdtempSync(join(tmpdir(), 'tester-perf-'));
const script = {
  rules: [
    { name: 'release', match: { serviceKey: 100 }, action: 'release', cause: 16 },
    { name: 'hold-then-release', match: { serviceKey: 101 }, flow: [{ wait_ms: 10_000 }, { send: [{ op: 'ReleaseCall', args: { initialCallSegment_cause: 16 } }], close: true }] },
  ],
};

/** The instance written out, and the same operations in a flow run by `call` and by `choose` (--flows). */
const SHAPES: Record<string, { operations: unknown[]; flows?: unknown }> = {
  inline: { operations: [IDP, RC] },
  call: { flows: { f: [IDP, RC] }, operations: [{ type: 'call', arguments: { flow: 'f' } }] },
  choose: { flows: { f: [IDP, RC], g: [IDP, RC] }, operations: [{ type: 'choose', arguments: { weights: { f: 1, g: 1 } } }] },
};
const shapes = argv.includes('--flows') ? Object.keys(SHAPES) : ['inline'];

async function run(port: number, pid: number, runId: string, distribution: Record<string, unknown>, ops: unknown[] | { operations: unknown[]; flows?: unknown }, memoryAt?: number) {
  const c0 = cpuTicks(pid);
  const rss0 = rssKb(pid);
  let rssAt: number | undefined;
  let peak = { inflight: 0, rss: rss0 };
  const t0 = performance.now();
  const r = await rpcCall({ port }, 'ExecuteTest', { run_id: runId, distribution, scp: { tcap_timeout: 20 }, ...(Array.isArray(ops) ? { operations: ops } : ops) });
  if (r.error) throw new Error(`${runId}: ${r.error.message}`);
  let rec: RunRecord;
  for (;;) {
    await new Promise((res) => setTimeout(res, memoryAt ? 50 : 200));
    rec = (await rpcCall({ port }, 'QueryTest', { run_id: runId })).result;
    if (memoryAt !== undefined) {
      const inflight = rec.in_progress ?? 0;
      if (rssAt === undefined && inflight >= memoryAt) {
        rssAt = rssKb(pid);
        if (SNAPSHOT) await snapshot(pid, resolve(SNAPSHOT));
      }
      if (inflight > peak.inflight) peak = { inflight, rss: rssKb(pid) };
    }
    if (rec.completed === 1) break;
  }
  const wall = (performance.now() - t0) / 1000;
  const cpuS = (cpuTicks(pid) - c0) / HZ;
  const passed = rec.counts.passed ?? rec.counts.finished - rec.counts.failed - rec.counts.aborted;
  const out: Record<string, unknown> = {
    passed,
    aborted: rec.counts.aborted,
    failed: rec.counts.failed,
    dropped: rec.counts.dropped,
    rate: rec.duration ? Math.round(passed / rec.duration) : 0,
    cpu_s: cpuS,
    cpu_pct: Math.round((100 * cpuS) / wall),
    us_per_instance: passed ? Math.round((cpuS * 1e6) / passed * 10) / 10 : null,
    loadavg: Number(la()),
  };
  if (memoryAt !== undefined) {
    const at = rssAt !== undefined ? { inflight: memoryAt, rss: rssAt } : peak;
    Object.assign(out, { inflight_measured: at.inflight, bytes_per_inflight: at.inflight ? Math.round(((at.rss - rss0) * 1024) / at.inflight) : null, rss0_mb: Math.round(rss0 / 1024) });
  }
  return out;
}

/** SIGUSR2 (--heapsnapshot-signal) and wait until the snapshot file in `dir` stops growing (the service is blocked meanwhile). */
async function snapshot(pid: number, dir: string): Promise<void> {
  const before = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  let last = -1;
  for (let i = 0; i < 600; i++) {
    await new Promise((res) => setTimeout(res, 500));
    const f = readdirSync(dir).find((x) => x.endsWith('.heapsnapshot') && !before.has(x));
    const size = f ? statSync(join(dir, f)).size : -1;
    if (size > 0 && size === last) {
      log(`  heap snapshot: ${join(dir, f!)} (${Math.round(size / 1048576)} MB)`);
      return;
    }
    last = size;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((res) => child.once('exit', res));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((res) => setTimeout(res, 15_000))]);
}

const result: Record<string, unknown> = { date: new Date().toISOString(), node: process.version, loadavg_start: Number(la()), total: TOTAL, backlog: BACKLOG };
let code = 0;
try {
  const sim = await startScpSim(work, script);
  if (!argv.includes('--no-cpu')) {
    const flags = cpuProf ? ['--cpu-prof', '--cpu-prof-dir', resolve(cpuProf)] : [];
    const svc = await startService(work, sim.port, 'cpu', undefined, 1, flags);
    log(`perf ${result.date}: service pid ${svc.pid}, scp-sim pid ${sim.child.pid}, load average ${la()}`);
    const w = await run(svc.port, svc.pid, `perf-warm-${Date.now()}`, { type: 'load', total: 20_000, backlog: BACKLOG }, [IDP, RC]);
    log(`  warm-up 20000: ${w.us_per_instance} µs/instance, ${w.rate}/s, load ${w.loadavg}`);
    const runs: Record<string, Array<Record<string, unknown>>> = Object.fromEntries(shapes.map((k) => [k, []]));
    // the shapes interleaved, so that a change of the machine's load falls on each alike
    for (let i = 0; i < RUNS; i++) {
      for (const shape of shapes) {
        const f = await run(svc.port, svc.pid, `perf-${shape}-${i}-${Date.now()}`, { type: 'load', total: TOTAL, backlog: BACKLOG }, SHAPES[shape]!);
        runs[shape]!.push(f);
        log(`  ${shape === 'inline' ? '' : `${shape}: `}load ${TOTAL} backlog ${BACKLOG}: service ${f.us_per_instance} µs CPU/instance (${f.cpu_pct}% CPU), ${f.rate}/s, aborted ${f.aborted} failed ${f.failed} dropped ${f.dropped}, load average ${f.loadavg}`);
      }
    }
    for (const shape of shapes) {
      const us = runs[shape]!.map((r) => r.us_per_instance as number).sort((a, b) => a - b);
      const figures = { runs: runs[shape], median_us_per_instance: us[Math.floor(us.length / 2)], min_us_per_instance: us[0] };
      if (shape === 'inline') result.cpu = figures;
      else ((result.flows ??= {}) as Record<string, unknown>)[shape] = figures;
      log(`  ${shape === 'inline' ? '' : `${shape}: `}service CPU per instance: median ${figures.median_us_per_instance} µs, min ${figures.min_us_per_instance} µs`);
    }
    await stop(svc.child);
  }
  if (!argv.includes('--no-memory')) {
    const flags = heapProf ? ['--heap-prof', '--heap-prof-dir', resolve(heapProf)] : [];
    if (SNAPSHOT) flags.push('--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${resolve(SNAPSHOT)}`);
    const svc = await startService(work, sim.port, 'mem', undefined, 1, flags);
    await run(svc.port, svc.pid, `perf-mw-${Date.now()}`, { type: 'load', total: 2000, backlog: 100 }, [IDP, RC]);
    await new Promise((res) => setTimeout(res, 1000));
    const m = await run(svc.port, svc.pid, `perf-mem-${Date.now()}`, { type: 'load', total: INFLIGHT, backlog: INFLIGHT }, [{ ...IDP, arguments: { ...IDP.arguments, serviceKey: 101 } }, RC], INFLIGHT);
    result.memory = m;
    log(`  memory: ${m.inflight_measured} in flight: ${((m.bytes_per_inflight as number) / 1024).toFixed(2)} KB service RSS per in-flight instance (RSS before ${m.rss0_mb} MB), load average ${m.loadavg}`);
    await stop(svc.child);
  }
} catch (e) {
  process.stderr.write(`perf failed: ${(e as Error).message}\n`);
  code = 1;
} finally {
  await stopAll();
  rmSync(work, { recursive: true, force: true });
}
if (JSON_OUT) process.stdout.write(JSON.stringify(result) + '\n');
process.exit(code);
