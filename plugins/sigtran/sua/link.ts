// One SUA association: the ASP state machine on either side (RFC 3868 §4.3, the same procedures as M3UA's), and
// what arrives on it, handled by a table of handlers per message class and type.
//   initiator (role asp, or ipsp on the connecting side): down -ASPUP-> (ACK) inactive -ASPAC-> (ACK) active;
//     stopping: ASPIA -> (ACK) inactive, ASPDN -> (ACK) down.
//   responder (role sgp, or ipsp on the listening side): answers ASPUP (+ NTFY AS-INACTIVE), ASPAC (RC and traffic
//     mode checked; + NTFY AS-ACTIVE), ASPIA, ASPDN, DAUD (DAVA).
// Both: BEAT/BEAT ACK, NTFY, ERR, DUNA/DAVA/SCON/DUPU (the gateway's availability), CLDT/CLDR with the RC check.
import type { Association } from '../transport/index.js';
import { AsState, AspsmType, AsptmType, ClType, ErrorCode, ErrorCodes, MgmtType, OtherStatus, SUA_PPID, SsnmType, StatusType, SuaClass, TrafficMode, messageName, statusText } from './constants.js';
import { SuaError, decodeSua, encodeSua, type SuaMessage, type SuaParams } from './codec.js';

export type AspState = 'down' | 'inactive' | 'active';

export interface SuaLinkOptions {
  side: 'initiator' | 'responder';
  /** IPSP: also answer the peer's ASPUP/ASPAC/ASPIA/ASPDN (double exchange) when we are the initiator. */
  ipsp?: boolean;
  routingContext?: number;
  networkAppearance?: number;
  trafficMode: keyof typeof TrafficMode;
  aspId?: number;
  beatIntervalMs: number;
  /** Missed BEAT ACKs before the association is dropped. */
  maxMissedBeats?: number;
}

/** What a signalling network management message says about a destination (DUNA, DAVA, SCON, DUPU). */
export interface Availability {
  pcs: number[];
  /** The affected subsystem, when the message names one. */
  ssn?: number;
  available: boolean;
  /** SCON: the congestion level; DUPU: the user/cause. */
  detail?: string;
}

export interface SuaLinkEvents {
  state(link: SuaLink, state: AspState): void;
  /** A CLDT or CLDR (routing context and network appearance already checked). `raw` is the whole SUA message. */
  unitdata(link: SuaLink, m: SuaMessage, raw: Uint8Array): void;
  availability(link: SuaLink, what: Availability, message: string): void;
  /** Every PDU sent or received (for captures). */
  capture(raw: Uint8Array, direction: 'sent' | 'received'): void;
  closed(link: SuaLink, reason: string): void;
  log(level: 'error' | 'warn' | 'info' | 'debug', text: string): void;
}

type Handler = (link: SuaLink, m: SuaMessage, pdu: Uint8Array) => void;

/** Management on stream 0; connectionless data on the others, by sequence control. */
const MANAGEMENT_STREAM = 0;
const DIAGNOSTIC_OCTETS = 40;

export class SuaLink {
  aspState: AspState = 'down';
  lastError: string | undefined;
  lastNotify: string | undefined;
  private beatTimer: NodeJS.Timeout | undefined;
  private missedBeats = 0;
  private closed = false;
  private readonly rcList: number[] | undefined;
  private stateWaiter: { test: (s: AspState) => boolean; done: () => void } | undefined;

  constructor(
    readonly assoc: Association,
    private readonly opts: SuaLinkOptions,
    private readonly ev: SuaLinkEvents,
  ) {
    this.rcList = opts.routingContext !== undefined ? [opts.routingContext] : undefined;
    assoc.setHandler({ message: (pdu) => this.onPdu(pdu), closed: (reason) => this.onClosed(reason) });
  }

  get peer(): string {
    return this.assoc.remote;
  }

  start(): void {
    if (this.opts.side === 'initiator') this.send(encodeSua(SuaClass.ASPSM, AspsmType.ASPUP, { aspId: this.opts.aspId }));
    if (this.opts.beatIntervalMs > 0) {
      this.beatTimer = setInterval(() => this.beat(), this.opts.beatIntervalMs);
      this.beatTimer.unref();
    }
  }

  /** Graceful stop: the initiator sends ASPIA (when active) and ASPDN, each waiting up to `ackWaitMs` for its ACK. */
  async stop(reason = 'gateway stopped', ackWaitMs = 300): Promise<void> {
    if (this.closed) return;
    if (this.opts.side === 'initiator') {
      if (this.aspState === 'active') {
        this.send(encodeSua(SuaClass.ASPTM, AsptmType.ASPIA, { routingContexts: this.rcList }));
        await this.waitState((s) => s !== 'active', ackWaitMs);
      }
      if (this.aspState !== 'down' && !this.closed) {
        this.send(encodeSua(SuaClass.ASPSM, AspsmType.ASPDN, { aspId: this.opts.aspId }));
        await this.waitState((s) => s === 'down', ackWaitMs);
      }
    }
    this.assoc.close(reason);
  }

  private waitState(test: (s: AspState) => boolean, ms: number): Promise<void> {
    if (this.closed || test(this.aspState)) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.stateWaiter = undefined;
        resolve();
      }, ms);
      this.stateWaiter = { test, done: () => (clearTimeout(timer), (this.stateWaiter = undefined), resolve()) };
    });
  }

  /** Send a message; connectionless ones go on stream 1 + `sls` mod (streams - 1), so a dialogue keeps its order. */
  send(pdu: Uint8Array, sls = 0): boolean {
    if (this.closed) return false;
    this.ev.capture(pdu, 'sent');
    const streams = this.assoc.outboundStreams;
    const stream = pdu[2] !== SuaClass.CL || streams < 2 ? MANAGEMENT_STREAM : 1 + (sls % (streams - 1));
    return this.assoc.send(pdu, stream, SUA_PPID);
  }

  private setState(s: AspState): void {
    if (this.aspState === s) return;
    this.aspState = s;
    this.ev.state(this, s);
    if (this.stateWaiter?.test(s)) this.stateWaiter.done();
  }

  private beat(): void {
    if (this.closed) return;
    if (this.missedBeats >= (this.opts.maxMissedBeats ?? 3)) {
      this.lastError = `no BEAT ACK from ${this.peer} for ${this.missedBeats} heartbeats`;
      this.assoc.close(this.lastError);
      return;
    }
    this.missedBeats++;
    this.send(encodeSua(SuaClass.ASPSM, AspsmType.BEAT, { heartbeat: Buffer.from(String(Date.now())) }));
  }

  private onClosed(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    if (this.beatTimer) clearInterval(this.beatTimer);
    this.lastError ??= reason;
    this.setState('down');
    this.stateWaiter?.done();
    this.ev.closed(this, reason);
  }

  private err(code: number, diagnostic?: Uint8Array, extra: SuaParams = {}): void {
    this.send(encodeSua(SuaClass.MGMT, MgmtType.ERR, { errorCode: code, diagnostic: diagnostic?.subarray(0, DIAGNOSTIC_OCTETS), ...extra }));
  }

  private onPdu(pdu: Uint8Array): void {
    if (this.closed) return;
    this.ev.capture(pdu, 'received');
    let m: SuaMessage;
    try {
      m = decodeSua(pdu);
    } catch (e) {
      const se = e instanceof SuaError ? e : new SuaError(ErrorCode.ProtocolError, String(e));
      this.ev.log('warn', `bad SUA message from ${this.peer}: ${se.message}`);
      this.err(se.code, pdu);
      return;
    }
    this.missedBeats = 0;
    const handle = SuaLink.HANDLERS[m.cls]?.[m.type];
    if (!handle) return this.err(SuaLink.HANDLERS[m.cls] ? ErrorCode.UnsupportedType : ErrorCode.UnsupportedClass, pdu);
    try {
      handle(this, m, pdu);
    } catch (e) {
      this.ev.log('error', `SUA handling failed for ${messageName(m.cls, m.type)} from ${this.peer}: ${(e as Error).message}`);
    }
  }

  private static readonly HANDLERS: Readonly<Record<number, Readonly<Record<number, Handler>>>> = {
    [SuaClass.CL]: {
      [ClType.CLDT]: (l, m, pdu) => l.onUnitdata(m, pdu),
      [ClType.CLDR]: (l, m, pdu) => l.onUnitdata(m, pdu),
    },
    [SuaClass.ASPSM]: {
      [AspsmType.ASPUP]: (l, m, pdu) => l.onAspUp(m, pdu),
      [AspsmType.ASPUP_ACK]: (l, _m, pdu) => l.onAspUpAck(pdu),
      [AspsmType.ASPDN]: (l, _m, pdu) => l.onAspDown(pdu),
      [AspsmType.ASPDN_ACK]: (l) => l.setState('down'),
      [AspsmType.BEAT]: (l, m) => l.send(encodeSua(SuaClass.ASPSM, AspsmType.BEAT_ACK, { heartbeat: m.heartbeat })),
      [AspsmType.BEAT_ACK]: () => undefined, // any message resets the missed beats
    },
    [SuaClass.ASPTM]: {
      [AsptmType.ASPAC]: (l, m, pdu) => l.onAspActive(m, pdu),
      [AsptmType.ASPAC_ACK]: (l, _m, pdu) => l.onAspActiveAck(pdu),
      [AsptmType.ASPIA]: (l, m, pdu) => l.onAspInactive(m, pdu),
      [AsptmType.ASPIA_ACK]: (l) => l.setState('inactive'),
    },
    [SuaClass.MGMT]: {
      [MgmtType.ERR]: (l, m) => l.onError(m),
      [MgmtType.NTFY]: (l, m) => l.onNotify(m),
    },
    [SuaClass.SSNM]: {
      [SsnmType.DUNA]: (l, m) => l.onAvailability(m, 'DUNA', false),
      [SsnmType.DAVA]: (l, m) => l.onAvailability(m, 'DAVA', true),
      [SsnmType.DAUD]: (l, m) => l.onAudit(m),
      [SsnmType.SCON]: (l, m) => l.onAvailability(m, 'SCON', true, `congestion level ${m.congestionLevel ?? 'not given'}`),
      [SsnmType.DUPU]: (l, m) => l.onAvailability(m, 'DUPU', false, m.userCause ? `user part ${m.userCause.user} unavailable, cause ${m.userCause.cause}` : undefined),
      [SsnmType.DRST]: () => undefined, // restricted: still reachable
    },
  };

  private get responder(): boolean {
    return this.opts.side === 'responder';
  }

  /** Who answers the peer's ASPSM/ASPTM requests: the SG side, and an IPSP in either position. */
  private get answersPeer(): boolean {
    return this.responder || this.opts.ipsp === true;
  }

  private notify(asState: number, routingContexts: readonly number[] | undefined): void {
    this.send(encodeSua(SuaClass.MGMT, MgmtType.NTFY, { status: { type: StatusType.AsStateChange, info: asState }, routingContexts }));
  }

  private otherRoutingContext(m: SuaMessage): boolean {
    return this.rcList !== undefined && m.routingContexts !== undefined && !m.routingContexts.includes(this.rcList[0]!);
  }

  // ---- the ASP state machine ----

  private onAspUp(m: SuaMessage, pdu: Uint8Array): void {
    if (!this.answersPeer) return this.err(ErrorCode.UnexpectedMessage, pdu);
    this.send(encodeSua(SuaClass.ASPSM, AspsmType.ASPUP_ACK, { aspId: m.aspId }));
    if (!this.responder) return;
    this.notify(AsState.Inactive, this.rcList);
    this.setState('inactive');
  }

  private onAspUpAck(pdu: Uint8Array): void {
    if (this.responder) return this.err(ErrorCode.UnexpectedMessage, pdu);
    this.setState('inactive');
    this.send(encodeSua(SuaClass.ASPTM, AsptmType.ASPAC, { trafficMode: TrafficMode[this.opts.trafficMode], routingContexts: this.rcList }));
  }

  private onAspDown(pdu: Uint8Array): void {
    if (!this.answersPeer) return this.err(ErrorCode.UnexpectedMessage, pdu);
    this.send(encodeSua(SuaClass.ASPSM, AspsmType.ASPDN_ACK, {}));
    this.setState('down');
  }

  private onAspActive(m: SuaMessage, pdu: Uint8Array): void {
    if (!this.answersPeer || (this.responder && this.aspState === 'down')) return this.err(ErrorCode.UnexpectedMessage, pdu);
    if (this.otherRoutingContext(m)) {
      this.ev.log('warn', `ASPAC from ${this.peer} for routing context ${m.routingContexts!.join(',')} (ours is ${this.rcList![0]}): refused`);
      return this.err(ErrorCode.InvalidRoutingContext, undefined, { routingContexts: m.routingContexts });
    }
    if (m.trafficMode !== undefined && (m.trafficMode < TrafficMode.override || m.trafficMode > TrafficMode.broadcast)) return this.err(ErrorCode.UnsupportedTrafficMode, pdu);
    const routingContexts = m.routingContexts ?? this.rcList;
    this.send(encodeSua(SuaClass.ASPTM, AsptmType.ASPAC_ACK, { trafficMode: m.trafficMode, routingContexts }));
    if (!this.responder) return;
    this.notify(AsState.Active, routingContexts);
    this.setState('active');
  }

  private onAspActiveAck(pdu: Uint8Array): void {
    if (this.responder) return this.err(ErrorCode.UnexpectedMessage, pdu);
    this.lastError = undefined;
    this.setState('active');
  }

  private onAspInactive(m: SuaMessage, pdu: Uint8Array): void {
    if (!this.answersPeer) return this.err(ErrorCode.UnexpectedMessage, pdu);
    const routingContexts = m.routingContexts ?? this.rcList;
    this.send(encodeSua(SuaClass.ASPTM, AsptmType.ASPIA_ACK, { routingContexts }));
    this.notify(AsState.Inactive, routingContexts);
    this.setState('inactive');
  }

  // ---- management, network management, data ----

  /** ERR: kept as the link's error; during bring-up it means the peer refused the ASP. */
  private onError(m: SuaMessage): void {
    const text = `SUA ERR from ${this.peer}: ${ErrorCodes[m.errorCode ?? -1] ?? 'code ' + m.errorCode}${m.routingContexts ? ' (routing context ' + m.routingContexts.join(',') + ')' : ''}`;
    this.lastError = text;
    this.ev.log('warn', text);
    if (!this.responder && this.aspState !== 'active') this.assoc.close(`peer refused the ASP: ${text}`);
  }

  /** NTFY: kept for the status; an alternate ASP active makes our (override) ASP inactive. */
  private onNotify(m: SuaMessage): void {
    const text = m.status ? statusText(m.status.type, m.status.info) : 'NTFY without status';
    this.lastNotify = text;
    this.ev.log('info', `NTFY from ${this.peer}: ${text}`);
    const alternate = m.status?.type === StatusType.Other && m.status.info === OtherStatus.AlternateAspActive;
    if (!this.responder && alternate && this.aspState === 'active') this.setState('inactive');
  }

  private onAvailability(m: SuaMessage, name: string, available: boolean, detail?: string): void {
    const what: Availability = { pcs: (m.affected ?? []).map((a) => a.pc), available };
    if (m.ssn !== undefined) what.ssn = m.ssn;
    if (detail) what.detail = detail;
    this.ev.availability(this, what, name);
  }

  /** DAUD: the SG side knows nothing unavailable, so it answers DAVA for what was audited. */
  private onAudit(m: SuaMessage): void {
    if (!this.responder) return;
    this.send(encodeSua(SuaClass.SSNM, SsnmType.DAVA, { routingContexts: this.rcList, affected: m.affected, ssn: m.ssn }));
  }

  /** CLDT/CLDR for our routing context and network appearance, on an active ASP, goes up. */
  private onUnitdata(m: SuaMessage, pdu: Uint8Array): void {
    const what = messageName(m.cls, m.type);
    if (this.otherRoutingContext(m)) {
      this.ev.log('warn', `${what} from ${this.peer} for routing context ${m.routingContexts!.join(',')} (ours is ${this.rcList![0]}): dropped`);
      return this.err(ErrorCode.InvalidRoutingContext, pdu, { routingContexts: m.routingContexts });
    }
    const na = this.opts.networkAppearance;
    if (na !== undefined && m.networkAppearance !== undefined && m.networkAppearance !== na) {
      this.ev.log('warn', `${what} from ${this.peer} for network appearance ${m.networkAppearance}: dropped`);
      return this.err(ErrorCode.InvalidNetworkAppearance, pdu, { networkAppearance: m.networkAppearance });
    }
    if (this.responder && this.aspState !== 'active') {
      this.ev.log('warn', `${what} from ${this.peer} while its ASP is not active: dropped`);
      return this.err(ErrorCode.UnexpectedMessage, pdu);
    }
    const missing = m.source === undefined ? 'source address' : m.destination === undefined ? 'destination address' : m.type === ClType.CLDT && !m.data ? 'data' : undefined;
    if (missing) {
      this.ev.log('warn', `${what} from ${this.peer} without ${missing}: dropped`);
      return this.err(ErrorCode.MissingParameter, pdu);
    }
    this.ev.unitdata(this, m, pdu);
  }
}
