// The instance's EndSignal (core/api/operation.ts): 'abort' listeners fired once when the instance ends or its run is
// cancelled. The instance is its own end signal (this class is its context's base): no object of its own per
// instance, no AbortController, EventTarget, Event or Error. The instance's AbortSignal (ctx.signal) is made only when
// an operation asks for one, and is aborted from here.
import type { EndListener, EndSignal } from '../api/index.js';

/**
 * Bits of `flags`, the instance's booleans in one small integer (each boolean field would be 8 bytes per instance in
 * flight). These three are the end signal's; context.ts and instance.ts use the bits above them.
 */
const FIRED = 1;
const CANCELLED = 2;
/** ctx.endSignal was asked for: the run's cancel must reach it. */
export const SIGNAL_MADE = 4;

export abstract class EndSignalBase implements EndSignal {
  protected flags = 0;
  private endOne: EndListener | undefined = undefined;
  private endMore: EndListener[] | undefined = undefined;

  get aborted(): boolean {
    return (this.flags & FIRED) !== 0;
  }
  /** Why it fired: the reason given to an AbortSignal made on top of it. */
  get endCancelled(): boolean {
    return (this.flags & CANCELLED) !== 0;
  }

  addEventListener(_type: 'abort', listener: EndListener): void {
    if (this.flags & FIRED) return; // as an aborted AbortSignal: a listener added after the abort never runs
    if (this.endOne === listener || this.endMore?.includes(listener)) return; // as EventTarget: once per listener
    if (this.endOne === undefined && !this.endMore?.length) this.endOne = listener;
    else (this.endMore ??= []).push(listener);
  }

  removeEventListener(_type: 'abort', listener: EndListener): void {
    if (this.endOne === listener) this.endOne = undefined;
    else if (this.endMore) {
      const i = this.endMore.indexOf(listener);
      if (i >= 0) this.endMore.splice(i, 1);
    }
  }

  /** Fire once: each listener runs once, in the order added; a listener's throw does not stop the others. */
  fireEnd(cancelled: boolean): void {
    if (this.flags & FIRED) return;
    this.flags |= cancelled ? FIRED | CANCELLED : FIRED;
    const one = this.endOne;
    const more = this.endMore;
    this.endOne = undefined;
    this.endMore = undefined;
    if (one) call(one);
    if (more) for (const fn of more) call(fn);
  }
}

function call(fn: EndListener): void {
  try {
    if (typeof fn === 'function') fn();
    else fn.handleEvent();
  } catch {
    /* a listener's fault is its own: the instance still ends */
  }
}
