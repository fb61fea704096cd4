// The figures of `npm run bench -- --scale` (pure: the run's shape from its options, and its summary from the polls'
// readings; bench/scale.ts runs it).

/** The seconds of hold above which scp-sim's `wait_ms` is cut (plugins/inap/scp-sim/engine.ts waits at most 60 s). */
export const MAX_HOLD_S = 60;
/** The service's TCAP receive timeout runs this much longer than the hold, so that every wait has its timer armed and none expires. */
export const TIMEOUT_MARGIN_S = 30;
/** The QueryTest round trip the run must stay under (issue 29). */
export const QUERY_BOUND_MS = 100;

export interface ScaleShape {
  rate: number;
  ramp_s: number;
  hold_s: number;
  /** rate × ramp_s instances started. */
  total: number;
  /** Instances in flight at the peak if every call is held hold_s: rate × min(hold_s, ramp_s). */
  expected_inflight: number;
  /** The run's backlog: room for 2 s of starts more than expected_inflight (the calls' own latency, a late poll). */
  backlog: number;
  /** The run's `scp.tcap_timeout`, seconds. */
  tcap_timeout_s: number;
  /** The sigtran `maxDialogues` of both sides: the backlog and 2% more (the dialogues still closing). */
  max_dialogues: number;
}

/** The run `--scale` makes of its rate, ramp and hold: a `linear` run of rate × ramp_s calls, each held hold_s. */
export function scaleShape(rate: number, rampS: number, holdS: number): ScaleShape {
  const expected = rate * Math.min(holdS, rampS);
  const backlog = expected + 2 * rate;
  return { rate, ramp_s: rampS, hold_s: holdS, total: rate * rampS, expected_inflight: expected, backlog, tcap_timeout_s: holdS + TIMEOUT_MARGIN_S, max_dialogues: Math.ceil(backlog * 1.02) };
}

/** One poll during the run: the QueryTest round trip, the record's in-flight count, the service's RSS then. */
export interface ScaleSample {
  /** Seconds since the run was submitted. */
  t_s: number;
  query_ms: number;
  inflight: number;
  rss_kb: number;
}

export interface ScaleFigures {
  polls: number;
  /** The most in flight at one poll, and the service's RSS read at that poll. */
  inflight_peak: number;
  rss_at_inflight_peak_kb: number;
  rss_before_kb: number;
  rss_peak_kb: number;
  /** (RSS at the in-flight peak − RSS before the run) × 1024 ÷ the in-flight peak; null with nothing in flight. */
  bytes_per_inflight: number | null;
  query_max_ms: number;
  query_p99_ms: number;
  query_p50_ms: number;
  /** Polls whose QueryTest took QUERY_BOUND_MS or more. */
  query_over_bound: number;
}

/** The p-th percentile (0–100) of `xs` by the nearest rank; 0 for none. */
export function percentile(xs: readonly number[], p: number): number {
  if (!xs.length) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

/** The run's figures from its polls and the service's RSS before it started. */
export function scaleFigures(samples: readonly ScaleSample[], rssBeforeKb: number): ScaleFigures {
  let peak: ScaleSample | undefined;
  let rssPeak = rssBeforeKb;
  for (const s of samples) {
    if (!peak || s.inflight > peak.inflight) peak = s;
    rssPeak = Math.max(rssPeak, s.rss_kb);
  }
  const q = samples.map((s) => s.query_ms);
  const inflight = peak?.inflight ?? 0;
  const rssAt = peak?.rss_kb ?? rssBeforeKb;
  return {
    polls: samples.length,
    inflight_peak: inflight,
    rss_at_inflight_peak_kb: rssAt,
    rss_before_kb: rssBeforeKb,
    rss_peak_kb: rssPeak,
    bytes_per_inflight: inflight > 0 ? Math.round(((rssAt - rssBeforeKb) * 1024) / inflight) : null,
    query_max_ms: r2(q.length ? Math.max(...q) : 0),
    query_p99_ms: r2(percentile(q, 99)),
    query_p50_ms: r2(percentile(q, 50)),
    query_over_bound: q.filter((x) => x >= QUERY_BOUND_MS).length,
  };
}

/** One point of the run's timeline: a window of polls summed up. */
export interface TimelinePoint {
  /** Seconds since the run was submitted, at the window's last poll. */
  t_s: number;
  /** In flight and the service's RSS (MB) at the window's last poll. */
  inflight: number;
  rss_mb: number;
  /** The slowest QueryTest of the window, ms. */
  query_max_ms: number;
}

/** The polls in windows of `every` (the last one may be shorter): when the RSS grew and where QueryTest was slow. */
export function timeline(samples: readonly ScaleSample[], every: number): TimelinePoint[] {
  const out: TimelinePoint[] = [];
  for (let i = 0; i < samples.length; i += every) {
    const w = samples.slice(i, i + every);
    const last = w[w.length - 1]!;
    out.push({ t_s: last.t_s, inflight: last.inflight, rss_mb: Math.round(last.rss_kb / 1024), query_max_ms: r2(Math.max(...w.map((s) => s.query_ms))) });
  }
  return out;
}

/** One full GC of the service (`--trace-gc`'s Mark-Compact line). */
export interface FullGc {
  /** Milliseconds since the service's isolate started. */
  at_ms: number;
  /** The pause (the main thread's time in it; the incremental steps before it are not counted). */
  pause_ms: number;
  heap_before_mb: number;
  heap_after_mb: number;
}

/** Scavenges of this many ms or more are listed with their time (to set beside QueryTest's slow round trips). */
export const SLOW_SCAVENGE_MS = 50;

export interface GcFigures {
  full: FullGc[];
  /** The scavenges of SLOW_SCAVENGE_MS or more: when (ms since the isolate started) and how long. */
  slow_scavenges: Array<{ at_ms: number; pause_ms: number }>;
  scavenges: number;
  scavenge_max_ms: number;
  /** Main-thread milliseconds in scavenges, in all. */
  scavenge_total_ms: number;
}

const GC_LINE = /^\[\d+:0x[0-9a-f]+\]\s+(\d+) ms: (Scavenge|Mark-Compact(?: \(reduce\))?) ([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB, ([\d.]+) \//;

/** The GCs of Node's `--trace-gc` output from `fromMs` on (other lines left out). */
export function gcFigures(text: string, fromMs = 0): GcFigures {
  const out: GcFigures = { full: [], slow_scavenges: [], scavenges: 0, scavenge_max_ms: 0, scavenge_total_ms: 0 };
  for (const line of text.split('\n')) {
    const m = GC_LINE.exec(line);
    if (!m || Number(m[1]) < fromMs) continue;
    const pause = Number(m[5]);
    if (m[2] === 'Scavenge') {
      out.scavenges++;
      out.scavenge_max_ms = Math.max(out.scavenge_max_ms, pause);
      out.scavenge_total_ms = r2(out.scavenge_total_ms + pause);
      if (pause >= SLOW_SCAVENGE_MS) out.slow_scavenges.push({ at_ms: Number(m[1]), pause_ms: pause });
    } else out.full.push({ at_ms: Number(m[1]), pause_ms: pause, heap_before_mb: Number(m[3]), heap_after_mb: Number(m[4]) });
  }
  return out;
}

/** What `--scale` reports (the JSON's `scale`). */
export interface ScaleReport {
  shape: ScaleShape;
  figures: ScaleFigures;
  passed: number;
  failed: number;
  aborted: number;
  dropped: number;
  /** Every started instance passed. */
  nothing_lost: boolean;
  max_in_progress: number;
  duration_s: number;
  wall_s: number;
  p50_ms: number;
  p99_ms: number;
  cpu_service_s: number;
  cpu_scp_s: number;
  rss_scp_peak_mb: number;
  /** process.memoryUsage() of the service (ListTests) read nearest the in-flight peak, MB. */
  heap_at_peak_mb: { rss: number; heap_used: number; heap_total: number; external: number } | null;
  /** The machine's 1-minute load average: at the start, at most, at the in-flight peak. */
  loadavg: { start: number; max: number; at_peak: number };
  first_abort?: string;
  /** With `--trace-gc`: the service's GCs during the run, full GCs timed from the run's submission (`at_s`). */
  gc?: { full: Array<Omit<FullGc, 'at_ms'> & { at_s: number }>; slow_scavenges: Array<{ at_s: number; pause_ms: number }>; scavenges: number; scavenge_max_ms: number; scavenge_total_ms: number };
  /** The QueryTests of QUERY_BOUND_MS or more: when (s since the submission; the call's start) and how long. */
  slow_queries: Array<{ t_s: number; query_ms: number }>;
  /** The polls by 5 s (20 polls): in flight, RSS, the slowest QueryTest. */
  timeline: TimelinePoint[];
  /** Targets (issue 29): the in-flight count reached, RSS within 1 GB, QueryTest within 100 ms, nothing lost. */
  targets: { inflight_500000: boolean; rss_within_1gb: boolean; query_within_100ms: boolean; nothing_lost: boolean };
}
