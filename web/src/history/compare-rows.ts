// The measures two runs are compared by: counts, rates, duration, instance latency percentiles and the p99 of each
// operation type either run has.
import type { RunRecord } from '../api/types.js';

export type Row = [label: string, a: number | string | undefined, b: number | string | undefined];

const COUNTS = ['started', 'passed', 'failed', 'aborted', 'cancelled', 'dropped'] as const;
const LATENCY = ['p50', 'p90', 'p99', 'max', 'mean'] as const;

/** The rows of the comparison. */
export function compareRows(a: RunRecord, b: RunRecord): Row[] {
  const rows: Row[] = [
    ['state', a.state, b.state],
    ['distribution', a.distribution.type, b.distribution.type],
    ...COUNTS.map((k): Row => [`${k} instances`, a.counts[k], b.counts[k]]),
    ['achieved rate /s', a.rate, b.rate],
    ['duration s', a.duration, b.duration],
    ['most in progress', a.max_in_progress, b.max_in_progress],
    ...LATENCY.map((k): Row => [`instance latency ${k} ms`, a.latency?.instance.count ? a.latency.instance[k] : undefined, b.latency?.instance.count ? b.latency.instance[k] : undefined]),
  ];
  const ops = [...new Set([...Object.keys(a.latency?.operations ?? {}), ...Object.keys(b.latency?.operations ?? {})])].sort();
  for (const op of ops) rows.push([`${op} p99 ms`, a.latency?.operations[op]?.p99, b.latency?.operations[op]?.p99]);
  return rows;
}
