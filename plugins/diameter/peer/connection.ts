// One transport connection to a Diameter peer (TCP or SCTP, link.ts): framing, the table of pending requests (by
// hop-by-hop id, each with its timeout), and the watchdog clock (RFC 3539). The peer state machine (peer.ts)
// drives it.
import { isCodecError } from '../codec/errors.js';
import { CommandFlag } from '../codec/header.js';
import { Framer } from './framer.js';
import type { PeerLink } from './link.js';
import { IdTable, type EndSignal } from '../../../sdk/index.js';
import { PeerError } from './peer-error.js';
import { PendingRequest } from './pending.js';


export interface ConnectionHandlers {
  /** A request from the peer (R flag set). */
  request(msg: Buffer, conn: Connection): void;
  /** An answer that matched no pending request. */
  strayAnswer?(msg: Buffer, conn: Connection): void;
  /** Every message received (for captures). */
  received?(msg: Buffer): void;
  sent?(msg: Buffer): void;
  /** The connection is gone; `reason` is readable. Called once. */
  closed(reason: string, conn: Connection): void;
}

export class Connection {
  readonly remote: string;
  private readonly framer: Framer;
  /**
   * Requests waiting for their answer, by hop-by-hop id (an IdTable, not a Map: sdk/id-table.ts); 1,024 slots at
   * least, so that the count's swings under load do not resize it back and forth.
   */
  private readonly pending = new IdTable<PendingRequest>(1024);
  private closedReason: string | undefined;
  /** Set by end(): the reason given when the socket then closes. */
  private closingReason: string | undefined;
  /** Time of the last message received (ms), for the watchdog. */
  lastReceived = Date.now();

  private endTimer: NodeJS.Timeout | undefined;

  constructor(readonly link: PeerLink, maxMessageBytes: number, private readonly h: ConnectionHandlers) {
    this.remote = link.remote;
    this.framer = new Framer(maxMessageBytes, (m) => this.onMessage(m));
    link.onData((chunk: Buffer) => {
      try {
        this.framer.push(chunk);
      } catch (e) {
        this.close(isCodecError(e) ? `bad bytes from the peer: ${e.message}` : `receive failed: ${(e as Error).message}`);
      }
    });
    link.onClose((reason) => this.close(this.closingReason ?? reason ?? 'connection closed by the peer'));
  }

  get isClosed(): boolean {
    return this.closedReason !== undefined;
  }

  get reason(): string | undefined {
    return this.closedReason;
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  private onMessage(m: Buffer): void {
    this.lastReceived = Date.now();
    this.h.received?.(m);
    if (m[4]! & CommandFlag.R) {
      this.h.request(m, this);
      return;
    }
    const hbh = m.readUInt32BE(12);
    const p = this.pending.get(hbh);
    if (!p) {
      this.h.strayAnswer?.(m, this);
      return;
    }
    this.pending.delete(hbh);
    p.answered(m);
  }

  /** Write a message. Returns false when the connection is closed. */
  write(msg: Buffer): boolean {
    if (this.closedReason !== undefined) return false;
    this.h.sent?.(msg);
    this.link.write(msg);
    return true;
  }

  /**
   * Send a request and wait for its answer (matched by hop-by-hop id). Rejects with a PeerError on timeout,
   * on close, or when `signal` aborts. `onAnswer` runs synchronously when the answer is framed, before the next
   * message of the same read (a promise continuation would run after all of them): the state machine uses it for
   * the CEA, whose state the messages behind it in the same read must see (RFC 6733 §5.6).
   */
  request(msg: Buffer, timeoutMs: number, what: string, signal?: EndSignal, onAnswer?: (answer: Buffer) => void): Promise<Buffer> {
    const hbh = msg.readUInt32BE(12);
    return new Promise<Buffer>((resolve, reject) => {
      if (this.closedReason !== undefined) {
        reject(new PeerError(`cannot send ${what}: ${this.closedReason}`));
        return;
      }
      this.pending.set(hbh, new PendingRequest(this.pending, this.remote, hbh, what, timeoutMs, signal, { resolve, reject }, onAnswer));
      this.write(msg);
    });
  }

  /** Close the connection: every pending request fails with `reason`. Idempotent. */
  close(reason: string): void {
    if (this.closedReason !== undefined) return;
    this.closedReason = reason;
    for (const p of this.pending.values()) {
      p.fail(new PeerError(`connection to ${this.remote} lost while waiting for the answer: ${reason}`));
    }
    this.pending.clear();
    clearTimeout(this.endTimer);
    this.link.destroy();
    this.h.closed(reason, this);
  }

  /** Half-close politely (after DPA): end the transport, destroy it if the peer does not close within `ms`. */
  end(reason: string, ms = 1000): void {
    if (this.closedReason !== undefined) return;
    this.closingReason = reason;
    this.link.end();
    this.endTimer = setTimeout(() => this.close(reason), ms);
    this.endTimer.unref();
  }
}
