// M3UA over TCP (RFC 4666 §1.3.1): no streams, no PPID; each PDU is framed by its common header's length.
import net from 'node:net';
import type { Acceptor, Association, AssociationHandler, Connector } from './types.js';
import { MAX_PDU } from './types.js';
import { Receiver } from './held.js';

class TcpAssociation implements Association {
  readonly kind = 'tcp' as const;
  readonly outboundStreams = 1;
  readonly remote: string;
  readonly local: string;
  private readonly receiver = new Receiver(true);
  private pending: Buffer | undefined;
  private open = true;
  private closeReason: string | undefined;

  constructor(private readonly sock: net.Socket) {
    this.remote = `${sock.remoteAddress}:${sock.remotePort}`;
    this.local = `${sock.localAddress}:${sock.localPort}`;
    sock.setNoDelay(true);
    sock.setKeepAlive(true, 10_000);
    sock.on('data', (chunk: Buffer) => this.onData(chunk));
    sock.on('error', (e) => {
      this.closeReason ??= `TCP error: ${e.message}`;
    });
    sock.on('close', () => this.finish(this.closeReason ?? `connection to ${this.remote} closed by the peer`));
  }

  get isOpen(): boolean {
    return this.open;
  }

  setHandler(h: AssociationHandler): void {
    this.receiver.set(h, () => this.open, () => this.closeReason);
  }

  private deliver(pdu: Uint8Array): void {
    this.receiver.message(pdu, 0, 3);
  }

  private onData(chunk: Buffer): void {
    let buf = chunk;
    if (this.pending) {
      buf = Buffer.concat([this.pending, chunk]);
      this.pending = undefined;
    }
    let p = 0;
    while (this.open && buf.length - p >= 8) {
      const len = buf.readUInt32BE(p + 4);
      // The version is M3UA's business (it answers ERR invalid version); framing needs only a sane length.
      if (len < 8 || len > MAX_PDU) {
        this.close(`bad M3UA framing from ${this.remote}: message length ${len}`);
        return;
      }
      if (buf.length - p < len) break;
      // a plain Uint8Array view, not a Buffer's subarray: every view the decoders take of it (SCCP data, the TCAP
      // parts, an argument) is then a plain one too, made without Buffer's constructor (~40% cheaper each)
      this.deliver(new Uint8Array(buf.buffer, buf.byteOffset + p, len));
      p += len;
    }
    if (p < buf.length) this.pending = Buffer.from(buf.subarray(p)); // copy: do not pin a large chunk
  }

  send(pdu: Uint8Array): boolean {
    if (!this.open) return false;
    // Messages written in the same tick leave in one writev (fewer syscalls under load).
    if (!this.corked) {
      this.corked = true;
      this.sock.cork();
      process.nextTick(this.uncork);
    }
    this.sock.write(pdu);
    return true;
  }

  private corked = false;
  private readonly uncork = (): void => {
    this.corked = false;
    this.sock.uncork();
  };

  close(reason?: string): void {
    if (!this.open) return;
    this.closeReason ??= reason ?? 'closed locally';
    this.sock.end();
    this.sock.destroySoon?.();
    setTimeout(() => this.sock.destroy(), 1000).unref();
    this.finish(this.closeReason);
  }

  private finish(reason: string): void {
    if (!this.open) return;
    this.open = false;
    this.closeReason = reason;
    this.receiver.closed(reason);
  }
}

export class TcpConnector implements Connector {
  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly localHost?: string,
    private readonly localPort?: number,
    private readonly timeoutMs = 5000,
  ) {}

  describe(): string {
    return `${this.host}:${this.port}`;
  }

  connect(signal?: AbortSignal): Promise<Association> {
    return new Promise((resolve, reject) => {
      const sock = net.connect({ host: this.host, port: this.port, localAddress: this.localHost, localPort: this.localPort });
      const timer = setTimeout(() => fail(new Error(`connect to ${this.describe()} timed out after ${this.timeoutMs} ms`)), this.timeoutMs);
      const onAbort = () => fail(new Error('connect cancelled'));
      const fail = (e: Error) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        sock.destroy();
        reject(new Error(`cannot connect to ${this.describe()}: ${e.message}`));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      sock.once('error', fail);
      sock.once('connect', () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        sock.removeListener('error', fail);
        resolve(new TcpAssociation(sock));
      });
    });
  }
}

export class TcpAcceptor implements Acceptor {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  constructor(
    private readonly host: string,
    private readonly port: number,
  ) {}

  describe(): string {
    return this.server ? this.address() : `${this.host}:${this.port}`;
  }

  listen(onAssociation: (a: Association) => void): Promise<void> {
    return new Promise((resolve, reject) => {
      const server = net.createServer((sock) => {
        this.sockets.add(sock);
        sock.once('close', () => this.sockets.delete(sock));
        onAssociation(new TcpAssociation(sock));
      });
      server.once('error', (e) => reject(new Error(`cannot listen on ${this.host}:${this.port}: ${e.message}`)));
      server.listen(this.port, this.host, () => {
        this.server = server;
        server.on('error', () => undefined);
        resolve();
      });
    });
  }

  address(): string {
    const a = this.server?.address();
    return a && typeof a === 'object' ? `${a.address}:${a.port}` : `${this.host}:${this.port}`;
  }

  /** The bound port (after listen). */
  port0(): number {
    const a = this.server?.address();
    return a && typeof a === 'object' ? a.port : this.port;
  }

  close(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    for (const sock of this.sockets) sock.destroy();
    return new Promise((resolve) => (s ? s.close(() => resolve()) : resolve()));
  }
}
