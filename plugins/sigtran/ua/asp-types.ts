// The shared ASP link's boundaries (asp-link.ts): its options, the parameters and message fields the ASP procedures
// use, what an adaptation (M3UA, SUA) tells it about its framing, and the events it raises.
import type { TrafficMode } from './constants.js';
import type { Diagnosed, TrafficFault } from './faults.js';

export type AspState = 'down' | 'inactive' | 'active';

export interface AspOptions {
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

/** The parameters the ASP procedures send (both adaptations' encoders take them). */
export interface AspParams {
  aspId?: number;
  routingContexts?: readonly number[];
  networkAppearance?: number;
  trafficMode?: number;
  errorCode?: number;
  diagnostic?: Uint8Array;
  status?: { type: number; info: number };
  heartbeat?: Uint8Array;
}

/** What the ASP procedures read of a decoded message. */
export interface AspMessage extends AspParams {
  cls: number;
  type: number;
}

/** How one adaptation frames its messages, as the shared link needs it. */
export interface Adaptation<M extends AspMessage> {
  /** 'M3UA' or 'SUA', for logs. */
  readonly name: string;
  /** Before "ERR from" in the link's error text. */
  readonly errPrefix: string;
  /** The SCTP payload protocol identifier. */
  readonly ppid: number;
  /** The class of the transfer messages: they go on the data streams, by SLS; everything else on stream 0. */
  readonly dataClass: number;
  readonly errorCodes: Readonly<Record<number, string>>;
  encode(cls: number, type: number, p: AspParams): Uint8Array;
  /** Throws the adaptation's error (with the code an ERR reports) for a bad message. */
  decode(pdu: Uint8Array): M;
  /** The adaptation's error for what `decode` threw (a protocol error when it is not one). */
  asError(e: unknown): { readonly code: number; readonly message: string };
  messageName(cls: number, type: number): string;
  /** What an ERR's diagnostic information (the head of one of our messages) tells of the dialogues it concerns. */
  diagnose(diag: Uint8Array | undefined): Diagnosed | undefined;
}

/** The events the shared part raises; each adaptation's link adds its own. */
export interface AspEvents<L> {
  state(link: L, state: AspState): void;
  /** Every PDU sent or received (for captures). */
  capture(raw: Uint8Array, direction: 'sent' | 'received'): void;
  /** The association closed (reason readable). */
  closed(link: L, reason: string): void;
  log(level: 'error' | 'warn' | 'info' | 'debug', text: string): void;
  /** An ERR or NTFY from the peer (readable), and the dialogues it ends when it concerns our traffic. */
  report(link: L, kind: 'ERR' | 'NTFY', text: string, fault: TrafficFault | undefined): void;
}
