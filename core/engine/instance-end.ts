// An instance's end: its deferred cleanups (within a budget), its cancel wait and end signal released, and the
// report of its outcome to the run. Synchronous while every cleanup is (the common case: no promise, no async frame
// per instance); from the first cleanup that returns a promise on, the rest wait in finishAfter().
import type { Outcome } from './first-call.js';
import type { InstanceContext } from './context.js';
import type { InstanceEnd, InstanceHost } from './instance-host.js';
import { instanceNumber } from './slice.js';

/** Time all of an instance's deferred cleanups may take together. */
const CLEANUP_BUDGET_MS = 1000;

/** Report an instance's end to its run: in a microtask when it ended within runInstance's own call. */
export function report(host: InstanceHost, index: number, end: InstanceEnd, starting: boolean): void {
  if (starting) queueMicrotask(() => host.instanceEnded(index, end));
  else host.instanceEnded(index, end, true);
}

/**
 * The instance's end after its cleanups: at once, or a promise when a cleanup returns one. `at`: the clock its last
 * operation's end read just before, in the same synchronous run (-1: none), taken as the end when no cleanup runs or
 * every cleanup is synchronous (the clock is read again only for an end after a cleanup's promise).
 */
export function finish(host: InstanceHost, ctx: InstanceContext, intendedStart: number, o: Outcome, at = -1): InstanceEnd | Promise<InstanceEnd> {
  const deferred = ctx.deferred;
  if (!deferred) return ended(host, ctx, ctx.index, intendedStart, o, at);
  // Cleanups run in reverse order within a budget (from the first that returns a promise: the synchronous ones take
  // no time worth a clock reading): one that never settles must not keep the run alive.
  for (let i = typeof deferred === 'function' ? 0 : deferred.length - 1; i >= 0; i--) {
    let r: void | Promise<void>;
    try {
      r = cleanup(ctx, i);
    } catch {
      continue; // cleanup errors never change the outcome
    }
    if (r && typeof (r as Promise<void>).then === 'function') return finishAfter(host, ctx, intendedStart, o, r, i, performance.now() + CLEANUP_BUDGET_MS);
  }
  return ended(host, ctx, ctx.index, intendedStart, o, at);
}

/** finish() from cleanup `i` on, which returned the promise `r`: each promise waited for within what is left of the budget. */
async function finishAfter(host: InstanceHost, ctx: InstanceContext, intendedStart: number, o: Outcome, r: Promise<void>, i: number, deadline: number): Promise<InstanceEnd> {
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    try {
      const left = Math.max(0, deadline - performance.now());
      await Promise.race([r, new Promise<void>((res) => (timer = setTimeout(res, left)))]);
    } catch {
      /* cleanup errors never change the outcome */
    } finally {
      clearTimeout(timer);
    }
    let next: void | Promise<void> = undefined;
    while (--i >= 0) {
      try {
        next = cleanup(ctx, i);
      } catch {
        continue;
      }
      if (next && typeof (next as Promise<void>).then === 'function') break;
      next = undefined;
    }
    if (!next) break;
    r = next;
  }
  return ended(host, ctx, ctx.index, intendedStart, o);
}

/** Run cleanup `i` (of one alone: 0) of the instance. */
function cleanup(ctx: InstanceContext, i: number): void | Promise<void> {
  const d = ctx.deferred!;
  return typeof d === 'function' ? d(ctx) : d[i]!(ctx);
}

/** The end itself: the instance leaves the run's cancellers, its end signal fires. */
export function ended(host: InstanceHost, ctx: InstanceContext | undefined, index: number, intendedStart: number, o: Outcome, at = -1): InstanceEnd {
  if (ctx !== undefined) {
    host.cancellers.delete(ctx);
    ctx.fireEnd(false);
  }
  const endedAt = at >= 0 ? at : performance.now();
  const latencyMs = endedAt - intendedStart;
  if (ctx?.evidence) host.evidence.ended(ctx.evidence, instanceNumber(host.def.distribution.slice, index), o, latencyMs, ctx.vars);
  const end: InstanceEnd = index === 0 ? { outcome: o, latencyMs, endedAt, vars: ctx?.vars ?? {} } : { outcome: o, latencyMs, endedAt };
  ctx?.forgetEnded();
  return end;
}
