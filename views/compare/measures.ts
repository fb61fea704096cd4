// The measures two runs are compared and gated by (`tester compare`, `tester run --baseline`, the web client's
// comparison). Named as thresholds name them (core/engine/thresholds.ts: `p99_ms`, `failed_rate`, `rate`), so that a
// name means the same in a threshold, a gate and a table; the ratios are fractions (shown in %, their changes in
// percentage points). A per-operation latency is `<operation type>.<stat>_ms`: operation types have dots of their
// own, so the statistic is what follows the last one (a threshold's `<stat>_ms[<operation type>]` is read too).
import type { RunRecord } from '../../core/api/index.js';

/** count: instances; per_s: instances a second; s, ms: time; ratio: a fraction (0.01 = 1%). */
export type Unit = 'count' | 'per_s' | 's' | 'ms' | 'ratio';

export interface Measure {
  /** What a gate names: `p99_ms`, `failed_rate`, `inap.ssp_to_scp.InitialDP.p99_ms`. */
  name: string;
  /** What a table shows. */
  label: string;
  unit: Unit;
  /** The operation type of a per-operation latency. */
  op?: string;
  /** The value in a record; undefined when the record has none (no instance finished, no such operation type). */
  value(rec: RunRecord): number | undefined;
}

type Latency = RunRecord['latency']['instance'];
type Counts = RunRecord['counts'];

export const LATENCY_STATS = ['p50', 'p90', 'p99', 'max', 'mean'] as const;
type Stat = (typeof LATENCY_STATS)[number];
const COUNTS = ['started', 'finished', 'passed', 'failed', 'aborted', 'cancelled', 'dropped'] as const;

const stat = (s: Latency | undefined, k: Stat) => (s?.count ? s[k] : undefined);
const fraction = (a: number, b: number) => (b > 0 ? a / b : undefined);
/** What was due: the instances started and those dropped because the backlog was full. */
const scheduled = (c: Counts) => c.started + c.dropped;
const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function ratio(name: string, label: string, of: (c: Counts) => [number, number]): Measure {
  return { name, label, unit: 'ratio', value: (r) => fraction(...of(r.counts)) };
}

/** The measures of a whole run, in the order tables show them. */
export const RUN_MEASURES: readonly Measure[] = [
  ...COUNTS.map((k): Measure => ({ name: k, label: `${k} instances`, unit: 'count', value: (r) => r.counts[k] })),
  { name: 'rate', label: 'achieved rate /s', unit: 'per_s', value: (r) => finite(r.rate) },
  { name: 'duration_s', label: 'duration s', unit: 's', value: (r) => finite(r.duration) },
  { name: 'max_in_progress', label: 'most in progress', unit: 'count', value: (r) => finite(r.max_in_progress) },
  ratio('passed_rate', 'passed of finished', (c) => [c.passed, c.finished]),
  ratio('failed_rate', 'failed of finished', (c) => [c.failed, c.finished]),
  ratio('aborted_rate', 'aborted of finished', (c) => [c.aborted, c.finished]),
  ratio('dropped_rate', 'dropped of due', (c) => [c.dropped, scheduled(c)]),
  ratio('error_rate', 'failed, aborted or dropped of due', (c) => [c.failed + c.aborted + c.dropped, scheduled(c)]),
  ...LATENCY_STATS.map((k): Measure => ({ name: `${k}_ms`, label: `instance latency ${k} ms`, unit: 'ms', value: (r) => stat(r.latency?.instance, k) })),
];

/** The latency statistic `k` of one operation type. */
export function operationMeasure(op: string, k: Stat): Measure {
  return { name: `${op}.${k}_ms`, label: `${op} ${k} ms`, unit: 'ms', op, value: (r) => stat(r.latency?.operations?.[op], k) };
}

const OPERATION = new RegExp(`^(.+)\\.(${LATENCY_STATS.join('|')})_ms$`);
/** A threshold's spelling of the same: `p99_ms[inap.ssp_to_scp.InitialDP]`. */
const THRESHOLD_FORM = new RegExp(`^(${LATENCY_STATS.join('|')})_ms\\[(.+)\\]$`);

/** The measure a name stands for, or undefined. */
export function findMeasure(name: string): Measure | undefined {
  const run = RUN_MEASURES.find((m) => m.name === name);
  if (run) return run;
  const m = OPERATION.exec(name);
  if (m) return operationMeasure(m[1]!, m[2] as Stat);
  const t = THRESHOLD_FORM.exec(name);
  return t ? operationMeasure(t[2]!, t[1] as Stat) : undefined;
}

/** The operation types a record measured. */
export function operationTypes(rec: RunRecord): string[] {
  return Object.keys(rec.latency?.operations ?? {});
}
