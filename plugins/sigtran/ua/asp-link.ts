// One M3UA or SUA association: the ASP state machine both adaptations share (RFC 4666 §4.3, RFC 3868 §4.3: the
// same procedures), and the dispatch of what arrives by a table of handlers per message class and type.
//   initiator (role asp, or ipsp on the connecting side): down -ASPUP-> (ASPUP ACK) inactive -ASPAC-> (ASPAC ACK)
//     active; stopping: ASPIA -> (ACK) inactive, ASPDN -> (ACK) down.
//   responder (role sgp, or ipsp on the listening side): ASPUP -> ACK + NTFY AS-INACTIVE, inactive; ASPAC (RC and
//     traffic mode checked) -> ACK + NTFY AS-ACTIVE, active; ASPIA -> ACK + NTFY, inactive; ASPDN -> ACK, down.
//     An IPSP initiator answers the peer's ASPUP/ASPAC/ASPIA/ASPDN too (double exchange), without changing state.
// Both: BEAT/BEAT ACK, NTFY, ERR (an ERR or NTFY about our traffic ends the dialogues it concerns: faults.ts).
// An adaptation's link (m3ua/link.ts, sua/link.ts) adds its transfer class (DATA, CLDT/CLDR) and signalling network
// management, and says how its messages are encoded and what an ERR's diagnostic names (an `Adaptation`).
import type { Association } from '../transport/index.js';
import { AsState, AspsmType, AsptmType, ErrorCode, MgmtType, OtherStatus, StatusType, TrafficMode, UaClass, statusText } from './constants.js';
import type { Adaptation, AspEvents, AspMessage, AspOptions, AspParams, AspState } from './asp-types.js';
import { errFault, errText, notifyFault } from './faults.js';

type Handler<L, M> = (link: L, m: M, pdu: Uint8Array) => void;

/** The handlers of one message class, by type; a type not listed gets ERR unsupported type unless `otherType`. */
interface ClassHandlers<L, M> {
  readonly types: Readonly<Record<number, Handler<L, M>>>;
  readonly otherType?: Handler<L, M>;
}

export type HandlerTable<L, M> = Readonly<Record<number, ClassHandlers<L, M>>>;

/** The stream of management messages (transfer messages go on the others, by SLS). */
const MANAGEMENT_STREAM = 0;
/** Octets of a bad message sent back in an ERR's diagnostic information. */
const DIAGNOSTIC_OCTETS = 40;

export abstract class AspLink<M extends AspMessage> {
  aspState: AspState = 'down';
  lastError: string | undefined;
  /** Last NTFY text received (for status). */
  lastNotify: string | undefined;
  protected readonly rcList: number[] | undefined;
  /** The routing context the peer named at our activation, when none is configured (routingContexts). */
  private peerRc: number[] | undefined;
  protected abstract readonly ev: AspEvents<this>;
  /** The common classes' handlers (aspHandlers) and the adaptation's own. */
  protected abstract readonly handlers: HandlerTable<this, M>;
  private beatTimer: NodeJS.Timeout | undefined;
  private missedBeats = 0;
  private closed = false;
  private stateWaiter: { test: (s: AspState) => boolean; done: () => void } | undefined;

  constructor(
    readonly assoc: Association,
    protected readonly opts: AspOptions,
    private readonly ua: Adaptation<M>,
  ) {
    this.rcList = opts.routingContext !== undefined ? [opts.routingContext] : undefined;
    // An association hands over at once what it held: messages and its close (an SG that closed the association as
    // soon as it was accepted, e.g. osmo-stp refusing an address it has no ASP for). Inside this constructor the
    // adaptation's fields (its events, handlers) are not set yet, so what comes now waits for a microtask, in order.
    let early: Array<() => void> | undefined = [];
    const now = (f: () => void) => (early ? early.push(f) : f());
    assoc.setHandler({ message: (pdu) => now(() => this.onPdu(pdu)), closed: (reason) => now(() => this.onClosed(reason)) });
    queueMicrotask(() => {
      const held = early!;
      early = undefined;
      for (const f of held) f();
    });
  }

  get peer(): string {
    return this.assoc.remote;
  }

  /** The routing context our transfer messages name: the configured one, else the first the peer named when our ASP
   *  became active (its ASPAC ACK or NTFY AS-ACTIVE, or, answering, its ASPAC); undefined when it named none. SUA's
   *  CLDT must carry one (RFC 3868 §3.3.1.1); M3UA's DATA only when configured (RFC 4666: conditional). */
  get routingContexts(): readonly number[] | undefined {
    return this.rcList ?? this.peerRc;
  }

  /** Keep the first routing context the peer names when we have none configured. */
  private learnRoutingContext(m: M): void {
    const rc = m.routingContexts?.[0];
    if (!this.rcList && !this.peerRc && rc !== undefined) this.peerRc = [rc];
  }

  /** Begin the bring-up (initiator) or wait for the peer (responder). */
  start(): void {
    if (this.opts.side === 'initiator') this.send(this.ua.encode(UaClass.ASPSM, AspsmType.ASPUP, { aspId: this.opts.aspId }));
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
        this.send(this.ua.encode(UaClass.ASPTM, AsptmType.ASPIA, { routingContexts: this.rcList }));
        await this.waitState((s) => s !== 'active', ackWaitMs);
      }
      if (this.aspState !== 'down' && !this.closed) {
        this.send(this.ua.encode(UaClass.ASPSM, AspsmType.ASPDN, { aspId: this.opts.aspId }));
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
   * Send an encoded message. Management goes on stream 0; transfer messages on stream 1 + sls mod (streams - 1)
   * so that one dialogue (one SLS) keeps its order on multi-stream (SCTP) associations. False when closed.
   */
  send(pdu: Uint8Array, sls = 0): boolean {
    if (this.closed) return false;
    this.ev.capture(pdu, 'sent');
    const streams = this.assoc.outboundStreams;
    const stream = pdu[2] !== this.ua.dataClass || streams < 2 ? MANAGEMENT_STREAM : 1 + (sls % (streams - 1));
    return this.assoc.send(pdu, stream, this.ua.ppid);
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
    this.send(this.ua.encode(UaClass.ASPSM, AspsmType.BEAT, { heartbeat: Buffer.from(String(Date.now())) }));
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

  protected err(code: number, diagnostic?: Uint8Array, extra: AspParams = {}): void {
    this.send(this.ua.encode(UaClass.MGMT, MgmtType.ERR, { errorCode: code, diagnostic: diagnostic?.subarray(0, DIAGNOSTIC_OCTETS), ...extra }));
  }

  private onPdu(pdu: Uint8Array): void {
    if (this.closed) return;
    this.ev.capture(pdu, 'received');
    let m: M;
    try {
      m = this.ua.decode(pdu);
    } catch (e) {
      const bad = this.ua.asError(e);
      this.ev.log('warn', `bad ${this.ua.name} message from ${this.peer}: ${bad.message}`);
      this.err(bad.code, pdu);
      return;
    }
    this.missedBeats = 0;
    try {
      this.dispatch(m, pdu);
    } catch (e) {
      this.ev.log('error', `${this.ua.name} handling failed for ${this.ua.messageName(m.cls, m.type)} from ${this.peer}: ${(e as Error).message}`);
    }
  }

  private dispatch(m: M, pdu: Uint8Array): void {
    const handlers = this.handlers[m.cls];
    if (!handlers) return this.err(ErrorCode.UnsupportedClass, pdu);
    const handle = handlers.types[m.type] ?? handlers.otherType;
    if (!handle) return this.err(ErrorCode.UnsupportedType, pdu);
    handle(this, m, pdu);
  }

  /** The handlers of the classes both adaptations have: management, ASP state maintenance and traffic maintenance. */
  protected static aspHandlers<M extends AspMessage>(): HandlerTable<AspLink<M>, M> {
    return {
      [UaClass.ASPSM]: {
        types: {
          [AspsmType.ASPUP]: (l, m, pdu) => l.onAspUp(m, pdu),
          [AspsmType.ASPUP_ACK]: (l, _m, pdu) => l.onAspUpAck(pdu),
          [AspsmType.ASPDN]: (l, _m, pdu) => l.onAspDown(pdu),
          [AspsmType.ASPDN_ACK]: (l) => l.setState('down'),
          [AspsmType.BEAT]: (l, m) => l.send(l.ua.encode(UaClass.ASPSM, AspsmType.BEAT_ACK, { heartbeat: m.heartbeat })),
          [AspsmType.BEAT_ACK]: () => undefined, // any message resets the missed beats
        },
      },
      [UaClass.ASPTM]: {
        types: {
          [AsptmType.ASPAC]: (l, m, pdu) => l.onAspActive(m, pdu),
          [AsptmType.ASPAC_ACK]: (l, m, pdu) => l.onAspActiveAck(m, pdu),
          [AsptmType.ASPIA]: (l, m, pdu) => l.onAspInactive(m, pdu),
          [AsptmType.ASPIA_ACK]: (l) => l.setState('inactive'),
        },
      },
      [UaClass.MGMT]: {
        types: {
          [MgmtType.ERR]: (l, m) => l.onError(m),
          [MgmtType.NTFY]: (l, m) => l.onNotify(m),
        },
      },
    };
  }

  /** The SG side. */
  protected get responder(): boolean {
    return this.opts.side === 'responder';
  }

  /** Who answers the peer's ASPSM/ASPTM requests: the SG side, and an IPSP in either position. */
  private get answersPeer(): boolean {
    return this.responder || this.opts.ipsp === true;
  }

  private notify(asState: number, routingContexts: readonly number[] | undefined): void {
    this.send(this.ua.encode(UaClass.MGMT, MgmtType.NTFY, { status: { type: StatusType.AsStateChange, info: asState }, routingContexts }));
  }

  /** The peer's routing contexts are not ours. */
  protected otherRoutingContext(m: M): boolean {
    return this.rcList !== undefined && m.routingContexts !== undefined && !m.routingContexts.includes(this.rcList[0]!);
  }

  /**
   * The checks before a transfer message goes up (DATA, CLDT/CLDR): our routing context and network appearance,
   * and, on the SG side, an active ASP. False (with the ERR sent and a warning logged) when it is dropped.
   */
  protected acceptTransfer(m: M, pdu: Uint8Array, what: string): boolean {
    if (this.otherRoutingContext(m)) {
      this.ev.log('warn', `${what} from ${this.peer} for routing context ${m.routingContexts!.join(',')} (ours is ${this.rcList![0]}): dropped`);
      this.err(ErrorCode.InvalidRoutingContext, pdu, { routingContexts: m.routingContexts });
      return false;
    }
    const na = this.opts.networkAppearance;
    if (na !== undefined && m.networkAppearance !== undefined && m.networkAppearance !== na) {
      this.ev.log('warn', `${what} from ${this.peer} for network appearance ${m.networkAppearance}: dropped`);
      this.err(ErrorCode.InvalidNetworkAppearance, pdu, { networkAppearance: m.networkAppearance });
      return false;
    }
    if (this.responder && this.aspState !== 'active') {
      this.ev.log('warn', `${what} from ${this.peer} while its ASP is not active: dropped`);
      this.err(ErrorCode.UnexpectedMessage, pdu);
      return false;
    }
    return true;
  }

  // ---- the ASP state machine ----

  private onAspUp(m: M, pdu: Uint8Array): void {
    if (!this.answersPeer) return this.err(ErrorCode.UnexpectedMessage, pdu);
    this.send(this.ua.encode(UaClass.ASPSM, AspsmType.ASPUP_ACK, { aspId: m.aspId }));
    if (!this.responder) return;
    this.notify(AsState.Inactive, this.rcList);
    this.setState('inactive');
  }

  private onAspUpAck(pdu: Uint8Array): void {
    if (this.responder) return this.err(ErrorCode.UnexpectedMessage, pdu);
    this.setState('inactive');
    this.send(this.ua.encode(UaClass.ASPTM, AsptmType.ASPAC, { trafficMode: TrafficMode[this.opts.trafficMode], routingContexts: this.rcList }));
  }

  private onAspDown(pdu: Uint8Array): void {
    if (!this.answersPeer) return this.err(ErrorCode.UnexpectedMessage, pdu);
    this.send(this.ua.encode(UaClass.ASPSM, AspsmType.ASPDN_ACK, {}));
    this.setState('down');
  }

  private onAspActive(m: M, pdu: Uint8Array): void {
    if (!this.answersPeer || (this.responder && this.aspState === 'down')) return this.err(ErrorCode.UnexpectedMessage, pdu);
    if (this.otherRoutingContext(m)) {
      this.ev.log('warn', `ASPAC from ${this.peer} for routing context ${m.routingContexts!.join(',')} (ours is ${this.rcList![0]}): refused`);
      return this.err(ErrorCode.InvalidRoutingContext, undefined, { routingContexts: m.routingContexts });
    }
    if (m.trafficMode !== undefined && (m.trafficMode < TrafficMode.override || m.trafficMode > TrafficMode.broadcast)) {
      return this.err(ErrorCode.UnsupportedTrafficMode, pdu);
    }
    const routingContexts = m.routingContexts ?? this.rcList;
    this.learnRoutingContext(m);
    this.send(this.ua.encode(UaClass.ASPTM, AsptmType.ASPAC_ACK, { trafficMode: m.trafficMode, routingContexts }));
    if (!this.responder) return;
    this.notify(AsState.Active, routingContexts);
    this.setState('active');
  }

  private onAspActiveAck(m: M, pdu: Uint8Array): void {
    if (this.responder) return this.err(ErrorCode.UnexpectedMessage, pdu);
    this.lastError = undefined;
    this.learnRoutingContext(m);
    this.setState('active');
  }

  private onAspInactive(m: M, pdu: Uint8Array): void {
    if (!this.answersPeer) return this.err(ErrorCode.UnexpectedMessage, pdu);
    const routingContexts = m.routingContexts ?? this.rcList;
    this.send(this.ua.encode(UaClass.ASPTM, AsptmType.ASPIA_ACK, { routingContexts }));
    this.notify(AsState.Inactive, routingContexts);
    this.setState('inactive');
  }

  // ---- management ----

  /** The peer as our reports name it: "the SG 127.0.0.1:2905". */
  private get who(): string {
    return `the ${this.opts.ipsp ? 'IPSP' : this.responder ? 'ASP' : 'SG'} ${this.peer}`;
  }

  /** ERR: kept as the link's error; during bring-up it means the peer refused the ASP, and the association is
   *  closed; once active, an ERR about a route or a message of ours ends the dialogues it concerns (faults.ts). */
  private onError(m: M): void {
    const text = `${this.ua.errPrefix}ERR from ${this.peer}: ${this.ua.errorCodes[m.errorCode ?? -1] ?? 'code ' + m.errorCode}${m.routingContexts ? ' (routing context ' + m.routingContexts.join(',') + ')' : ''}`;
    this.lastError = text;
    this.ev.log('warn', text);
    const refused = !this.responder && this.aspState !== 'active';
    const report = errText(this.ua.name, this.ua.errorCodes, m, this.who);
    this.ev.report(this, 'ERR', report, refused ? undefined : errFault(report, m, this.ua.diagnose(m.diagnostic)));
    if (refused) this.assoc.close(`peer refused the ASP: ${text}`);
  }

  /** NTFY: kept for the status; an alternate ASP active makes our (override) ASP inactive; AS-INACTIVE or
   *  AS-PENDING for our AS while our ASP is active ends its dialogues (no answer can reach us). */
  private onNotify(m: M): void {
    const text = m.status ? statusText(m.status.type, m.status.info) : 'NTFY without status';
    this.lastNotify = text;
    this.ev.log('info', `NTFY from ${this.peer}: ${text}`);
    const initiatorActive = !this.responder && this.aspState === 'active';
    if (!this.responder && m.status?.type === StatusType.AsStateChange && m.status.info === AsState.Active) this.learnRoutingContext(m);
    const who = this.who;
    this.ev.report(this, 'NTFY', `${this.ua.name} NTFY ${text} from ${who}`, initiatorActive ? notifyFault(this.ua.name, m, who, this.opts.routingContext) : undefined);
    const alternate = m.status?.type === StatusType.Other && m.status.info === OtherStatus.AlternateAspActive;
    if (initiatorActive && alternate) this.setState('inactive');
  }
}
