// A queue of inbound Begins handed out by next(): a standing listen() on a criterion, or a registration by key
// (with its capacity). Closing it hands the Begins it still holds back to be routed again or refused.
import type { BeginListener, ReceiveOptions, TcapMessage } from '../api.js';
import type { EndSignal } from '../../../sdk/index.js';
import { SigtranError } from '../errors.js';
import type { Criterion } from './criterion.js';

/** How many Begins a listener holds unless given a capacity (also the gateway's backlog limit). */
export const BACKLOG_MAX = 2000;

interface Waiter {
  resolve(m: TcapMessage): void;
  reject(e: Error): void;
  cleanup(): void;
}

/** Bind a taken Begin's dialogue to the taker's signal (closed when its test instance ends). */
export function bindTaken(m: TcapMessage, signal: EndSignal | undefined): void {
  if (signal) m.dialogue.bind(signal, 'abort');
}

export class BeginListenerImpl implements BeginListener {
  private q: TcapMessage[] = [];
  private waiter: Waiter | undefined;
  private closed = false;

  /**
   * @param remove takes the listener out of the routing (on close)
   * @param handBack what becomes of a Begin still queued at close
   * @param criterion the criterion of a listen() listener; undefined for a registration by key
   */
  constructor(
    private readonly remove: () => void,
    private readonly handBack: (m: TcapMessage) => void,
    readonly criterion: Criterion | undefined,
    private readonly defaultTimeoutMs: number,
    private readonly capacity = BACKLOG_MAX,
  ) {}

  get queued(): number {
    return this.q.length;
  }

  /** next() is waiting for a Begin. */
  get waiting(): boolean {
    return this.waiter !== undefined;
  }

  /** Give the listener a Begin: false when it is closed or full. */
  push(m: TcapMessage): boolean {
    if (this.closed) return false;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = undefined;
      w.cleanup();
      w.resolve(m);
      return true;
    }
    if (this.q.length >= this.capacity) return false;
    this.q.push(m);
    return true;
  }

  next(opts?: ReceiveOptions): Promise<TcapMessage> {
    const m = this.q.shift();
    if (m) {
      bindTaken(m, opts?.signal);
      return Promise.resolve(m);
    }
    if (this.closed) return Promise.reject(new SigtranError('ended', 'listener closed'));
    if (this.waiter) return Promise.reject(new SigtranError('state', 'next() is already waiting on this listener'));
    const signal = opts?.signal;
    if (signal?.aborted) return Promise.reject(new SigtranError('cancelled', 'wait cancelled'));
    return new Promise((resolve, reject) => this.wait(resolve, reject, opts?.timeoutMs ?? this.defaultTimeoutMs, signal));
  }

  private wait(resolve: (m: TcapMessage) => void, reject: (e: Error) => void, timeoutMs: number, signal: EndSignal | undefined): void {
    const onAbort = () => {
      this.waiter = undefined;
      clearTimeout(timer);
      reject(new SigtranError('cancelled', 'wait for a TCAP Begin cancelled'));
    };
    const timer = setTimeout(() => {
      this.waiter = undefined;
      signal?.removeEventListener('abort', onAbort);
      reject(new SigtranError('timeout', `no matching TCAP Begin arrived within ${timeoutMs} ms${this.criterion?.describe() ?? ''}`));
    }, timeoutMs);
    signal?.addEventListener('abort', onAbort, { once: true });
    this.waiter = {
      resolve: (msg) => {
        bindTaken(msg, signal);
        resolve(msg);
      },
      reject,
      cleanup: () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      },
    };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.remove();
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = undefined;
      w.cleanup();
      w.reject(new SigtranError('ended', 'listener closed'));
    }
    for (const m of this.q) this.handBack(m);
    this.q = [];
  }
}
