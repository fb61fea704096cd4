// The receiving end of a stream or in-memory association: messages that arrive before its handler is set are held
// and handed over, in order, when it is set; so is a close that came meanwhile.
import type { AssociationHandler } from './types.js';

export class Receiver {
  /** `dropHeldWhenClosed`: held messages are handed over only while the association is still open (TCP). */
  constructor(private readonly dropHeldWhenClosed: boolean) {}

  private handler: AssociationHandler | undefined;
  private held: Array<[Uint8Array, number, number]> = [];

  /**
   * Set the handler: the held messages go to it first, then the close, when the association closed meanwhile
   * (`closedReason()`).
   */
  set(h: AssociationHandler, isOpen: () => boolean, closedReason: () => string | undefined): void {
    this.handler = h;
    const held = this.held;
    this.held = [];
    for (const [m, s, p] of held) if (!this.dropHeldWhenClosed || isOpen()) h.message(m, s, p);
    const reason = closedReason();
    if (!isOpen() && reason) h.closed(reason);
  }

  /** Hand a message to the handler, or hold it until there is one. */
  message(pdu: Uint8Array, stream: number, ppid: number): void {
    if (this.handler) this.handler.message(pdu, stream, ppid);
    else this.held.push([pdu, stream, ppid]);
  }

  /** Tell the handler, if there is one yet, that the association is gone. */
  closed(reason: string): void {
    this.handler?.closed(reason);
  }
}
