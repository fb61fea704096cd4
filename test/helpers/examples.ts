// How the test tiers run the load-sized examples. The fast tier runs each at a size where nothing depends on
// timing: at most FAST_TOTAL instances and never more than the backlog, so no instance can be dropped however busy
// the machine is, and every one must pass. The long tier (*.long.test.ts) runs them as written and allows a
// small share of dropped instances, which a loaded 2-core machine can produce at a linear rate.
import assert from 'node:assert/strict';

export const FAST_TOTAL = 100;
/** The share of instances the long tier accepts as dropped (the run could not keep up with its rate). */
export const LONG_DROPPED_SHARE = 0.02;

interface Definition {
  distribution?: { total?: number; backlog?: number; [k: string]: unknown };
  [k: string]: unknown;
}

export function totalOf(def: Definition): number {
  return def.distribution?.total ?? 1;
}

export function isLoadSized(def: Definition): boolean {
  return totalOf(def) > FAST_TOTAL;
}

/** The definition as the fast tier runs it: total capped at FAST_TOTAL and at the backlog (no drop possible). */
export function fastTierCopy<T extends Definition>(def: T): T {
  const d = def.distribution;
  if (!d || totalOf(def) <= 1) return def;
  const cap = Math.min(FAST_TOTAL, d.backlog ?? FAST_TOTAL);
  return { ...def, distribution: { ...d, total: Math.min(totalOf(def), cap) } };
}

interface Outcome {
  counts: { passed: number; failed: number; aborted: number; dropped: number };
}

/** Long tier: none failed or aborted, every instance passed or was dropped, at most LONG_DROPPED_SHARE dropped. */
export function assertLongOutcome(rec: Outcome, total: number, label: string): void {
  const c = rec.counts;
  const detail = `${label}: ${JSON.stringify(c)}`;
  assert.equal(c.failed, 0, detail);
  assert.equal(c.aborted, 0, detail);
  assert.equal(c.passed + c.dropped, total, detail);
  assert.ok(c.dropped <= Math.floor(total * LONG_DROPPED_SHARE), `${detail}: more than ${LONG_DROPPED_SHARE * 100}% dropped`);
}
