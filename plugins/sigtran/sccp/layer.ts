// The SCCP layer of a gateway (connectionless, Q.714): its user's data out as one UDT/XUDT or as XUDT segments,
// each in an M3UA DATA message; UDT/XUDT in (segments reassembled) to the user, and UDTS/XUDTS (a message of ours
// the network returned) to the user as a notice.
import type { ProtocolData } from '../m3ua/codec.js';
import { SccpInbound } from './inbound.js';
import { SccpType, decodeSccp, returnCauseText, sccpLength, writeSccp, writeXudtSegment, xudtSegmentLength, type UnitdataHeader } from './codec.js';
import { Reassembly } from './reassembly.js';
import { SegmentReferences, fitsOneMessage, planSegments, segmentData } from './segmentation.js';
import type { BoundLink, LogFn, SccpLower, SccpRoute, SccpUser } from './service.js';

export interface SccpOptions {
  /** Send XUDT instead of UDT. */
  xudt: boolean;
  protocolClass: number;
  returnOnError: boolean;
  pointCodeBits: 14 | 24;
  /** How long the segments of one inbound message are kept. */
  reassemblyTimeoutMs: number;
}

export class SccpLayer {
  readonly dissector = 'm3ua';
  /** The header of every outbound message; the addresses are filled in per message (one object, reused). */
  private readonly header: UnitdataHeader;
  private readonly references = new SegmentReferences();
  private readonly reassembly: Reassembly;
  private user: SccpUser | undefined;

  constructor(
    private readonly options: SccpOptions,
    private readonly lower: SccpLower,
    private readonly log: LogFn,
  ) {
    this.header = { xudt: options.xudt, protocolClass: options.protocolClass, returnOnError: options.returnOnError, called: NO_ADDRESS, calling: NO_ADDRESS };
    this.reassembly = new Reassembly(options.reassemblyTimeoutMs, log);
  }

  /** The layer above, which gets what arrives. */
  bind(user: SccpUser): void {
    this.user = user;
  }

  checkReachable(route: SccpRoute): void {
    this.lower.checkReachable(route);
  }

  /** Send `data` on `route` (binding the route to the association it leaves on); returns the DATA messages sent. */
  send(route: SccpRoute, data: Uint8Array): Buffer[] {
    const h = this.header;
    h.called = route.remoteEnc;
    h.calling = route.localEnc;
    const messages = fitsOneMessage(h, data.length) ? [this.unitdata(route, data)] : this.segments(route, data);
    this.lower.transfer(route, messages);
    return messages;
  }

  private unitdata(route: SccpRoute, data: Uint8Array): Buffer {
    const b = this.lower.dataMessage(route, sccpLength(this.header, data.length));
    writeSccp(b, this.lower.dataOffset, this.header, data);
    return b;
  }

  private segments(route: SccpRoute, data: Uint8Array): Buffer[] {
    const h = this.header;
    const plan = planSegments(h, data.length);
    const reference = this.references.next();
    const out: Buffer[] = [];
    for (let i = 0; i < plan.count; i++) {
      const part = segmentData(data, plan, i);
      const b = this.lower.dataMessage(route, xudtSegmentLength(h, part.length));
      writeXudtSegment(b, this.lower.dataOffset, h, part, { first: i === 0, remaining: plan.count - 1 - i, reference });
      out.push(b);
    }
    return out;
  }

  /** An SCCP message in a DATA message `raw` from `link` (`peer` names it in logs). */
  receive(pd: ProtocolData, raw: Uint8Array, link: BoundLink, peer: string): void {
    let s;
    try {
      s = decodeSccp(pd.data, this.options.pointCodeBits);
    } catch (e) {
      this.log('warn', `bad SCCP message from ${link.peer}: ${(e as Error).message}`);
      return;
    }
    const ctx = new SccpInbound(s, pd.opc, pd.dpc, pd.sls, raw, peer, link);
    if (s.returnCause !== undefined) {
      const name = s.type === SccpType.UDTS ? 'UDTS' : 'XUDTS';
      this.user?.notice(ctx, s.data, s.returnCause, `SCCP ${name}: our message was returned, ${returnCauseText(s.returnCause)}`);
      return;
    }
    let data = s.data;
    if (s.segmentation) {
      const whole = this.reassembly.add(s, peer);
      if (!whole) return;
      data = whole;
    }
    this.user?.unitdata(ctx, data);
  }
}

const NO_ADDRESS = new Uint8Array(0);
