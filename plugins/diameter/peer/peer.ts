// A Diameter peer (gateway instance of kind 'diameter'): the RFC 6733 peer state machine over TCP or SCTP, as a client
// (connects out, sends CER) or a server (listens, answers CER), DPR/DPA at shutdown, and the routing of the peer's
// requests. Beside it: how it connects and listens (transport.ts), when it tries again (backoff.ts), the watchdog
// (watchdog.ts), pending requests with timeouts (connection.ts), the session registry that routes server-initiated
// requests (RAR, ASR, ...) to the instance that registered the session (sessions.ts), and the answers it builds
// (answers.ts).
import type { EndSignal, GatewayInstance, GatewayState, Json, JsonObject } from '../../../sdk/types.js';
import { PcapWriter, chooseSctpBackend } from '../../../sdk/index.js';
import type { AvpNode } from '../codec/avp.js';
import { CommandFlag } from '../codec/header.js';
import { decodeMessage, encodeMessage, findAvp, type ParsedMessage } from '../codec/message.js';
import type { Dictionary } from '../dictionary/dictionary.js';
import { answerTo, codecErrorAnswer, unroutedAnswer } from './answers.js';
import type { PeerConfig } from './config.js';
import { Connection } from './connection.js';
import { PeerError } from './peer-error.js';
import type { PeerLink } from './link.js';
import { IdGenerator } from './ids.js';
import { A, C, str, strOf, u32, u32Of } from './avps.js';
import { Backoff } from './backoff.js';
import { OwnAvps } from './own-avps.js';
import { capabilityAvps, cerVerdict, ORIGIN_STATE_ID, peerIdentityOf, type PeerIdentity } from './capabilities.js';
import { SessionRouter, type SessionHandler } from './sessions.js';
import { dial, listen, type PeerListener } from './transport.js';
import { Watchdog } from './watchdog.js';

export { PeerError };
export type { InboundRequest, SessionHandler } from './sessions.js';

/** Detailed phase of the peer state machine (RFC 6733 §5.6, simplified for one connection). */
export type PeerPhase =
  | 'stopped' | 'connecting' | 'wait-cea' | 'listening' | 'wait-cer' | 'open' | 'closing' | 'backoff';

export type TrafficTap = (direction: 'sent' | 'received', bytes: Buffer) => void;

export class DiameterPeer implements GatewayInstance {
  readonly name: string;
  /** 'NAME host:port', as requests' records and faults name the peer. */
  readonly label: string;
  private phase: PeerPhase = 'stopped';
  private conn: Connection | undefined;
  private listener: PeerListener | undefined;
  /** SCTP: the backend in use and the log line saying why (set at start). */
  private sctpNote: string | undefined;
  private readonly ids = new IdGenerator();
  private lastError: string | undefined;
  /** When lastError was set (ms). */
  private lastErrorAt: number | undefined;
  private readonly watchdog: Watchdog;
  private readonly backoff: Backoff;
  private stopping = false;
  private openedAt: number | undefined;
  /** Successful re-opens: the peer came up (CER/CEA done) again after it had been up. */
  private reconnects = 0;
  /** Connection attempts after the first (client: each connect after a failure or a loss; server: each peer connection accepted after the first open). */
  private reconnectAttempts = 0;
  private everOpened = false;
  private firstAttempt: { resolve(): void } | undefined;
  private readonly sessions = new SessionRouter();
  /** The nodes of the AVPs this node adds to its messages, made once per value. */
  readonly ownAvps = new OwnAvps();
  private readonly taps = new Set<TrafficTap>();
  private capture: PcapWriter | undefined;
  /** What the peer told us in CER/CEA. */
  peerIdentity: PeerIdentity = { applications: [] };

  constructor(readonly config: PeerConfig, readonly dict: Dictionary, private readonly log: (level: 'error' | 'warn' | 'info' | 'debug', text: string) => void = () => {}) {
    this.name = config.name;
    this.label = `${config.name} ${config.host}:${config.port}`;
    this.backoff = new Backoff(config);
    this.watchdog = new Watchdog(config.watchdog_ms, {
      connection: () => (this.phase === 'open' && this.conn && !this.conn.isClosed ? this.conn : undefined),
      dwr: () => this.dwr(),
    });
  }

  /** Keep the reason of the last failure (shown in describe() even after the peer is open again). */
  private noteError(reason: string): void {
    this.lastError = reason;
    this.lastErrorAt = Date.now();
  }

  // ---- GatewayInstance ----------------------------------------------------------------------------------------

  state(): GatewayState {
    if (this.phase === 'open') return this.conn && !this.conn.isClosed ? 'up' : 'connecting';
    if (this.phase === 'stopped') return 'down';
    return 'connecting';
  }

  get currentPhase(): PeerPhase {
    return this.phase;
  }

  describe(): Json {
    const d: JsonObject = {
      mode: this.config.mode,
      transport: this.config.transport,
      address: `${this.config.host}:${this.config.port}`,
      state: this.phase,
      origin_host: this.config.origin_host,
      reconnects: this.reconnects,
      reconnect_attempts: this.reconnectAttempts,
    };
    if (this.conn && !this.conn.isClosed) d.connection = this.conn.remote;
    if (this.sctpNote !== undefined) {
      const assoc = this.conn && !this.conn.isClosed ? this.conn.link.details?.() : undefined;
      d.sctp = { note: this.sctpNote, ...(assoc ? { association: assoc as Json } : {}) };
    }
    if (this.peerIdentity.originHost) d.peer_origin_host = this.peerIdentity.originHost;
    if (this.peerIdentity.originRealm) d.peer_origin_realm = this.peerIdentity.originRealm;
    if (this.peerIdentity.applications.length) d.peer_applications = this.peerIdentity.applications;
    if (this.openedAt) d.open_since = new Date(this.openedAt).toISOString();
    if (this.lastError) {
      d.last_error = this.lastError;
      if (this.lastErrorAt) d.last_error_at = new Date(this.lastErrorAt).toISOString();
    }
    return d;
  }

  /** Start connecting (client) or listening (server). Resolves after the first attempt (open or failed). */
  async start(): Promise<void> {
    this.stopping = false;
    if (this.config.transport === 'sctp') this.chooseSctp();
    if (this.config.capture_file && !this.capture) this.capture = new PcapWriter(this.config.capture_file);
    if (this.config.mode === 'server') {
      await this.listen();
      return;
    }
    const first = new Promise<void>((resolve) => (this.firstAttempt = { resolve }));
    this.connectOut();
    await first;
  }

  /** A backend that cannot run here is a start-up error naming what to install (and the instance's last error). */
  private chooseSctp(): void {
    try {
      this.sctpNote = chooseSctpBackend(this.config.sctp?.backend ?? 'auto').note;
      this.log('info', `${this.name}: ${this.sctpNote}`);
    } catch (e) {
      this.sctpNote = (e as Error).message;
      const msg = `diameter instance '${this.name}': ${(e as Error).message}`;
      this.noteError(msg);
      this.log('error', msg);
      throw new Error(msg);
    }
  }

  /** Send DPR and wait for DPA (bounded), then close everything. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.backoff.cancel();
    this.watchdog.stop();
    const c = this.conn;
    if (c && !c.isClosed && this.phase === 'open') {
      this.phase = 'closing';
      try {
        const dpr = this.buildRequest(C.DPR, 0, [...this.originAvps(), u32(A.DisconnectCause, 0)]);
        await c.request(dpr, this.config.dpa_timeout_ms, 'Disconnect-Peer-Request');
      } catch (e) {
        this.log('warn', `${this.name}: DPR: ${(e as Error).message}`);
      }
      c.close('disconnected (DPR/DPA at shutdown)');
    } else if (c) {
      c.close('gateway stopped');
    }
    this.conn = undefined;
    const l = this.listener;
    this.listener = undefined;
    await l?.close();
    this.phase = 'stopped';
    this.capture?.close();
    this.capture = undefined;
  }

  // ---- what operations use ---------------------------------------------------------------------------------

  /** Identity AVPs of this node. */
  originAvps(): AvpNode[] {
    return [this.ownAvps.str(A.OriginHost, this.config.origin_host), this.ownAvps.str(A.OriginRealm, this.config.origin_realm)];
  }

  /** Destination-Realm for requests: configured, else the peer's Origin-Realm, else our own realm. */
  destinationRealm(): string {
    return this.config.destination_realm ?? this.peerIdentity.originRealm ?? this.config.origin_realm;
  }

  destinationHost(): string | undefined {
    return this.config.destination_host;
  }

  /** The application to put in headers of commands that do not name one: the first configured. */
  defaultApplication(): number {
    return this.config.applications[0]?.id ?? 0;
  }

  /** Readable reason why requests cannot be sent now, or undefined when the peer is open. */
  notReady(): string | undefined {
    if (this.phase === 'open' && this.conn && !this.conn.isClosed) return undefined;
    return `Diameter peer ${this.name} (${this.config.mode} ${this.config.host}:${this.config.port}) is not connected: ` +
      `${this.phase}${this.lastError ? `; last error: ${this.lastError}` : ''}`;
  }

  /** Encode a request with fresh hop-by-hop and end-to-end ids (header flags default R). */
  buildRequest(code: number, applicationId: number, avps: readonly AvpNode[], flags: number = CommandFlag.R): Buffer {
    return encodeMessage({
      flags,
      code, applicationId, hopByHop: this.ids.nextHopByHop(), endToEnd: this.ids.nextEndToEnd(), avps,
    });
  }

  /**
   * Send an encoded request and wait for the answer. Rejects with a PeerError (readable) when the peer is not
   * open, the connection drops, the timeout passes or `signal` aborts.
   */
  request(msg: Buffer, timeoutMs: number, what: string, signal?: EndSignal): Promise<Buffer> {
    const why = this.notReady();
    if (why) return Promise.reject(new PeerError(`cannot send ${what}: ${why}`));
    return this.conn!.request(msg, timeoutMs, what, signal);
  }

  /** Encode an answer to `req` (same code, application, ids; P copied; E for protocol errors 3xxx). */
  buildAnswer(req: ParsedMessage, avps: readonly AvpNode[], errorBit = false): Buffer {
    return answerTo(req, avps, errorBit);
  }

  /** Send an answer on the open connection. Throws a PeerError when it is gone. */
  sendAnswer(bytes: Buffer): void {
    const c = this.conn;
    if (!c || c.isClosed || !c.write(bytes)) {
      throw new PeerError(`cannot answer: Diameter peer ${this.name} is not connected (${this.phase})`);
    }
  }

  /** Route requests for this Session-Id to `handler` until unregistered. False when another handler has it. */
  registerSession(sessionId: string, handler: SessionHandler): boolean {
    return this.sessions.register(sessionId, handler);
  }

  unregisterSession(sessionId: string, handler: SessionHandler): void {
    this.sessions.unregister(sessionId, handler);
  }

  /** Requests for sessions nobody registered go to `handler` (a simulator's catch-all) instead of a 5002 answer. */
  setDefaultHandler(handler: SessionHandler | undefined): void {
    this.sessions.setDefault(handler);
  }

  tap(t: TrafficTap): () => void {
    this.taps.add(t);
    return () => this.taps.delete(t);
  }

  // ---- client side ------------------------------------------------------------------------------------------

  private connectOut(): void {
    if (this.stopping) return;
    this.phase = 'connecting';
    dial(this.config, {
      stopping: () => this.stopping,
      connected: (link) => this.sendCer(link),
      failed: (reason) => this.attemptFailed(reason),
    });
  }

  private sendCer(link: PeerLink): void {
    const conn = this.attach(link);
    this.phase = 'wait-cea';
    const cer = this.buildRequest(C.CER, 0, capabilityAvps(this.config, link.localAddresses()));
    // The CEA is handled synchronously (onAnswer), not in a promise continuation: a peer may put a DWR (RFC 3539
    // probes a reopened connection at once) or any request in the same TCP read right behind its CEA, and that
    // message must find the peer in I-Open (RFC 6733 §5.6).
    conn.request(cer, this.config.connect_timeout_ms, 'Capabilities-Exchange-Request', undefined, (cea) => this.onCea(conn, cea)).then(
      () => undefined,
      (e: Error) => {
        conn.close(e.message);
      },
    );
  }

  private onCea(conn: Connection, bytes: Buffer): void {
    if (conn.isClosed || conn !== this.conn) return;
    let m: ParsedMessage;
    try {
      m = decodeMessage(bytes);
    } catch (e) {
      conn.close(`bad CEA from ${conn.remote}: ${(e as Error).message}`);
      return;
    }
    const rc = u32Of(m.avps, A.ResultCode);
    if (rc !== 2001) {
      const err = strOf(m.avps, A.ErrorMessage);
      conn.close(`CEA from ${conn.remote}: Result-Code ${rc ?? '(none)'} ${rc !== undefined ? this.dict.resultCodeName(rc) ?? '' : ''}${err ? ` "${err}"` : ''}`.replace(/ +/g, ' ').trim());
      return;
    }
    this.peerIdentity = peerIdentityOf(m);
    this.opened(conn);
  }

  private attemptFailed(reason: string): void {
    this.noteError(reason);
    this.firstAttempt?.resolve();
    this.firstAttempt = undefined;
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopping || this.config.mode === 'server') return;
    this.phase = 'backoff';
    this.backoff.schedule(() => {
      this.reconnectAttempts++;
      this.connectOut();
    });
  }

  // ---- server side ------------------------------------------------------------------------------------------

  private async listen(): Promise<void> {
    const failed = (reason: string) => {
      this.noteError(reason);
      this.phase = 'stopped';
    };
    try {
      this.listener = await listen(this.config, (link) => this.accept(link), failed);
    } catch (e) {
      failed((e as Error).message);
      throw e;
    }
    this.phase = 'listening';
    this.config.port = this.listener.port;
  }

  private accept(link: PeerLink): void {
    if (this.stopping) {
      link.destroy();
      return;
    }
    if (this.everOpened) this.reconnectAttempts++;
    const conn = this.attach(link);
    if (this.phase !== 'open') this.phase = 'wait-cer';
    // A connection that sends no CER in time is dropped.
    const t = setTimeout(() => {
      if (conn !== this.conn || this.phase !== 'open') conn.close('no CER received in time');
    }, this.config.connect_timeout_ms);
    t.unref();
  }

  private onCer(conn: Connection, m: ParsedMessage): void {
    const { rc, err } = cerVerdict(this.config, m);
    const avps: AvpNode[] = [u32(A.ResultCode, rc), ...capabilityAvps(this.config, conn.link.localAddresses())];
    if (err) avps.push(str(A.ErrorMessage, err, 0));
    conn.write(this.buildAnswer(m, avps, rc === 3010));
    if (rc !== 2001) {
      conn.end(`CER from ${conn.remote} refused: ${rc} ${err}`);
      this.noteError(`CER from ${conn.remote} refused: ${rc} ${err}`);
      return;
    }
    const old = this.conn;
    if (old && old !== conn && !old.isClosed) {
      this.conn = undefined;
      old.close('replaced by a new connection from the peer');
    }
    this.peerIdentity = peerIdentityOf(m);
    this.opened(conn);
  }

  // ---- both sides -------------------------------------------------------------------------------------------

  private attach(link: PeerLink): Connection {
    const conn = new Connection(link, this.config.max_message_bytes, {
      request: (msg, c) => this.onRequest(msg, c),
      strayAnswer: (msg, c) => this.log('debug', `${this.name}: answer from ${c.remote} with unknown hop-by-hop 0x${msg.readUInt32BE(12).toString(16)} dropped`),
      received: (msg) => this.traffic('received', msg),
      sent: (msg) => this.traffic('sent', msg),
      closed: (reason, c) => this.onClosed(reason, c),
    });
    if (this.config.mode === 'client') this.conn = conn;
    return conn;
  }

  private traffic(direction: 'sent' | 'received', msg: Buffer): void {
    if (this.capture) this.capture.write({ dissector: 'diameter', bytes: msg });
    if (this.taps.size) for (const t of this.taps) t(direction, msg);
  }

  private opened(conn: Connection): void {
    if (this.stopping) {
      conn.close('gateway stopped');
      return;
    }
    if (conn.isClosed) return; // never 'open' without a connection
    this.conn = conn;
    this.phase = 'open';
    this.backoff.reset();
    if (this.everOpened) this.reconnects++;
    this.everOpened = true;
    this.openedAt = Date.now();
    this.watchdog.start();
    this.log('info', `${this.name}: open with ${this.peerIdentity.originHost ?? '?'} at ${conn.remote}`);
    this.firstAttempt?.resolve();
    this.firstAttempt = undefined;
  }

  private onClosed(reason: string, c: Connection): void {
    if (c !== this.conn) {
      // a server-side connection that never completed CER/CEA
      if (this.config.mode === 'server' && !this.conn && this.phase === 'wait-cer' && this.listener) this.phase = 'listening';
      return;
    }
    this.conn = undefined;
    this.watchdog.stop();
    this.openedAt = undefined;
    if (this.stopping) return;
    this.noteError(reason);
    this.log('warn', `${this.name}: ${reason}`);
    if (this.config.mode === 'server') {
      this.phase = this.listener ? 'listening' : 'stopped';
      return;
    }
    this.firstAttempt?.resolve();
    this.firstAttempt = undefined;
    this.scheduleReconnect();
  }

  private onRequest(bytes: Buffer, conn: Connection): void {
    let m: ParsedMessage;
    try {
      m = decodeMessage(bytes);
    } catch (e) {
      this.answerCodecError(bytes, conn, e);
      return;
    }
    const code = m.header.code;
    if (code === C.CER) {
      if (this.config.mode === 'server') this.onCer(conn, m);
      else conn.write(this.buildAnswer(m, [u32(A.ResultCode, 5012), ...this.originAvps(), str(A.ErrorMessage, 'CER on an open connection', 0)]));
      return;
    }
    // 'closing' (our DPR sent, or the peer's DPR answered): the connection is still up and I-Open's rules hold
    // until it goes; a DWR the peer sends in the same read as its DPA is answered, not taken for a protocol error.
    if (conn !== this.conn || (this.phase !== 'open' && this.phase !== 'closing')) {
      conn.close(`${this.dict.commandName(code, true)} received before the capabilities exchange`);
      return;
    }
    if (code === C.DWR) {
      conn.write(this.buildAnswer(m, [u32(A.ResultCode, 2001), ...this.originAvps(), u32(A.OriginStateId, ORIGIN_STATE_ID)]));
      return;
    }
    if (code === C.DPR) {
      conn.write(this.buildAnswer(m, [u32(A.ResultCode, 2001), ...this.originAvps()]));
      const cause = u32Of(m.avps, A.DisconnectCause);
      const causeName = cause !== undefined ? this.dict.avp('Disconnect-Cause')?.enumByValue?.get(cause) : undefined;
      this.phase = 'closing';
      conn.end(`the peer disconnected (DPR, Disconnect-Cause ${causeName ?? cause ?? 'absent'})`);
      return;
    }
    const sidAvp = findAvp(m.avps, A.SessionId);
    const sessionId = sidAvp ? sidAvp.data.toString('utf8') : undefined;
    const handler = this.sessions.handlerFor(sessionId);
    if (handler) handler({ message: m, sessionId: sessionId ?? '', received: Date.now(), answered: false });
    else conn.write(unroutedAnswer(m, sidAvp, this.originAvps()));
  }

  /** Answer a request whose bytes could not be decoded with the Result-Code the codec names. */
  private answerCodecError(bytes: Buffer, conn: Connection, e: unknown): void {
    const text = e instanceof Error ? e.message : String(e);
    this.log('warn', `${this.name}: bad request from ${conn.remote}: ${text}`);
    const answer = codecErrorAnswer(bytes, e, this.originAvps());
    if (answer) conn.write(answer);
    else conn.close(`bad request from the peer: ${text}`);
  }

  private dwr(): Buffer {
    return this.buildRequest(C.DWR, 0, [...this.originAvps(), u32(A.OriginStateId, ORIGIN_STATE_ID)]);
  }

  /** Send a DWR now and wait for the DWA (for tests and diagnostics). Resolves with the DWA Result-Code. */
  async watchdogNow(timeoutMs = 2000): Promise<number | undefined> {
    const a = await this.request(this.dwr(), timeoutMs, 'Device-Watchdog-Request');
    return u32Of(decodeMessage(a).avps, A.ResultCode);
  }
}
