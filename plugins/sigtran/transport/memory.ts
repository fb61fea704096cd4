// In-memory associations for unit tests: a listener registers a channel name, a connector opens a linked pair.
// Messages are delivered asynchronously (a microtask) and in order, like a network would.
import type { Acceptor, Association, AssociationHandler, Connector } from './types.js';
import { Receiver } from './held.js';

const channels = new Map<string, (a: Association) => void>();

class MemoryAssociation implements Association {
  readonly kind = 'memory' as const;
  readonly outboundStreams = 1;
  peer: MemoryAssociation | undefined;
  private readonly receiver = new Receiver(false);
  private open = true;
  private closedReason: string | undefined;
  constructor(
    readonly local: string,
    readonly remote: string,
  ) {}

  get isOpen(): boolean {
    return this.open;
  }

  setHandler(h: AssociationHandler): void {
    this.receiver.set(h, () => this.open, () => this.closedReason);
  }

  receive(pdu: Uint8Array, stream: number, ppid: number): void {
    if (!this.open) return;
    this.receiver.message(pdu, stream, ppid);
  }

  send(pdu: Uint8Array, stream: number, ppid: number): boolean {
    if (!this.open) return false;
    const peer = this.peer;
    queueMicrotask(() => peer?.receive(pdu, stream, ppid));
    return true;
  }

  close(reason = 'closed locally'): void {
    if (!this.open) return;
    this.finish(reason);
    const peer = this.peer;
    queueMicrotask(() => peer?.finish('closed by the peer'));
  }

  finish(reason: string): void {
    if (!this.open) return;
    this.open = false;
    this.closedReason = reason;
    this.receiver.closed(reason);
  }
}

let counter = 0;

export class MemoryConnector implements Connector {
  constructor(private readonly channel: string) {}
  describe(): string {
    return `memory:${this.channel}`;
  }
  async connect(): Promise<Association> {
    const listener = channels.get(this.channel);
    if (!listener) throw new Error(`cannot connect to memory:${this.channel}: nothing listens there`);
    const id = ++counter;
    const a = new MemoryAssociation(`memory:${this.channel}#${id}c`, `memory:${this.channel}`);
    const b = new MemoryAssociation(`memory:${this.channel}`, `memory:${this.channel}#${id}c`);
    a.peer = b;
    b.peer = a;
    queueMicrotask(() => listener(b));
    return a;
  }
}

export class MemoryAcceptor implements Acceptor {
  private listening = false;
  constructor(private readonly channel: string) {}
  describe(): string {
    return `memory:${this.channel}`;
  }
  address(): string {
    return `memory:${this.channel}`;
  }
  async listen(onAssociation: (a: Association) => void): Promise<void> {
    if (channels.has(this.channel)) throw new Error(`memory channel '${this.channel}' is already in use`);
    channels.set(this.channel, onAssociation);
    this.listening = true;
  }
  async close(): Promise<void> {
    if (this.listening) channels.delete(this.channel);
    this.listening = false;
  }
}
