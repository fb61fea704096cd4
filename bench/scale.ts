// `npm run bench -- --scale`: long calls at scale (issue 29). InitialDP → (the SCP holds the call --hold-s seconds,
// 60) → ReleaseCall, started `linear` at --scale-rate per second (8,500) for --ramp-s seconds (75), so that
// rate × hold (510,000) instances are in flight at the peak, each with its TCAP receive timer armed (the run's
// scp.tcap_timeout: the hold + 30 s). While it runs, QueryTest every 250 ms, its round trip timed, and the service's
// RSS from /proc; with --trace-gc the service's GCs too. Figures: bench/scale-figures.ts; fields: docs/bench.md "--scale".
import { cpus, loadavg } from 'node:os';
import { rpcCall } from '../cli/rpc-client.js';
import type { RunRecord } from '../core/api/index.js';
import { scaleMarkdown } from './markdown.js';
import { HZ, IDP, RC, cpuTicks, cpuTicksTree, rssKb, rssKbTree, startScpSim, startService } from './processes.js';
import { MAX_HOLD_S, QUERY_BOUND_MS, SLOW_SCAVENGE_MS, gcFigures, scaleFigures, scaleShape, timeline, type ScaleReport, type ScaleSample, type ScaleShape } from './scale-figures.js';

const POLL_MS = 250;
/** A QueryTest answered later than this is a failure of the run, not a wait. */
const RPC_TIMEOUT_MS = 60_000;


type Log = (s: string) => void;
const num = (argv: string[], name: string, dflt: number, max: number): number => {
  const i = argv.indexOf(name);
  const v = i >= 0 ? Number(argv[i + 1]) : dflt;
  if (!Number.isInteger(v) || v < 1 || v > max) {
    process.stderr.write(`bench --scale: ${name} takes a whole number from 1 to ${max}\n`);
    process.exit(2);
  }
  return v;
};

/** The shape from `--scale-rate R --ramp-s S --hold-s H`. */
export function shapeOf(argv: string[]): ScaleShape {
  return scaleShape(num(argv, '--scale-rate', 8500, 100_000), num(argv, '--ramp-s', 75, 3600), num(argv, '--hold-s', 60, MAX_HOLD_S));
}

const mb = (kb: number) => Math.round(kb / 1024);

/** Start the pair sized for `shape`, run it, and return the report (the text summary logged as it goes). */
export async function runScale(work: string, argv: string[], log: Log): Promise<Record<string, unknown>> {
  const shape = shapeOf(argv);
  const date = new Date().toISOString();
  const script = {
    rules: [
      { name: 'release', match: { serviceKey: 100 }, action: 'release', cause: 16 },
      { name: 'hold', match: { serviceKey: 101 }, flow: [{ wait_ms: shape.hold_s * 1000 }, { send: [{ op: 'ReleaseCall', args: { initialCallSegment_cause: 16 } }], close: true }] },
    ],
  };
  // the SCP holds as many dialogues as the service and its own per-call promise and timer: room beyond the 2 GB default
  const sim = await startScpSim(work, script, 1, { nodeFlags: ['--max-old-space-size=8192'], args: ['--max-dialogues', String(shape.max_dialogues)] });
  const traceGc = argv.includes('--trace-gc');
  const spawnT = performance.now();
  const svc = await startService(work, sim.port, 'scale', { maxDialogues: shape.max_dialogues }, 1, traceGc ? ['--trace-gc'] : [], ['--max-backlog', String(shape.backlog)]);
  // --trace-gc writes to the service's stdout: kept here (the service was spawned at about spawnT)
  let gcText = '';
  if (traceGc) svc.child.stdout!.on('data', (d: Buffer) => (gcText += d.toString()));
  const pids = { svc: svc.pid, sim: sim.child.pid! };
  log(`bench --scale ${date}: ${shape.rate}/s for ${shape.ramp_s} s, each call held ${shape.hold_s} s by the SCP (${shape.expected_inflight.toLocaleString('en')} in flight expected; backlog ${shape.backlog.toLocaleString('en')}, maxDialogues ${shape.max_dialogues.toLocaleString('en')}, tcap_timeout ${shape.tcap_timeout_s} s); service pid ${pids.svc}, scp-sim pid ${pids.sim}, ${cpus().length} CPUs, load average ${loadavg()[0]!.toFixed(2)}`);
  const port = svc.port;
  const warmId = `scale-warm-${Date.now()}`;
  const warm = await rpcCall({ port }, 'ExecuteTest', { run_id: warmId, distribution: { type: 'load', total: 5000, backlog: 200 }, operations: [IDP, RC] });
  if (warm.error) throw new Error(`warm-up refused: ${warm.error.message}`);
  await untilCompleted(port, warmId);
  await new Promise((r) => setTimeout(r, 2000));
  const run = await holdRun(port, pids, shape);
  const report = reportOf(shape, run);
  if (traceGc) report.gc = gcDuring(gcText, run.t0 - spawnT);
  for (const l of scaleLines(report)) log(l);
  const out = { date, machine: { cpus: cpus().length, cpu_model: cpus()[0]?.model ?? null, node: process.version }, options: { scale_rate: shape.rate, ramp_s: shape.ramp_s, hold_s: shape.hold_s }, scale: report };
  if (argv.includes('--markdown')) log('\n' + scaleMarkdown(out));
  return out;
}

async function untilCompleted(port: number, runId: string): Promise<RunRecord> {
  for (;;) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const q = await rpcCall({ port }, 'QueryTest', { run_id: runId }, { timeoutMs: RPC_TIMEOUT_MS });
    if (q.error) throw new Error(`QueryTest ${runId}: ${q.error.message}`);
    if (q.result!.completed) return q.result! as RunRecord;
  }
}

interface HoldRun {
  rec: RunRecord;
  samples: ScaleSample[];
  rssBefore: number;
  rssScpPeak: number;
  heap: ScaleReport['heap_at_peak_mb'];
  load: ScaleReport['loadavg'];
  cpu: { svc: number; sim: number };
  wall: number;
  /** When the run was submitted (performance.now()). */
  t0: number;
}

/** The held run: polled every POLL_MS until it completes, each QueryTest timed. */
async function holdRun(port: number, pids: { svc: number; sim: number }, shape: ScaleShape): Promise<HoldRun> {
  const runId = `scale-${Date.now()}`;
  const ops = [{ ...IDP, arguments: { ...IDP.arguments, serviceKey: 101 } }, RC];
  const c0 = { svc: cpuTicks(pids.svc), sim: cpuTicksTree(pids.sim) };
  const rssBefore = rssKb(pids.svc);
  const load = { start: loadavg()[0]!, max: loadavg()[0]!, at_peak: loadavg()[0]! };
  const t0 = performance.now();
  const resp = await rpcCall({ port }, 'ExecuteTest', { run_id: runId, distribution: { type: 'linear', total: shape.total, backlog: shape.backlog, cps: { rate: shape.rate } }, scp: { tcap_timeout: shape.tcap_timeout_s }, operations: ops });
  if (resp.error) throw new Error(`--scale: ExecuteTest refused: ${resp.error.message}`);
  const samples: ScaleSample[] = [];
  let rssScpPeak = 0;
  let heap: HoldRun['heap'] = null;
  let heapInflight = -1;
  for (let i = 0; ; i++) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const q0 = performance.now();
    const q = await rpcCall({ port }, 'QueryTest', { run_id: runId }, { timeoutMs: RPC_TIMEOUT_MS });
    const queryMs = performance.now() - q0;
    if (q.error) throw new Error(`QueryTest ${runId}: ${q.error.message}`);
    const rec = q.result! as RunRecord;
    const inflight = rec.in_progress ?? 0;
    samples.push({ t_s: Math.round(q0 - t0) / 1000, query_ms: queryMs, inflight, rss_kb: rssKb(pids.svc) });
    rssScpPeak = Math.max(rssScpPeak, rssKbTree(pids.sim));
    load.max = Math.max(load.max, loadavg()[0]!);
    // the heap split, every 5 s while the in-flight count grows (not timed: ListTests is not the figure)
    if (i % 20 === 0 && inflight > heapInflight) {
      heap = await heapMb(port);
      heapInflight = inflight;
      load.at_peak = loadavg()[0]!;
    }
    if (rec.completed) {
      const cpu = { svc: (cpuTicks(pids.svc) - c0.svc) / HZ, sim: (cpuTicksTree(pids.sim) - c0.sim) / HZ };
      return { rec, samples, rssBefore, rssScpPeak, heap, load, cpu, wall: (performance.now() - t0) / 1000, t0 };
    }
  }
}

async function heapMb(port: number): Promise<HoldRun['heap']> {
  const l = await rpcCall({ port }, 'ListTests', {}, { timeoutMs: RPC_TIMEOUT_MS });
  const m = (l.result as { service?: { memory?: { rss: number; heap_used: number; heap_total: number; external?: number } } } | undefined)?.service?.memory;
  const b = (x: number | undefined) => Math.round((x ?? 0) / 2 ** 20);
  return m ? { rss: b(m.rss), heap_used: b(m.heap_used), heap_total: b(m.heap_total), external: b(m.external) } : null;
}

/** The service's GCs from the run's submission on, `offsetMs` after the service's start; full GCs timed from the submission. */
function gcDuring(text: string, offsetMs: number): NonNullable<ScaleReport['gc']> {
  const g = gcFigures(text, offsetMs);
  const at = (ms: number) => Math.round(ms - offsetMs) / 1000;
  const full = g.full.map(({ at_ms, ...f }) => ({ at_s: at(at_ms), ...f }));
  const slow = g.slow_scavenges.map((x) => ({ at_s: at(x.at_ms), pause_ms: x.pause_ms }));
  return { full, slow_scavenges: slow, scavenges: g.scavenges, scavenge_max_ms: g.scavenge_max_ms, scavenge_total_ms: g.scavenge_total_ms };
}

function reportOf(shape: ScaleShape, r: HoldRun): ScaleReport {
  const figures = scaleFigures(r.samples, r.rssBefore);
  const c = r.rec.counts;
  const passed = c.passed ?? c.finished - c.failed - c.aborted;
  const lost = c.failed + c.aborted + c.dropped;
  const nothingLost = lost === 0 && passed === shape.total;
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    shape,
    figures,
    passed,
    failed: c.failed,
    aborted: c.aborted,
    dropped: c.dropped,
    nothing_lost: nothingLost,
    max_in_progress: r.rec.max_in_progress ?? figures.inflight_peak,
    duration_s: round(r.rec.duration ?? 0),
    wall_s: round(r.wall),
    p50_ms: r.rec.latency.instance.p50,
    p99_ms: r.rec.latency.instance.p99,
    cpu_service_s: round(r.cpu.svc),
    cpu_scp_s: round(r.cpu.sim),
    rss_scp_peak_mb: mb(r.rssScpPeak),
    heap_at_peak_mb: r.heap,
    loadavg: { start: round(r.load.start), max: round(r.load.max), at_peak: round(r.load.at_peak) },
    ...(r.rec.first_aborts?.length ? { first_abort: JSON.stringify(r.rec.first_aborts[0]).slice(0, 300) } : {}),
    timeline: timeline(r.samples, 20),
    slow_queries: r.samples.filter((x) => x.query_ms >= QUERY_BOUND_MS).map((x) => ({ t_s: x.t_s, query_ms: Math.round(x.query_ms) })),
    targets: {
      inflight_500000: (r.rec.max_in_progress ?? figures.inflight_peak) >= 500_000,
      rss_within_1gb: figures.rss_peak_kb <= 1024 * 1024,
      query_within_100ms: figures.query_max_ms < QUERY_BOUND_MS,
      nothing_lost: nothingLost,
    },
  };
}

/** The text summary. */
function scaleLines(s: ScaleReport): string[] {
  const f = s.figures;
  const said = (v: boolean) => (v ? 'met' : 'NOT met');
  return [
    `  in flight: peak ${f.inflight_peak.toLocaleString('en')} at one poll (record's max_in_progress ${s.max_in_progress.toLocaleString('en')})`,
    `  service RSS: ${mb(f.rss_before_kb)} MB before, ${mb(f.rss_at_inflight_peak_kb)} MB at the in-flight peak, ${mb(f.rss_peak_kb)} MB at most: ${f.bytes_per_inflight ?? '-'} bytes (${f.bytes_per_inflight === null ? '-' : (f.bytes_per_inflight / 1024).toFixed(2)} KB) per in-flight instance${s.heap_at_peak_mb ? `; heap used ${s.heap_at_peak_mb.heap_used} MB of ${s.heap_at_peak_mb.heap_total} MB, external ${s.heap_at_peak_mb.external} MB near the peak` : ''}; scp-sim RSS ${s.rss_scp_peak_mb} MB at most`,
    `  QueryTest every ${POLL_MS} ms (${f.polls} calls): max ${f.query_max_ms} ms, p99 ${f.query_p99_ms} ms, p50 ${f.query_p50_ms} ms, ${f.query_over_bound} at ${QUERY_BOUND_MS} ms or more${s.slow_queries.length ? ` (ms at s: ${s.slow_queries.map((q) => `${Math.round(q.query_ms)} at ${q.t_s.toFixed(1)}`).join(', ')})` : ''}`,
    `  counts: passed ${s.passed.toLocaleString('en')} of ${s.shape.total.toLocaleString('en')}, failed ${s.failed}, aborted ${s.aborted}, dropped ${s.dropped}; duration ${s.duration_s} s (wall ${s.wall_s} s); per instance p50 ${s.p50_ms} ms p99 ${s.p99_ms} ms; CPU service ${s.cpu_service_s} s, scp-sim ${s.cpu_scp_s} s${s.first_abort ? `; first abort: ${s.first_abort}` : ''}`,
    `  by 5 s (s: in flight, RSS MB, slowest QueryTest ms): ${s.timeline.map((p) => `${Math.round(p.t_s)}: ${Math.round(p.inflight / 1000)}k ${p.rss_mb} ${Math.round(p.query_max_ms)}`).join(' | ')}`,
    ...(s.gc ? [`  service GC (--trace-gc): ${s.gc.full.length} full GCs in the run, pauses ${s.gc.full.map((f) => `${Math.round(f.pause_ms)} ms at ${Math.round(f.at_s)} s (${Math.round(f.heap_before_mb)} -> ${Math.round(f.heap_after_mb)} MB)`).join(', ') || 'none'}; ${s.gc.scavenges} scavenges, longest ${s.gc.scavenge_max_ms} ms; of ${SLOW_SCAVENGE_MS} ms or more: ${s.gc.slow_scavenges.map((x) => `${Math.round(x.pause_ms)} ms at ${x.at_s.toFixed(1)} s`).join(', ') || 'none'}`] : []),
    `  load average (1 min): ${s.loadavg.start} at the start, ${s.loadavg.at_peak} near the peak, ${s.loadavg.max} at most`,
    `  targets (issue 29): 500,000 in flight: ${said(s.targets.inflight_500000)}; service RSS <= 1 GB: ${said(s.targets.rss_within_1gb)}; QueryTest < ${QUERY_BOUND_MS} ms: ${said(s.targets.query_within_100ms)}; nothing lost: ${said(s.targets.nothing_lost)}`,
  ];
}
