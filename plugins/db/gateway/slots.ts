// The connections of a PostgreSQL instance as counted permits: a query (or an instance's transaction) holds one
// while it uses a connection. Waiting for one is first come, first served, bounded by the query's timeout and
// ended by its instance's signal; a full pool is a wait, never a lost database.
import type { EndSignal } from '../../../sdk/index.js';

export class SlotWaitError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'cancelled' | 'closed',
  ) {
    super(message);
    this.name = 'SlotWaitError';
  }
}

interface Waiter {
  grant(): void;
  fail(e: SlotWaitError): void;
}

export class Slots {
  private used = 0;
  private readonly waiters: Waiter[] = [];

  constructor(readonly size: number) {}

  get inUse(): number {
    return this.used;
  }

  get waiting(): number {
    return this.waiters.length;
  }

  /** Take a permit, waiting at most `timeoutMs`; rejects with SlotWaitError on timeout, abort or close(). */
  acquire(timeoutMs: number, signal?: EndSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(new SlotWaitError('cancelled while waiting for a free connection', 'cancelled'));
    if (this.used < this.size && this.waiters.length === 0) {
      this.used++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        const i = this.waiters.indexOf(w);
        if (i >= 0) this.waiters.splice(i, 1);
      };
      const w: Waiter = {
        grant: () => {
          done();
          resolve();
        },
        fail: (e) => {
          done();
          reject(e);
        },
      };
      const onAbort = () => w.fail(new SlotWaitError('cancelled while waiting for a free connection', 'cancelled'));
      const timer = setTimeout(() => w.fail(new SlotWaitError(`no connection of the pool (${this.size}) came free within ${timeoutMs} ms: all are busy`, 'timeout')), timeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(w);
    });
  }

  /** Give a permit back: the longest waiter gets it. */
  release(): void {
    const next = this.waiters[0];
    if (next) next.grant();
    else this.used = Math.max(0, this.used - 1);
  }

  /** Fail every waiter (the instance stops). */
  close(): void {
    // over a copy: fail() takes the waiter out of the list
    for (const w of this.waiters.slice()) w.fail(new SlotWaitError('the db instance stopped', 'closed'));
  }
}
