// The session registry of a peer: server-initiated requests (RAR, ASR, ...) go to the test instance that
// registered their Session-Id, the rest to a catch-all handler (a simulator's) when one is set.
//
// Every instance registers its session and drops it when it ends, thousands of times a second on one long-lived
// table: not a Map, whose obsolete tables V8 links to their successors, so that one promoted table keeps every later
// one and their entries alive through the scavenges (docs/performance.md, "The fourth round"). Here an IdTable by a
// 32-bit hash of the Session-Id, each slot a short list of the sessions with that hash.
import { IdTable } from '../../../sdk/index.js';
import type { ParsedMessage } from '../codec/message.js';

/** A request received from the peer for a registered session, to be answered by an operation. */
export interface InboundRequest {
  message: ParsedMessage;
  sessionId: string;
  received: number;
  answered: boolean;
}

export type SessionHandler = (req: InboundRequest) => void;

interface Registered {
  sessionId: string;
  handler: SessionHandler;
  /** The next session with the same hash. */
  next: Registered | undefined;
}

/** FNV-1a over the UTF-16 code units. */
function sessionHash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class SessionRouter {
  /** 1,024 slots at least: the sessions of a load run come and go in swings (sdk/id-table.ts). */
  private readonly sessions = new IdTable<Registered>(1024);
  private fallback: SessionHandler | undefined;

  /** Route requests for this Session-Id to `handler` until unregistered. False when another handler has it. */
  register(sessionId: string, handler: SessionHandler): boolean {
    const hash = sessionHash(sessionId);
    const first = this.sessions.get(hash);
    for (let r = first; r !== undefined; r = r.next) {
      if (r.sessionId === sessionId) return r.handler === handler;
    }
    this.sessions.set(hash, { sessionId, handler, next: first });
    return true;
  }

  unregister(sessionId: string, handler: SessionHandler): void {
    const hash = sessionHash(sessionId);
    let prev: Registered | undefined;
    for (let r = this.sessions.get(hash); r !== undefined; prev = r, r = r.next) {
      if (r.sessionId !== sessionId) continue;
      if (r.handler !== handler) return;
      if (prev !== undefined) prev.next = r.next;
      else if (r.next !== undefined) this.sessions.set(hash, r.next);
      else this.sessions.delete(hash);
      return;
    }
  }

  /** The handler registered for this Session-Id, if any. */
  private registered(sessionId: string): SessionHandler | undefined {
    for (let r = this.sessions.get(sessionHash(sessionId)); r !== undefined; r = r.next) {
      if (r.sessionId === sessionId) return r.handler;
    }
    return undefined;
  }

  /** Requests for sessions nobody registered go to `handler` instead of a refusal. */
  setDefault(handler: SessionHandler | undefined): void {
    this.fallback = handler;
  }

  /** Who takes a request of this session (or of none): its registered handler, else the catch-all. */
  handlerFor(sessionId: string | undefined): SessionHandler | undefined {
    return (sessionId !== undefined ? this.registered(sessionId) : undefined) ?? this.fallback;
  }
}
