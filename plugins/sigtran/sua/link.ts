// One SUA association: the ASP state machine both adaptations share (../ua/asp-link.ts) and SUA's own part:
// CLDT/CLDR (with the RC and NA checks, and their mandatory parameters) go up; DUNA/DAVA/SCON/DUPU are the
// availability of destinations and subsystems, DAUD is answered by the responder; what an ERR's diagnostic says of
// our CLDT is read by faults.ts.
import type { Association } from '../transport/index.js';
import { AspLink, type HandlerTable } from '../ua/asp-link.js';
import type { Adaptation, AspEvents, AspOptions } from '../ua/asp-types.js';
import { ClType, ErrorCode, ErrorCodes, SUA_PPID, SsnmType, SuaClass, messageName } from './constants.js';
import { SuaError, decodeSua, encodeSua, type SuaMessage } from './codec.js';
import { diagnoseSua } from './faults.js';

export type SuaLinkOptions = AspOptions;

/** What a signalling network management message says about a destination (DUNA, DAVA, SCON, DUPU). */
export interface Availability {
  pcs: number[];
  /** The affected subsystem, when the message names one. */
  ssn?: number;
  available: boolean;
  /** SCON: the congestion level; DUPU: the user/cause. */
  detail?: string;
}

export interface SuaLinkEvents extends AspEvents<SuaLink> {
  /** A CLDT or CLDR (routing context and network appearance already checked). `raw` is the whole SUA message. */
  unitdata(link: SuaLink, m: SuaMessage, raw: Uint8Array): void;
  availability(link: SuaLink, what: Availability, message: string): void;
}

const SUA: Adaptation<SuaMessage> = {
  name: 'SUA',
  errPrefix: 'SUA ',
  ppid: SUA_PPID,
  dataClass: SuaClass.CL,
  errorCodes: ErrorCodes,
  encode: encodeSua,
  decode: decodeSua,
  asError: (e) => (e instanceof SuaError ? e : new SuaError(ErrorCode.ProtocolError, String(e))),
  messageName,
  diagnose: diagnoseSua,
};

export class SuaLink extends AspLink<SuaMessage> {
  private static readonly HANDLERS: HandlerTable<SuaLink, SuaMessage> = {
    ...AspLink.aspHandlers<SuaMessage>(),
    [SuaClass.CL]: {
      types: {
        [ClType.CLDT]: (l, m, pdu) => l.onUnitdata(m, pdu),
        [ClType.CLDR]: (l, m, pdu) => l.onUnitdata(m, pdu),
      },
    },
    [SuaClass.SSNM]: {
      types: {
        [SsnmType.DUNA]: (l, m) => l.onAvailability(m, 'DUNA', false),
        [SsnmType.DAVA]: (l, m) => l.onAvailability(m, 'DAVA', true),
        [SsnmType.DAUD]: (l, m) => l.onAudit(m),
        [SsnmType.SCON]: (l, m) => l.onAvailability(m, 'SCON', true, `congestion level ${m.congestionLevel ?? 'not given'}`),
        [SsnmType.DUPU]: (l, m) => l.onAvailability(m, 'DUPU', false, m.userCause ? `user part ${m.userCause.user} unavailable, cause ${m.userCause.cause}` : undefined),
        [SsnmType.DRST]: () => undefined, // restricted: still reachable
      },
    },
  };

  protected readonly handlers: HandlerTable<SuaLink, SuaMessage> = SuaLink.HANDLERS;

  constructor(
    assoc: Association,
    opts: SuaLinkOptions,
    protected readonly ev: SuaLinkEvents,
  ) {
    super(assoc, opts, SUA);
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

  /** CLDT/CLDR for our routing context and network appearance, on an active ASP, with its addresses (and a
   *  CLDT's data), goes up. */
  private onUnitdata(m: SuaMessage, pdu: Uint8Array): void {
    const what = messageName(m.cls, m.type);
    if (!this.acceptTransfer(m, pdu, what)) return;
    const missing = m.source === undefined ? 'source address' : m.destination === undefined ? 'destination address' : m.type === ClType.CLDT && !m.data ? 'data' : undefined;
    if (missing) {
      this.ev.log('warn', `${what} from ${this.peer} without ${missing}: dropped`);
      return this.err(ErrorCode.MissingParameter, pdu);
    }
    this.ev.unitdata(this, m, pdu);
  }
}
