// One named sigtran gateway instance: its lifecycle (start, stop, reconnect with backoff, listen), its state for the
// core (down / connecting / up), status and optional pcap capture, and the protocol stack it ties together:
//   out: dialogue -> TCAP layer (encode) -> SCCP layer (UDT/XUDT, segments) -> M3UA (DATA) -> link -> transport
//   in:  transport -> link (M3UA) -> SCCP layer (decode, reassemble) -> TCAP layer (decode, route) -> dialogue
// or, with `adaptation: "sua"`, SUA (CLDT/CLDR on SUA links) in place of SCCP and M3UA (adaptation.ts).
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
import type { LogFn } from '../sccp/service.js';
import { TcapLayer } from '../tcap/layer.js';
import type { Acceptor, Association, Connector } from '../transport/index.js';
import type { AdaptationHost, AdaptationStack, AspState, GatewayLink } from './adaptation.js';
import { DialogueAddresses } from './addresses.js';
import { M3uaStack } from './m3ua-stack.js';
import { SuaStack } from './sua-stack.js';
import { acceptorFor, boundPort, configuredPeer, connectorFor, isServer, listens } from './transports.js';

export type { LogFn };
export { calledFromScp } from './addresses.js';

export class SigtranGatewayImpl implements SigtranGateway, AdaptationHost {
  readonly name: string;
  readonly localAddress: SccpAddress;
  private readonly addresses: DialogueAddresses;
  private readonly links = new Set<GatewayLink>();
  private activeLink: GatewayLink | undefined;
  private connector: Connector | undefined;
  private acceptor: Acceptor | undefined;
  private connecting = false;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private attempt = 0;
  private running = false;
  private abortCtl: AbortController | undefined;
  private lastError: string | undefined;
  private since = Date.now();
  /** The stack, top down: TCAP, and the adaptation under it (SCCP and M3UA, or SUA). */
  private readonly tcap: TcapLayer;
  private readonly adaptation: AdaptationStack;
  private pcap: PcapWriter | undefined;
  private upWaiters = new Set<() => void>();
  private readonly side: 'initiator' | 'responder';

  constructor(
    readonly config: SigtranInstanceConfig,
    private readonly logFn: LogFn = () => undefined,
  ) {
    this.name = config.name;
    this.addresses = new DialogueAddresses(config);
    this.localAddress = this.addresses.local;
    this.side = config.role === 'asp' ? 'initiator' : config.role === 'sgp' ? 'responder' : listens(config) ? 'responder' : 'initiator';
    this.adaptation = config.adaptation === 'sua' ? new SuaStack(config, this) : new M3uaStack(config, this);
    this.tcap = new TcapLayer(this, this.adaptation.lower, config.tcapTimeoutMs, config.maxDialogues, (level, text) => this.log(level, text));
    this.adaptation.bind(this.tcap);
  }

  get gateway(): SigtranGateway {
    return this;
  }

  readonly log: LogFn = (level, text) => this.logFn(level, text);

  /** Every message sent and received goes to the capture, when there is one (AdaptationHost). */
  capture(raw: Uint8Array): void {
    if (this.pcap) this.pcap.write({ dissector: this.adaptation.name, bytes: raw });
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
      adaptation: this.adaptation.name,
      role: this.config.role,
      peer: this.activeLink?.peer ?? [...this.links][0]?.peer ?? configuredPeer(this.config, this.acceptor),
      since: this.since,
      dialogues: this.tcap.transactions.size,
      sent: this.adaptation.sent,
      received: this.adaptation.received,
      refusedBegins: this.tcap.refusedBegins,
      registeredBegins: this.tcap.registered,
    };
    if (this.lastError) s.lastError = this.lastError;
    const notify = this.activeLink?.lastNotify ?? [...this.links][0]?.lastNotify;
    if (notify) s.lastNotify = notify;
    this.adaptation.describe(s);
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
    const link = this.adaptation.link(a, this.side);
    this.links.add(link);
    this.log('info', `association with ${a.remote} up${a.kind === 'sctp' ? ` (SCTP, ${this.sctpBackend} backend, ${a.outboundStreams} outbound streams)` : ''}`);
    this.changed();
    link.start();
  }

  linkState(link: GatewayLink, s: AspState): void {
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

  linkClosed(link: GatewayLink, reason: string): void {
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

  /** The link a dialogue's message leaves on: its own while active, else the active one (the adaptation's links). */
  pickLink(preferred: { readonly peer: string } | undefined): GatewayLink {
    const p = preferred as GatewayLink | undefined;
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
}
