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
  /** Its listeners: the first alone (one field, no array, for the common instance with one), an array from the second. */
  private listeners: EndListener | EndListener[] | undefined = undefined;

  get aborted(): boolean {
    return (this.flags & FIRED) !== 0;
  }
  /** Why it fired: the reason given to an AbortSignal made on top of it. */
  get endCancelled(): boolean {
    return (this.flags & CANCELLED) !== 0;
  }

  addEventListener(_type: 'abort', listener: EndListener): void {
    if (this.flags & FIRED) return; // as an aborted AbortSignal: a listener added after the abort never runs
    const l = this.listeners;
    // as EventTarget: once per listener
    if (l === undefined) this.listeners = listener;
    else if (Array.isArray(l)) {
      if (!l.includes(listener)) l.push(listener);
    } else if (l !== listener) this.listeners = [l, listener];
  }

  removeEventListener(_type: 'abort', listener: EndListener): void {
    const l = this.listeners;
    if (l === listener) this.listeners = undefined;
    else if (Array.isArray(l)) {
      const i = l.indexOf(listener);
      if (i >= 0) l.splice(i, 1);
    }
  }

  /** Fire once: each listener runs once, in the order added; a listener's throw does not stop the others. */
  fireEnd(cancelled: boolean): void {
    if (this.flags & FIRED) return;
    this.flags |= cancelled ? FIRED | CANCELLED : FIRED;
    const l = this.listeners;
    this.listeners = undefined;
    if (Array.isArray(l)) for (const fn of l) call(fn);
    else if (l !== undefined) call(l);
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
