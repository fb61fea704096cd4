// One request waiting for its answer on a connection, in the connection's table by hop-by-hop id until the answer
// comes, its time runs out, the instance that sent it ends, or the connection closes. One object per request: the
// timer calls a shared function with it, and only the end signal's listener is a closure of its own.
import type { IdTable, EndSignal } from '../../../sdk/index.js';
import { PeerError } from './peer-error.js';

export class PendingRequest {
  readonly timer: NodeJS.Timeout;
  private readonly onEnd: (() => void) | undefined;

  constructor(
    private readonly table: IdTable<PendingRequest>, private readonly remote: string, readonly hopByHop: number,
    private readonly what: string, timeoutMs: number, private readonly signal: EndSignal | undefined,
    private readonly settle: { resolve(answer: Buffer): void; reject(e: Error): void },
    /** Called synchronously with the answer, before the next message of the same read is processed. */
    private readonly onAnswer: ((answer: Buffer) => void) | undefined,
  ) {
    this.timer = setTimeout(expire, timeoutMs, this, timeoutMs);
    if (signal !== undefined) {
      this.onEnd = () => this.abandon();
      signal.addEventListener('abort', this.onEnd, { once: true });
    }
  }

  /** The answer came (the caller took the request out of the table). */
  answered(answer: Buffer): void {
    clearTimeout(this.timer);
    this.onAnswer?.(answer);
    this.detach();
    this.settle.resolve(answer);
  }

  /** The connection closed (the caller empties the table). */
  fail(e: Error): void {
    clearTimeout(this.timer);
    this.detach();
    this.settle.reject(e);
  }

  /** No answer within the time. */
  expired(timeoutMs: number): void {
    this.table.delete(this.hopByHop);
    this.detach();
    this.settle.reject(new PeerError(`no answer to ${this.what} from ${this.remote} within ${timeoutMs} ms (hop-by-hop 0x${this.hopByHop.toString(16).padStart(8, '0')})`));
  }

  /** The instance ended while waiting. */
  private abandon(): void {
    if (this.table.get(this.hopByHop) !== this) return;
    this.table.delete(this.hopByHop);
    clearTimeout(this.timer);
    this.settle.reject(new PeerError(`${this.what} abandoned: the instance ended while waiting for the answer`));
  }

  private detach(): void {
    if (this.onEnd !== undefined) this.signal!.removeEventListener('abort', this.onEnd);
  }
}

function expire(p: PendingRequest, timeoutMs: number): void {
  p.expired(timeoutMs);
}
