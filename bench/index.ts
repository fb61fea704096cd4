// `npm run bench`: InitialDP → ReleaseCall against `tester scp-sim` over M3UA/TCP on loopback, the service and the SCP
// in separate processes, beside SIPp's built-in uac/uas over TCP on the same machine in the same run. Finds each side's
// ceiling by stepping (bench/ceiling.ts): the tester's `load` maximum (rising backlogs), its `linear` ceiling and SIPp's
// (rising rates until calls fail or the achieved rate falls short), then prints the ratios tester/SIPp for the maximum
// rate and for CPU per message, and memory per in-flight instance (RSS growth from 10,000 to 30,000 held;
// bench/memory.ts). Then the other protocol paths (bench/paths/, issue 29), each with its own service and peers, its
// `load` maximum, the p99 there and the CPU per message of the service and of each peer: INAP over M3UA/SCTP on the
// userland backend (in a private network namespace; root), MAP AnyTimeInterrogation and MO-ForwardSM against
// `tester hlr-sim`, Diameter CCR-I/CCR-T against `tester diameter-ocs`, and a mixed definition (INAP call + Diameter
// charging + one SQLite INSERT). `--json` prints every figure as one JSON object (fields: docs/bench.md).
// Options: --json  --quick (short steps, a few minutes)  --secs N (seconds per rated step; default 8, quick 4)
//          --rates 2000,5000,...  (linear steps)  --sipp-rates 5000,10000,...  --backlogs 50,100,...  (load steps)
//          --no-sipp  --no-memory  --no-linear-target  --no-web (no browser figures: bench/web.ts)  --markdown (the README's performance table, after the text report)
//          --json-out FILE (the JSON object into FILE as well)
//          --no-paths (INAP over M3UA/TCP only)  --paths a,b (only these paths, by id: bench/paths/index.ts)
//          --path-backlogs 50,200,...  (the paths' load steps; default 50,200,800,3200, quick 50,200,800)
//          --linear-target-runs N  the linear target N times in a row (default 1), each with its host probe
//          --scale  long calls at scale instead (bench/scale.ts: --scale-rate R, --ramp-s S, --hold-s H; docs/bench.md)
//          --workers N  the service with `tester serve --workers N` (docs/workers.md); --scp-workers N the scp-sim
//          with `--workers N` (default: the service's); the scp-sim's CPU and RSS are those of all its processes
//          --transport sctp  the load and linear runs over M3UA/TCP and over M3UA/SCTP, printed side by side (no memory
//          run, no SIPp). The whole bench then runs in a private network namespace (`unshare -n`, root): the userland
//          SCTP backend sends raw IP on lo, as in the SCTP e2e tests. --sctp-backend auto|kernel|userland (default
//          auto: the kernel's SCTP where it has one, else userland).
import { sippLine } from './sipp-lines.js';
import { medianRatio, pairRatio, ratedMiss, ratios, searchLoad, searchRated, usPerMessage } from './ceiling.js';
import { markdown, type BenchReport } from './markdown.js';
import { MEMORY_MORE, marginalOf } from './memory.js';
import { LINEAR_TARGET_RATE, LINEAR_TARGET_SECS, linearVerdict, type LinearVerdict } from './linear-target.js';
import { STALL_MIN_MS, probeHost, startHostProbe, type HostStalls } from './host-stalls.js';
import { sippStep } from './sipp.js';
import { runScale } from './scale.js';
import { benchWeb, webLines, type WebBench } from './web.js';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { rpcCall } from '../cli/rpc-client.js';
import type { RunRecord } from '../core/api/index.js';
import { IDP, RC, root, rssKb, start, startScpSim, startService as startServiceIn, stopAll, stopOnInterrupt, children } from './processes.js';
import { firstAbort, recordFigures, watchRun } from './watch-run.js';
import { PATHS, selectPaths } from './paths/index.js';
import { measurePaths, type PathResult } from './paths/run.js';
import { benchUsage, checkBenchArgs } from './options.js';

stopOnInterrupt(); // Ctrl-C, kill or a closed pipe stop what the bench started (bench/processes.ts)

const argv = process.argv.slice(2);
const checked = checkBenchArgs(argv);
if (checked === 'help') {
  process.stdout.write(benchUsage() + '\n');
  process.exit(0);
}
if (checked) {
  process.stderr.write(`bench: ${checked.error}\n`);
  process.exit(2);
}
const opt = (name: string) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const JSON_OUT = argv.includes('--json');
const QUICK = argv.includes('--quick');
const SECS = Number(opt('--secs') ?? (QUICK ? 4 : 8));
const list = (name: string, full: string, quick: string) => (opt(name) ?? (QUICK ? quick : full)).split(',').map(Number);
// --transport sctp compares fixed rates (no search): its own, lower defaults
const RATES = opt('--transport') === 'sctp' ? list('--rates', '2000,5000,8000,10000', '2000,5000') : list('--rates', '2000,5000,10000,15000,20000,25000', '2000,5000,10000,20000');
const CPU_PAIRS = Number(opt('--cpu-pairs') ?? (QUICK ? 0 : 3));
const SIPP_RATES = list('--sipp-rates', '5000,10000,20000,30000,40000', '5000,10000,20000,30000');
const BACKLOGS = list('--backlogs', '25,50,100,200,400,800,1600,3200', '50,200,800,3200');
const LOAD_TOTAL = QUICK ? 20_000 : 60_000;
const PATH_BACKLOGS = list('--path-backlogs', '50,200,800,3200', '50,200,800');
for (const [name, v] of [['--secs', [SECS]], ['--rates', RATES], ['--sipp-rates', SIPP_RATES], ['--backlogs', BACKLOGS], ['--path-backlogs', PATH_BACKLOGS]] as const) {
  if (!v.length || v.some((x) => !Number.isInteger(x) || x < 1 || x > 1_000_000)) {
    process.stderr.write(`bench: ${name} takes whole numbers from 1 to 1,000,000, comma-separated\n`);
    process.exit(2);
  }
}
let SELECTED_PATHS: ReturnType<typeof selectPaths> = [];
try {
  SELECTED_PATHS = argv.includes('--no-paths') ? [] : selectPaths(PATHS, opt('--paths'));
} catch (e) {
  process.stderr.write(`bench: ${(e as Error).message}\n`);
  process.exit(2);
}
const log = (s: string) => {
  if (!JSON_OUT) process.stdout.write(s + '\n');
};
const LINEAR_TARGET_RUNS = Number(opt('--linear-target-runs') ?? 1);
if (!Number.isInteger(LINEAR_TARGET_RUNS) || LINEAR_TARGET_RUNS < 1 || LINEAR_TARGET_RUNS > 20) {
  process.stderr.write('bench: --linear-target-runs takes a whole number from 1 to 20\n');
  process.exit(2);
}
const WORKERS = Number(opt('--workers') ?? 1);
const SCP_WORKERS = Number(opt('--scp-workers') ?? WORKERS);
if (![WORKERS, SCP_WORKERS].every((w) => Number.isInteger(w) && w >= 1 && w <= 64)) {
  process.stderr.write('bench: --workers and --scp-workers take a whole number from 1 to 64\n');
  process.exit(2);
}
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
    children.push(child);
    child.once('error', (e) => {
      process.stderr.write(`bench: --transport sctp runs in a network namespace: unshare failed (${e.message}); run as root\n`);
      resolveExit(1);
    });
    child.once('exit', (code) => resolveExit(code ?? 1));
  });
}

const work = mkdtempSync(join(tmpdir(), 'tester-bench-'));
/** Messages per InitialDP → ReleaseCall instance. */
const MESSAGES_PER_INSTANCE = 2;
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
  /** aborted + failed + dropped */
  failures: number;
  duration_s: number;
  /** Passed instances per second of the run's duration (first start to last finish): the figure steps are judged by. */
  rate: number;
  /** The run record's rate: instances started per second (first to last start). */
  start_rate: number;
  p50_ms: number;
  p99_ms: number;
  cpu_service_s: number;
  cpu_scp_s: number;
  cpu_service_pct: number;
  cpu_scp_pct: number;
  us_per_message_service: number | null;
  us_per_message_scp: number | null;
  rss_service_mb: number;
  rss_scp_mb: number;
  max_in_progress?: number;
  /** Service RSS growth per in-flight instance, read when `inflight_measured` instances were in flight. */
  bytes_per_inflight?: number;
  /** The target (10,000), or the peak in flight when the target was never reached. */
  inflight_measured?: number;
  /** The service's RSS (KB) when `inflight_measured` were in flight. */
  rss_at_measure_kb?: number;
  /** Memory run: the first poll at or above each mark, with the in-flight count and RSS (KB) read there. */
  memory_marks?: Array<{ mark: number; inflight: number; rss_kb: number }>;
  /** Memory run: the most in flight at one poll, and the RSS (KB) read there. */
  memory_peak?: { inflight: number; rss_kb: number };
  first_abort?: string;
  /** linear runs: instances started in each second of the run (the record's buckets). */
  started_per_second?: number[];
}

/** The 1-minute load average, sampled every second while the bench runs (the machine may be shared). */
const load = { start: loadavg()[0]!, samples: [] as number[] };
const loadTimer = setInterval(() => load.samples.push(loadavg()[0]!), 1000);
loadTimer.unref();
function loadFigures() {
  const all = [load.start, ...load.samples, loadavg()[0]!];
  const r = (x: number) => Math.round(x * 100) / 100;
  return { start: r(load.start), end: r(all[all.length - 1]!), min: r(Math.min(...all)), max: r(Math.max(...all)), mean: r(all.reduce((a, b) => a + b, 0) / all.length) };
}

async function runOne(port: number, pids: { svc: number; sim: number }, name: string, kind: RunFigures['kind'], def: Record<string, unknown>, opts: { memoryMarks?: number[] } = {}): Promise<RunFigures> {
  const rss0 = rssKb(pids.svc);
  const marks: NonNullable<RunFigures['memory_marks']> = [];
  let peak = { inflight: 0, rss: rss0 };
  const watchMarks = (rec: RunRecord) => {
    const inflight = rec.in_progress ?? 0;
    const rss = rssKb(pids.svc);
    for (const mark of opts.memoryMarks!) if (inflight >= mark && !marks.some((m) => m.mark === mark)) marks.push({ mark, inflight, rss_kb: rss });
    if (inflight > peak.inflight) peak = { inflight, rss };
  };
  const { rec, wall_s: wall, cpu_s, rss_kb } = await watchRun(port, pids.svc, [pids.sim], def, opts.memoryMarks ? watchMarks : undefined);
  const dist = def.distribution as { total: number; backlog: number; cps?: number | { rate: number } };
  const cpu = { svc: cpu_s.service, sim: cpu_s.peers[0]! };
  const fig = recordFigures(rec);
  const f: RunFigures = {
    name,
    kind,
    ...(dist.cps ? { target_rate: typeof dist.cps === 'number' ? dist.cps : dist.cps.rate } : {}),
    backlog: dist.backlog,
    total: dist.total,
    ...fig,
    cpu_service_s: cpu.svc,
    cpu_scp_s: cpu.sim,
    cpu_service_pct: Math.round((100 * cpu.svc) / wall),
    cpu_scp_pct: Math.round((100 * cpu.sim) / wall),
    us_per_message_service: usPerMessage(cpu.svc, fig.passed, MESSAGES_PER_INSTANCE),
    us_per_message_scp: usPerMessage(cpu.sim, fig.passed, MESSAGES_PER_INSTANCE),
    rss_service_mb: Math.round(rss_kb.service / 1024),
    rss_scp_mb: Math.round(rss_kb.peers[0]! / 1024),
    max_in_progress: rec.max_in_progress,
  };
  if (opts.memoryMarks) {
    // the growth to the first mark (10,000), or to the peak when it was never reached
    const first = marks.find((m) => m.mark === opts.memoryMarks![0]);
    // divided by the count read at that poll (the ramp to 30,000 passes 10,000 between two polls)
    if (first) Object.assign(f, { bytes_per_inflight: Math.round(((first.rss_kb - rss0) * 1024) / first.inflight), inflight_measured: first.mark, rss_at_measure_kb: first.rss_kb });
    else if (peak.inflight > 0) Object.assign(f, { bytes_per_inflight: Math.round(((peak.rss - rss0) * 1024) / peak.inflight), inflight_measured: peak.inflight, rss_at_measure_kb: peak.rss });
    f.memory_marks = marks;
    f.memory_peak = { inflight: peak.inflight, rss_kb: peak.rss };
  }
  const abort = firstAbort(rec);
  if (abort) f.first_abort = abort;
  if (kind === 'linear') f.started_per_second = (rec.buckets ?? []).map((b: { started: number }) => b.started);
  return f;
}

/** SIPp's ceiling search, or why it was not run; null with --no-sipp. */
async function sipp(): Promise<Record<string, unknown> | null> {
  if (argv.includes('--no-sipp')) return null;
  if (spawnSync('sh', ['-c', 'command -v sipp']).status !== 0) return { skipped: 'sipp not installed (apt-get install sip-tester)' };
  try {
    const search = await searchRated(SIPP_RATES, async (rate) => {
      const s = await sippStep(join(root, 'bench/sipp.sh'), rate, SECS);
      log(sippLine(s));
      return s;
    }, QUICK ? 1 : 2);
    const best = search.steps.find((s) => s.held && s.step === search.best_step);
    log(`  SIPp ceiling: ${search.max_rate} calls/s (step ${search.best_step ?? 'none'}/s held; stopped at ${search.stopped})`);
    return { search, max_rate: search.max_rate, uas_us_per_message: best?.uas_us_per_message ?? null, uac_us_per_message: best?.uac_us_per_message ?? null };
  } catch (e) {
    return { skipped: `sipp run failed: ${(e as Error).message.slice(0, 300)}` };
  }
}

const startService = (simPort: number, tag: string, transport = 'tcp') =>
  startServiceIn(work, simPort, tag, transport === 'sctp' ? { transport: 'sctp-client', sctp: { backend: SCTP_BACKEND } } : undefined, WORKERS);

/** A `linear` run of `secs` seconds at `rate`, its backlog room for a second of it. */
const linearDistribution = (rate: number, secs: number) => ({ type: 'linear', total: rate * secs, backlog: Math.max(2000, rate), cps: { rate } });

/** A host probe's figures, for the log. */
function hostLine(h: HostStalls): string {
  return `host stalls (probe of ${h.median_us} µs work every 5 ms; slow = over 3x that with no run-queue wait): ${h.stalls} of ${STALL_MIN_MS} ms or more, longest ${h.longest_ms} ms, ${h.stalled_ms_per_s} ms stalled per second, ${h.slow} slow of ${h.samples} samples`;
}

const runLine = (f: RunFigures) =>
  `  ${f.name.padEnd(26)} ${String(f.rate).padStart(6)}/s  p50 ${f.p50_ms.toFixed(2).padStart(7)} ms  p99 ${f.p99_ms.toFixed(2).padStart(7)} ms  aborted ${f.aborted}  failed ${f.failed}  dropped ${f.dropped}  cpu svc ${f.cpu_service_pct}% scp ${f.cpu_scp_pct}%  ${f.us_per_message_service ?? '-'} µs/msg  rss svc ${f.rss_service_mb} MB scp ${f.rss_scp_mb} MB${f.first_abort ? `  first abort: ${f.first_abort}` : ''}`;

/**
 * The linear target (docs/bench.md): `linear` 20,000/s for 30 s (`--quick`: 10 s, reported but not judged), judged by
 * linearVerdict, with the SCP's CPU beside it.
 */
async function runLinearTarget(go: (name: string, kind: RunFigures['kind'], distribution: Record<string, unknown>) => Promise<RunFigures>): Promise<{ run: RunFigures; verdict: LinearVerdict; host_stalls: HostStalls }> {
  const secs = QUICK ? 10 : LINEAR_TARGET_SECS;
  const rate = LINEAR_TARGET_RATE;
  log(`tester linear target (issue 14: ${rate}/s for ${LINEAR_TARGET_SECS} s${QUICK ? `; --quick: ${secs} s, not judged` : ''}):`);
  // the host probe runs beside it (bench/host-stalls.ts): the stalls the host imposes are reported with the verdict
  const probe = startHostProbe();
  const run = await go(`linear ${rate}/s for ${secs}s (target)`, 'linear', linearDistribution(rate, secs));
  const hostStalls = probe.stop();
  const verdict = linearVerdict({ target: rate, secs, startRate: run.start_rate, startedPerSecond: run.started_per_second ?? [], p99Ms: run.p99_ms, aborted: run.aborted, failed: run.failed, dropped: run.dropped });
  const w = verdict.worst_second;
  log(`  ${verdict.met ? 'met' : 'NOT met'}: started ${run.start_rate}/s (${verdict.overall_off_pct}% off), worst second ${w ? `${w.second}: ${w.started} (${w.off_pct}%)` : 'none'}, p99 ${run.p99_ms} ms, SCP CPU ${run.cpu_scp_pct}% (${run.us_per_message_scp ?? '-'} µs/msg)${verdict.misses.length ? `; ${verdict.misses.join('; ')}` : ''}`);
  log(`  ${hostLine(hostStalls)}`);
  return { run, verdict, host_stalls: hostStalls };
}

/** The target run --linear-target-runs times in a row (issue 29: three in a row), each with its own host probe. */
async function runLinearTargets(go: Parameters<typeof runLinearTarget>[0]): Promise<Array<Awaited<ReturnType<typeof runLinearTarget>>>> {
  const runs: Array<Awaited<ReturnType<typeof runLinearTarget>>> = [];
  for (let i = 0; !argv.includes('--no-linear-target') && i < LINEAR_TARGET_RUNS; i++) runs.push(await runLinearTarget(go));
  if (runs.length > 1) log(`  the target ${runs.length} times in a row: ${runs.map((t) => `p99 ${t.run.p99_ms} ms (${t.verdict.met ? 'met' : 'not met'}; host ${t.host_stalls.stalls} stalls, longest ${t.host_stalls.longest_ms} ms)`).join(', ')}`);
  return runs;
}

/**
 * CPU per message against SIPp's, measured again in alternation (--cpu-pairs N): the service's step at its load
 * maximum's backlog, then SIPp's step at its ceiling's rate, N times, on a fresh service (warmed up by two such steps). The searches
 * measure the two sides minutes apart, and this machine's speed drifts by a fifth over minutes; a pair's two steps run
 * within a minute of each other, so each pair's ratio compares the two in the same spell of the host. Every pair is
 * printed; their median is `ratios.cpu_per_message_paired`.
 */
async function alternatePairs(simPort: number, simPid: number, backlog: number, sippRate: number): Promise<CpuPairs> {
  log(`CPU per message in alternated pairs (${CPU_PAIRS}): the service at backlog ${backlog}, then SIPp at ${sippRate}/s, on a fresh service:`);
  const s = await startService(simPort, 'pairs');
  const pp = { svc: s.pid, sim: simPid };
  const pairs: CpuPairs['pairs'] = [];
  try {
    // warmed up as the search's steps had the first service: a pair right after 20,000 instances still read 40% high
    for (let w = 1; w <= 2; w++) log(runLine(await runOne(s.port, pp, `pairs warm-up ${w}: backlog ${backlog}`, 'load', { run_id: `bench-pw-${w}-${Date.now()}`, distribution: { type: 'load', total: LOAD_TOTAL, backlog }, scp: { tcap_timeout: 20 }, operations: [IDP, RC] })));
    for (let i = 1; i <= CPU_PAIRS; i++) {
      const f = await runOne(s.port, pp, `pair ${i}: load backlog ${backlog}`, 'load', { run_id: `bench-pair-${i}-${Date.now()}`, distribution: { type: 'load', total: LOAD_TOTAL, backlog }, scp: { tcap_timeout: 20 }, operations: [IDP, RC] });
      log(runLine(f));
      const sp = await sippStep(join(root, 'bench/sipp.sh'), sippRate, SECS);
      log(sippLine(sp));
      const clean = f.aborted + f.failed + f.dropped === 0 && sp.failures === 0;
      const tester = f.us_per_message_service ?? null;
      const sipp = sp.uas_us_per_message != null && sp.uac_us_per_message != null ? (sp.uas_us_per_message + sp.uac_us_per_message) / 2 : null;
      const ratio = pairRatio(tester, sp.uas_us_per_message, sp.uac_us_per_message, clean);
      pairs.push({ tester_us_per_message: tester, sipp_uas_us_per_message: sp.uas_us_per_message, sipp_uac_us_per_message: sp.uac_us_per_message, ratio });
      log(`  pair ${i}: ${tester ?? '-'} µs vs SIPp ${sipp === null ? '-' : sipp.toFixed(2)} µs per message = ${ratio ?? `- (${clean ? 'no figure' : 'a step lost calls'})`}`);
    }
  } finally {
    s.child.kill('SIGTERM');
  }
  const median = medianRatio(pairs.map((p) => p.ratio));
  log(`  median of the ${pairs.filter((p) => p.ratio !== null).length} pairs that count: ${median ?? '-'}`);
  return { backlog, sipp_rate: sippRate, pairs, median_ratio: median };
}

interface CpuPairs {
  backlog: number;
  sipp_rate: number;
  pairs: Array<{ tester_us_per_message: number | null; sipp_uas_us_per_message: number | null; sipp_uac_us_per_message: number | null; ratio: number | null }>;
  median_ratio: number | null;
}

async function main(): Promise<Record<string, unknown>> {
  const script = {
    rules: [
      { name: 'release', match: { serviceKey: 100 }, action: 'release', cause: 16 },
      { name: 'hold-then-release', match: { serviceKey: 101 }, flow: [{ wait_ms: 10_000 }, { send: [{ op: 'ReleaseCall', args: { initialCallSegment_cause: 16 } }], close: true }] },
    ],
  };
  const date = new Date().toISOString();
  // the machine before anything of ours runs: the host's own stalls (bench/host-stalls.ts)
  const hostAtRest = await probeHost(QUICK ? 3 : 10);
  log(`the machine at rest, ${hostAtRest.secs} s: ${hostLine(hostAtRest)}`);
  const sim = await startScpSim(work, script, SCP_WORKERS);
  const svc = await startService(sim.port, 'main');
  const port = svc.port;
  const pids = { svc: svc.pid, sim: sim.child.pid! };
  log(`bench ${date}: service pid ${pids.svc} (127.0.0.1:${port}), scp-sim pid ${pids.sim}, workers: service ${WORKERS}, scp-sim ${SCP_WORKERS}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), Node ${process.version}, load average ${load.start.toFixed(2)}`);
  let n = 0;
  const go = async (name: string, kind: RunFigures['kind'], distribution: Record<string, unknown>) => {
    const f = await runOne(port, pids, name, kind, { run_id: `bench-${++n}-${Date.now()}`, distribution, scp: { tcap_timeout: 20 }, operations: [IDP, RC] });
    log(runLine(f));
    return f;
  };
  await go('warm-up load 5000', 'load', { type: 'load', total: 5000, backlog: 200 });
  log(`tester load (${LOAD_TOTAL} instances per step, rising backlog):`);
  const loadSearch = await searchLoad(BACKLOGS, (backlog) => go(`load backlog ${backlog}`, 'load', { type: 'load', total: LOAD_TOTAL, backlog }));
  const loadBest = loadSearch.steps.find((s) => s.held && s.step === loadSearch.best_step);
  log(`  load maximum: ${loadSearch.max_rate} instances/s (backlog ${loadSearch.best_step ?? 'none'}; stopped at ${loadSearch.stopped})`);
  log(`tester linear (${SECS} s per step, rising rate):`);
  const linearSearch = await searchRated(RATES, (rate) => go(`linear ${rate}/s for ${SECS}s`, 'linear', linearDistribution(rate, SECS)), QUICK ? 0 : 1);
  log(`  linear ceiling: ${linearSearch.best_step ?? 'none'}/s held (${linearSearch.max_rate}/s achieved; stopped at ${linearSearch.stopped})`);
  const linearTargets = await runLinearTargets(go);
  const linearTarget = linearTargets[0] ?? null;
  let memory: RunFigures | null = null;
  let marginal: ReturnType<typeof marginalOf> = null;
  if (!argv.includes('--no-memory')) {
    // a fresh service process, so the heap grown by the runs above does not hide the growth
    svc.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    const fresh = await startService(sim.port, 'memory');
    const fpids = { svc: fresh.pid, sim: pids.sim };
    await runOne(fresh.port, fpids, 'memory warm-up', 'load', { run_id: `bench-mw-${Date.now()}`, distribution: { type: 'load', total: 2000, backlog: 100 }, operations: [IDP, RC] });
    await new Promise((r) => setTimeout(r, 1000));
    memory = await runOne(fresh.port, fpids, `memory: ${MEMORY_MORE.toLocaleString('en')} in flight`, 'memory', { run_id: `bench-mem-${Date.now()}`, distribution: { type: 'load', total: MEMORY_MORE, backlog: MEMORY_MORE }, scp: { tcap_timeout: 20 }, operations: [{ ...IDP, arguments: { ...IDP.arguments, serviceKey: 101 } }, RC] }, { memoryMarks: [10_000, MEMORY_MORE] });
    const m = memory;
    marginal = marginalOf(m);
    log(`  ${m.name.padEnd(26)} held 10 s by the SCP; service RSS ${m.rss_service_mb} MB at peak; ${m.bytes_per_inflight !== undefined ? `${(m.bytes_per_inflight / 1024).toFixed(2)} KB per in-flight instance (RSS growth / ${m.memory_marks?.[0]?.inflight ?? m.inflight_measured} in flight${m.inflight_measured !== 10_000 ? ': 10,000 were never in flight at once' : ''})` : 'not measured'}; ${marginal ? `${(marginal.bytes / 1024).toFixed(2)} KB per in-flight instance from ${marginal.from} to ${marginal.to} in flight` : 'the growth beyond 10,000 not measured'}; aborted ${m.aborted}`);
  }
  const paths = await protocolPaths(loadSearch.max_rate);
  log(`sipp (built-in uac/uas, TCP, INVITE..BYE, same machine, ${SECS} s per step, rising rate):`);
  const sippOut = await sipp();
  if (sippOut?.skipped) log(`  ${String(sippOut.skipped)}`);
  const tester = {
    max_rate: loadSearch.max_rate,
    max_rate_backlog: loadSearch.best_step,
    us_per_message: loadBest?.us_per_message_service ?? null,
    us_per_instance: loadBest?.us_per_message_service == null ? null : Math.round(loadBest.us_per_message_service * MESSAGES_PER_INSTANCE * 100) / 100,
    scp_us_per_message: loadBest?.us_per_message_scp ?? null,
    linear_ceiling: linearSearch.best_step,
    bytes_per_inflight: memory?.bytes_per_inflight ?? null,
    inflight_measured: memory?.inflight_measured ?? null,
    bytes_per_inflight_marginal: marginal?.bytes ?? null,
    marginal_from_to: marginal ? [marginal.from, marginal.to] : null,
  };
  const sippFig = sippOut && !sippOut.skipped ? (sippOut as { max_rate: number; uas_us_per_message: number | null; uac_us_per_message: number | null; search: { best_step: number | null } }) : null;
  const cpuPairs = sippFig?.search.best_step && loadSearch.best_step && CPU_PAIRS > 0 ? await alternatePairs(sim.port, pids.sim, loadSearch.best_step, sippFig.search.best_step) : null;
  const r = { ...ratios(tester, sippFig), cpu_per_message_paired: cpuPairs?.median_ratio ?? null };
  log(`tester/SIPp: maximum rate ${tester.max_rate}/s vs ${sippFig?.max_rate ?? '-'}/s = ${r.max_rate ?? '-'}; CPU per message ${tester.us_per_message ?? '-'} µs (service, at its load maximum) vs ${sippFig?.uas_us_per_message ?? '-'} µs uas / ${sippFig?.uac_us_per_message ?? '-'} µs uac (at SIPp's ceiling) = ${r.cpu_per_message ?? '-'} (vs uas ${r.cpu_per_message_vs_uas ?? '-'}, vs uac ${r.cpu_per_message_vs_uac ?? '-'}); alternated pairs: ${cpuPairs ? `${cpuPairs.pairs.map((x) => x.ratio ?? '-').join(', ')}, median ${r.cpu_per_message_paired ?? '-'}` : 'not run'}`);
  const targets = {
    service_cpu_per_instance_max_30us: tester.us_per_instance == null ? null : tester.us_per_instance <= 30,
    // judged on a run of the target's full length only (--quick runs a shorter one)
    linear_20000_for_30s: linearTarget && !QUICK ? linearTarget.verdict.met : null,
    load_max_at_least_sipp_max: sippFig ? tester.max_rate >= sippFig.max_rate : null,
    // judged on what an in-flight instance costs beyond 10,000 (the growth to 10,000 alone reuses freed pages)
    max_2kb_per_inflight_at_backlog_10000: tester.bytes_per_inflight_marginal == null || tester.inflight_measured !== 10_000 ? null : tester.bytes_per_inflight_marginal <= 2048,
  };
  const said = (v: boolean | null) => (v === null ? 'not measured' : v ? 'met' : 'NOT met');
  log(`targets (issue 14): service CPU <= 30 µs per instance: ${said(targets.service_cpu_per_instance_max_30us)}; load maximum >= SIPp's: ${said(targets.load_max_at_least_sipp_max)}; <= 2 KB per in-flight instance: ${said(targets.max_2kb_per_inflight_at_backlog_10000)}; linear ${LINEAR_TARGET_RATE}/s for ${LINEAR_TARGET_SECS} s: ${said(targets.linear_20000_for_30s)}`);
  const web = argv.includes('--no-web') ? null : await webFigures();
  const machine = { cpus: cpus().length, cpu_model: cpus()[0]?.model ?? null, node: process.version, loadavg: loadFigures() };
  log(`load average (1 min) during the run: ${machine.loadavg.min}–${machine.loadavg.max}, mean ${machine.loadavg.mean}`);
  const out = { date, machine, options: { quick: QUICK, secs_per_step: SECS, load_total: LOAD_TOTAL, workers: WORKERS, scp_workers: SCP_WORKERS }, host_at_rest: hostAtRest, tester, load: loadSearch, linear: linearSearch, linear_target: linearTarget, linear_target_runs: linearTargets, memory, paths, sipp: sippOut, cpu_pairs: cpuPairs, web, ratios: r, targets };
  if (argv.includes('--markdown')) log('\n' + markdown(out as unknown as BenchReport));
  return out;
}

/** The protocol paths (bench/paths/), by id; null with --no-paths. */
async function protocolPaths(inapTcpMax: number): Promise<Record<string, PathResult> | null> {
  if (!SELECTED_PATHS.length) return null;
  log(`protocol paths (${SELECTED_PATHS.map((p) => p.id).join(', ')}; each its own service and peers, a warm-up, then load steps of about ${SECS} s at rising backlogs ${PATH_BACKLOGS.join(',')}):`);
  const results = await measurePaths(SELECTED_PATHS, { backlogs: PATH_BACKLOGS, secs: SECS, maxTotal: LOAD_TOTAL, log, inapTcpMax });
  return Object.fromEntries(results.map((r) => [r.id, r]));
}

/** The web client's figures (bench/web.ts); null, with the reason printed, when they cannot be measured here. */
async function webFigures(): Promise<WebBench | null> {
  const web = await benchWeb({ secs: SECS, pairs: QUICK ? 1 : 2 }).catch((e: Error) => {
    log(`web client: not measured (${e.message})`);
    return null;
  });
  if (web) for (const l of webLines(web)) log(l);
  return web;
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
    const detail = gw?.detail as { sctp?: { backend?: string } } | undefined;
    const backend = transport === 'sctp' ? String(detail?.sctp?.backend ?? 'unknown') : undefined;
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
  for (const rate of RATES) record(await go(`linear ${rate}/s for ${SECS}s`, 'linear', linearDistribution(rate, SECS)));
  for (const side of sides) {
    const met = side.runs.filter((r) => r.kind === 'linear' && !ratedMiss(r.target_rate ?? 0, r));
    side.sustained = met.reduce((m, r) => Math.max(m, r.target_rate ?? 0), 0);
  }
  const best = (side: (typeof sides)[0]) => Math.max(...side.runs.map((r) => r.rate));
  log(`  highest achieved: tcp ${best(tcp)}/s, sctp ${best(sctp)}/s; sustained (linear, no aborts, no drops, >= 95% of target): tcp ${tcp.sustained}/s, sctp ${sctp.sustained}/s`);
  const strip = ({ port: _p, pids: _x, ...rest }: (typeof sides)[0]) => rest;
  return { node: process.version, cpus: cpus().length, secs_per_linear_run: SECS, tcp: strip(tcp), sctp: strip(sctp) };
}

let code = 0;
try {
  const out = argv.includes('--scale') ? await runScale(work, argv, log) : TRANSPORT === 'sctp' ? await compareTransports() : await main();
  if (JSON_OUT) process.stdout.write(JSON.stringify(out) + '\n');
  if (opt('--json-out')) writeFileSync(opt('--json-out')!, JSON.stringify(out, null, 1) + '\n');
} catch (e) {
  process.stderr.write(`bench failed: ${(e as Error).message}\n`);
  code = 1;
} finally {
  await stopAll();
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
process.exit(code);
