// The instance's EndSignal (core/api/operation.ts): 'abort' listeners fired once when the instance ends or its run is
// cancelled. One small object with a listener list, made when an operation first asks for it: no AbortController,
// no EventTarget, no Event and no Error per instance. The instance's AbortSignal (ctx.signal) is made only when an
// operation asks for one, and is aborted from here.
import type { EndListener, EndSignal } from '../api/index.js';

export class InstanceEndSignal implements EndSignal {
  aborted = false;
  /** Its place in the run's signalled (Bag). */
  bagIndex = -1;
  /** Why it fired: the reason given to an AbortSignal made on top of it. */
  cancelled = false;
  private one: EndListener | undefined;
  private more: EndListener[] | undefined;

  addEventListener(_type: 'abort', listener: EndListener): void {
    if (this.aborted) return; // as an aborted AbortSignal: a listener added after the abort never runs
    if (this.one === listener || this.more?.includes(listener)) return; // as EventTarget: once per listener
    if (this.one === undefined && !this.more?.length) this.one = listener;
    else (this.more ??= []).push(listener);
  }

  removeEventListener(_type: 'abort', listener: EndListener): void {
    if (this.one === listener) this.one = undefined;
    else if (this.more) {
      const i = this.more.indexOf(listener);
      if (i >= 0) this.more.splice(i, 1);
    }
  }

  /** Fire once: each listener runs once, in the order added; a listener's throw does not stop the others. */
  fire(cancelled: boolean): void {
    if (this.aborted) return;
    this.aborted = true;
    this.cancelled = cancelled;
    const one = this.one;
    const more = this.more;
    this.one = undefined;
    this.more = undefined;
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
