// The transport watchdog of RFC 3539 for one open connection: after Tw (± jitter) without anything received, send a
// DWR; when another Tw passes and still nothing came back, the connection is declared failed and closed (the
// peer state machine then reconnects). Any message received counts as a sign of life, not only the DWA.
import type { Connection } from './connection.js';

export interface WatchdogHost {
  /** The open connection, or undefined when the peer is not open. */
  connection(): Connection | undefined;
  /** A fresh Device-Watchdog-Request. */
  dwr(): Buffer;
}

export class Watchdog {
  private timer: NodeJS.Timeout | undefined;
  private outstanding = false;
  private readonly jitter: number;

  constructor(private readonly tw: number, private readonly host: WatchdogHost) {
    this.jitter = Math.min(2000, tw / 10);
  }

  start(): void {
    this.stop();
    this.outstanding = false;
    this.arm(this.next());
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private next(): number {
    return Math.max(50, Math.round(this.tw + (Math.random() * 2 - 1) * this.jitter));
  }

  private arm(ms: number): void {
    this.timer = setTimeout(() => this.tick(), ms);
    this.timer.unref();
  }

  private tick(): void {
    const c = this.host.connection();
    if (!c || c.isClosed) return;
    const idle = Date.now() - c.lastReceived;
    if (idle < this.tw - this.jitter) {
      this.arm(Math.max(50, this.tw - idle));
      return;
    }
    if (this.outstanding) {
      c.close(`watchdog: no answer to DWR from ${c.remote} (nothing received for ${idle} ms)`);
      return;
    }
    this.outstanding = true;
    c.request(this.host.dwr(), this.tw * 2, 'Device-Watchdog-Request').then(
      () => (this.outstanding = false),
      () => undefined, // the connection's own close, or the next tick, handles it
    );
    this.arm(this.next());
  }
}
