// One named sigtran gateway instance: its lifecycle (start, stop, reconnect with backoff, listen), its state for the
// core (down / connecting / up), status and optional pcap capture, and the protocol stack it ties together:
//   out: dialogue -> TCAP layer (encode) -> SCCP layer (UDT/XUDT, segments) -> M3UA (DATA) -> link -> transport
//   in:  transport -> link (M3UA) -> SCCP layer (decode, reassemble) -> TCAP layer (decode, route) -> dialogue
import { PcapWriter, chooseSctpBackend, type GatewayState, type Json } from '../../../sdk/index.js';
import type {
  BeginCriterion,
  BeginListener,
  BeginRouter,
  RegisterOptions,
  Dialogue,
  OpenDialogueOptions,
  ReceiveOptions,
  SccpAddress,
  ScpParams,
  SigtranGateway,
  SigtranInstanceConfig,
  SigtranStatus,
  TcapMessage,
} from '../api.js';
import { SigtranError } from '../errors.js';
import type { ProtocolData } from '../m3ua/codec.js';
import { ServiceIndicator } from '../m3ua/constants.js';
import { M3uaLink, type AspState, type LinkEvents } from '../m3ua/link.js';
import { M3uaTransfer } from '../m3ua/transfer.js';
import { SccpLayer } from '../sccp/layer.js';
import type { LogFn } from '../sccp/service.js';
import { TcapLayer } from '../tcap/layer.js';
import type { Acceptor, Association, Connector } from '../transport/index.js';
import { DialogueAddresses } from './addresses.js';
import { PeerReports } from './peer-reports.js';
import { acceptorFor, boundPort, configuredPeer, connectorFor, isServer, listens } from './transports.js';

export type { LogFn };
export { calledFromScp } from './addresses.js';

export class SigtranGatewayImpl implements SigtranGateway {
  readonly name: string;
  readonly localAddress: SccpAddress;
  private readonly addresses: DialogueAddresses;
  private readonly links = new Set<M3uaLink>();
  private activeLink: M3uaLink | undefined;
  private connector: Connector | undefined;
  private acceptor: Acceptor | undefined;
  private connecting = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private running = false;
  private abortCtl: AbortController | undefined;
  private lastError: string | undefined;
  private since = Date.now();
  /** The stack, top down. */
  private readonly tcap: TcapLayer;
  private readonly sccp: SccpLayer;
  private readonly m3ua: M3uaTransfer;
  private pcap: PcapWriter | undefined;
  private upWaiters = new Set<() => void>();
  /** DATA messages received. */
  private received = 0;
  /** The last ERR, NTFY and DUNA/DAVA from a peer, and the dialogues they end. */
  private readonly peerReports: PeerReports;
  private readonly side: 'initiator' | 'responder';
  private readonly linkEvents: LinkEvents;

  constructor(
    readonly config: SigtranInstanceConfig,
    private readonly logFn: LogFn = () => undefined,
  ) {
    this.name = config.name;
    this.addresses = new DialogueAddresses(config);
    this.localAddress = this.addresses.local;
    this.side = config.role === 'asp' ? 'initiator' : config.role === 'sgp' ? 'responder' : listens(config) ? 'responder' : 'initiator';
    const log: LogFn = (level, text) => this.log(level, text);
    this.m3ua = new M3uaTransfer(config, this);
    this.sccp = new SccpLayer(
      { xudt: config.sccpMessage === 'xudt', protocolClass: config.sccpClass, returnOnError: config.returnOnError, pointCodeBits: config.pointCodeBits, reassemblyTimeoutMs: config.tcapTimeoutMs },
      this.m3ua,
      log,
    );
    this.tcap = new TcapLayer(this, this.sccp, config.tcapTimeoutMs, config.maxDialogues, log);
    this.sccp.bind(this.tcap);
    this.peerReports = new PeerReports(this.tcap, this.m3ua, log);
    this.linkEvents = {
      state: (link, s) => this.onLinkState(link, s),
      data: (link, pd, raw) => this.onData(link, pd, raw),
      availability: (link, pcs, available) => this.peerReports.availability(link, pcs, available),
      report: (link, kind, text, fault) => this.peerReports.report(link, kind, text, fault),
      capture: (raw) => {
        if (this.pcap) this.pcap.write({ dissector: 'm3ua', bytes: raw });
      },
      closed: (link, reason) => this.onLinkClosed(link, reason),
      log: (level, text) => this.log(level, text),
    };
  }

  get gateway(): SigtranGateway {
    return this;
  }

  log(level: 'error' | 'warn' | 'info' | 'debug', text: string): void {
    this.logFn(level, text);
  }

  // ---- lifecycle ----

  state(): GatewayState {
    if (this.activeLink) return 'up';
    if (this.connecting || this.links.size > 0) return 'connecting';
    return 'down';
  }

  status(): SigtranStatus {
    const s: SigtranStatus = {
      name: this.name,
      state: this.state(),
      asp: this.activeLink ? 'active' : [...this.links].some((l) => l.aspState === 'inactive') ? 'inactive' : 'down',
      transport: this.config.transport,
      role: this.config.role,
      peer: this.activeLink?.peer ?? [...this.links][0]?.peer ?? configuredPeer(this.config, this.acceptor),
      since: this.since,
      dialogues: this.tcap.transactions.size,
      sent: this.m3ua.sent,
      received: this.received,
      refusedBegins: this.tcap.refusedBegins,
      registeredBegins: this.tcap.registered,
    };
    if (this.lastError) s.lastError = this.lastError;
    const notify = this.activeLink?.lastNotify ?? [...this.links][0]?.lastNotify;
    if (notify) s.lastNotify = notify;
    const unavailable = this.m3ua.unavailablePointCodes;
    if (unavailable.length) s.unavailable = unavailable;
    const reports = this.peerReports.status();
    if (reports) s.peerReports = reports;
    if (this.sctpNote !== undefined) {
      const assoc = (this.activeLink ?? [...this.links][0])?.assoc.details?.();
      s.sctp = { ...(this.sctpBackend ? { backend: this.sctpBackend } : {}), note: this.sctpNote, ...(assoc ? { association: assoc } : {}) };
    }
    return s;
  }

  describe(): Json {
    const s = this.status();
    return { ...s, listen: isServer(this.config) ? (this.acceptor?.address() ?? null) : null } as unknown as Json;
  }

  /** The port a tcp-server or sctp-server instance is bound to (useful with localPort 0). */
  boundPort(): number | undefined {
    return boundPort(this.acceptor);
  }

  /** SCTP transports: the backend chosen at start ('kernel' | 'userland') and the log line saying why. */
  private sctpBackend: string | undefined;
  private sctpNote: string | undefined;

  /**
   * Pick the SCTP backend before anything else: a backend that cannot run here is a start-up error naming what to
   * install (it stays the instance's lastError; retrying would not help).
   */
  private chooseSctp(): void {
    try {
      const { backend, note } = chooseSctpBackend(this.config.sctp?.backend ?? 'auto');
      this.sctpBackend = backend.name;
      this.sctpNote = note;
      this.log('info', note);
    } catch (e) {
      this.sctpNote = (e as Error).message;
      this.lastError = `sigtran instance '${this.name}': ${(e as Error).message}`;
      this.changed();
      this.log('error', this.lastError);
      throw new Error(this.lastError);
    }
  }

  async start(): Promise<void> {
    if (this.running) return;
    const c = this.config;
    if (c.transport === 'sctp-client' || c.transport === 'sctp-server') this.chooseSctp();
    this.running = true;
    this.abortCtl = new AbortController();
    if (this.config.pcap) {
      try {
        this.pcap = new PcapWriter(this.config.pcap);
      } catch (e) {
        this.log('error', `cannot open capture file ${this.config.pcap}: ${(e as Error).message}`);
      }
    }
    const log: LogFn = (level, text) => this.log(level, text);
    if (listens(c)) {
      this.acceptor = acceptorFor(c, log);
      await this.listenOnce();
    } else {
      this.connector = connectorFor(c, log);
      void this.connectOnce();
    }
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.abortCtl?.abort();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.tcap.failAll(`sigtran gateway '${this.name}' stopped`);
    this.tcap.stop();
    await Promise.all([...this.links].map((l) => l.stop()));
    await this.acceptor?.close();
    this.acceptor = undefined;
    this.pcap?.close();
    this.pcap = undefined;
  }

  /** Listen; on failure (address in use, ...) keep the error as the state's reason and retry with backoff. */
  private async listenOnce(): Promise<void> {
    const acc = this.acceptor;
    if (!this.running || !acc) return;
    try {
      await acc.listen((a) => this.attach(a));
      this.attempt = 0;
      this.lastError = undefined;
      this.log('info', `listening on ${acc.address()}`);
    } catch (e) {
      this.lastError = (e as Error).message;
      this.log('error', this.lastError);
      const c = this.config;
      const delay = Math.min(c.reconnectMaxMs, c.reconnectMinMs * 2 ** Math.min(this.attempt++, 20));
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = undefined;
        void this.listenOnce();
      }, delay);
      this.reconnectTimer.unref();
    }
    this.changed();
  }

  private async connectOnce(): Promise<void> {
    if (!this.running || this.connecting || this.links.size > 0 || !this.connector) return;
    this.connecting = true;
    this.changed();
    try {
      const a = await this.connector.connect(this.abortCtl?.signal);
      this.connecting = false;
      if (!this.running) {
        a.close('gateway stopped');
        return;
      }
      this.attach(a);
    } catch (e) {
      this.connecting = false;
      this.lastError = (e as Error).message;
      this.changed();
      this.scheduleReconnect();
    }
  }

  private scheduleReconnect(): void {
    if (!this.running || !this.connector || this.reconnectTimer) return;
    const c = this.config;
    const delay = Math.min(c.reconnectMaxMs, c.reconnectMinMs * 2 ** Math.min(this.attempt, 20));
    this.attempt++;
    const jittered = Math.round(delay * (0.8 + Math.random() * 0.2));
    this.log('debug', `reconnecting to ${this.connector.describe()} in ${jittered} ms (${this.lastError ?? ''})`);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      void this.connectOnce();
    }, jittered);
    this.reconnectTimer.unref();
  }

  private attach(a: Association): void {
    const link = new M3uaLink(
      a,
      {
        side: this.side,
        ipsp: this.config.role === 'ipsp',
        routingContext: this.config.routingContext,
        networkAppearance: this.config.networkAppearance,
        trafficMode: this.config.trafficMode,
        aspId: this.config.aspId,
        beatIntervalMs: this.config.beatIntervalMs,
      },
      this.linkEvents,
    );
    this.links.add(link);
    this.log('info', `association with ${a.remote} up${a.kind === 'sctp' ? ` (SCTP, ${this.sctpBackend} backend, ${a.outboundStreams} outbound streams)` : ''}`);
    this.changed();
    link.start();
  }

  private onLinkState(link: M3uaLink, s: AspState): void {
    if (s === 'active') {
      this.activeLink ??= link;
      this.attempt = 0;
      this.lastError = undefined;
      this.log('info', `ASP active with ${link.peer}`);
    } else if (this.activeLink === link) {
      this.activeLink = [...this.links].find((l) => l !== link && l.aspState === 'active');
      if (!this.activeLink && link.lastError) this.lastError = link.lastError;
    }
    this.changed();
  }

  private onLinkClosed(link: M3uaLink, reason: string): void {
    this.links.delete(link);
    if (this.activeLink === link) this.activeLink = [...this.links].find((l) => l.aspState === 'active');
    this.lastError = link.lastError ?? reason;
    this.log(this.running ? 'warn' : 'debug', `association with ${link.peer} down: ${reason}`);
    if (!this.activeLink) this.tcap.failAll(`sigtran gateway '${this.name}' lost its association with ${link.peer}: ${reason}`);
    this.changed();
    if (this.running && this.connector) this.scheduleReconnect();
  }

  private changed(): void {
    this.since = Date.now();
    if (this.activeLink && this.upWaiters.size) {
      const ws = [...this.upWaiters];
      this.upWaiters.clear();
      for (const w of ws) w();
    }
  }

  whenUp(opts?: ReceiveOptions): Promise<void> {
    if (this.activeLink) return Promise.resolve();
    const timeoutMs = opts?.timeoutMs ?? this.config.tcapTimeoutMs;
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        opts?.signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = () => {
        this.upWaiters.delete(done);
        clearTimeout(timer);
        reject(new SigtranError('cancelled', 'wait cancelled'));
      };
      const timer = setTimeout(() => {
        this.upWaiters.delete(done);
        opts?.signal?.removeEventListener('abort', onAbort);
        reject(new SigtranError('timeout', `sigtran gateway '${this.name}' did not come up within ${timeoutMs} ms (${this.state()}${this.lastError ? ': ' + this.lastError : ''})`));
      }, timeoutMs);
      opts?.signal?.addEventListener('abort', onAbort, { once: true });
      this.upWaiters.add(done);
    });
  }

  // ---- dialogues ----

  calledAddress(scp?: ScpParams): SccpAddress {
    return this.addresses.called(scp);
  }

  openDialogue(opts: OpenDialogueOptions = {}): Dialogue {
    const d = this.tcap.create(this.addresses.outbound(opts));
    if (opts.userInformation) d.userInformation = opts.userInformation;
    d.autoAnswer = opts.autoAnswer;
    d.bindSignal(opts.signal, opts.onSignal ?? 'abort');
    return d;
  }

  acceptBegin(criterion: BeginCriterion, opts?: ReceiveOptions): Promise<TcapMessage> {
    return this.tcap.acceptBegin(criterion, opts);
  }

  listen(criterion: BeginCriterion): BeginListener {
    return this.tcap.listen(criterion);
  }

  addRouter(router: BeginRouter): void {
    this.tcap.addRouter(router);
  }

  register(key: string, opts?: RegisterOptions): BeginListener {
    return this.tcap.register(key, opts);
  }

  // ---- the links under the stack ----

  /** The link a dialogue's message leaves on: its own while active, else the active one (M3uaTransfer's Links). */
  pickLink(preferred: { readonly peer: string } | undefined): M3uaLink {
    const p = preferred as M3uaLink | undefined;
    if (p && p.aspState === 'active' && this.links.has(p)) return p;
    if (this.activeLink) return this.activeLink;
    throw this.notConnected();
  }

  /** Whenever a link is active, one is the active link: so pickLink throws exactly when there is none. */
  assertConnected(): void {
    if (!this.activeLink) throw this.notConnected();
  }

  private notConnected(): SigtranError {
    return new SigtranError('down', `sigtran gateway '${this.name}' is not connected (state: ${this.state()}${this.lastError ? '; ' + this.lastError : ''})`);
  }

  /** A DATA message from a link: SCCP's (SI 3) go up the stack. */
  private onData(link: M3uaLink, pd: ProtocolData, raw: Uint8Array): void {
    this.received++;
    if (pd.si !== ServiceIndicator.SCCP) {
      this.log('debug', `DATA with service indicator ${pd.si} (not SCCP) from ${link.peer}: ignored`);
      return;
    }
    this.sccp.receive(pd, raw, link, `${this.name} ${link.peer}`);
  }
}
