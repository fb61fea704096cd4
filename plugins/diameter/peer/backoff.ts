// When a client peer tries again after a failed or lost connection: exponential from reconnect_min_ms, capped at
// reconnect_max_ms, with ±20 % jitter so that peers that lost the same server do not come back in step.
import type { PeerConfig } from './config.js';

export class Backoff {
  private attempts = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly config: Pick<PeerConfig, 'reconnect_min_ms' | 'reconnect_max_ms'>) {}

  /** Run `retry` after the next delay (in place of a retry already scheduled). */
  schedule(retry: () => void): void {
    const base = Math.min(this.config.reconnect_max_ms, this.config.reconnect_min_ms * 2 ** Math.min(this.attempts, 16));
    this.attempts++;
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    clearTimeout(this.timer);
    this.timer = setTimeout(retry, delay);
    this.timer.unref();
  }

  /** The connection is open: the next loss starts from reconnect_min_ms again. */
  reset(): void {
    this.attempts = 0;
  }

  cancel(): void {
    clearTimeout(this.timer);
  }
}
