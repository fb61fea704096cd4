// The boundaries of the SCCP layer: the connectionless service it gives its user, TCAP (Q.711 N-UNITDATA and
// N-NOTICE: where an outbound message goes, where an inbound one came from, what SCCP hands its user), and what it
// needs from M3UA below (the MTP-TRANSFER service: DATA messages to a point code).
import type { SccpAddress } from '../api.js';

export type LogFn = (level: 'error' | 'warn' | 'info' | 'debug', text: string) => void;

/** The association a route is bound to, as SCCP's user sees it (an M3UA link). */
export interface BoundLink {
  readonly peer: string;
}

/**
 * Where an outbound message goes: the MTP3 label, the encoded addresses, and the association it left on last (a
 * dialogue is one: its messages keep to one association while it stays active).
 */
export interface SccpRoute {
  opc: number;
  dpc: number;
  sls: number;
  /** The encoded called (remote) and calling (local) addresses. */
  remoteEnc: Uint8Array;
  localEnc: Uint8Array;
  link: BoundLink | undefined;
}

/** Where an inbound message came from: its addresses (decoded and as received), MTP3 label, bytes and association. */
export interface InboundContext {
  called: SccpAddress;
  calling: SccpAddress;
  calledRaw: Uint8Array;
  callingRaw: Uint8Array;
  opc: number;
  dpc: number;
  sls: number;
  /** The whole M3UA message (the first segment's for a reassembled one). */
  raw: Uint8Array;
  /** `<gateway> <peer address>`, for logs and message records. */
  peer: string;
  link: BoundLink;
  /** The dissector of `raw` when it is not an M3UA message (a SUA one). */
  dissector?: 'sua';
}

/** SCCP's user (TCAP): the data of a UDT/XUDT, and a message of ours the network returned (UDTS/XUDTS). */
export interface SccpUser {
  unitdata(ctx: InboundContext, data: Uint8Array): void;
  notice(ctx: InboundContext, data: Uint8Array, returnCause: number, reason: string): void;
}

/** What SCCP needs from the M3UA layer below it. */
export interface SccpLower {
  /** Octets before the SCCP message in every DATA message (the same for all: it depends on the configuration). */
  readonly dataOffset: number;
  /** A DATA message for the route's label, its header written, with room for `length` octets of SCCP at dataOffset. */
  dataMessage(route: SccpRoute, length: number): Buffer;
  /** Send the DATA messages of one SCCP message on the route's association, binding the route to it. */
  transfer(route: SccpRoute, messages: readonly Buffer[]): void;
  /** Throws SigtranError 'down' when nothing can go to the route now (no active association, DPC unavailable). */
  checkReachable(route: SccpRoute): void;
}

/** The route of an answer to an inbound message outside any dialogue: back to its calling address and OPC. */
export function replyRoute(ctx: InboundContext): SccpRoute {
  return { opc: ctx.dpc, dpc: ctx.opc, sls: ctx.sls, remoteEnc: ctx.callingRaw, localEnc: ctx.calledRaw, link: ctx.link };
}
