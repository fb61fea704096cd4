// One M3UA association: the ASP state machine on either side.
//   initiator (role asp, or ipsp on the connecting side): ASPUP -> ASPUP ACK -> ASPAC -> ASPAC ACK = active.
//   responder (role sgp, or ipsp on the listening side): answers ASPUP/ASPAC/ASPIA/ASPDN, checks RC and NA.
// Both: BEAT/BEAT ACK, NTFY, ERR, DUNA/DAVA, DATA with the routing context check.
import type { Association } from '../transport/index.js';
import { AspsmType, AsptmType, ErrorCode, ErrorCodes, M3uaClass, MgmtType, SsnmType, TrafficMode, TransferType, messageName, statusText } from './constants.js';
import { M3uaError, decodeM3ua, encodeM3ua, type M3uaMessage, type M3uaParams, type ProtocolData } from './codec.js';

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
  /** Every PDU sent or received (for captures). */
  capture(raw: Uint8Array, direction: 'sent' | 'received'): void;
  /** The association closed (reason readable). */
  closed(link: M3uaLink, reason: string): void;
  log(level: 'error' | 'warn' | 'info' | 'debug', text: string): void;
}

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
    const stream = pdu[2] !== M3uaClass.TRANSFER ? 0 : streams > 1 ? 1 + (sls % (streams - 1)) : 0;
    return this.assoc.send(pdu, stream, 3);
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
    this.send(encodeM3ua(M3uaClass.MGMT, MgmtType.ERR, { errorCode: code, diagnostic: diagnostic?.subarray(0, 40), ...extra }));
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
    const responder = this.opts.side === 'responder';
    // Who answers the peer's ASPSM/ASPTM requests: the SG side, and an IPSP in either position.
    const answers = responder || this.opts.ipsp === true;
    switch (m.cls) {
      case M3uaClass.TRANSFER: {
        if (m.type !== TransferType.DATA) return this.err(ErrorCode.UnsupportedType, pdu);
        if (this.rcList && m.routingContexts && !m.routingContexts.includes(this.rcList[0]!)) {
          this.ev.log('warn', `DATA from ${this.peer} for routing context ${m.routingContexts.join(',')} (ours is ${this.rcList[0]}): dropped`);
          return this.err(ErrorCode.InvalidRoutingContext, pdu, { routingContexts: m.routingContexts });
        }
        if (this.opts.networkAppearance !== undefined && m.networkAppearance !== undefined && m.networkAppearance !== this.opts.networkAppearance) {
          this.ev.log('warn', `DATA from ${this.peer} for network appearance ${m.networkAppearance}: dropped`);
          return this.err(ErrorCode.InvalidNetworkAppearance, pdu, { networkAppearance: m.networkAppearance });
        }
        if (responder && this.aspState !== 'active') {
          this.ev.log('warn', `DATA from ${this.peer} while its ASP is not active: dropped`);
          return this.err(ErrorCode.UnexpectedMessage, pdu);
        }
        this.ev.data(this, m.protocolData!, pdu);
        return;
      }
      case M3uaClass.ASPSM:
        switch (m.type) {
          case AspsmType.BEAT:
            this.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.BEAT_ACK, { heartbeat: m.heartbeat }));
            return;
          case AspsmType.BEAT_ACK:
            return;
          case AspsmType.ASPUP:
            if (!answers) return this.err(ErrorCode.UnexpectedMessage, pdu);
            this.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.ASPUP_ACK, { aspId: m.aspId }));
            if (responder) {
              this.send(encodeM3ua(M3uaClass.MGMT, MgmtType.NTFY, { status: { type: 1, info: 2 }, routingContexts: this.rcList }));
              this.setState('inactive');
            }
            return;
          case AspsmType.ASPDN:
            if (!answers) return this.err(ErrorCode.UnexpectedMessage, pdu);
            this.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.ASPDN_ACK, {}));
            this.setState('down');
            return;
          case AspsmType.ASPUP_ACK:
            if (responder) return this.err(ErrorCode.UnexpectedMessage, pdu);
            this.setState('inactive');
            this.send(
              encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPAC, {
                trafficMode: TrafficMode[this.opts.trafficMode],
                routingContexts: this.rcList,
              }),
            );
            return;
          case AspsmType.ASPDN_ACK:
            this.setState('down');
            return;
          default:
            return this.err(ErrorCode.UnsupportedType, pdu);
        }
      case M3uaClass.ASPTM:
        switch (m.type) {
          case AsptmType.ASPAC: {
            if (!answers) return this.err(ErrorCode.UnexpectedMessage, pdu);
            if (responder && this.aspState === 'down') return this.err(ErrorCode.UnexpectedMessage, pdu);
            if (this.rcList && m.routingContexts && !m.routingContexts.includes(this.rcList[0]!)) {
              this.ev.log('warn', `ASPAC from ${this.peer} for routing context ${m.routingContexts.join(',')} (ours is ${this.rcList[0]}): refused`);
              return this.err(ErrorCode.InvalidRoutingContext, undefined, { routingContexts: m.routingContexts });
            }
            if (m.trafficMode !== undefined && (m.trafficMode < 1 || m.trafficMode > 3)) return this.err(ErrorCode.UnsupportedTrafficMode, pdu);
            this.send(encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPAC_ACK, { trafficMode: m.trafficMode, routingContexts: m.routingContexts ?? this.rcList }));
            if (responder) {
              this.send(encodeM3ua(M3uaClass.MGMT, MgmtType.NTFY, { status: { type: 1, info: 3 }, routingContexts: m.routingContexts ?? this.rcList }));
              this.setState('active');
            }
            return;
          }
          case AsptmType.ASPIA:
            if (!answers) return this.err(ErrorCode.UnexpectedMessage, pdu);
            this.send(encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPIA_ACK, { routingContexts: m.routingContexts ?? this.rcList }));
            this.send(encodeM3ua(M3uaClass.MGMT, MgmtType.NTFY, { status: { type: 1, info: 2 }, routingContexts: m.routingContexts ?? this.rcList }));
            this.setState('inactive');
            return;
          case AsptmType.ASPAC_ACK:
            if (responder) return this.err(ErrorCode.UnexpectedMessage, pdu);
            this.lastError = undefined;
            this.setState('active');
            return;
          case AsptmType.ASPIA_ACK:
            this.setState('inactive');
            return;
          default:
            return this.err(ErrorCode.UnsupportedType, pdu);
        }
      case M3uaClass.MGMT:
        if (m.type === MgmtType.ERR) {
          const text = `ERR from ${this.peer}: ${ErrorCodes[m.errorCode ?? -1] ?? 'code ' + m.errorCode}${m.routingContexts ? ' (routing context ' + m.routingContexts.join(',') + ')' : ''}`;
          this.lastError = text;
          this.ev.log('warn', text);
          if (!responder && this.aspState !== 'active') this.assoc.close(`peer refused the ASP: ${text}`);
          return;
        }
        if (m.type === MgmtType.NTFY) {
          const text = m.status ? statusText(m.status.type, m.status.info) : 'NTFY without status';
          this.lastNotify = text;
          this.ev.log('info', `NTFY from ${this.peer}: ${text}`);
          if (!responder && m.status?.type === 2 && m.status.info === 2 && this.aspState === 'active') this.setState('inactive');
          return;
        }
        return this.err(ErrorCode.UnsupportedType, pdu);
      case M3uaClass.SSNM:
        if (m.type === SsnmType.DUNA || m.type === SsnmType.DAVA) {
          this.ev.availability(this, (m.affected ?? []).map((a) => a.pc), m.type === SsnmType.DAVA);
          return;
        }
        if (m.type === SsnmType.DAUD && responder) {
          // We know nothing unavailable: answer DAVA for what was audited.
          this.send(encodeM3ua(M3uaClass.SSNM, SsnmType.DAVA, { routingContexts: this.rcList, affected: m.affected }));
          return;
        }
        return; // SCON, DUPU, DRST: informational
      default:
        return this.err(ErrorCode.UnsupportedClass, pdu);
    }
  }
}
