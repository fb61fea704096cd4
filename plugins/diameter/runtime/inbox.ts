// Per-instance inbox of server-initiated requests (RAR, ASR, ...): the sessions an instance sent requests for or
// registered are routed here by the peer; diameter.from_server.Request takes them in order. When the instance
// ends, its sessions are released and requests nobody took are answered DIAMETER_UNABLE_TO_COMPLETE (5012).
import type { OperationContext } from '../../../sdk/types.js';
import { findAvp } from '../codec/message.js';
import type { DiameterPeer, InboundRequest, SessionHandler } from '../peer/peer.js';
import { A, str, u32 } from '../peer/avps.js';

export class Inbox {
  /** Requests nobody waited for yet; made when the first one is queued (most instances receive none). */
  private queue: InboundRequest[] | undefined = undefined;
  private waiter: ((r: InboundRequest) => void) | undefined;
  /** The sessions routed here: usually one, so a list, not a Set per instance. */
  private readonly held: string[] = [];
  /** The Session-Id of the last request this instance sent (default for Register). */
  lastSessionId: string | undefined;
  readonly handler: SessionHandler = (r) => {
    const w = this.waiter;
    if (w) {
      this.waiter = undefined;
      w(r);
    } else if (this.queue === undefined) {
      this.queue = [r];
    } else if (this.queue.length < 1000) {
      this.queue.push(r);
    }
  };

  constructor(readonly peer: DiameterPeer) {}

  /** Route requests of this session to the instance. False when another instance holds it. */
  register(sessionId: string): boolean {
    if (this.held.includes(sessionId)) return true;
    if (!this.peer.registerSession(sessionId, this.handler)) return false;
    this.held.push(sessionId);
    return true;
  }

  /** How many sessions are routed here. */
  get sessionCount(): number {
    return this.held.length;
  }

  /** Next request (queued or arriving), or undefined when the time runs out or `signal` aborts. */
  next(timeoutMs: number, signal: AbortSignal): Promise<InboundRequest | undefined> {
    const q = this.queue?.shift();
    if (q) return Promise.resolve(q);
    return new Promise((resolve) => {
      const done = (r: InboundRequest | undefined) => {
        clearTimeout(t);
        signal.removeEventListener('abort', onAbort);
        this.waiter = undefined;
        resolve(r);
      };
      const onAbort = () => done(undefined);
      const t = setTimeout(() => done(undefined), timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      this.waiter = (r) => done(r);
    });
  }

  /** Release the sessions and answer what is left (5012). */
  close(): number {
    for (let i = 0; i < this.held.length; i++) this.peer.unregisterSession(this.held[i]!, this.handler);
    this.held.length = 0;
    const queued = this.queue;
    this.queue = undefined;
    if (queued === undefined) return 0;
    let n = 0;
    for (const r of queued) {
      if (r.answered) continue;
      r.answered = true;
      const sid = findAvp(r.message.avps, A.SessionId);
      try {
        this.peer.sendAnswer(this.peer.buildAnswer(r.message, [
          ...(sid ? [{ code: A.SessionId, flags: 0x40, data: sid.data }] : []),
          u32(A.ResultCode, 5012), ...this.peer.originAvps(),
          str(A.ErrorMessage, 'the test instance ended without taking this request', 0),
        ]));
        n++;
      } catch {
        // the connection is gone: nothing to answer on
      }
    }
    return n;
  }
}

/** The instance's inbox on its gateway, created on first use and closed when the instance ends. */
export function inboxOf(ctx: OperationContext<DiameterPeer>): Inbox {
  return ctx.state(INBOX, newInbox as (ctx: OperationContext) => Inbox);
}

const INBOX = 'diameter.inbox';

// module functions, not closures: inboxOf runs for every request an instance sends
function newInbox(ctx: OperationContext<DiameterPeer>): Inbox {
  ctx.defer(closeInbox as (ctx: OperationContext) => void);
  return new Inbox(ctx.gateway());
}

function closeInbox(ctx: OperationContext<DiameterPeer>): void {
  const n = inboxOf(ctx).close();
  if (n) ctx.trace(1, `diameter: ${n} server-initiated request(s) nobody took were answered 5012`);
}
