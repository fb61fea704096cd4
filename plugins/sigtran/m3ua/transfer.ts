// M3UA's MTP-TRANSFER service to SCCP (RFC 4666 §1.4.2.1): DATA messages with SI SCCP from our point code to
// another, sent on one of the gateway's links; point codes a peer declared unavailable (DUNA, until DAVA) are
// refused readably.
import { SigtranError } from '../errors.js';
import { dataOffset, writeDataHeader, type DataHeader } from './codec.js';
import { ServiceIndicator } from './constants.js';

/** Where DATA messages go: the label's point codes and SLS, and the link the route is bound to. */
export interface TransferRoute {
  opc: number;
  dpc: number;
  sls: number;
  link: { readonly peer: string } | undefined;
}

/** A link as the transfer sees it (an M3uaLink): it sends DATA messages on the stream of an SLS. */
interface DataLink {
  readonly peer: string;
  send(pdu: Uint8Array, sls: number): boolean;
}

/** The gateway's links as the transfer sees them. */
export interface Links {
  /** The link a message leaves on: the route's own while it is active, else the active one; throws 'down'. */
  pickLink(preferred: TransferRoute['link']): DataLink;
  /** Throws SigtranError 'down' when no link is active (pickLink would throw). */
  assertConnected(): void;
}

export interface TransferOptions {
  routingContext?: number;
  networkAppearance?: number;
  /** Network indicator of the label. */
  ni: number;
}

/** Message priority of the label: M3UA leaves it to the national network; we send 0. */
const PRIORITY = 0;

export class M3uaTransfer {
  /** DATA messages sent. */
  sent = 0;
  readonly dataOffset: number;
  /** The header of every DATA message; label fields filled in per message (one object, reused). */
  private readonly header: DataHeader;
  /** Point codes a peer declared unavailable, with who said so. */
  private readonly unavailable = new Map<number, string>();

  constructor(
    options: TransferOptions,
    private readonly links: Links,
  ) {
    const { routingContext, networkAppearance, ni } = options;
    this.header = { routingContext, networkAppearance, opc: 0, dpc: 0, si: ServiceIndicator.SCCP, ni, mp: PRIORITY, sls: 0 };
    this.dataOffset = dataOffset(this.header);
  }

  /** A DATA message for the route's label with its header written and room for `length` octets at dataOffset. */
  dataMessage(route: TransferRoute, length: number): Buffer {
    const h = this.header;
    h.opc = route.opc;
    h.dpc = route.dpc;
    h.sls = route.sls;
    const b = Buffer.allocUnsafe(this.dataOffset + ((length + 3) & ~3)); // dataLength(h, length)
    writeDataHeader(b, h, length);
    return b;
  }

  /** Throws SigtranError 'down' when nothing can go to the route now: no active link, or its DPC is unavailable. */
  checkReachable(route: TransferRoute): void {
    this.links.assertConnected();
    const why = this.unavailable.size ? this.unavailable.get(route.dpc) : undefined;
    if (why) throw new SigtranError('down', `destination point code ${route.dpc} is unavailable (${why})`);
  }

  /** Send the DATA messages of one SCCP message on the route's link (DATA stream by SLS), binding the route to it. */
  transfer(route: TransferRoute, messages: readonly Buffer[]): void {
    const link = this.links.pickLink(route.link);
    route.link = link;
    for (const m of messages) link.send(m, route.sls);
    this.sent += messages.length;
  }

  /** DUNA (unavailable) or DAVA (available again) for these point codes, from `from`. */
  availability(pcs: readonly number[], available: boolean, from: string): void {
    for (const pc of pcs) {
      if (available) this.unavailable.delete(pc);
      else this.unavailable.set(pc, `DUNA from ${from}`);
    }
  }

  get unavailablePointCodes(): number[] {
    return [...this.unavailable.keys()];
  }
}
