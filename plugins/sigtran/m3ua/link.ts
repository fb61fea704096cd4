// One M3UA association: the ASP state machine both adaptations share (../ua/asp-link.ts) and M3UA's own part:
// DATA (with the RC and NA checks) goes up; DUNA/DAVA are the availability of point codes, DAUD is answered by the
// responder; what an ERR's diagnostic says of our DATA is read by faults.ts.
import type { Association } from '../transport/index.js';
import { AspLink, type HandlerTable } from '../ua/asp-link.js';
import type { Adaptation, AspEvents, AspOptions, AspState } from '../ua/asp-types.js';
import { ErrorCode, ErrorCodes, M3UA_PPID, M3uaClass, SsnmType, TransferType, messageName } from './constants.js';
import { M3uaError, decodeM3ua, encodeM3ua, type M3uaMessage, type ProtocolData } from './codec.js';
import { diagnoseM3ua } from './faults.js';

export type { AspState };
export type LinkOptions = AspOptions;

export interface LinkEvents extends AspEvents<M3uaLink> {
  /** A DATA message (routing context already checked). `raw` is the whole M3UA PDU. */
  data(link: M3uaLink, pd: ProtocolData, raw: Uint8Array): void;
  /** DUNA / DAVA for these point codes. */
  availability(link: M3uaLink, pcs: number[], available: boolean): void;
}

const M3UA: Adaptation<M3uaMessage> = {
  name: 'M3UA',
  errPrefix: '',
  ppid: M3UA_PPID,
  dataClass: M3uaClass.TRANSFER,
  errorCodes: ErrorCodes,
  encode: encodeM3ua,
  decode: decodeM3ua,
  asError: (e) => (e instanceof M3uaError ? e : new M3uaError(ErrorCode.ProtocolError, String(e))),
  messageName,
  diagnose: diagnoseM3ua,
};

export class M3uaLink extends AspLink<M3uaMessage> {
  private static readonly HANDLERS: HandlerTable<M3uaLink, M3uaMessage> = {
    ...AspLink.aspHandlers<M3uaMessage>(),
    [M3uaClass.TRANSFER]: { types: { [TransferType.DATA]: (l, m, pdu) => l.onData(m, pdu) } },
    [M3uaClass.SSNM]: {
      types: {
        [SsnmType.DUNA]: (l, m) => l.ev.availability(l, (m.affected ?? []).map((a) => a.pc), false),
        [SsnmType.DAVA]: (l, m) => l.ev.availability(l, (m.affected ?? []).map((a) => a.pc), true),
        [SsnmType.DAUD]: (l, m) => l.onAudit(m),
      },
      otherType: () => undefined, // SCON, DUPU, DRST: informational
    },
  };

  protected readonly handlers: HandlerTable<M3uaLink, M3uaMessage> = M3uaLink.HANDLERS;

  constructor(
    assoc: Association,
    opts: LinkOptions,
    protected readonly ev: LinkEvents,
  ) {
    super(assoc, opts, M3UA);
  }

  /** DAUD: the SG side knows nothing unavailable, so it answers DAVA for what was audited. */
  private onAudit(m: M3uaMessage): void {
    if (!this.responder) return;
    this.send(encodeM3ua(M3uaClass.SSNM, SsnmType.DAVA, { routingContexts: this.rcList, affected: m.affected }));
  }

  /** DATA for our routing context and network appearance, on an active ASP, goes up. */
  private onData(m: M3uaMessage, pdu: Uint8Array): void {
    if (this.acceptTransfer(m, pdu, 'DATA')) this.ev.data(this, m.protocolData!, pdu);
  }
}
