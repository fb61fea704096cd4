// What the report's charts (charts.ts) draw, read from a record's per-second buckets and latency distribution; the
// target rate of a linear run from the ramp formula. Shared by the HTML report and the web client's results view.
import type { ChartData } from './charts.js';
import { linearCps, targetRateAt } from '../../core/engine/rates.js';
import type { RunRecord } from '../../core/api/index.js';

export function chartData(rec: RunRecord): ChartData {
  const b = rec.buckets ?? [];
  const cps = linearCps(rec);
  return {
    seconds: b.map((x) => x.second),
    started: b.map((x) => x.started),
    finished: b.map((x) => x.finished),
    failed: b.map((x) => x.failed),
    aborted: b.map((x) => x.aborted),
    dropped: b.map((x) => x.dropped),
    p50: b.map((x) => (x.finished > 0 ? x.p50 : null)),
    p99: b.map((x) => (x.finished > 0 ? x.p99 : null)),
    target: cps ? b.map((x) => Math.round(targetRateAt(cps, x.second + 0.5) * 100) / 100) : null,
    distribution: rec.latency?.distribution ?? [],
  };
}
