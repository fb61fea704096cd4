// The session registry of a peer: server-initiated requests (RAR, ASR, ...) go to the test instance that
// registered their Session-Id, the rest to a catch-all handler (a simulator's) when one is set.
import type { ParsedMessage } from '../codec/message.js';

/** A request received from the peer for a registered session, to be answered by an operation. */
export interface InboundRequest {
  message: ParsedMessage;
  sessionId: string;
  received: number;
  answered: boolean;
}

export type SessionHandler = (req: InboundRequest) => void;

export class SessionRouter {
  private readonly sessions = new Map<string, SessionHandler>();
  private fallback: SessionHandler | undefined;

  /** Route requests for this Session-Id to `handler` until unregistered. False when another handler has it. */
  register(sessionId: string, handler: SessionHandler): boolean {
    const h = this.sessions.get(sessionId);
    if (h && h !== handler) return false;
    this.sessions.set(sessionId, handler);
    return true;
  }

  unregister(sessionId: string, handler: SessionHandler): void {
    if (this.sessions.get(sessionId) === handler) this.sessions.delete(sessionId);
  }

  /** Requests for sessions nobody registered go to `handler` instead of a refusal. */
  setDefault(handler: SessionHandler | undefined): void {
    this.fallback = handler;
  }

  /** Who takes a request of this session (or of none): its registered handler, else the catch-all. */
  handlerFor(sessionId: string | undefined): SessionHandler | undefined {
    return (sessionId !== undefined ? this.sessions.get(sessionId) : undefined) ?? this.fallback;
  }
}
