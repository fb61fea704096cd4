// The ceiling searches and the tester/SIPp ratios of `npm run bench` (pure: the runs themselves are passed in).
// A rated search (SIPp's uac at -r R, the tester's `linear` at cps R) tries rising rates and stops at the first step whose
// calls fail or whose achieved rate falls short of RATED_SHORTFALL of its target, then tries rates halfway between the
// last step that held and the first that did not. The `load` search (no target rate: the backlog bounds it) tries rising
// backlogs and stops at the first step with failed, aborted or dropped instances, or once LOAD_PLATEAU_STEPS steps in a
// row did not beat the best rate so far by LOAD_GAIN; its maximum is the best rate of a step without failures.

/** What a step shows: `rate` is completed (successful) calls or instances per second of the run's elapsed time. */
export interface StepOutcome {
  rate: number;
  /** Failed, aborted or dropped calls or instances. */
  failures: number;
}

export interface SearchResult<T extends StepOutcome> {
  /** Every step tried, in order. */
  steps: Array<T & { step: number; held: boolean; why?: string }>;
  /** The step value (rate or backlog) of the best step that held; null when none held. */
  best_step: number | null;
  /** The achieved rate of that step; 0 when none held. */
  max_rate: number;
  /** Why the search stopped. */
  stopped: string;
}

/** A rated step holds with no failure and at least this share of its target rate achieved. */
export const RATED_SHORTFALL = 0.95;
export const LOAD_GAIN = 1.02;
/**
 * Four, not three: on this machine the rate often holds flat from backlog 50 to 400 (the service and scp-sim waiting on
 * each other, each under a core) and rises again from 800, where a tick's batch grows (2026-11-29 02:10: 45,183/s at
 * 50, 43,353, 42,913, 42,390 at 100–400, and the search stopped there; the run before, 55,186 at 800 and 62,551 at
 * 3,200). The default list has 8 backlogs, so the longest search is 8 steps either way.
 */
export const LOAD_PLATEAU_STEPS = 4;

/** Why a rated step did not hold, or undefined when it held. */
export function ratedMiss(target: number, o: StepOutcome): string | undefined {
  if (o.failures > 0) return `${o.failures} failed`;
  if (o.rate < target * RATED_SHORTFALL) return `achieved ${o.rate}/s < ${Math.round(RATED_SHORTFALL * 100)}% of ${target}/s`;
  return undefined;
}

/** Rates halfway between the last that held and the first that did not, `refine` times, rounded to `grain`. */
export async function searchRated<T extends StepOutcome>(rates: number[], run: (rate: number) => Promise<T>, refine = 1, grain = 500): Promise<SearchResult<T>> {
  const res: SearchResult<T> = { steps: [], best_step: null, max_rate: 0, stopped: `every rate up to ${rates[rates.length - 1]}/s held` };
  const attempt = async (rate: number) => {
    const o = await run(rate);
    const why = ratedMiss(rate, o);
    res.steps.push({ ...o, step: rate, held: !why, ...(why ? { why } : {}) });
    if (!why && rate > (res.best_step ?? 0)) {
      res.best_step = rate;
      res.max_rate = o.rate;
    }
    return why;
  };
  let low = 0;
  let high: number | undefined;
  for (const rate of rates) {
    const why = await attempt(rate);
    if (why) {
      high = rate;
      res.stopped = `${rate}/s: ${why}`;
      break;
    }
    low = rate;
  }
  for (let i = 0; i < refine && high !== undefined; i++) {
    const mid = Math.round((low + high) / 2 / grain) * grain;
    if (mid <= low || mid >= high) break;
    if (await attempt(mid)) high = mid;
    else low = mid;
  }
  return res;
}

/** Rising backlogs until a step fails or the rate stops growing. */
export async function searchLoad<T extends StepOutcome>(backlogs: number[], run: (backlog: number) => Promise<T>): Promise<SearchResult<T>> {
  const res: SearchResult<T> = { steps: [], best_step: null, max_rate: 0, stopped: `every backlog up to ${backlogs[backlogs.length - 1]} ran` };
  let flat = 0;
  for (const backlog of backlogs) {
    const o = await run(backlog);
    const why = o.failures > 0 ? `${o.failures} failed, aborted or dropped` : undefined;
    res.steps.push({ ...o, step: backlog, held: !why, ...(why ? { why } : {}) });
    if (why) {
      res.stopped = `backlog ${backlog}: ${why}`;
      break;
    }
    if (o.rate > res.max_rate * LOAD_GAIN) flat = 0;
    else flat++;
    if (o.rate > res.max_rate) {
      res.max_rate = o.rate;
      res.best_step = backlog;
    }
    if (flat >= LOAD_PLATEAU_STEPS) {
      res.stopped = `backlog ${backlog}: ${flat} steps without ${Math.round((LOAD_GAIN - 1) * 100)}% more than ${res.max_rate}/s`;
      break;
    }
  }
  return res;
}

/** µs of CPU per message: `cpuSeconds` spent on `units` calls or instances of `messagesPerUnit` messages each. */
export function usPerMessage(cpuSeconds: number, units: number, messagesPerUnit: number): number | null {
  return units > 0 ? Math.round(((cpuSeconds * 1e6) / (units * messagesPerUnit)) * 100) / 100 : null;
}

export interface Ratios {
  /** Tester `load` maximum (instances/s) over SIPp's maximum (calls/s). */
  max_rate: number | null;
  /** Service µs per message over the mean of SIPp's uas and uac µs per message. */
  cpu_per_message: number | null;
  cpu_per_message_vs_uas: number | null;
  cpu_per_message_vs_uac: number | null;
}

const ratio = (a: number | null | undefined, b: number | null | undefined) => (a != null && b != null && b > 0 ? Math.round((a / b) * 100) / 100 : null);

/**
 * One alternated pair's ratio (bench/index.ts alternatePairs): the service's CPU per message over SIPp's (the mean of
 * its uas and uac), null when a step lost calls or gave no figure.
 */
export function pairRatio(tester: number | null, uas: number | null, uac: number | null, clean: boolean): number | null {
  return clean && uas != null && uac != null ? ratio(tester, (uas + uac) / 2) : null;
}

/** The median of the pairs' ratios that count (two decimals), null when none does. */
export function medianRatio(xs: ReadonlyArray<number | null>): number | null {
  const v = xs.filter((x): x is number => x !== null).sort((a, b) => a - b);
  if (v.length === 0) return null;
  const mid = v.length >> 1;
  return v.length % 2 ? v[mid]! : Math.round(((v[mid - 1]! + v[mid]!) / 2) * 100) / 100;
}

export function ratios(tester: { max_rate: number; us_per_message: number | null }, sipp: { max_rate: number; uas_us_per_message: number | null; uac_us_per_message: number | null } | null): Ratios {
  const uas = sipp?.uas_us_per_message ?? null;
  const uac = sipp?.uac_us_per_message ?? null;
  const mean = uas != null && uac != null ? (uas + uac) / 2 : null;
  return {
    max_rate: ratio(tester.max_rate || null, sipp?.max_rate),
    cpu_per_message: ratio(tester.us_per_message, mean),
    cpu_per_message_vs_uas: ratio(tester.us_per_message, uas),
    cpu_per_message_vs_uac: ratio(tester.us_per_message, uac),
  };
}
