// Per-second statistics of a run as CSV (`--csv FILE`), as SIPp's -trace_stat users expect: one row per second
// since the run started (the record's buckets), the counts of that second, the latency percentiles of the
// instances that finished in it, the target rate of a linear run, and running totals.
import { linearCps, targetRateAt } from '../../core/engine/rates.js';
import type { RunRecord } from '../../core/api/index.js';

const COLUMNS = [
  'second',
  'time_utc',
  'started',
  'finished',
  'passed',
  'failed',
  'aborted',
  'dropped',
  'p50_ms',
  'p99_ms',
  'target_rate',
  'total_started',
  'total_finished',
  'total_failed',
  'total_aborted',
  'total_dropped',
] as const;

/** The target start rate of a linear run during second `s` (mid-second); '' for other distributions. */
function target(rec: RunRecord, s: number): string {
  const cps = linearCps(rec);
  return cps ? String(Math.round(targetRateAt(cps, s + 0.5) * 100) / 100) : '';
}

export function statsCsv(rec: RunRecord): string {
  const t0 = Array.isArray(rec.time_start) ? Number(rec.time_start[0]) * 1000 + Number(rec.time_start[1]) / 1000 : undefined;
  const total = { started: 0, finished: 0, failed: 0, aborted: 0, dropped: 0 };
  const rows = [COLUMNS.join(',')];
  for (const b of rec.buckets ?? []) {
    for (const k of Object.keys(total) as Array<keyof typeof total>) total[k] += b[k] ?? 0;
    const row: Record<(typeof COLUMNS)[number], string | number> = {
      second: b.second,
      time_utc: t0 === undefined ? '' : new Date(t0 + b.second * 1000).toISOString(),
      started: b.started,
      finished: b.finished,
      passed: b.finished - b.failed - b.aborted,
      failed: b.failed,
      aborted: b.aborted,
      dropped: b.dropped,
      p50_ms: b.finished > 0 ? b.p50 : '',
      p99_ms: b.finished > 0 ? b.p99 : '',
      target_rate: target(rec, b.second),
      total_started: total.started,
      total_finished: total.finished,
      total_failed: total.failed,
      total_aborted: total.aborted,
      total_dropped: total.dropped,
    };
    rows.push(COLUMNS.map((c) => row[c]).join(','));
  }
  return rows.join('\n') + '\n';
}
