// A run split across services: slice k of N (ExecuteTest `slice: {index, count}`, `tester run --slice k/N`) runs
// its share of the run and numbers its instances so that `$n` is unique across the slices; `tester merge` combines
// the slices' records (builtins/workers/merge.ts). The split (docs/scaling.md):
// - total and backlog: as evenly as possible, the remainder to the first slices (slice k gets one more when
//   k < total mod N); the shares sum to the whole;
// - instance numbers interleave: slice k's j-th instance has $n = k + j·N, so the slices together use exactly
//   0 … total-1, as the whole run would, and at any moment the numbers in use are those the whole run would use;
// - linear uniform: slice k starts its j-th instance when the whole run would start instance k + j·N (its
//   schedule is the whole schedule restricted to its numbers: the union is the whole run's schedule, ramp included);
// - linear poisson: each slice is a Poisson process at start/N and rate/N (ramp_secs unchanged); N independent
//   Poisson processes at r/N together are a Poisson process at r.
import { invalid } from '../errors.js';
import type { JsonObject, Slice } from '../api/index.js';

export type { Slice } from '../api/index.js';

/** The most slices one run may be split into. */
export const MAX_SLICES = 10_000;

/** Slice `index`'s share of `whole` split `count` ways: even, the remainder to the first slices. */
export function shareOf(whole: number, s: Slice): number {
  return Math.floor(whole / s.count) + (s.index < whole % s.count ? 1 : 0);
}

/** `$n` of the slice's local instance `local` (0, 1, 2, ... in the order the slice starts them). */
export function instanceNumber(s: Slice | undefined, local: number): number {
  return s ? s.index + local * s.count : local;
}

/** The slice param, checked against the distribution (the schema checked its shape); throws 2002 naming the field. */
export function checkSlice(raw: JsonObject | undefined, type: string, total: number): Slice | undefined {
  if (raw === undefined) return undefined;
  const s = { index: raw.index as number, count: raw.count as number };
  if (s.index >= s.count) throw invalid('slice.index', `must be < slice.count (${s.count}): slices are numbered 0 to count-1`);
  if (type === 'single') throw invalid('slice', "needs a 'load' or 'linear' distribution: a single run is one instance and cannot be split");
  if (s.count > total) throw invalid('slice.count', `must be <= distribution.total (${total}): each slice runs at least one instance`);
  return s;
}
