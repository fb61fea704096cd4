// The run's `distribution` param (single, load, linear: total, backlog, cps) made into the engine's Distribution,
// checked against the service's limits, and a slice's share of it (ExecuteTest `slice`, docs/scaling.md).
import type { Distribution, JsonObject } from '../api/index.js';
import { invalid } from '../errors.js';
import { checkSlice, shareOf } from './slice.js';

/** The bounds a distribution is checked against (CompileLimits of definition.ts). */
interface DistributionLimits {
  maxTotal: number;
  maxBacklog: number;
  defaultBacklog: number;
}

export function compileDistribution(d: JsonObject, limits: DistributionLimits, rawSlice: JsonObject | undefined): Distribution {
  const whole = compileWholeDistribution(d, limits);
  const s = checkSlice(rawSlice, whole.type, whole.total);
  if (!s) return whole;
  return {
    ...whole,
    total: shareOf(whole.total, s),
    backlog: Math.max(1, shareOf(whole.backlog, s)),
    rate: whole.rate / s.count,
    start: whole.start / s.count,
    slice: { ...s, total: whole.total, backlog: whole.backlog, rate: whole.rate, start: whole.start },
  };
}

function compileWholeDistribution(d: JsonObject, limits: DistributionLimits): Distribution {
  const type = (d.type ?? 'single') as Distribution['type'];
  if (type === 'single') {
    return { type, total: 1, backlog: 1, rate: 0, start: 0, rampSecs: 0, arrival: 'uniform' };
  }
  if (d.total === undefined) throw invalid('distribution.total', `is required for distribution type '${type}'`);
  const total = d.total as number;
  const backlog = (d.backlog as number | undefined) ?? Math.min(limits.defaultBacklog, total);
  if (backlog > limits.maxBacklog) throw invalid('distribution.backlog', `must be <= ${limits.maxBacklog} (max_backlog of this service)`);
  if (total > limits.maxTotal) throw invalid('distribution.total', `must be <= ${limits.maxTotal}`);
  if (type === 'load') return { type, total, backlog, rate: 0, start: 0, rampSecs: 0, arrival: 'uniform' };
  const cps = d.cps;
  if (cps === undefined) throw invalid('distribution.cps', "is required for distribution type 'linear' (e.g. {\"rate\": 100})");
  const c = (typeof cps === 'number' ? { rate: cps } : cps) as JsonObject;
  const rate = c.rate as number;
  const rampSecs = (c.ramp_secs as number | undefined) ?? 0;
  const start = (c.start as number | undefined) ?? (rampSecs > 0 ? 0 : rate);
  return { type, total, backlog, rate, start, rampSecs, arrival: (c.arrival as 'uniform' | 'poisson' | undefined) ?? 'uniform' };
}
