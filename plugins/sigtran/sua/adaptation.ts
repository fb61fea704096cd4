// SUA's connectionless service to TCAP (RFC 3868 §1.4, §4.1): in place of SCCP and M3UA, a TCAP message goes in one
// CLDT (protocol class, sequence control, hop count, source and destination addresses), and a CLDT's data comes up
// as SCCP's N-UNITDATA would; a CLDR (our message returned, with an SCCP return cause) comes up as SCCP's N-NOTICE.
// TCAP's routes carry SCCP-encoded addresses (the dialogues are the same over either adaptation): they are mapped to
// SUA addresses once per encoded address, and a received SUA address to its SCCP encoding for the replies.
import type { SccpAddress } from '../api.js';
import { SigtranError } from '../errors.js';
import { decodeAddress, encodeAddress } from '../sccp/address.js';
import { returnCauseText } from '../sccp/codec.js';
import { Reassembly } from '../sccp/reassembly.js';
import type { BoundLink, InboundContext, LogFn, SccpRoute, SccpUser } from '../sccp/service.js';
import { decodeSuaAddress, encodeSuaAddress } from './address.js';
import { encodeSua, type SuaMessage } from './codec.js';
import { CauseType, ClType, SuaClass } from './constants.js';
import type { Availability } from './link.js';

/** A link as the adaptation sees it (a SuaLink): it sends CLDTs on the stream of a sequence control value, naming
 *  the routing context configured or learnt at activation (RFC 3868 makes it mandatory in a CLDT). */
interface SuaDataLink {
  readonly peer: string;
  readonly routingContexts: readonly number[] | undefined;
  send(pdu: Uint8Array, sls: number): boolean;
}

/** The gateway's links. */
export interface SuaLinks {
  /** The link a message leaves on: the route's own while it is active, else the active one; throws 'down'. */
  pickLink(preferred: BoundLink | undefined): SuaDataLink;
  assertConnected(): void;
}

export interface SuaAdaptationOptions {
  protocolClass: number;
  returnOnError: boolean;
  /** The point-code size of the SCCP encodings TCAP's routes carry. */
  pointCodeBits: 14 | 24;
  /** How long the segments of one inbound message are kept. */
  reassemblyTimeoutMs: number;
}

/** The SS7 hop count of our CLDTs: the most a message may travel (Q.714's hop counter, 15). */
const HOP_COUNT = 15;

interface Mapped {
  sua: Uint8Array;
  addr: SccpAddress;
}

export class SuaAdaptation {
  readonly dissector = 'sua';
  /** CLDT messages sent, CLDT and CLDR received. */
  sent = 0;
  received = 0;
  private user: SccpUser | undefined;
  private readonly protocolClass: { protocolClass: number; returnOnError: boolean };
  /** SUA addresses of the SCCP encodings the routes carry (the same object for every message of a dialogue). */
  private readonly mapped = new WeakMap<Uint8Array, Mapped>();
  private readonly reassembly: Reassembly;
  /** Destinations a peer declared unavailable (`pc`, or `pc/ssn` for a subsystem), with who said so. */
  private readonly unavailable = new Map<string, string>();
  private readonly congested = new Map<number, string>();

  constructor(
    private readonly options: SuaAdaptationOptions,
    private readonly links: SuaLinks,
    private readonly log: LogFn,
  ) {
    this.protocolClass = { protocolClass: options.protocolClass, returnOnError: options.returnOnError };
    this.reassembly = new Reassembly(options.reassemblyTimeoutMs, log);
  }

  bind(user: SccpUser): void {
    this.user = user;
  }

  /** Throws SigtranError 'down' when nothing can go to the route now: no active link, or its destination is unavailable. */
  checkReachable(route: SccpRoute): void {
    this.links.assertConnected();
    if (!this.unavailable.size) return;
    const ssn = this.map(route.remoteEnc).addr.ssn;
    const why = this.unavailable.get(String(route.dpc)) ?? this.unavailable.get(`${route.dpc}/${ssn}`);
    if (why) throw new SigtranError('down', `destination ${ssn !== undefined && !this.unavailable.has(String(route.dpc)) ? `point code ${route.dpc} subsystem ${ssn}` : `point code ${route.dpc}`} is unavailable (${why})`);
  }

  /** Send a TCAP message in one CLDT on the route's link, binding the route to it; returns the message. */
  send(route: SccpRoute, data: Uint8Array): Buffer[] {
    const link = this.links.pickLink(route.link);
    const pdu = encodeSua(SuaClass.CL, ClType.CLDT, {
      routingContexts: link.routingContexts,
      protocolClass: this.protocolClass,
      source: this.map(route.localEnc).sua,
      destination: this.map(route.remoteEnc).sua,
      sequenceControl: route.sls,
      hopCount: HOP_COUNT,
      data,
    });
    route.link = link;
    link.send(pdu, route.sls);
    this.sent++;
    return [pdu];
  }

  private map(enc: Uint8Array): Mapped {
    let m = this.mapped.get(enc);
    if (!m) {
      try {
        const addr = decodeAddress(enc, 0, enc.length, this.options.pointCodeBits);
        m = { addr, sua: encodeSuaAddress(addr) };
      } catch (e) {
        throw new SigtranError('encode', `bad SUA address: ${(e as Error).message}`);
      }
      this.mapped.set(enc, m);
    }
    return m;
  }

  /** A CLDT or CLDR `m` (the whole message `raw`) from `link` (`peer` names it in logs). */
  receive(m: SuaMessage, raw: Uint8Array, link: BoundLink, peer: string): void {
    this.received++;
    let ctx: InboundContext;
    try {
      ctx = this.context(m, raw, link, peer);
    } catch (e) {
      this.log('warn', `SUA ${m.type === ClType.CLDR ? 'CLDR' : 'CLDT'} from ${link.peer} with a bad address: ${(e as Error).message}`);
      return;
    }
    if (m.type === ClType.CLDR) return this.returned(m, ctx);
    let data = m.data!;
    if (m.segmentation) {
      const whole = this.reassembly.add({ segmentation: { ...m.segmentation, protocolClass: m.protocolClass?.protocolClass ?? 0 }, callingRaw: ctx.callingRaw, data }, peer);
      if (!whole) return;
      data = whole;
    }
    this.user?.unitdata(ctx, data);
  }

  /** Where an inbound message came from, as SCCP gives it: the addresses decoded and SCCP-encoded (for replies). */
  private context(m: SuaMessage, raw: Uint8Array, link: BoundLink, peer: string): InboundContext {
    const called = decodeSuaAddress(m.destination!);
    const calling = decodeSuaAddress(m.source!);
    const bits = this.options.pointCodeBits;
    return {
      called,
      calling,
      calledRaw: encodeAddress(called, bits),
      callingRaw: encodeAddress(calling, bits),
      opc: calling.pc ?? 0,
      dpc: called.pc ?? 0,
      sls: (m.sequenceControl ?? 0) & 0xff,
      raw,
      peer,
      link,
      dissector: 'sua',
    };
  }

  /** A CLDR: one of our messages came back; the dialogue it belongs to ends with the cause by name. */
  private returned(m: SuaMessage, ctx: InboundContext): void {
    const cause = m.cause ?? { type: CauseType.Return, value: 7 };
    const kind = cause.type === CauseType.Return ? '' : ` (cause type ${cause.type})`;
    const reason = `SUA CLDR: our message was returned${kind}, ${returnCauseText(cause.value)}`;
    if (!m.data) {
      this.log('warn', `${reason}, without the message: no dialogue can be named`);
      return;
    }
    this.user?.notice(ctx, m.data, cause.value, reason);
  }

  /** DUNA, DAVA, SCON or DUPU (`name`) from `from`. */
  availability(what: Availability, name: string, from: string): void {
    for (const pc of what.pcs) {
      const key = what.ssn !== undefined ? `${pc}/${what.ssn}` : String(pc);
      if (name === 'SCON') this.congested.set(pc, what.detail ?? 'congested');
      else if (what.available) {
        this.unavailable.delete(key);
        this.congested.delete(pc);
      } else this.unavailable.set(key, `${name} from ${from}${what.detail ? ': ' + what.detail : ''}`);
    }
  }

  /** Point codes declared unavailable, and subsystems (`pc/ssn`). */
  get unavailablePointCodes(): number[] {
    return [...this.unavailable.keys()].filter((k) => !k.includes('/')).map(Number);
  }

  get unavailableSubsystems(): string[] {
    return [...this.unavailable.keys()].filter((k) => k.includes('/'));
  }

  get congestedPointCodes(): string[] {
    return [...this.congested].map(([pc, level]) => `${pc} (${level})`);
  }
}
