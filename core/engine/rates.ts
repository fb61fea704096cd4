// The one ramp formula of a linear run: the rate ramps linearly from cps.start to cps.rate over ramp_secs, then
// holds cps.rate. The scheduler (run.ts) starts instances by it; the live line, the reports and the metrics show
// the target rate from it.
import type { Distribution } from '../api/index.js';

export interface Cps {
  start: number;
  rate: number;
  ramp_secs: number;
}

/** The target rate `t` seconds into the run. */
export function targetRateAt(cps: Cps, t: number): number {
  return cps.ramp_secs > 0 && t < cps.ramp_secs ? cps.start + ((cps.rate - cps.start) * t) / cps.ramp_secs : cps.rate;
}

/** A record's cps when it is a linear run, else undefined. */
export function linearCps(rec: { distribution?: { type?: string; cps?: Cps } } | undefined): Cps | undefined {
  return rec?.distribution?.type === 'linear' ? rec.distribution.cps : undefined;
}

/**
 * When each instance of a linear run is due: the whole run's schedule, or a slice's part of it. A uniform slice
 * starts its j-th instance when the whole run would start instance $n = index + j·count; a poisson slice is a
 * Poisson process at its share of the rate (core/engine/slice.ts).
 */
export function linearSchedule(d: Distribution, random: () => number = Math.random): (k: number) => number {
  const s = d.slice;
  if (!s || d.arrival === 'poisson') return makeSchedule(d.start, d.rate, d.rampSecs, d.arrival, random);
  const whole = makeSchedule(s.start, s.rate, d.rampSecs, 'uniform');
  return (j) => whole(s.index + j * s.count);
}

/**
 * Seconds after the run start at which the k-th instance is due. Uniform: the k-th arrival of a rate that ramps
 * linearly from `start` to `rate` over `ramp` seconds, then stays at `rate`. Poisson: exponential gaps at the
 * current rate, drawn from `random` (a run's `seed` makes them repeat).
 */
export function makeSchedule(start: number, rate: number, ramp: number, arrival: 'uniform' | 'poisson', random: () => number = Math.random): (k: number) => number {
  const rampCount = ramp > 0 ? ((start + rate) / 2) * ramp : 0;
  const uniform = (k: number): number => {
    if (ramp > 0 && k < rampCount) {
      const a = (rate - start) / (2 * ramp);
      if (Math.abs(a) < 1e-12) return k / start;
      return (-start + Math.sqrt(start * start + 4 * a * k)) / (2 * a);
    }
    return ramp + (k - rampCount) / rate;
  };
  if (arrival === 'uniform') return uniform;
  const cps = { start, rate, ramp_secs: ramp };
  let t = 0;
  let last = -1;
  return (k: number) => {
    while (last < k) {
      const r = targetRateAt(cps, t);
      t += -Math.log(1 - random()) / Math.max(r, 1e-6);
      last++;
    }
    return t;
  };
}
