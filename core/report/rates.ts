// The target start rate of a linear run at a moment: ramping linearly from cps.start to cps.rate over ramp_secs,
// then cps.rate (the schedule of core/engine/run.ts), as the live line, the CSV, the HTML report and the metrics
// show it.

export interface Cps {
  start: number;
  rate: number;
  ramp_secs: number;
}

/** The target rate `t` seconds into the run. */
export function targetRateAt(cps: Cps, t: number): number {
  return cps.ramp_secs > 0 && t < cps.ramp_secs ? cps.start + ((cps.rate - cps.start) * t) / cps.ramp_secs : cps.rate;
}

/** The record's cps when it is a linear run, else undefined. */
export function linearCps(rec: any): Cps | undefined {
  return rec?.distribution?.type === 'linear' ? rec.distribution.cps : undefined;
}
