// Thresholds: pass/fail criteria on a whole run, as k6 users know them (`p99_ms < 50`, `failed_rate < 0.01`,
// `rate >= 0.99 * target`). Declared in the definition (`thresholds`, a core param) or added by a client
// (`tester run --threshold`); checked when the definition is compiled (2002 naming thresholds[i]) and evaluated
// by the service on the result record, which carries `thresholds: [{expr, metric, value, bound, ok}]` so that
// every client (CLI, GUI, CI) gets the same verdict. A small grammar of its own, not an expression: a metric of
// the run, a comparison, and a number optionally scaled by `target` (a linear run's rate) or `total`.
import { invalid } from '../errors.js';
import type { Distribution, RunRecord } from '../api/index.js';

type Cmp = '<' | '<=' | '>' | '>=' | '==' | '!=';

export interface CompiledThreshold {
  expr: string;
  metric: string;
  /** The operation type of a per-operation latency metric (`p99_ms[wait]`). */
  opType: string | undefined;
  cmp: Cmp;
  bound: number;
}

export interface ThresholdResult {
  expr: string;
  metric: string;
  /** The measured value; null when there is nothing to measure yet (no instance finished). */
  value: number | null;
  bound: number;
  ok: boolean;
}

const LATENCY = ['p50_ms', 'p90_ms', 'p99_ms', 'max_ms', 'mean_ms'] as const;
const COUNTS = ['started', 'finished', 'passed', 'failed', 'aborted', 'cancelled', 'dropped'] as const;
const RATIOS = ['failed_rate', 'aborted_rate', 'dropped_rate', 'error_rate', 'passed_rate'] as const;
const OTHER = ['rate', 'duration_s', 'max_in_progress'] as const;
/** Every metric a threshold may name; latency metrics also per operation type: `p99_ms[wait]`. */
const THRESHOLD_METRICS: readonly string[] = [...LATENCY, ...COUNTS, ...RATIOS, ...OTHER];
/** The most thresholds one run may have. */
export const MAX_THRESHOLDS = 50;

const NUM = String.raw`-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?`;
const SHAPE = /^\s*([a-z][a-z0-9_]*)(?:\[([^\]]+)\])?\s*(<=|>=|==|!=|<|>)\s*(.+?)\s*$/;
const BOUND = new RegExp(String.raw`^(?:(${NUM})|(?:(${NUM})\s*\*\s*)?(target|total)(?:\s*\*\s*(${NUM}))?)$`);

/** Check and compile the thresholds of a definition; throws 2002 naming `thresholds[i]`. */
export function compileThresholds(list: readonly string[] | undefined, d: Distribution): CompiledThreshold[] {
  return (list ?? []).map((expr, i) => {
    const path = `thresholds[${i}]`;
    const m = SHAPE.exec(expr);
    if (!m) throw invalid(path, `'${expr}' is not METRIC OP BOUND (e.g. 'p99_ms < 50', 'failed_rate < 0.01', 'rate >= 0.99 * target')`);
    const [, metric, opType, cmp, boundText] = m as unknown as [string, string, string | undefined, Cmp, string];
    if (!THRESHOLD_METRICS.includes(metric)) throw invalid(path, `unknown metric '${metric}' (known: ${THRESHOLD_METRICS.join(', ')})`);
    if (opType !== undefined && !(LATENCY as readonly string[]).includes(metric)) throw invalid(path, `'${metric}' has no per-operation form; only ${LATENCY.join(', ')} do`);
    const b = BOUND.exec(boundText);
    if (!b) throw invalid(path, `bound '${boundText}' is not a number, nor a number times target or total`);
    let bound: number;
    if (b[1] !== undefined) bound = Number(b[1]);
    else {
      const scale = Number(b[2] ?? 1) * Number(b[4] ?? 1);
      if (b[3] === 'target') {
        if (d.type !== 'linear') throw invalid(path, `'target' is the rate of a linear distribution; this run is ${d.type}`);
        bound = scale * d.rate;
      } else bound = scale * d.total;
    }
    if (!Number.isFinite(bound)) throw invalid(path, `bound '${boundText}' is not a finite number`);
    return { expr: expr.trim(), metric, opType: opType?.trim(), cmp, bound };
  });
}

/** The value of a metric in a result record (null: nothing measured yet). */
function measure(t: CompiledThreshold, rec: ThresholdInput): number | null {
  const c: Partial<RunRecord['counts']> = rec.counts ?? {};
  if ((LATENCY as readonly string[]).includes(t.metric)) {
    const s = t.opType !== undefined ? rec.latency?.operations?.[t.opType] : rec.latency?.instance;
    if (!s?.count) return null;
    const v = s[t.metric.replace(/_ms$/, '') as 'p50' | 'p90' | 'p99' | 'max' | 'mean'];
    return typeof v === 'number' ? v : null;
  }
  if ((COUNTS as readonly string[]).includes(t.metric)) return c[t.metric as keyof RunRecord['counts']] ?? 0;
  const finished = c.finished ?? 0;
  const scheduled = (c.started ?? 0) + (c.dropped ?? 0);
  const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
  switch (t.metric) {
    case 'failed_rate':
      return ratio(c.failed ?? 0, finished);
    case 'aborted_rate':
      return ratio(c.aborted ?? 0, finished);
    case 'passed_rate':
      return ratio(c.passed ?? 0, finished);
    case 'dropped_rate':
      return ratio(c.dropped ?? 0, scheduled);
    case 'error_rate':
      return ratio((c.failed ?? 0) + (c.aborted ?? 0) + (c.dropped ?? 0), scheduled);
    case 'rate':
      return typeof rec.rate === 'number' ? rec.rate : null;
    case 'duration_s':
      return typeof rec.duration === 'number' ? rec.duration : null;
    case 'max_in_progress':
      return rec.max_in_progress ?? 0;
  }
  return null;
}

function compare(v: number, cmp: Cmp, b: number): boolean {
  switch (cmp) {
    case '<':
      return v < b;
    case '<=':
      return v <= b;
    case '>':
      return v > b;
    case '>=':
      return v >= b;
    case '==':
      return v === b;
    case '!=':
      return v !== b;
  }
}

/** Each threshold with the value measured in the record and whether it holds (a missing value does not). */
/** What thresholds read of a record (a whole record, or one being merged). */
export type ThresholdInput = Partial<Pick<RunRecord, 'counts' | 'latency' | 'rate' | 'duration' | 'max_in_progress'>>;

export function evaluateThresholds(list: readonly CompiledThreshold[], rec: ThresholdInput): ThresholdResult[] {
  return list.map((t) => {
    const raw = measure(t, rec);
    const value = raw === null ? null : Math.round(raw * 1e6) / 1e6;
    return { expr: t.expr, metric: t.opType !== undefined ? `${t.metric}[${t.opType}]` : t.metric, value, bound: t.bound, ok: value !== null && compare(value, t.cmp, t.bound) };
  });
}
