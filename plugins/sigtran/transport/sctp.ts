// M3UA over SCTP (RFC 4666 §1.3.1): one M3UA message per SCTP user message, PPID 3 (SUA's: PPID 4); the link picks the stream
// (management on 0, DATA on 1..n by SLS). The SCTP itself is the sdk's (kernel or userland backend).
import { SctpServer, connectSctp, type SctpAssociation, type SctpConfig } from '../../../sdk/index.js';
import { M3UA_PPID } from '../m3ua/constants.js';
import { SUA_PPID } from '../sua/constants.js';
import type { Acceptor, Association, AssociationHandler, Connector } from './types.js';

/** Streams asked for when the instance does not say: stream 0 for management and 16 for DATA. */
const M3UA_STREAMS = { outStreams: 17, inStreams: 17 };

type Log = (level: 'error' | 'warn' | 'info' | 'debug', text: string) => void;

class SctpM3uaAssociation implements Association {
  readonly kind = 'sctp' as const;
  constructor(
    private readonly a: SctpAssociation,
    private readonly log: Log,
    private readonly onGone?: () => void,
  ) {}

  get outboundStreams(): number {
    return this.a.outStreams;
  }
  get remote(): string {
    return this.a.remote;
  }
  get local(): string {
    return this.a.local;
  }
  get isOpen(): boolean {
    return this.a.isOpen;
  }

  setHandler(h: AssociationHandler): void {
    this.a.setHandler({
      message: (data, stream, ppid) => {
        if (ppid !== M3UA_PPID && ppid !== SUA_PPID && ppid !== 0) this.log('debug', `SCTP message with PPID ${ppid} (not M3UA's 3 or SUA's 4) from ${this.remote} on stream ${stream}`);
        h.message(data, stream, ppid);
      },
      closed: (reason) => {
        this.onGone?.();
        h.closed(reason);
      },
      event: (e) => this.log(e.kind === 'path' && e.state === 'unreachable' ? 'warn' : 'info', `SCTP ${this.remote}: ${e.text}`),
    });
  }

  send(pdu: Uint8Array, stream: number, ppid: number): boolean {
    return this.a.send(pdu, stream, ppid);
  }

  close(reason?: string): void {
    void this.a.close(reason);
  }

  details(): Record<string, unknown> {
    return { ...this.a.status() };
  }
}

export class SctpConnector implements Connector {
  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly config: SctpConfig | undefined,
    private readonly log: Log,
    private readonly localHost?: string,
    private readonly localPort?: number,
    private readonly timeoutMs = 5000,
  ) {}

  describe(): string {
    return `sctp:${this.host}:${this.port}`;
  }

  async connect(signal?: AbortSignal): Promise<Association> {
    const a = await connectSctp({
      host: this.host,
      port: this.port,
      localHost: this.localHost,
      localPort: this.localPort,
      config: this.config,
      defaults: M3UA_STREAMS,
      timeoutMs: this.timeoutMs,
      signal,
    });
    return new SctpM3uaAssociation(a, this.log);
  }
}

export class SctpAcceptor implements Acceptor {
  private server: SctpServer | undefined;
  private readonly open = new Set<SctpM3uaAssociation>();

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly config: SctpConfig | undefined,
    private readonly log: Log,
  ) {}

  describe(): string {
    return `sctp:${this.address()}`;
  }

  async listen(onAssociation: (a: Association) => void): Promise<void> {
    const server = new SctpServer({ host: this.host, port: this.port, config: this.config, defaults: M3UA_STREAMS });
    await server.listen((sa) => {
      const a: SctpM3uaAssociation = new SctpM3uaAssociation(sa, this.log, () => this.open.delete(a));
      this.open.add(a);
      onAssociation(a);
    });
    this.server = server;
  }

  address(): string {
    const a = this.server?.address() ?? { address: this.host, port: this.port };
    return `${a.address}:${a.port}`;
  }

  /** The bound port (after listen; port 0 resolved). */
  port0(): number {
    return this.server?.address().port ?? this.port;
  }

  async close(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
    for (const a of this.open) a.close('listener closed');
    this.open.clear();
  }
}
