// Runs' latency distributions on one x axis: the percentiles any of them gives, in order, and each run's ms at them.

export interface Distribution {
  label: string;
  /** [percentile, ms] pairs, as the record's latency.distribution. */
  points: Array<[number, number]>;
}

/** The percentiles of every run, in order, and each run's ms at them (null where a run has none). */
export function alignDistributions(runs: Distribution[]): { percentiles: number[]; values: Array<Array<number | null>> } {
  const percentiles = [...new Set(runs.flatMap((r) => r.points.map(([p]) => p)))].sort((a, b) => a - b);
  const values = runs.map((r) => {
    const at = new Map(r.points);
    return percentiles.map((p) => at.get(p) ?? null);
  });
  return { percentiles, values };
}
