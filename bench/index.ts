// `npm run bench`: load and linear runs of InitialDP → ReleaseCall against `tester scp-sim` over M3UA/TCP on
// loopback, the service and the SCP in separate processes. Prints achieved instances/s, latency p50/p99, CPU and
// RSS of both processes and memory per in-flight instance at backlog 10,000; SIPp's built-in uac/uas on the same
// machine side by side where `sipp` is installed. `--json` prints the same as one JSON object.
// Options: --json  --quick (shorter runs)  --secs N (seconds per linear run, default 8)  --rates 2000,5000,...
//          --no-sipp  --no-memory
//          --transport sctp  the load and linear runs over M3UA/TCP and over M3UA/SCTP, printed side by side (no memory
//          run, no SIPp). The whole bench then runs in a private network namespace (`unshare -n`, root): the userland
//          SCTP backend sends raw IP on lo, as in the SCTP e2e tests. --sctp-backend auto|kernel|userland (default
//          auto: the kernel's SCTP where it has one, else userland).
import { sippLines } from './sipp-lines.js';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { rpcCall } from '../core/client/rpc-client.js';
import { HZ, IDP, RC, cpuTicks, root, rssKb, start, startScpSim, startService as startServiceIn, stopAll } from './processes.js';

const argv = process.argv.slice(2);
const opt = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const JSON_OUT = argv.includes('--json');
const QUICK = argv.includes('--quick');
const SECS = Number(opt('--secs') ?? (QUICK ? 4 : 8));
const RATES = (opt('--rates') ?? (QUICK ? '2000,5000' : '2000,5000,8000,10000')).split(',').map(Number);
const log = (s: string) => {
  if (!JSON_OUT) process.stdout.write(s + '\n');
};
const TRANSPORT = opt('--transport') ?? 'tcp';
const SCTP_BACKEND = opt('--sctp-backend') ?? 'auto';
if (!['tcp', 'sctp'].includes(TRANSPORT) || !['auto', 'kernel', 'userland'].includes(SCTP_BACKEND)) {
  process.stderr.write('bench: --transport is tcp or sctp, --sctp-backend auto, kernel or userland\n');
  process.exit(2);
}
if (TRANSPORT === 'sctp' && process.env.TESTER_BENCH_NETNS !== '1') process.exit(await inNetns());

/** Run this bench again inside a private network namespace with lo up; its exit code. */
function inNetns(): Promise<number> {
  const shell = `ip link set lo up && exec "${process.execPath}" --import tsx "$@"`;
  return new Promise((resolveExit) => {
    const child = spawn('unshare', ['-n', 'sh', '-c', shell, 'bench', import.meta.filename, ...argv], { stdio: 'inherit', env: { ...process.env, TESTER_BENCH_NETNS: '1' } });
    child.once('error', (e) => {
      process.stderr.write(`bench: --transport sctp runs in a network namespace: unshare failed (${e.message}); run as root\n`);
      resolveExit(1);
    });
    child.once('exit', (code) => resolveExit(code ?? 1));
  });
}

const work = mkdtempSync(join(tmpdir(), 'tester-bench-'));
interface RunFigures {
  name: string;
  kind: 'load' | 'linear' | 'memory';
  target_rate?: number;
  backlog: number;
  total: number;
  passed: number;
  aborted: number;
  failed: number;
  dropped: number;
  duration_s: number;
  rate: number;
  p50_ms: number;
  p99_ms: number;
  cpu_service_pct: number;
  cpu_scp_pct: number;
  rss_service_mb: number;
  rss_scp_mb: number;
  max_in_progress?: number;
  bytes_per_inflight?: number;
  first_abort?: string;
}

async function runOne(port: number, pids: { svc: number; sim: number }, name: string, kind: RunFigures['kind'], def: Record<string, unknown>, opts: { memoryAt?: number } = {}): Promise<RunFigures> {
  const c0 = { svc: cpuTicks(pids.svc), sim: cpuTicks(pids.sim) };
  const rss0 = rssKb(pids.svc);
  let rssMax = { svc: rss0, sim: rssKb(pids.sim) };
  let memAtTarget: number | undefined;
  const t0 = performance.now();
  const resp = await rpcCall({ port }, 'ExecuteTest', def);
  if (resp.error) throw new Error(`${name}: ExecuteTest refused: ${resp.error.message}`);
  let rec: any;
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    rssMax = { svc: Math.max(rssMax.svc, rssKb(pids.svc)), sim: Math.max(rssMax.sim, rssKb(pids.sim)) };
    const q = await rpcCall({ port }, 'QueryTest', { run_id: def.run_id });
    rec = q.result;
    if (opts.memoryAt !== undefined && memAtTarget === undefined && (rec.in_progress ?? 0) >= opts.memoryAt) memAtTarget = rssKb(pids.svc);
    if (rec.completed === 1) break;
  }
  const wall = (performance.now() - t0) / 1000;
  const dist = def.distribution as Record<string, any>;
  const f: RunFigures = {
    name,
    kind,
    ...(dist.cps ? { target_rate: Number(dist.cps.rate ?? dist.cps) } : {}),
    backlog: dist.backlog,
    total: dist.total,
    passed: rec.counts.passed ?? rec.counts.finished - rec.counts.failed - rec.counts.aborted,
    aborted: rec.counts.aborted,
    failed: rec.counts.failed,
    dropped: rec.counts.dropped,
    duration_s: Number(rec.duration.toFixed(3)),
    rate: Math.round(rec.rate),
    p50_ms: rec.latency.instance.p50,
    p99_ms: rec.latency.instance.p99,
    cpu_service_pct: Math.round((100 * (cpuTicks(pids.svc) - c0.svc)) / HZ / wall),
    cpu_scp_pct: Math.round((100 * (cpuTicks(pids.sim) - c0.sim)) / HZ / wall),
    rss_service_mb: Math.round(rssMax.svc / 1024),
    rss_scp_mb: Math.round(rssMax.sim / 1024),
    max_in_progress: rec.max_in_progress,
  };
  if (opts.memoryAt !== undefined && memAtTarget !== undefined) f.bytes_per_inflight = Math.round(((memAtTarget - rss0) * 1024) / opts.memoryAt);
  if (rec.first_aborts?.length) f.first_abort = JSON.stringify(rec.first_aborts[0]).slice(0, 200);
  return f;
}

function sipp(rates: number[]): unknown[] {
  if (argv.includes('--no-sipp')) return [];
  if (spawnSync('sh', ['-c', 'command -v sipp']).status !== 0) return [{ skipped: 'sipp not installed (apt-get install sip-tester)' }];
  const r = spawnSync('bash', [join(root, 'bench/sipp.sh'), 't1', String(SECS), ...rates.map(String)], { encoding: 'utf8', timeout: (SECS + 60) * 1000 * rates.length });
  const lines = (r.stdout ?? '').split('\n').filter((l) => l.startsWith('{'));
  if (!lines.length) return [{ skipped: `sipp run failed: ${(r.stderr ?? '').slice(0, 200)}` }];
  return lines.map((l) => JSON.parse(l));
}

const startService = (simPort: number, tag: string, transport = 'tcp') =>
  startServiceIn(work, simPort, tag, transport === 'sctp' ? { transport: 'sctp-client', sctp: { backend: SCTP_BACKEND } } : undefined);

async function main(): Promise<Record<string, unknown>> {
  const script = {
    rules: [
      { name: 'release', match: { serviceKey: 100 }, action: 'release', cause: 16 },
      { name: 'hold-then-release', match: { serviceKey: 101 }, flow: [{ wait_ms: 4000 }, { send: [{ op: 'ReleaseCall', args: { initialCallSegment_cause: 16 } }], close: true }] },
    ],
  };
  const sim = await startScpSim(work, script);
  const svc = await startService(sim.port, 'main');
  const port = svc.port;
  const pids = { svc: svc.pid, sim: sim.child.pid! };
  log(`bench: service pid ${pids.svc} (127.0.0.1:${port}), scp-sim pid ${pids.sim}, ${cpus().length} CPUs, Node ${process.version}`);
  const runs: RunFigures[] = [];
  let n = 0;
  const go = async (name: string, kind: RunFigures['kind'], distribution: Record<string, unknown>, ops = [IDP, RC], o: { memoryAt?: number } = {}) => {
    const f = await runOne(port, pids, name, kind, { run_id: `bench-${++n}-${Date.now()}`, distribution, scp: { tcap_timeout: 20 }, operations: ops }, o);
    runs.push(f);
    log(`  ${name.padEnd(26)} ${String(f.rate).padStart(6)}/s  p50 ${f.p50_ms.toFixed(2).padStart(7)} ms  p99 ${f.p99_ms.toFixed(2).padStart(7)} ms  aborted ${f.aborted}  dropped ${f.dropped}  cpu svc ${f.cpu_service_pct}% scp ${f.cpu_scp_pct}%  rss svc ${f.rss_service_mb} MB scp ${f.rss_scp_mb} MB${f.bytes_per_inflight !== undefined ? `  ${(f.bytes_per_inflight / 1024).toFixed(2)} KB/in-flight` : ''}${f.first_abort ? `  first abort: ${f.first_abort}` : ''}`);
  };
  await go('warm-up load 5000', 'load', { type: 'load', total: 5000, backlog: 200 });
  runs.length = 0;
  const loadTotal = QUICK ? 20_000 : 50_000;
  for (const backlog of [100, 1000]) await go(`load backlog ${backlog}`, 'load', { type: 'load', total: loadTotal, backlog });
  for (const rate of RATES) await go(`linear ${rate}/s for ${SECS}s`, 'linear', { type: 'linear', total: rate * SECS, backlog: Math.max(2000, rate), cps: { rate } });
  if (!argv.includes('--no-memory')) {
    // a fresh service process, so the heap grown by the runs above does not hide the growth
    svc.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    const fresh = await startService(sim.port, 'memory');
    const fpids = { svc: fresh.pid, sim: pids.sim };
    await runOne(fresh.port, fpids, 'memory warm-up', 'load', { run_id: `bench-mw-${Date.now()}`, distribution: { type: 'load', total: 2000, backlog: 100 }, operations: [IDP, RC] });
    await new Promise((r) => setTimeout(r, 1000));
    const f = await runOne(fresh.port, fpids, 'memory: 10,000 in flight', 'memory', { run_id: `bench-mem-${Date.now()}`, distribution: { type: 'load', total: 10_000, backlog: 10_000 }, scp: { tcap_timeout: 20 }, operations: [{ ...IDP, arguments: { ...IDP.arguments, serviceKey: 101 } }, RC] }, { memoryAt: 10_000 });
    runs.push(f);
    log(`  ${f.name.padEnd(26)} held 4 s by the SCP; service RSS ${f.rss_service_mb} MB at peak; ${f.bytes_per_inflight !== undefined ? `${(f.bytes_per_inflight / 1024).toFixed(2)} KB per in-flight instance (RSS growth / 10,000)` : 'not measured'}; aborted ${f.aborted}`);
  }
  // the highest target rate a linear run met: no aborts, failures or drops, and at least 97% of the target achieved
  const met = runs.filter((r) => r.kind === 'linear' && r.aborted === 0 && r.dropped === 0 && r.failed === 0 && r.rate >= (r.target_rate ?? 0) * 0.97);
  const sustained = met.reduce((m, r) => Math.max(m, r.target_rate ?? 0), 0);
  log(`  sustained (linear, no aborts, no drops, >= 97% of target achieved): ${sustained} instances/s`);
  const mem = runs.find((r) => r.kind === 'memory')?.bytes_per_inflight;
  const targets = {
    sustained_5000_per_s: sustained >= 5000,
    max_8kb_per_inflight_at_backlog_10000: mem === undefined ? null : mem <= 8192,
  };
  log(`  targets: >= 5,000/s sustained with no aborts: ${targets.sustained_5000_per_s ? 'met' : 'NOT met'}; <= 8 KB per in-flight instance at backlog 10,000: ${targets.max_8kb_per_inflight_at_backlog_10000 === null ? 'not measured' : targets.max_8kb_per_inflight_at_backlog_10000 ? 'met' : 'NOT met'}`);
  const sippRuns = sipp(RATES);
  for (const line of sippLines(sippRuns as Array<Record<string, unknown>>)) log(line);
  return { node: process.version, cpus: cpus().length, secs_per_linear_run: SECS, runs, sustained_rate: sustained, bytes_per_inflight: mem ?? null, targets, sipp: sippRuns };
}

/**
 * `--transport sctp`: the same load and linear runs against scp-sim over M3UA/TCP and over M3UA/SCTP, one pair of
 * processes per transport, each run on TCP then at once on SCTP (so that a busy machine weighs on both alike),
 * printed side by side.
 */
async function compareTransports(): Promise<Record<string, unknown>> {
  const sides: Array<{ transport: string; backend?: string; port: number; pids: { svc: number; sim: number }; runs: RunFigures[]; sustained: number }> = [];
  for (const transport of ['tcp', 'sctp']) {
    const simArgs = transport === 'sctp' ? ['--transport', 'sctp', '--sctp-backend', SCTP_BACKEND] : [];
    const sim = await start(`scp-sim ${transport}`, ['scp-sim', '--listen', '127.0.0.1:0', '--quiet', ...simArgs, '--config', join(root, 'examples/inap/plugins.json')], /scp-sim listening on \S+:(\d+)/);
    const svc = await startService(Number(sim.m[1]), transport, transport);
    const gw = (await rpcCall({ port: svc.port }, 'ListTests', {})).result.gateways.find((g: { kind: string }) => g.kind === 'sigtran');
    const backend = transport === 'sctp' ? String(gw?.detail?.sctp?.backend ?? 'unknown') : undefined;
    sides.push({ transport, ...(backend ? { backend } : {}), port: svc.port, pids: { svc: svc.pid, sim: sim.child.pid! }, runs: [], sustained: 0 });
    log(`bench ${transport}${backend ? ` (${backend} backend)` : ''}: service pid ${svc.pid}, scp-sim pid ${sim.child.pid}`);
  }
  const [tcp, sctp] = sides as [(typeof sides)[0], (typeof sides)[0]];
  let n = 0;
  const go = async (name: string, kind: RunFigures['kind'], distribution: Record<string, unknown>) => {
    const pair = [];
    for (const side of sides) pair.push(await runOne(side.port, side.pids, name, kind, { run_id: `bench-${side.transport}-${++n}-${Date.now()}`, distribution, scp: { tcap_timeout: 20 }, operations: [IDP, RC] }));
    const [t, s] = pair as [RunFigures, RunFigures];
    const fig = (f: RunFigures) => `${String(f.rate).padStart(6)}/s p99 ${f.p99_ms.toFixed(1).padStart(7)} ms ab ${String(f.aborted).padEnd(5)} dr ${String(f.dropped).padEnd(6)} cpu ${f.cpu_service_pct}/${f.cpu_scp_pct}%`;
    log(`  ${name.padEnd(22)} tcp ${fig(t)}  |  sctp ${fig(s)}${t.first_abort || s.first_abort ? `  first abort: ${t.first_abort ?? s.first_abort}` : ''}`);
    return pair;
  };
  log(`side by side: achieved instances/s, p99 latency, aborted, dropped, CPU service/scp-sim; M3UA/TCP | M3UA/SCTP (${sctp.backend} backend)`);
  await go('warm-up load 5000', 'load', { type: 'load', total: 5000, backlog: 200 });
  const loadTotal = QUICK ? 20_000 : 50_000;
  const record = (pair: RunFigures[]) => pair.forEach((f, i) => sides[i]!.runs.push(f));
  for (const backlog of [100, 1000]) record(await go(`load backlog ${backlog}`, 'load', { type: 'load', total: loadTotal, backlog }));
  for (const rate of RATES) record(await go(`linear ${rate}/s for ${SECS}s`, 'linear', { type: 'linear', total: rate * SECS, backlog: Math.max(2000, rate), cps: { rate } }));
  for (const side of sides) {
    const met = side.runs.filter((r) => r.kind === 'linear' && r.aborted === 0 && r.dropped === 0 && r.failed === 0 && r.rate >= (r.target_rate ?? 0) * 0.97);
    side.sustained = met.reduce((m, r) => Math.max(m, r.target_rate ?? 0), 0);
  }
  const best = (side: (typeof sides)[0]) => Math.max(...side.runs.map((r) => r.rate));
  log(`  highest achieved: tcp ${best(tcp)}/s, sctp ${best(sctp)}/s; sustained (linear, no aborts, no drops, >= 97% of target): tcp ${tcp.sustained}/s, sctp ${sctp.sustained}/s`);
  const strip = ({ port: _p, pids: _x, ...rest }: (typeof sides)[0]) => rest;
  return { node: process.version, cpus: cpus().length, secs_per_linear_run: SECS, tcp: strip(tcp), sctp: strip(sctp) };
}

let code = 0;
try {
  const out = TRANSPORT === 'sctp' ? await compareTransports() : await main();
  if (JSON_OUT) process.stdout.write(JSON.stringify(out) + '\n');
} catch (e) {
  process.stderr.write(`bench failed: ${(e as Error).message}\n`);
  code = 1;
} finally {
  await stopAll();
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
process.exit(code);
