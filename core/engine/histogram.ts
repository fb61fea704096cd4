// Latency histograms (HdrHistogram, microsecond resolution, 3 significant digits).
import * as hdr from 'hdr-histogram-js';

export interface LatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export class LatencyHistogram {
  private h = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000,
    numberOfSignificantValueDigits: 3,
    autoResize: true,
    useWebAssembly: false,
  });

  /** Record a latency in milliseconds. */
  record(ms: number): void {
    this.h.recordValue(Math.max(1, Math.round(ms * 1000)));
  }

  get count(): number {
    return this.h.totalCount;
  }

  /** [percentile, ms] at DISTRIBUTION_PERCENTILES (the shape of the distribution, for charts); [] when empty. */
  distribution(): Array<[number, number]> {
    if (this.h.totalCount === 0) return [];
    return DISTRIBUTION_PERCENTILES.map((p) => [p, Math.round(p === 0 ? this.h.minNonZeroValue : p === 100 ? this.h.maxValue : this.h.getValueAtPercentile(p)) / 1000]);
  }

  summary(): LatencySummary {
    const r = (us: number) => Math.round(us) / 1000;
    if (this.h.totalCount === 0) return { count: 0, p50: 0, p90: 0, p99: 0, max: 0, mean: 0 };
    return {
      count: this.h.totalCount,
      p50: r(this.h.getValueAtPercentile(50)),
      p90: r(this.h.getValueAtPercentile(90)),
      p99: r(this.h.getValueAtPercentile(99)),
      max: r(this.h.maxValue),
      mean: r(this.h.mean),
    };
  }
}

/** The percentiles of the latency distribution in the result record (`latency.distribution`). */
export const DISTRIBUTION_PERCENTILES = [0, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100] as const;

/** Percentile of a small sample array (for per-second buckets). */
export function percentile(sorted: Float64Array | number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}
