// `npm run bench -- --markdown`: the README's performance table from one bench report (the object `--json` prints).
import type { SearchResult } from './ceiling.js';
import type { LinearVerdict } from './linear-target.js';
import { STALL_MIN_MS, type HostStalls } from './host-stalls.js';
import type { PathResult } from './paths/run.js';
import type { ScaleReport } from './scale-figures.js';

interface Run {
  name: string;
  rate: number;
  p50_ms: number;
  p99_ms: number;
  cpu_service_pct: number;
  cpu_scp_pct: number;
  us_per_message_service: number | null;
  aborted: number;
  failed: number;
  dropped: number;
  failures: number;
}
interface Sipp {
  target: number;
  rate: number;
  ok: number;
  failed: number;
  failures: number;
  cpu_uas_pct: number;
  cpu_uac_pct: number;
  uas_us_per_message: number | null;
  uac_us_per_message: number | null;
}
/** One run of the linear target, its verdict and the host probe beside it. */
interface LinearTargetRun {
  run: Run & { start_rate: number; cpu_scp_pct: number; us_per_message_scp: number | null };
  verdict: LinearVerdict;
  host_stalls?: HostStalls;
}

export interface BenchReport {
  date: string;
  machine: { cpus: number; cpu_model: string | null; node: string; loadavg: { min: number; max: number; mean: number } };
  options: { quick: boolean; secs_per_step: number; load_total: number };
  tester: { max_rate: number; max_rate_backlog: number | null; us_per_message: number | null; us_per_instance: number | null; linear_ceiling: number | null; bytes_per_inflight: number | null; inflight_measured?: number | null; bytes_per_inflight_marginal?: number | null; marginal_from_to?: [number | null, number | null] | null };
  load: SearchResult<Run & { step: number }>;
  linear: SearchResult<Run & { step: number }>;
  /** The linear target's run (docs/bench.md) (absent or null: not run). */
  linear_target?: LinearTargetRun | null;
  /** --linear-target-runs N: every run of the target, in order (the first is `linear_target`). */
  linear_target_runs?: LinearTargetRun[];
  /** The host probe with nothing of ours running (bench/host-stalls.ts); absent in older reports. */
  host_at_rest?: HostStalls | null;
  sipp: { skipped?: string; search?: SearchResult<Sipp & { step: number }>; max_rate?: number; uas_us_per_message?: number | null; uac_us_per_message?: number | null } | null;
  ratios: { max_rate: number | null; cpu_per_message: number | null; cpu_per_message_vs_uas: number | null; cpu_per_message_vs_uac: number | null; cpu_per_message_paired?: number | null };
  /** --cpu-pairs: the service's and SIPp's steps again, alternated (bench/index.ts alternatePairs); absent in older reports. */
  cpu_pairs?: { backlog: number; sipp_rate: number; pairs: Array<{ ratio: number | null }>; median_ratio: number | null } | null;
  /** The protocol paths by id (bench/paths/run.ts), null with --no-paths; absent in older reports. */
  paths?: Record<string, PathResult> | null;
}

/** The alternated pairs in words ('' when they did not run). */
const pairsText = (c: BenchReport['cpu_pairs']) =>
  c ? ` Again in ${c.pairs.length} alternated pairs (the service at backlog ${n(c.backlog)}, then SIPp at ${n(c.sipp_rate)}/s): ratios ${c.pairs.map((p) => n(p.ratio)).join(', ')}, median **${n(c.median_ratio)}**.` : '';

/** A probe's figures in words. */
const stallText = (h: HostStalls) => `${h.stalls} of ${STALL_MIN_MS} ms or more in ${h.secs} s (longest ${h.longest_ms} ms; ${h.stalled_ms_per_s} ms stalled per second)`;

const n = (x: number | null | undefined) => (x == null ? '–' : x.toLocaleString('en'));
const held = (s: { held: boolean; why?: string }) => (s.held ? 'yes' : `no: ${s.why}`);

export function markdown(r: BenchReport): string {
  const out = [
    `Measured ${r.date.slice(0, 10)} on ${r.machine.cpus} cores (${r.machine.cpu_model ?? 'unknown CPU'}), Node ${r.machine.node}, ${r.options.quick ? '`--quick`, ' : ''}${r.options.secs_per_step} s per rated step, ${n(r.options.load_total)} instances per load step. The machine is shared: 1-minute load average ${r.machine.loadavg.min}–${r.machine.loadavg.max} (mean ${r.machine.loadavg.mean}) during the run.`,
    '',
    '| step | achieved | p50 / p99 per instance | CPU service / SCP | µs CPU per message | failed, aborted, dropped | held |',
    '|---|---|---|---|---|---|---|',
  ];
  const tester = (s: Run & { held: boolean; why?: string }) =>
    `| ${s.name} | ${n(s.rate)}/s | ${s.p50_ms.toFixed(1)} / ${s.p99_ms.toFixed(1)} ms | ${s.cpu_service_pct}% / ${s.cpu_scp_pct}% | ${n(s.us_per_message_service)} | ${s.failed}, ${s.aborted}, ${s.dropped} | ${held(s)} |`;
  for (const s of r.load.steps) out.push(tester(s));
  for (const s of r.linear.steps) out.push(tester(s));
  const lt = r.linear_target;
  if (lt) out.push(tester({ ...lt.run, held: lt.verdict.met, why: lt.verdict.misses.join('; ') }));
  for (const s of r.sipp?.search?.steps ?? []) out.push(`| SIPp uac/uas (TCP) ${n(s.target)}/s | ${n(s.rate)}/s | – | ${s.cpu_uas_pct}% uas / ${s.cpu_uac_pct}% uac | ${n(s.uas_us_per_message)} uas / ${n(s.uac_us_per_message)} uac | ${s.failures} failed | ${held(s)} |`);
  out.push('');
  const sippMax = r.sipp?.search ? `${n(r.sipp.max_rate)} calls/s` : (r.sipp?.skipped ?? 'not run');
  out.push(`- Maximum: tester \`load\` **${n(r.tester.max_rate)} instances/s** (backlog ${n(r.tester.max_rate_backlog)}), SIPp **${sippMax}**: ratio tester/SIPp **${n(r.ratios.max_rate)}**. The tester's \`linear\` ceiling: ${n(r.tester.linear_ceiling)}/s.`);
  out.push(`- CPU per message: service **${n(r.tester.us_per_message)} µs** (${n(r.tester.us_per_instance)} µs per instance of 2 messages, at its load maximum), SIPp ${n(r.sipp?.uas_us_per_message)} µs uas / ${n(r.sipp?.uac_us_per_message)} µs uac per message and side (at its ceiling): ratio tester/SIPp **${n(r.ratios.cpu_per_message)}** (vs uas ${n(r.ratios.cpu_per_message_vs_uas)}, vs uac ${n(r.ratios.cpu_per_message_vs_uac)}).${pairsText(r.cpu_pairs)}`);
  if (lt) {
    const v = lt.verdict;
    const w = v.worst_second;
    const judged = r.options.quick ? 'not judged (`--quick`: a shorter run)' : v.met ? '**met**' : `**not met** (${v.misses.join('; ')})`;
    out.push(`- \`linear\` target (issue 14: 20,000/s for 30 s, every full second within ±5%, p99 < 50 ms, nothing lost): ${judged}. Started ${n(lt.run.start_rate)}/s (${v.overall_off_pct}% off), worst second ${w ? `${n(w.started)} (${w.off_pct}%)` : '–'}, p50 / p99 ${lt.run.p50_ms.toFixed(1)} / ${lt.run.p99_ms.toFixed(1)} ms; CPU service ${lt.run.cpu_service_pct}%, SCP ${lt.run.cpu_scp_pct}% beside it.${lt.host_stalls ? ` Host stalls during it: ${stallText(lt.host_stalls)}.` : ''}`);
  }
  const runs = r.linear_target_runs ?? [];
  if (runs.length > 1) out.push(`- The \`linear\` target ${runs.length} times in a row: ${runs.map((t, i) => `${i + 1}. p99 ${t.run.p99_ms.toFixed(1)} ms, ${r.options.quick ? 'not judged' : t.verdict.met ? 'met' : 'not met'}${t.host_stalls ? ` (host: ${stallText(t.host_stalls)})` : ''}`).join('; ')}.`);
  if (r.host_at_rest) out.push(`- Host stalls (bench/host-stalls.ts: the vCPUs at a fraction of their speed, unseen by the guest's scheduler), before anything of ours ran: ${stallText(r.host_at_rest)}.`);
  const inflight = r.tester.inflight_measured ?? 10_000;
  const memoryNote = inflight === 10_000 ? '10,000 calls held open by the SCP' : `${n(inflight)} in flight at most: the machine did not start 10,000 within the SCP's 10 s hold`;
  const kb = (b: number) => (b / 1024).toFixed(1);
  const marginal = r.tester.bytes_per_inflight_marginal;
  const [from, to] = r.tester.marginal_from_to ?? [null, null];
  if (marginal != null) {
    out.push(`- Memory: **${kb(marginal)} KB of service RSS per in-flight instance** (the growth from ${n(from)} to ${n(to)} held open by the SCP at once, one process); the growth to the first ${n(from)} alone read ${kb(r.tester.bytes_per_inflight ?? 0)} KB per instance, the warm-up's freed pages being reused.`);
  } else out.push(`- Memory: ${r.tester.bytes_per_inflight == null ? 'not measured' : `**${kb(r.tester.bytes_per_inflight)} KB of service RSS per in-flight instance** (${memoryNote})`}.`);
  if (r.paths && Object.keys(r.paths).length) out.push('', ...pathsTable(Object.values(r.paths)));
  return out.join('\n');
}

/** The second table, "Protocol paths": a row per path measured (bench/paths/run.ts). */
function pathsTable(paths: readonly PathResult[]): string[] {
  const out = ['Protocol paths (each its own service and peers; `load` steps at rising backlogs, the maximum the best step without failures; µs of CPU per message on the wire):', '', '| path | messages per instance | `load` maximum | p99 there | service µs/msg | peers µs/msg | of INAP over M3UA/TCP |', '|---|---|---|---|---|---|---|'];
  for (const p of paths) out.push(pathRow(p));
  return out;
}

/** One row of the paths table. */
function pathRow(p: PathResult): string {
  const name = `${p.title} (\`${p.id}\`)`;
  if (p.error) return `| ${name} | ${p.messages_per_instance} | not measured: ${p.error.replaceAll('|', '/').replaceAll('\n', ' ')} | – | – | – | – |`;
  const peers = Object.entries(p.peers_us_per_message ?? {}).map(([k, v]) => `${k} ${n(v)}`).join(', ') || '–';
  const tcp = p.of_inap_tcp == null ? '–' : `${Math.round(p.of_inap_tcp * 100)}%`;
  const max = p.max_rate ? `${n(p.max_rate)}/s (backlog ${n(p.max_rate_backlog)})` : `none held (${p.load?.stopped ?? '?'})`;
  const children = p.us_per_message_service_children ? ` (${n(p.us_per_message_service_children)} in its child processes)` : '';
  return `| ${name} | ${p.messages_per_instance} | ${max} | ${p.p99_ms == null ? '–' : `${p.p99_ms.toFixed(1)} ms`} | ${n(p.us_per_message_service)}${children} | ${peers} | ${tcp} |`;
}

/** `--scale --markdown`: the long-calls run (issue 29) as a table of its figures. */
export function scaleMarkdown(r: { date: string; machine: { cpus: number; cpu_model: string | null; node: string }; scale: ScaleReport }): string {
  const s = r.scale;
  const f = s.figures;
  const mb = (kb: number) => `${n(Math.round(kb / 1024))} MB`;
  return [
    `Long calls at scale, measured ${r.date.slice(0, 10)} on ${r.machine.cpus} cores (${r.machine.cpu_model ?? 'unknown CPU'}), Node ${r.machine.node}: InitialDP → (the SCP holds ${s.shape.hold_s} s) → ReleaseCall, \`linear\` ${n(s.shape.rate)}/s for ${s.shape.ramp_s} s, TCAP timeout ${s.shape.tcap_timeout_s} s armed for each call; 1-minute load average ${s.loadavg.start} at the start, ${s.loadavg.max} at most.`,
    '',
    '| in flight at most | service RSS before / at that peak / at most | per in-flight instance | QueryTest max / p99 | passed, failed, aborted, dropped | duration |',
    '|---|---|---|---|---|---|',
    `| ${n(s.max_in_progress)} | ${mb(f.rss_before_kb)} / ${mb(f.rss_at_inflight_peak_kb)} / ${mb(f.rss_peak_kb)} | ${f.bytes_per_inflight == null ? '–' : `${(f.bytes_per_inflight / 1024).toFixed(2)} KB`} | ${f.query_max_ms} / ${f.query_p99_ms} ms | ${n(s.passed)}, ${s.failed}, ${s.aborted}, ${s.dropped} | ${s.duration_s} s |`,
  ].join('\n');
}
