// The result records of a run's slices (core/engine/slice.ts) combined into the record of the whole run, as
// `tester merge result-*.json` prints it (docs/scaling.md says what is exact and what is not):
// - counts, in_progress, max_in_progress (the sum of the slices' peaks) and rate (the sum of the slices' rates);
// - latency: the slices' serialised histograms (latency.hdr) added, so every percentile of the merge is the
//   percentile of the union of the slices' latencies;
// - buckets: second s of the merge is the sum of the slices' buckets that cover it, each slice's seconds shifted
//   by its start's offset from the earliest start (whole seconds); the per-second p50/p99 are the finished-weighted
//   means of the slices' (an approximation: the buckets carry no histogram);
// - failures: every part's, earliest end first;
// - choices: the picks of each `choose` added;
// - first_fails / first_aborts: the earliest (by time) of all slices', at most 10 each; their idx is the $n;
// - first_call, globals, run_id: slice 0's (each slice's globals are in slices[]);
// - thresholds: re-evaluated on the merged record against the whole run's distribution.
import { evaluateThresholds, compileThresholds } from '../../core/engine/thresholds.js';
import { LatencyHistogram, type LatencySummary } from '../../core/engine/histogram.js';
import { FIRST_N, type Bucket, type Counts, type EncodedHistograms, type Problem } from '../../core/engine/results.js';
import { nowMs, toSecUsec } from '../../core/engine/clock.js';
import type { Distribution } from '../../core/engine/definition.js';
import type { RunRecord } from '../../core/api/index.js';

/** A record that cannot be merged (names the file). */
export class MergeError extends Error {}

export interface SliceRecord {
  /** Where the record came from (a file name), for messages. */
  name: string;
  rec: RunRecord;
}

const COUNT_KEYS: ReadonlyArray<keyof Counts> = ['started', 'finished', 'passed', 'failed', 'aborted', 'cancelled', 'dropped'];
const BUCKET_SUMS = ['started', 'finished', 'failed', 'aborted', 'dropped', 'num_calls_started', 'num_calls_finished'] as const;
const MAX_BUCKETS = 24 * 3600;
/** Worst first: the merged state is the worst of the slices'. */
const STATES: ReadonlyArray<RunRecord['state']> = ['aborted', 'interrupted', 'cancelled', 'completed'];

const ms = (t: unknown): number => (Array.isArray(t) ? Number(t[0]) * 1000 + Number(t[1]) / 1000 : NaN);

/** Check that the records are the completed slices 0 … N-1 of one run; they come back in slice order. */
function checkSlices(inputs: readonly SliceRecord[]): SliceRecord[] {
  if (inputs.length === 0) throw new MergeError('no result records to merge');
  let count: number | undefined;
  let whole: string | undefined;
  const byIndex = new Map<number, SliceRecord>();
  for (const input of inputs) {
    const { name, rec } = input;
    if (!rec || typeof rec !== 'object' || typeof rec.run_id !== 'string' || !rec.counts) throw new MergeError(`${name}: is not a result record (it has no run_id and counts)`);
    const s = rec.slice;
    if (!s || !Number.isInteger(s.index) || !Number.isInteger(s.count)) throw new MergeError(`${name}: has no slice (run it with ExecuteTest slice {index, count}, or tester run --slice k/N)`);
    if (rec.completed !== 1) throw new MergeError(`${name}: slice ${s.index} has not completed (state ${rec.state}); merge the final records`);
    if (typeof rec.latency?.hdr?.instance !== 'string') throw new MergeError(`${name}: has no latency.hdr (the serialised histograms of a completed record)`);
    if (count === undefined) count = s.count;
    else if (s.count !== count) throw new MergeError(`${name}: slice.count is ${s.count}, the other records' is ${count}`);
    const w = JSON.stringify(s.distribution);
    if (whole === undefined) whole = w;
    else if (w !== whole) throw new MergeError(`${name}: slice.distribution ${w} differs from the other records' ${whole}: not slices of one run`);
    const dup = byIndex.get(s.index);
    if (dup) throw new MergeError(`${name}: slice ${s.index} is also ${dup.name}`);
    byIndex.set(s.index, input);
  }
  const missing = [...Array(count).keys()].filter((i) => !byIndex.has(i));
  if (missing.length) throw new MergeError(`slice${missing.length > 1 ? 's' : ''} ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? ', ...' : ''} of ${count} missing`);
  return [...byIndex.keys()].sort((a, b) => a - b).map((i) => byIndex.get(i)!);
}

/** The histogram of the slices' histograms at `pick` (absent in a slice: that slice recorded none). */
function mergedHistogram(slices: readonly SliceRecord[], pick: (hdr: EncodedHistograms) => string | undefined, what: string): LatencyHistogram {
  const h = new LatencyHistogram();
  for (const { name, rec } of slices) {
    const text = pick(rec.latency.hdr!);
    if (text === undefined) continue;
    try {
      h.addEncoded(text);
    } catch (e) {
      throw new MergeError(`${name}: latency.hdr.${what} ${(e as Error).message}`);
    }
  }
  return h;
}

/**
 * The serialised histogram keeps counts per bucket, not the exact extremes it recorded: the merge takes max (and
 * the distribution's 0th and 100th percentiles) from the slices' summaries, so they are those of the union too.
 */
function exactExtremes(summary: LatencySummary, distribution: Array<[number, number]> | undefined, parts: Array<{ summary: LatencySummary | undefined; distribution?: unknown }>): void {
  const withCount = parts.flatMap((p) => (p.summary && p.summary.count > 0 && typeof p.summary.max === 'number' ? [{ max: p.summary.max, distribution: p.distribution }] : []));
  if (summary.count === 0 || withCount.length === 0) return;
  summary.max = Math.max(...withCount.map((p) => p.max));
  if (!distribution?.length) return;
  const mins = withCount.map((p) => (Array.isArray(p.distribution) && Array.isArray(p.distribution[0]) ? Number(p.distribution[0][1]) : NaN)).filter(Number.isFinite);
  if (mins.length === withCount.length) distribution[0] = [distribution[0]![0], Math.min(...mins)];
  distribution[distribution.length - 1] = [distribution[distribution.length - 1]![0], summary.max];
}

function mergeProblems(lists: ReadonlyArray<Problem[] | undefined>): Problem[] {
  const all = lists.flatMap((l) => (Array.isArray(l) ? (l as Problem[]) : []));
  return all.sort((a, b) => ms(a.time) - ms(b.time)).slice(0, FIRST_N);
}

function mergeBuckets(slices: readonly SliceRecord[], t0: number): Bucket[] {
  const out: Bucket[] = [];
  const weights: Array<{ p50: number; p99: number; n: number }> = [];
  for (const { rec } of slices) {
    const shift = Math.max(0, Math.round((ms(rec.time_start) - t0) / 1000));
    for (const b of rec.buckets ?? []) {
      const sec = Math.min(MAX_BUCKETS - 1, shift + b.second);
      for (let i = out.length; i <= sec; i++) {
        out[i] = { second: i, started: 0, finished: 0, failed: 0, aborted: 0, dropped: 0, p50: 0, p99: 0, num_calls_started: 0, num_calls_finished: 0 };
        weights[i] = { p50: 0, p99: 0, n: 0 };
      }
      const m = out[sec]!;
      for (const k of BUCKET_SUMS) m[k] += Number(b[k] ?? 0);
      const w = weights[sec]!;
      const n = Number(b.finished ?? 0);
      w.p50 += n * Number(b.p50 ?? 0);
      w.p99 += n * Number(b.p99 ?? 0);
      w.n += n;
    }
  }
  out.forEach((b, i) => {
    const w = weights[i]!;
    if (w.n > 0) {
      b.p50 = Math.round((w.p50 / w.n) * 1000) / 1000;
      b.p99 = Math.round((w.p99 / w.n) * 1000) / 1000;
    }
  });
  return out;
}

/** The compiled form of a record's distribution (for thresholds' `target` and `total`). */
function distributionOf(d: RunRecord['distribution'] | undefined): Distribution {
  const cps = d?.cps;
  return {
    type: d?.type ?? 'single',
    total: d?.total ?? 1,
    backlog: d?.backlog ?? 1,
    rate: cps?.rate ?? 0,
    start: cps?.start ?? 0,
    rampSecs: cps?.ramp_secs ?? 0,
    arrival: cps?.arrival ?? 'uniform',
  };
}

/** The record of the whole run from its slices' completed records. Throws MergeError naming the record at fault. */
export function mergeRecords(inputs: readonly SliceRecord[]): RunRecord {
  const slices = checkSlices(inputs);
  const recs = slices.map((s) => s.rec);
  const first = recs[0]!;
  const rec = combineRecords(slices, {
    distribution: first.slice!.distribution,
    label: (r) => `slice ${r.slice!.index}`,
  });
  rec.slices = recs.map((r) => ({
    index: r.slice!.index,
    run_id: r.run_id,
    state: r.state,
    time_start: r.time_start,
    time_finish: r.time_finish!,
    counts: r.counts,
    rate: r.rate,
    globals: r.globals ?? {},
  }));
  return rec;
}

export interface CombineOptions {
  /** The `distribution` of the combined record; thresholds are evaluated against it. */
  distribution: RunRecord['distribution'];
  /** How abort_reason names the part it comes from (none: the part's reason as it is). */
  label?(rec: RunRecord): string;
  /** Some parts are still running: the combined record is a running one (no time_finish, completed 0). */
  running?: boolean;
}

/**
 * The record of several parts of one run (slices, or a service's worker threads: builtins/workers/multi-run.ts), each
 * carrying latency.hdr; the first part's first_call and globals are kept. No check of the parts: the callers do.
 */
export function combineRecords(slices: readonly SliceRecord[], opts: CombineOptions): RunRecord {
  const recs = slices.map((s) => s.rec);
  const first = recs[0]!;
  const t0 = Math.min(...recs.map((r) => ms(r.time_start)));
  const t1 = Math.max(...recs.map((r) => ms(r.time_finish ?? r.time_now)));
  const counts: Counts = { started: 0, finished: 0, passed: 0, failed: 0, aborted: 0, cancelled: 0, dropped: 0 };
  for (const r of recs) for (const k of COUNT_KEYS) counts[k] += Number(r.counts[k] ?? 0);
  const sum = (k: 'in_progress' | 'rate' | 'max_in_progress') => recs.reduce((a, r) => a + Number(r[k] ?? 0), 0);
  const aborted = recs.find((r) => typeof r.abort_reason === 'string');
  const hookErrors = recs.flatMap((r) => (Array.isArray(r.hook_errors) ? r.hook_errors : []));
  const rec: RunRecord = {
    run_id: first.run_id,
    state: opts.running ? 'running' : (STATES.find((s) => recs.some((r) => r.state === s)) ?? first.state),
    completed: opts.running ? 0 : 1,
    time_now: toSecUsec(nowMs()),
    time_start: toSecUsec(t0),
    ...(opts.running ? {} : { time_finish: toSecUsec(t1), duration: Math.round(t1 - t0) / 1000 }),
    counts,
    in_progress: sum('in_progress'),
    distribution: opts.distribution,
    rate: Math.round(sum('rate') * 100) / 100,
    ...(first.first_call_summary ? { first_call_summary: first.first_call_summary } : {}),
    ...(first.first_call ? { first_call: first.first_call } : {}),
    ...mergeFailures(recs),
    ...mergeChoices(recs),
    first_fails: mergeProblems(recs.map((r) => r.first_fails)),
    first_aborts: mergeProblems(recs.map((r) => r.first_aborts)),
    globals: first.globals ?? {},
    latency: mergedLatency(slices),
    buckets: mergeBuckets(slices, t0),
    max_in_progress: sum('max_in_progress'),
  };
  const exprs = Array.isArray(first.thresholds) ? first.thresholds.map((t) => t.expr) : [];
  if (exprs.length) {
    try {
      rec.thresholds = evaluateThresholds(compileThresholds(exprs, distributionOf(opts.distribution)), rec);
    } catch (e) {
      throw new MergeError(`${slices[0]!.name}: thresholds: ${(e as Error).message}`);
    }
  }
  if (hookErrors.length) rec.hook_errors = hookErrors;
  if (aborted) rec.abort_reason = opts.label ? `${opts.label(aborted)}: ${aborted.abort_reason}` : aborted.abort_reason;
  return rec;
}

/** Every part's failures[], earliest end first: each part's first N, so the whole run's first N lead the list. */
function mergeFailures(recs: readonly RunRecord[]): Pick<RunRecord, 'failures'> {
  const all = recs.flatMap((r) => r.failures ?? []);
  if (!all.length) return {};
  const at = (f: (typeof all)[number]) => (f.time_finish ? ms(f.time_finish) : Infinity);
  return { failures: all.sort((a, b) => at(a) - at(b)) };
}

/** The picks of each `choose` (docs/definitions.md "Flows"), added over the parts. */
function mergeChoices(recs: readonly RunRecord[]): Pick<RunRecord, 'choices'> {
  if (!recs.some((r) => r.choices)) return {};
  const choices: NonNullable<RunRecord['choices']> = {};
  for (const r of recs) {
    for (const [op, counts] of Object.entries(r.choices ?? {})) {
      const into = (choices[op] ??= {});
      for (const [flow, n] of Object.entries(counts)) into[flow] = (into[flow] ?? 0) + n;
    }
  }
  return { choices };
}

/** The parts' latency combined: their histograms added, per instance and per operation type. */
function mergedLatency(slices: readonly SliceRecord[]): RunRecord['latency'] {
  const recs = slices.map((s) => s.rec);
  const instance = mergedHistogram(slices, (h) => h.instance, 'instance');
  const opTypes = [...new Set(recs.flatMap((r) => Object.keys(r.latency.hdr?.operations ?? {})))];
  const operations: Record<string, LatencySummary> = {};
  const opHdr: Record<string, string> = {};
  for (const type of opTypes) {
    const h = mergedHistogram(slices, (hdr) => hdr.operations?.[type], `operations[${JSON.stringify(type)}]`);
    const summary = h.summary();
    exactExtremes(summary, undefined, recs.map((r) => ({ summary: r.latency.operations?.[type] })));
    operations[type] = summary;
    opHdr[type] = h.encode();
  }
  const summary = instance.summary();
  const distribution = instance.distribution();
  exactExtremes(summary, distribution, recs.map((r) => ({ summary: r.latency.instance, distribution: r.latency.distribution })));
  return { instance: summary, operations, distribution, hdr: { instance: instance.encode(), operations: opHdr } };
}
