// One named sigtran gateway instance: transport + M3UA link(s) + SCCP + TCAP dialogues, with reconnect,
// state for the core (down / connecting / up) and optional pcap capture.
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
  WireMessage,
} from '../api.js';
import { BerWriter } from '../ber/writer.js';
import { SigtranError } from '../errors.js';
import { dataLength, encodeData, writeDataHeader, type DataHeader } from '../m3ua/codec.js';
import { ServiceIndicator } from '../m3ua/constants.js';
import { M3uaLink, type AspState, type LinkEvents } from '../m3ua/link.js';
import type { ProtocolData } from '../m3ua/codec.js';
import { SccpError, encodeAddress } from '../sccp/address.js';
import {
  MAX_SCCP_MESSAGE,
  MAX_VARIABLE_LENGTH,
  decodeSccp,
  returnCauseText,
  sccpLength,
  writeSccp,
  writeXudtSegment,
  xudtSegmentLength,
  SccpType,
  type SccpMessage,
  type UnitdataHeader,
} from '../sccp/codec.js';
import { toHex } from '../ber/hex.js';
import { encodeTcap, type OutTcap } from '../tcap/codec.js';
import type { DialogueImpl } from '../tcap/dialogue.js';
import { DialogueManager, type InboundContext, type TcapLower } from '../tcap/manager.js';
import {
  MemoryAcceptor,
  MemoryConnector,
  SctpAcceptor,
  SctpConnector,
  TcpAcceptor,
  TcpConnector,
  type Acceptor,
  type Association,
  type Connector,
} from '../transport/index.js';

export type LogFn = (level: 'error' | 'warn' | 'info' | 'debug', text: string) => void;

/** The called address for a run: ExecuteTest `scp` values over the instance's `remote` (spec default for dri). */
export function calledFromScp(scp: ScpParams | undefined, base: SigtranInstanceConfig['remote'] = {}): SccpAddress {
  const s = scp ?? {};
  const pc = s.dpc ?? base.pc;
  const ssn = s.dssn ?? base.ssn;
  let gt = base.gt;
  if (s.dgt_digits !== undefined && s.dgt_digits !== '') {
    gt = { gti: 4, digits: s.dgt_digits, tt: s.dgt_tt ?? base.gt?.tt ?? 0, np: s.dgt_np ?? base.gt?.np ?? 1, nai: s.dgt_noa ?? base.gt?.nai ?? 4 };
  } else if (gt && (s.dgt_tt !== undefined || s.dgt_np !== undefined || s.dgt_noa !== undefined)) {
    gt = { ...gt, tt: s.dgt_tt ?? gt.tt, np: s.dgt_np ?? gt.np, nai: s.dgt_noa ?? gt.nai };
  }
  let ri: 'gt' | 'ssn';
  if (s.dri !== undefined) ri = s.dri === 1 ? 'ssn' : 'gt';
  else if (base.ri !== undefined && s.dpc === undefined && s.dssn === undefined && s.dgt_digits === undefined) ri = base.ri;
  else ri = pc !== undefined && ssn !== undefined ? 'ssn' : 'gt';
  const a: SccpAddress = { ri };
  if (pc !== undefined) a.pc = pc;
  if (ssn !== undefined) a.ssn = ssn;
  if (gt) a.gt = gt;
  if (ri === 'gt' && !gt) {
    throw new SigtranError(
      'encode',
      pc !== undefined || ssn !== undefined
        ? 'the SCP address routes on GT (scp.dri 0, or dpc and dssn not both given) but has no global title: give scp.dgt_digits, or scp.dpc and scp.dssn'
        : 'no SCP address: give scp.dpc and scp.dssn, or scp.dgt_digits (or configure remote in plugins.json)',
    );
  }
  if (ri === 'ssn' && ssn === undefined) throw new SigtranError('encode', 'the SCP address routes on SSN (scp.dri 1) but has no scp.dssn');
  return a;
}

export class SigtranGatewayImpl implements SigtranGateway, TcapLower {
  readonly name: string;
  readonly localAddress: SccpAddress;
  private readonly localEnc: Uint8Array;
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
  private readonly mgr: DialogueManager;
  private readonly writer = new BerWriter(1024);
  private pcap: PcapWriter | undefined;
  private readonly unavailable = new Map<number, string>();
  private upWaiters = new Set<() => void>();
  private sent = 0;
  private received = 0;
  private readonly side: 'initiator' | 'responder';
  private readonly xudt: boolean;
  private readonly linkEvents: LinkEvents;
  /** The M3UA DATA and SCCP headers of outbound messages, filled in per message (one object each, reused). */
  private readonly dataHeader: DataHeader;
  private readonly unitdataHeader: UnitdataHeader;

  constructor(
    readonly config: SigtranInstanceConfig,
    private readonly logFn: LogFn = () => undefined,
  ) {
    this.name = config.name;
    const ri = config.callingRi ?? (config.gt ? 'gt' : 'ssn');
    this.localAddress = { ri, pc: config.opc, ssn: config.ssn, ...(config.gt ? { gt: config.gt } : {}) };
    try {
      this.localEnc = encodeAddress(this.localAddress, config.pointCodeBits);
    } catch (e) {
      throw new Error(`sigtran instance '${config.name}': bad local address: ${(e as Error).message}`);
    }
    this.side = config.role === 'asp' ? 'initiator' : config.role === 'sgp' ? 'responder' : this.listens() ? 'responder' : 'initiator';
    this.xudt = config.sccpMessage === 'xudt';
    this.dataHeader = { routingContext: config.routingContext, networkAppearance: config.networkAppearance, opc: 0, dpc: 0, si: ServiceIndicator.SCCP, ni: config.ni, mp: 0, sls: 0 };
    this.unitdataHeader = { xudt: this.xudt, protocolClass: config.sccpClass, returnOnError: config.returnOnError, called: this.localEnc, calling: this.localEnc };
    this.mgr = new DialogueManager(this, config.tcapTimeoutMs, config.maxDialogues);
    this.linkEvents = {
      state: (link, s) => this.onLinkState(link, s),
      data: (link, pd, raw) => this.onData(link, pd, raw),
      availability: (link, pcs, available) => {
        for (const pc of pcs) {
          if (available) this.unavailable.delete(pc);
          else this.unavailable.set(pc, `DUNA from ${link.peer}`);
        }
        this.log('info', `${available ? 'DAVA' : 'DUNA'} from ${link.peer} for point code(s) ${pcs.join(', ')}`);
      },
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

  /** Does this instance listen (tcp-server, sctp-server, or the sgp side of a memory pair)? */
  private listens(): boolean {
    const t = this.config.transport;
    return t === 'tcp-server' || t === 'sctp-server' || (t === 'memory' && this.config.role === 'sgp');
  }

  private peerText(): string {
    const c = this.config;
    if (c.transport === 'tcp-client' || c.transport === 'sctp-client') return `${c.host}:${c.port}`;
    if (c.transport === 'tcp-server' || c.transport === 'sctp-server') return `listening on ${this.acceptor?.address() ?? `${c.localHost}:${c.localPort}`}`;
    return `memory:${c.memoryChannel}`;
  }

  status(): SigtranStatus {
    const s: SigtranStatus = {
      name: this.name,
      state: this.state(),
      asp: this.activeLink ? 'active' : [...this.links].some((l) => l.aspState === 'inactive') ? 'inactive' : 'down',
      transport: this.config.transport,
      role: this.config.role,
      peer: this.activeLink?.peer ?? [...this.links][0]?.peer ?? this.peerText(),
      since: this.since,
      dialogues: this.mgr.dialogues.size,
      sent: this.sent,
      received: this.received,
      refusedBegins: this.mgr.refusedBegins,
      registeredBegins: this.mgr.registered,
    };
    if (this.lastError) s.lastError = this.lastError;
    const notify = this.activeLink?.lastNotify ?? [...this.links][0]?.lastNotify;
    if (notify) s.lastNotify = notify;
    if (this.unavailable.size) s.unavailable = [...this.unavailable.keys()];
    if (this.sctpNote !== undefined) {
      const assoc = (this.activeLink ?? [...this.links][0])?.assoc.details?.();
      s.sctp = { ...(this.sctpBackend ? { backend: this.sctpBackend } : {}), note: this.sctpNote, ...(assoc ? { association: assoc } : {}) };
    }
    return s;
  }

  describe(): Json {
    const s = this.status();
    const server = this.config.transport === 'tcp-server' || this.config.transport === 'sctp-server';
    return { ...s, listen: server ? (this.acceptor?.address() ?? null) : null } as unknown as Json;
  }

  /** The port a tcp-server or sctp-server instance is bound to (useful with localPort 0). */
  boundPort(): number | undefined {
    return this.acceptor instanceof TcpAcceptor || this.acceptor instanceof SctpAcceptor ? this.acceptor.port0() : undefined;
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
    const log = (level: 'error' | 'warn' | 'info' | 'debug', text: string) => this.log(level, text);
    if (this.listens()) {
      this.acceptor =
        c.transport === 'tcp-server'
          ? new TcpAcceptor(c.localHost!, c.localPort!)
          : c.transport === 'sctp-server'
            ? new SctpAcceptor(c.localHost!, c.localPort!, c.sctp, log)
            : new MemoryAcceptor(c.memoryChannel!);
      await this.listenOnce();
    } else {
      this.connector =
        c.transport === 'tcp-client'
          ? new TcpConnector(c.host!, c.port!, c.localHost, c.localPort)
          : c.transport === 'sctp-client'
            ? new SctpConnector(c.host!, c.port!, c.sctp, log, c.localHost, c.localPort)
            : new MemoryConnector(c.memoryChannel!);
      void this.connectOnce();
    }
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.abortCtl?.abort();
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.mgr.failAll(`sigtran gateway '${this.name}' stopped`);
    this.mgr.stop();
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
    if (!this.activeLink) this.mgr.failAll(`sigtran gateway '${this.name}' lost its association with ${link.peer}: ${reason}`);
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
    return calledFromScp(scp, this.config.remote);
  }

  /**
   * The called address made from a run's `scp` parameter and its encoding, once per parameter object (every
   * instance of a run passes the same): not an address and its bytes per dialogue. Read only, as the dialogues
   * use them (a dialogue whose peer answers from another address gets new ones).
   */
  private readonly calledByScp = new WeakMap<ScpParams, { addr: SccpAddress; enc: Uint8Array }>();
  private calledNoScp: { addr: SccpAddress; enc: Uint8Array } | undefined;

  private calledFor(scp: ScpParams | undefined): { addr: SccpAddress; enc: Uint8Array } {
    let c = scp ? this.calledByScp.get(scp) : this.calledNoScp;
    if (!c) {
      const addr = this.calledAddress(scp);
      c = { addr, enc: encodeAddress(addr, this.config.pointCodeBits) };
      if (scp) this.calledByScp.set(scp, c);
      else this.calledNoScp = c;
    }
    return c;
  }

  openDialogue(opts: OpenDialogueOptions = {}): Dialogue {
    let called: SccpAddress;
    const calling = opts.calling ?? this.localAddress;
    let calledEnc: Uint8Array;
    let callingEnc: Uint8Array;
    try {
      if (opts.called) {
        called = opts.called;
        calledEnc = encodeAddress(called, this.config.pointCodeBits);
      } else {
        const c = this.calledFor(opts.scp);
        called = c.addr;
        calledEnc = c.enc;
      }
      callingEnc = opts.calling ? encodeAddress(calling, this.config.pointCodeBits) : this.localEnc;
    } catch (e) {
      if (e instanceof SccpError) throw new SigtranError('encode', `bad SCCP address: ${e.reason}`);
      throw e;
    }
    const dpc = called.ri === 'ssn' && called.pc !== undefined ? called.pc : this.config.dpc;
    const opc = calling.pc ?? this.config.opc;
    const d = this.mgr.create('idle', opts.ac ?? null, calling, called, callingEnc, calledEnc, opc, dpc);
    if (opts.userInformation) d.userInformation = opts.userInformation;
    d.autoAnswer = opts.autoAnswer;
    d.bindSignal(opts.signal, opts.onSignal ?? 'abort');
    return d;
  }

  acceptBegin(criterion: BeginCriterion, opts?: ReceiveOptions): Promise<TcapMessage> {
    return this.mgr.acceptBegin(criterion, opts);
  }

  listen(criterion: BeginCriterion): BeginListener {
    return this.mgr.listen(criterion);
  }

  addRouter(router: BeginRouter): void {
    this.mgr.addRouter(router);
  }

  register(key: string, opts?: RegisterOptions): BeginListener {
    return this.mgr.register(key, opts);
  }

  // ---- lower layers ----

  private pickLink(preferred: unknown): M3uaLink {
    const p = preferred as M3uaLink | undefined;
    if (p && p.aspState === 'active' && this.links.has(p)) return p;
    if (this.activeLink) return this.activeLink;
    throw new SigtranError('down', `sigtran gateway '${this.name}' is not connected (state: ${this.state()}${this.lastError ? '; ' + this.lastError : ''})`);
  }

  /**
   * One M3UA DATA with a UDT/XUDT, or — when the SCCP message would not fit an MTP3 SIF (268 octets) — several
   * DATA messages with XUDT segments (up to 16).
   */
  private build(opc: number, dpc: number, sls: number, called: Uint8Array, calling: Uint8Array, tcap: Uint8Array): Buffer[] {
    const d = this.dataHeader;
    d.opc = opc;
    d.dpc = dpc;
    d.sls = sls;
    const u = this.unitdataHeader;
    u.called = called;
    u.calling = calling;
    const len = sccpLength(u, tcap.length);
    if (tcap.length <= MAX_VARIABLE_LENGTH && len <= MAX_SCCP_MESSAGE) {
      const b = Buffer.allocUnsafe(dataLength(d, len));
      writeSccp(b, writeDataHeader(b, d, len), u, tcap);
      return [b];
    }
    const per = Math.min(MAX_VARIABLE_LENGTH, MAX_SCCP_MESSAGE - xudtSegmentLength(u, 0));
    const n = Math.ceil(tcap.length / per);
    if (per < 16 || n > 16) {
      throw new SigtranError('encode', `TCAP message of ${tcap.length} octets does not fit 16 XUDT segments of ${per} octets`);
    }
    const reference = (this.segRef = (this.segRef + 1) & 0xffffff);
    const out: Buffer[] = [];
    for (let i = 0; i < n; i++) {
      const part = tcap.subarray(i * per, Math.min(tcap.length, (i + 1) * per));
      const seg = { first: i === 0, remaining: n - 1 - i, reference };
      out.push(encodeData(d, xudtSegmentLength(u, part.length), (b, o) => writeXudtSegment(b, o, u, part, seg)));
    }
    return out;
  }

  private segRef = (Math.random() * 0xffffff) >>> 0;
  private readonly reassembly = new Map<string, { parts: Uint8Array[]; next: number; expires: number }>();

  /** Collect XUDT segments; returns the whole user data when the last one arrived, otherwise undefined. */
  private reassemble(s: SccpMessage, peer: string): Uint8Array | undefined {
    const seg = s.segmentation!;
    const key = `${toHex(s.callingRaw)}/${seg.reference}`;
    const now = Date.now();
    if (this.reassembly.size > 100) {
      for (const [k, v] of this.reassembly) if (v.expires < now) this.reassembly.delete(k);
    }
    let r = this.reassembly.get(key);
    if (seg.first) {
      if (this.reassembly.size >= 1000) {
        this.log('warn', `XUDT segment from ${peer} dropped: too many reassemblies in progress`);
        return undefined;
      }
      r = { parts: [], next: seg.remaining, expires: now + this.config.tcapTimeoutMs };
      this.reassembly.set(key, r);
    } else if (!r || seg.remaining !== r.next - 1) {
      this.log('warn', `XUDT segment from ${peer} (reference ${seg.reference}, ${seg.remaining} remaining) out of sequence: dropped`);
      this.reassembly.delete(key);
      return undefined;
    } else {
      r.next = seg.remaining;
    }
    r.parts.push(new Uint8Array(s.data));
    if (seg.remaining > 0) return undefined;
    this.reassembly.delete(key);
    return Buffer.concat(r.parts);
  }

  transmit(d: DialogueImpl, m: OutTcap): WireMessage {
    const link = this.pickLink(d.link);
    const why = this.unavailable.get(d.dpc);
    if (why) throw new SigtranError('down', `destination point code ${d.dpc} is unavailable (${why})`);
    let tcap: Uint8Array;
    try {
      tcap = encodeTcap(this.writer, m);
    } catch (e) {
      throw new SigtranError('encode', `cannot encode the TCAP ${m.kind}: ${(e as Error).message}`);
    }
    const pdus = this.build(d.opc, d.dpc, d.sls, d.remoteEnc, d.localEnc, tcap);
    d.link = link;
    for (const pdu of pdus) link.send(pdu, d.sls);
    this.sent += pdus.length;
    const w: WireMessage = {
      bytes: pdus[0]!,
      dissector: 'm3ua',
      peer: `${this.name} ${link.peer}`,
      tcap: m.kind === 'unidirectional' ? 'begin' : m.kind,
      localTid: d.localTidHex,
      remoteTid: d.remoteTidHex,
    };
    if (pdus.length > 1) w.segments = pdus;
    return w;
  }

  transmitReply(ctx: InboundContext, m: OutTcap): void {
    try {
      const link = this.pickLink(ctx.link);
      const tcap = encodeTcap(this.writer, m);
      for (const pdu of this.build(ctx.dpc, ctx.opc, ctx.sls, ctx.callingRaw, ctx.calledRaw, tcap)) {
        link.send(pdu, ctx.sls);
        this.sent++;
      }
    } catch (e) {
      this.log('debug', `could not send a TCAP ${m.kind} reply: ${(e as Error).message}`);
    }
  }

  private onData(link: M3uaLink, pd: ProtocolData, raw: Uint8Array): void {
    this.received++;
    if (pd.si !== ServiceIndicator.SCCP) {
      this.log('debug', `DATA with service indicator ${pd.si} (not SCCP) from ${link.peer}: ignored`);
      return;
    }
    let s;
    try {
      s = decodeSccp(pd.data, this.config.pointCodeBits);
    } catch (e) {
      this.log('warn', `bad SCCP message from ${link.peer}: ${(e as Error).message}`);
      return;
    }
    const ctx: InboundContext = {
      called: s.called,
      calling: s.calling,
      calledRaw: s.calledRaw,
      callingRaw: s.callingRaw,
      opc: pd.opc,
      dpc: pd.dpc,
      sls: pd.sls,
      raw,
      peer: `${this.name} ${link.peer}`,
      link,
    };
    let data = s.data;
    if (s.segmentation && s.returnCause === undefined) {
      const whole = this.reassemble(s, ctx.peer);
      if (!whole) return;
      data = whole;
    }
    if (s.returnCause !== undefined) {
      const name = s.type === SccpType.UDTS ? 'UDTS' : 'XUDTS';
      this.mgr.onNotice(ctx, s.data, s.returnCause, `SCCP ${name}: our message was returned, ${returnCauseText(s.returnCause)}`);
      return;
    }
    this.mgr.onTcap(ctx, data);
  }
}
