// One M3UA association: the ASP state machine on either side (RFC 4666 §4.3), and what arrives on it, handled by
// a table of handlers per message class and type.
//   initiator (role asp, or ipsp on the connecting side): down -ASPUP-> (ASPUP ACK) inactive -ASPAC-> (ASPAC ACK)
//     active; stopping: ASPIA -> (ACK) inactive, ASPDN -> (ACK) down.
//   responder (role sgp, or ipsp on the listening side): ASPUP -> ACK + NTFY AS-INACTIVE, inactive; ASPAC (RC and
//     traffic mode checked) -> ACK + NTFY AS-ACTIVE, active; ASPIA -> ACK + NTFY, inactive; ASPDN -> ACK, down.
//     An IPSP initiator answers the peer's ASPUP/ASPAC/ASPIA/ASPDN too (double exchange), without changing state.
// Both: BEAT/BEAT ACK, NTFY, ERR, DUNA/DAVA (DAUD answered by the responder), DATA with the RC and NA checks.
import type { Association } from '../transport/index.js';
import {
  AsState,
  AspsmType,
  AsptmType,
  ErrorCode,
  ErrorCodes,
  M3UA_PPID,
  M3uaClass,
  MgmtType,
  OtherStatus,
  SsnmType,
  StatusType,
  TrafficMode,
  TransferType,
  messageName,
  statusText,
} from './constants.js';
import { M3uaError, decodeM3ua, encodeM3ua, type M3uaMessage, type M3uaParams, type ProtocolData } from './codec.js';
import { errFault, errText, notifyFault, type TrafficFault } from './faults.js';

export type AspState = 'down' | 'inactive' | 'active';

export interface LinkOptions {
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

export interface LinkEvents {
  state(link: M3uaLink, state: AspState): void;
  /** A DATA message (routing context already checked). `raw` is the whole M3UA PDU. */
  data(link: M3uaLink, pd: ProtocolData, raw: Uint8Array): void;
  /** DUNA / DAVA for these point codes. */
  availability(link: M3uaLink, pcs: number[], available: boolean): void;
  /** An ERR or NTFY from the peer (readable), and the dialogues it ends when it concerns our traffic. */
  report(link: M3uaLink, kind: 'ERR' | 'NTFY', text: string, fault: TrafficFault | undefined): void;
  /** Every PDU sent or received (for captures). */
  capture(raw: Uint8Array, direction: 'sent' | 'received'): void;
  /** The association closed (reason readable). */
  closed(link: M3uaLink, reason: string): void;
  log(level: 'error' | 'warn' | 'info' | 'debug', text: string): void;
}

type Handler = (link: M3uaLink, m: M3uaMessage, pdu: Uint8Array) => void;

/** The handlers of one message class, by type; a type not listed gets ERR unsupported type unless `otherType`. */
interface ClassHandlers {
  readonly types: Readonly<Record<number, Handler>>;
  readonly otherType?: Handler;
}

/** The stream of management messages (DATA goes on the others, by SLS). */
const MANAGEMENT_STREAM = 0;
/** Octets of a bad message sent back in an ERR's diagnostic information. */
const DIAGNOSTIC_OCTETS = 40;

export class M3uaLink {
  aspState: AspState = 'down';
  lastError: string | undefined;
  /** Last NTFY text received (for status). */
  lastNotify: string | undefined;
  private beatTimer: NodeJS.Timeout | undefined;
  private missedBeats = 0;
  private closed = false;
  private readonly rcList: number[] | undefined;

  constructor(
    readonly assoc: Association,
    private readonly opts: LinkOptions,
    private readonly ev: LinkEvents,
  ) {
    this.rcList = opts.routingContext !== undefined ? [opts.routingContext] : undefined;
    assoc.setHandler({
      message: (pdu) => this.onPdu(pdu),
      closed: (reason) => this.onClosed(reason),
    });
  }

  get peer(): string {
    return this.assoc.remote;
  }

  /** Begin the bring-up (initiator) or wait for the peer (responder). */
  start(): void {
    if (this.opts.side === 'initiator') {
      this.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.ASPUP, { aspId: this.opts.aspId }));
    }
    if (this.opts.beatIntervalMs > 0) {
      this.beatTimer = setInterval(() => this.beat(), this.opts.beatIntervalMs);
      this.beatTimer.unref();
    }
  }

  /**
   * Graceful stop. Initiator: ASPIA (when active) and ASPDN, each waiting up to `ackWaitMs` for its ACK; then
   * the association is closed.
   */
  async stop(reason = 'gateway stopped', ackWaitMs = 300): Promise<void> {
    if (this.closed) return;
    if (this.opts.side === 'initiator') {
      if (this.aspState === 'active') {
        this.send(encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPIA, { routingContexts: this.rcList }));
        await this.waitState((s) => s !== 'active', ackWaitMs);
      }
      if (this.aspState !== 'down' && !this.closed) {
        this.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.ASPDN, { aspId: this.opts.aspId }));
        await this.waitState((s) => s === 'down', ackWaitMs);
      }
    }
    this.assoc.close(reason);
  }

  private stateWaiter: { test: (s: AspState) => boolean; done: () => void } | undefined;

  private waitState(test: (s: AspState) => boolean, ms: number): Promise<void> {
    if (this.closed || test(this.aspState)) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.stateWaiter = undefined;
        resolve();
      }, ms);
      this.stateWaiter = {
        test,
        done: () => {
          clearTimeout(timer);
          this.stateWaiter = undefined;
          resolve();
        },
      };
    });
  }

  /**
   * Send an encoded DATA message (or any PDU). Management goes on stream 0; DATA on stream 1 + sls mod (streams - 1)
   * so that one dialogue (one SLS) keeps its order on multi-stream (SCTP) associations. False when closed.
   */
  send(pdu: Uint8Array, sls = 0): boolean {
    if (this.closed) return false;
    this.ev.capture(pdu, 'sent');
    const streams = this.assoc.outboundStreams;
    const stream = pdu[2] !== M3uaClass.TRANSFER || streams < 2 ? MANAGEMENT_STREAM : 1 + (sls % (streams - 1));
    return this.assoc.send(pdu, stream, M3UA_PPID);
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
    this.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.BEAT, { heartbeat: Buffer.from(String(Date.now())) }));
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

  private err(code: number, diagnostic?: Uint8Array, extra: M3uaParams = {}): void {
    this.send(encodeM3ua(M3uaClass.MGMT, MgmtType.ERR, { errorCode: code, diagnostic: diagnostic?.subarray(0, DIAGNOSTIC_OCTETS), ...extra }));
  }

  private onPdu(pdu: Uint8Array): void {
    if (this.closed) return;
    this.ev.capture(pdu, 'received');
    let m: M3uaMessage;
    try {
      m = decodeM3ua(pdu);
    } catch (e) {
      const me = e instanceof M3uaError ? e : new M3uaError(ErrorCode.ProtocolError, String(e));
      this.ev.log('warn', `bad M3UA message from ${this.peer}: ${me.message}`);
      this.err(me.code, pdu);
      return;
    }
    this.missedBeats = 0;
    try {
      this.dispatch(m, pdu);
    } catch (e) {
      this.ev.log('error', `M3UA handling failed for ${messageName(m.cls, m.type)} from ${this.peer}: ${(e as Error).message}`);
    }
  }

  private dispatch(m: M3uaMessage, pdu: Uint8Array): void {
    const handlers = M3uaLink.HANDLERS[m.cls];
    if (!handlers) return this.err(ErrorCode.UnsupportedClass, pdu);
    const handle = handlers.types[m.type] ?? handlers.otherType;
    if (!handle) return this.err(ErrorCode.UnsupportedType, pdu);
    handle(this, m, pdu);
  }

  private static readonly HANDLERS: Readonly<Record<number, ClassHandlers>> = {
    [M3uaClass.TRANSFER]: { types: { [TransferType.DATA]: (l, m, pdu) => l.onData(m, pdu) } },
    [M3uaClass.ASPSM]: {
      types: {
        [AspsmType.ASPUP]: (l, m, pdu) => l.onAspUp(m, pdu),
        [AspsmType.ASPUP_ACK]: (l, _m, pdu) => l.onAspUpAck(pdu),
        [AspsmType.ASPDN]: (l, _m, pdu) => l.onAspDown(pdu),
        [AspsmType.ASPDN_ACK]: (l) => l.setState('down'),
        [AspsmType.BEAT]: (l, m) => l.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.BEAT_ACK, { heartbeat: m.heartbeat })),
        [AspsmType.BEAT_ACK]: () => undefined, // any message resets the missed beats
      },
    },
    [M3uaClass.ASPTM]: {
      types: {
        [AsptmType.ASPAC]: (l, m, pdu) => l.onAspActive(m, pdu),
        [AsptmType.ASPAC_ACK]: (l, _m, pdu) => l.onAspActiveAck(pdu),
        [AsptmType.ASPIA]: (l, m, pdu) => l.onAspInactive(m, pdu),
        [AsptmType.ASPIA_ACK]: (l) => l.setState('inactive'),
      },
    },
    [M3uaClass.MGMT]: {
      types: {
        [MgmtType.ERR]: (l, m) => l.onError(m),
        [MgmtType.NTFY]: (l, m) => l.onNotify(m),
      },
    },
    [M3uaClass.SSNM]: {
      types: {
        [SsnmType.DUNA]: (l, m) => l.ev.availability(l, (m.affected ?? []).map((a) => a.pc), false),
        [SsnmType.DAVA]: (l, m) => l.ev.availability(l, (m.affected ?? []).map((a) => a.pc), true),
        [SsnmType.DAUD]: (l, m) => l.onAudit(m),
      },
      otherType: () => undefined, // SCON, DUPU, DRST: informational
    },
  };

  /** The SG side. */
  private get responder(): boolean {
    return this.opts.side === 'responder';
  }

  /** Who answers the peer's ASPSM/ASPTM requests: the SG side, and an IPSP in either position. */
  private get answersPeer(): boolean {
    return this.responder || this.opts.ipsp === true;
  }

  private notify(asState: number, routingContexts: readonly number[] | undefined): void {
    this.send(encodeM3ua(M3uaClass.MGMT, MgmtType.NTFY, { status: { type: StatusType.AsStateChange, info: asState }, routingContexts }));
  }

  /** The peer's routing contexts are not ours. */
  private otherRoutingContext(m: M3uaMessage): boolean {
    return this.rcList !== undefined && m.routingContexts !== undefined && !m.routingContexts.includes(this.rcList[0]!);
  }

  // ---- the ASP state machine ----

  private onAspUp(m: M3uaMessage, pdu: Uint8Array): void {
    if (!this.answersPeer) return this.err(ErrorCode.UnexpectedMessage, pdu);
    this.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.ASPUP_ACK, { aspId: m.aspId }));
    if (!this.responder) return;
    this.notify(AsState.Inactive, this.rcList);
    this.setState('inactive');
  }

  private onAspUpAck(pdu: Uint8Array): void {
    if (this.responder) return this.err(ErrorCode.UnexpectedMessage, pdu);
    this.setState('inactive');
    this.send(encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPAC, { trafficMode: TrafficMode[this.opts.trafficMode], routingContexts: this.rcList }));
  }

  private onAspDown(pdu: Uint8Array): void {
    if (!this.answersPeer) return this.err(ErrorCode.UnexpectedMessage, pdu);
    this.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.ASPDN_ACK, {}));
    this.setState('down');
  }

  private onAspActive(m: M3uaMessage, pdu: Uint8Array): void {
    if (!this.answersPeer || (this.responder && this.aspState === 'down')) return this.err(ErrorCode.UnexpectedMessage, pdu);
    if (this.otherRoutingContext(m)) {
      this.ev.log('warn', `ASPAC from ${this.peer} for routing context ${m.routingContexts!.join(',')} (ours is ${this.rcList![0]}): refused`);
      return this.err(ErrorCode.InvalidRoutingContext, undefined, { routingContexts: m.routingContexts });
    }
    if (m.trafficMode !== undefined && (m.trafficMode < TrafficMode.override || m.trafficMode > TrafficMode.broadcast)) {
      return this.err(ErrorCode.UnsupportedTrafficMode, pdu);
    }
    const routingContexts = m.routingContexts ?? this.rcList;
    this.send(encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPAC_ACK, { trafficMode: m.trafficMode, routingContexts }));
    if (!this.responder) return;
    this.notify(AsState.Active, routingContexts);
    this.setState('active');
  }

  private onAspActiveAck(pdu: Uint8Array): void {
    if (this.responder) return this.err(ErrorCode.UnexpectedMessage, pdu);
    this.lastError = undefined;
    this.setState('active');
  }

  private onAspInactive(m: M3uaMessage, pdu: Uint8Array): void {
    if (!this.answersPeer) return this.err(ErrorCode.UnexpectedMessage, pdu);
    const routingContexts = m.routingContexts ?? this.rcList;
    this.send(encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPIA_ACK, { routingContexts }));
    this.notify(AsState.Inactive, routingContexts);
    this.setState('inactive');
  }

  // ---- management, network management, data ----

  /** The peer as our reports name it: "the SG 127.0.0.1:2905". */
  private get who(): string {
    return `the ${this.opts.ipsp ? 'IPSP' : this.responder ? 'ASP' : 'SG'} ${this.peer}`;
  }

  /** ERR: kept as the link's error; during bring-up the peer refused the ASP; once active, one about a route or a
   *  DATA of ours ends the dialogues it concerns (faults.ts). */
  private onError(m: M3uaMessage): void {
    const text = `ERR from ${this.peer}: ${ErrorCodes[m.errorCode ?? -1] ?? 'code ' + m.errorCode}${m.routingContexts ? ' (routing context ' + m.routingContexts.join(',') + ')' : ''}`;
    this.lastError = text;
    this.ev.log('warn', text);
    const refused = !this.responder && this.aspState !== 'active';
    this.ev.report(this, 'ERR', errText(m, this.who), refused ? undefined : errFault(m, this.who));
    if (refused) this.assoc.close(`peer refused the ASP: ${text}`);
  }

  /** NTFY: kept for the status; an alternate ASP active makes our (override) ASP inactive; AS-INACTIVE or
   *  AS-PENDING for our AS while our ASP is active ends its dialogues (no answer can reach us). */
  private onNotify(m: M3uaMessage): void {
    const text = m.status ? statusText(m.status.type, m.status.info) : 'NTFY without status';
    this.lastNotify = text;
    this.ev.log('info', `NTFY from ${this.peer}: ${text}`);
    const initiatorActive = !this.responder && this.aspState === 'active';
    this.ev.report(this, 'NTFY', `M3UA NTFY ${text} from ${this.who}`, initiatorActive ? notifyFault(m, this.who, this.opts.routingContext) : undefined);
    const alternate = m.status?.type === StatusType.Other && m.status.info === OtherStatus.AlternateAspActive;
    if (initiatorActive && alternate) this.setState('inactive');
  }

  /** DAUD: the SG side knows nothing unavailable, so it answers DAVA for what was audited. */
  private onAudit(m: M3uaMessage): void {
    if (!this.responder) return;
    this.send(encodeM3ua(M3uaClass.SSNM, SsnmType.DAVA, { routingContexts: this.rcList, affected: m.affected }));
  }

  /** DATA for our routing context and network appearance, on an active ASP, goes up. */
  private onData(m: M3uaMessage, pdu: Uint8Array): void {
    if (this.otherRoutingContext(m)) {
      this.ev.log('warn', `DATA from ${this.peer} for routing context ${m.routingContexts!.join(',')} (ours is ${this.rcList![0]}): dropped`);
      return this.err(ErrorCode.InvalidRoutingContext, pdu, { routingContexts: m.routingContexts });
    }
    const na = this.opts.networkAppearance;
    if (na !== undefined && m.networkAppearance !== undefined && m.networkAppearance !== na) {
      this.ev.log('warn', `DATA from ${this.peer} for network appearance ${m.networkAppearance}: dropped`);
      return this.err(ErrorCode.InvalidNetworkAppearance, pdu, { networkAppearance: m.networkAppearance });
    }
    if (this.responder && this.aspState !== 'active') {
      this.ev.log('warn', `DATA from ${this.peer} while its ASP is not active: dropped`);
      return this.err(ErrorCode.UnexpectedMessage, pdu);
    }
    this.ev.data(this, m.protocolData!, pdu);
  }
}
