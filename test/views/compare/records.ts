// Result records for the comparison tests: a base and variations of it.
import type { RunRecord } from '../../../core/api/index.js';

type Lat = RunRecord['latency']['instance'];
export const lat = (p99: number, count = 100): Lat => ({ count, p50: p99 / 2, p90: p99 * 0.9, p99, max: p99 * 1.5, mean: p99 / 2 });

export interface Shape {
  id?: string;
  started?: number;
  failed?: number;
  aborted?: number;
  dropped?: number;
  rate?: number;
  p99?: number;
  ops?: Record<string, number>;
  fails?: Array<[op: number, text: string]>;
  aborts?: Array<[op: number, text: string]>;
}

/** A completed load run: 1000 instances at 100/s, p99 10 ms, two operation types. */
export function record(s: Shape = {}): RunRecord {
  const started = s.started ?? 1000;
  const [failed, aborted, dropped] = [s.failed ?? 0, s.aborted ?? 0, s.dropped ?? 0];
  const problems = (list: Array<[number, string]> = []) => list.map(([op_idx, text], idx) => ({ idx, op_idx, text, time: [1, 0] as [number, number] }));
  return {
    run_id: s.id ?? 'base',
    state: 'completed',
    completed: 1,
    time_start: [1_700_000_000, 0],
    duration: 10,
    rate: s.rate ?? 100,
    distribution: { type: 'load', total: started, backlog: 10 },
    counts: { started, finished: started, passed: started - failed - aborted, failed, aborted, cancelled: 0, dropped },
    latency: {
      instance: lat(s.p99 ?? 10),
      operations: Object.fromEntries(Object.entries(s.ops ?? { 'inap.ssp_to_scp.InitialDP': 5, wait: 1 }).map(([k, v]) => [k, lat(v)])),
      distribution: [],
    },
    first_fails: problems(s.fails),
    first_aborts: problems(s.aborts),
    in_progress: 0,
    globals: {},
    buckets: [],
    max_in_progress: 10,
  };
}
