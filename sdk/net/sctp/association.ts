// One SCTP association (a one-to-one socket of either backend): whole messages with their stream and PPID, a
// bounded send queue for when the stack's buffer is full, graceful SHUTDOWN or ABORT, and the association and
// path events (COMM_UP, COMM_LOST, SHUTDOWN, peer address changes) kept for status pages.
import { describeAbort } from './abort.js';
import type { LoadedBackend, NativeEvent, NativeStatus, SctpBackendName } from './native.js';
import { TickBatch } from './tick-batch.js';

/** How an association ended. */
export type SctpCloseKind = 'local' | 'shutdown' | 'abort' | 'lost' | 'error';

/** An association or path event, as kept for status (`events`, newest last). */
export interface SctpEvent {
  /** ms since the epoch */
  time: number;
  kind: 'comm-up' | 'restart' | 'path' | 'shutdown' | 'comm-lost' | 'send-failed' | 'remote-error';
  text: string;
  address?: string;
  state?: string;
}

export interface SctpAssociationHandler {
  /** One whole message. The buffer may be kept. */
  message(data: Buffer, stream: number, ppid: number): void;
  /** The association is gone; called once, with a readable reason. */
  closed(reason: string, kind: SctpCloseKind): void;
  /** An association or path event (also kept in status().events). */
  event?(e: SctpEvent): void;
}

/** What status() reports (ListTests shows it). */
export interface SctpAssociationStatus {
  backend: SctpBackendName;
  state: string;
  local: string[];
  remote: string[];
  inStreams: number;
  outStreams: number;
  /**
   * Per peer address: reachability, smoothed RTT and RTO (ms), and the path MTU the stack packs chunks into (bytes
   * after the IP and SCTP common headers).
   */
  paths: Array<{ address: string; state: string; srttMs?: number; rtoMs?: number; mtu?: number; primary?: boolean }>;
  /** Messages waiting in our queue because the stack's send buffer was full. */
  queued: number;
  events: SctpEvent[];
}

/** send()'s flag to the addon: more messages follow at once (the userland stack bundles them; native.ts). */
const MORE = 2;

/** Bytes our send queue may hold before the association is aborted (the peer is not reading). */
const MAX_SEND_QUEUE_BYTES = 16 << 20;
/** Events kept per association for status. */
const MAX_EVENTS = 20;

const open = new Set<SctpAssociation>();
let exitHook = false;

/** A userland stack dies with the process: tell the peers with an ABORT (the kernel would clean up after us). */
function abortAllOnExit(): void {
  if (exitHook) return;
  exitHook = true;
  process.once('exit', () => {
    for (const a of open) if (a.backend === 'userland') a.abort('process exiting');
  });
}

/** The associations open in this process (both backends), e.g. for diagnostics. */
export function openAssociations(): SctpAssociation[] {
  return [...open];
}

export class SctpAssociation {
  readonly backend: SctpBackendName;
  inStreams: number;
  outStreams: number;
  /** "address:port" of our primary address and of the peer's primary address. */
  readonly local: string;
  readonly remote: string;
  private handler: SctpAssociationHandler | undefined;
  private held: Array<[Buffer, number, number]> = [];
  private queue: Array<[Uint8Array, number, number]> = [];
  private queuedBytes = 0;
  /** This tick's messages, for the stack at its end (flushTick). */
  private readonly tick = new TickBatch(() => this.flushTick());
  private state: 'open' | 'closing' | 'closed' = 'open';
  private released = false;
  private closeReason: [string, SctpCloseKind] | undefined;
  private readonly events: SctpEvent[] = [];
  private readonly pathStates = new Map<string, string>();
  private lingerDone: (() => void) | undefined;

  constructor(
    private readonly b: LoadedBackend,
    readonly id: number,
    streams?: { inStreams: number; outStreams: number },
  ) {
    this.backend = b.name;
    b.register(
      id,
      (e) => this.onEvent(e),
      (data, stream, ppid) => this.onMessage(data, stream, ppid),
    );
    let st: NativeStatus | undefined;
    try {
      st = streams ? undefined : b.native.status(id);
    } catch {
      st = undefined;
    }
    this.inStreams = streams?.inStreams ?? st?.inStreams ?? 1;
    this.outStreams = streams?.outStreams ?? st?.outStreams ?? 1;
    this.local = this.first(() => b.native.localAddresses(id));
    this.remote = this.first(() => b.native.peerAddresses(id));
    for (const p of this.safe(() => b.native.peerAddresses(id)) ?? []) this.pathStates.set(p.address, 'active');
    open.add(this);
    if (this.backend === 'userland') abortAllOnExit();
    // a connecting side is handed the association at COMM_UP, before it could listen for it
    if (streams) this.note({ kind: 'comm-up', text: `association up (${this.outStreams} outbound / ${this.inStreams} inbound streams)` });
  }

  private safe<T>(f: () => T): T | undefined {
    try {
      return f();
    } catch {
      return undefined;
    }
  }

  private first(f: () => Array<{ address: string; port: number }>): string {
    const a = this.safe(f)?.[0];
    return a ? `${a.address.includes(':') ? `[${a.address}]` : a.address}:${a.port}` : '?';
  }

  get isOpen(): boolean {
    return this.state === 'open';
  }

  /** Set the receiver; messages that arrived before are delivered now. */
  setHandler(h: SctpAssociationHandler): void {
    this.handler = h;
    const held = this.held;
    this.held = [];
    for (const [d, s, p] of held) h.message(d, s, p);
    if (this.closeReason) h.closed(...this.closeReason);
  }

  /**
   * Queue one message on `stream` (taken modulo the outbound streams) with `ppid`; the messages of one tick go to the
   * stack together at its end, in order. Never blocks: when the stack's buffer is full the message waits in our
   * queue (bounded by MAX_SEND_QUEUE_BYTES). The buffer must not be changed afterwards. False when closed.
   */
  send(data: Uint8Array, stream: number, ppid: number): boolean {
    if (this.state !== 'open') return false;
    const sid = stream < this.outStreams ? stream : stream % this.outStreams;
    if (this.queue.length) return this.enqueue(data, sid, ppid);
    this.tick.add(data, sid, ppid);
    return true;
  }

  private enqueue(data: Uint8Array, sid: number, ppid: number): boolean {
    this.queue.push([data, sid, ppid]);
    this.queuedBytes += data.length;
    if (this.queuedBytes > MAX_SEND_QUEUE_BYTES) {
      this.abort(`send queue over ${MAX_SEND_QUEUE_BYTES >> 20} MiB: the peer does not acknowledge`);
      return false;
    }
    return true;
  }

  private readonly take = (data: Uint8Array, sid: number, ppid: number, more: boolean): boolean => this.b.native.send(this.id, data, sid, ppid, more ? MORE : 0);
  private readonly rest = (data: Uint8Array, sid: number, ppid: number): void => void (this.state === 'open' && this.enqueue(data, sid, ppid));

  /** Hand this tick's messages to the stack; what it cannot take now waits in the queue for 'writable'. */
  private flushTick(): void {
    try {
      this.tick.drain(this.take, this.rest);
    } catch (e) {
      this.fail(`SCTP send failed: ${(e as Error).message}`, 'error');
    }
  }

  private flush(): void {
    while (this.queue.length) {
      const [d, s, p] = this.queue[0]!;
      let taken: boolean;
      try {
        taken = this.b.native.send(this.id, d, s, p, this.queue.length > 1 ? MORE : 0);
      } catch (e) {
        this.fail(`SCTP send failed: ${(e as Error).message}`, 'error');
        return;
      }
      if (!taken) return;
      this.queue.shift();
      this.queuedBytes -= d.length;
    }
    if (this.state === 'closing') this.beginShutdown();
  }

  /**
   * Graceful close: queued messages are handed to the stack, then SHUTDOWN. The handler's closed() runs at once;
   * the promise resolves when the peer completed the shutdown, or after `timeoutMs` (then the socket is released and
   * a userland stack finishes the shutdown on its own).
   */
  close(reason = 'closed locally', timeoutMs = 2000): Promise<void> {
    if (this.state !== 'open') return Promise.resolve();
    this.flushTick(); // what was sent before the close goes before the SHUTDOWN
    if (this.state !== 'open') return Promise.resolve();
    this.state = 'closing';
    this.notifyClosed(reason, 'local');
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.release(), timeoutMs);
      timer.unref();
      this.lingerDone = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    if (this.queue.length === 0) this.beginShutdown();
    return done;
  }

  private beginShutdown(): void {
    try {
      this.b.native.shutdown(this.id);
    } catch {
      this.release();
    }
  }

  /** ABORT the association at once (RFC 4960 §9.1), with `reason` as the user-initiated abort cause. */
  abort(reason = 'aborted locally'): void {
    if (this.released) return;
    this.notifyClosed(reason, 'local');
    this.state = 'closed';
    this.released = true;
    this.b.unregister(this.id);
    open.delete(this);
    try {
      this.b.native.abort(this.id, Buffer.from(reason.slice(0, 200)));
    } catch {
      /* already gone */
    }
    this.lingerDone?.();
  }

  /** Free the socket (after the end of the association, or when the graceful close took too long). */
  private release(): void {
    if (this.released) return;
    this.released = true;
    this.state = 'closed';
    this.b.unregister(this.id);
    open.delete(this);
    try {
      this.b.native.close(this.id);
    } catch {
      /* already gone */
    }
    this.lingerDone?.();
  }

  private notifyClosed(reason: string, kind: SctpCloseKind): void {
    if (this.closeReason) return;
    this.closeReason = [reason, kind];
    this.tick.clear();
    this.queue = [];
    this.queuedBytes = 0;
    this.handler?.closed(reason, kind);
  }

  /** The association ended on the peer's or the network's account. */
  private fail(reason: string, kind: SctpCloseKind): void {
    this.notifyClosed(reason, kind);
    this.release();
  }

  private note(e: Omit<SctpEvent, 'time'>): void {
    const ev = { time: Date.now(), ...e };
    this.events.push(ev);
    if (this.events.length > MAX_EVENTS) this.events.shift();
    this.handler?.event?.(ev);
  }

  private unreachable(): string {
    const down = [...this.pathStates].filter(([, s]) => s === 'unreachable').map(([a]) => a);
    return down.length ? `; unreachable: ${down.join(', ')}` : '';
  }

  private onMessage(data: Buffer, stream: number, ppid: number): void {
    if (this.state === 'closed') return;
    if (this.handler) this.handler.message(data, stream, ppid);
    else this.held.push([data, stream, ppid]);
  }

  private onEvent(e: NativeEvent): void {
    switch (e.type) {
      case 'data':
        return this.onMessage(e.data!, e.stream!, e.ppid!);
      case 'writable':
        this.flush();
        return;
      case 'assoc':
        return this.onAssoc(e);
      case 'path':
        this.pathStates.set(e.address!, e.state!);
        this.note({ kind: 'path', address: e.address, state: e.state, text: `peer address ${e.address} ${e.state}` });
        return;
      case 'shutdown':
        this.note({ kind: 'shutdown', text: 'the peer sent SHUTDOWN' });
        this.fail('the peer shut the association down (SCTP SHUTDOWN)', 'shutdown');
        return;
      case 'remote-error':
        this.note({ kind: 'remote-error', text: `the peer reported error cause ${e.cause}` });
        return;
      case 'send-failed':
        this.note({ kind: 'send-failed', text: `a message of ${e.stream !== undefined ? `stream ${e.stream}, ` : ''}PPID ${e.ppid} could not be delivered (error ${e.error})` });
        return;
      case 'eof':
        if (this.state === 'closing') this.release();
        else this.fail('the association ended (the peer closed it)', 'shutdown');
        return;
      case 'error':
        this.fail(`SCTP error: ${e.message} (${e.code})`, e.code === 'ECONNRESET' ? 'abort' : 'error');
        return;
      default:
        return;
    }
  }

  private onAssoc(e: NativeEvent): void {
    switch (e.state) {
      case 'comm-up':
        this.inStreams = e.inStreams ?? this.inStreams;
        this.outStreams = e.outStreams ?? this.outStreams;
        this.note({ kind: 'comm-up', text: `association up (${this.outStreams} outbound / ${this.inStreams} inbound streams)` });
        return;
      case 'restart':
        this.note({ kind: 'restart', text: 'the peer restarted the association (SCTP restart)' });
        return;
      case 'comm-lost': {
        // The peer's ABORT chunk (type 6) rides along when the peer aborted; without it, our own retransmission
        // limit ended the association.
        const aborted = e.info?.[0] === 6;
        const detail = aborted ? describeAbort(e.info!) : '';
        const text = aborted
          ? `the peer aborted the association (SCTP ABORT${detail ? `, ${detail}` : ''})`
          : `association lost: the peer stopped acknowledging (retransmission limit reached${this.unreachable()})`;
        this.note({ kind: 'comm-lost', text });
        this.fail(text, aborted ? 'abort' : 'lost');
        return;
      }
      case 'shutdown-complete':
        this.release();
        return;
      default:
        return;
    }
  }

  /** Status for ListTests and logs. */
  status(): SctpAssociationStatus {
    const st = this.released ? undefined : this.safe(() => this.b.native.status(this.id));
    const list = (f: () => Array<{ address: string; port: number }>) => (this.released ? [] : (this.safe(f) ?? [])).map((a) => `${a.address}:${a.port}`);
    const primary = st?.primary.address;
    const paths = (st?.paths ?? []).filter((p): p is NonNullable<typeof p> => !!p).map((p) => ({
      address: p.address,
      state: this.pathStates.get(p.address) === 'unreachable' && p.state !== 'active' ? 'unreachable' : p.state,
      srttMs: p.srtt,
      rtoMs: p.rto,
      mtu: p.mtu,
      ...(p.address === primary ? { primary: true } : {}),
    }));
    return {
      backend: this.backend,
      state: st?.state ?? this.state,
      local: list(() => this.b.native.localAddresses(this.id)),
      remote: list(() => this.b.native.peerAddresses(this.id)),
      inStreams: this.inStreams,
      outStreams: this.outStreams,
      paths,
      queued: this.queue.length,
      events: [...this.events],
    };
  }
}
