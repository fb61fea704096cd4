// The adaptation under an instance's TCAP layer, as the instance sees it: M3UA with SCCP above it (the default), or
// SUA (`adaptation: "sua"`). Either one makes the links of the instance's associations (the ASP state machine of its
// protocol), gives TCAP its lower layer, and adds what it knows to the instance's status; the instance keeps the
// lifecycle (connect, listen, reconnect, which link is active). m3ua-stack.ts and sua-stack.ts are the two.
import type { Adaptation, SigtranInstanceConfig, SigtranStatus } from '../api.js';
import type { BoundLink, LogFn } from '../sccp/service.js';
import type { TcapLayer, TcapLower } from '../tcap/layer.js';
import type { Association } from '../transport/index.js';

export type AspState = 'down' | 'inactive' | 'active';

/** One association's link (an M3uaLink or a SuaLink). */
export interface GatewayLink {
  readonly peer: string;
  readonly aspState: AspState;
  readonly lastError: string | undefined;
  readonly lastNotify: string | undefined;
  /** The routing context transfer messages name: configured, else learnt at activation (AspLink). */
  readonly routingContexts: readonly number[] | undefined;
  readonly assoc: Association;
  start(): void;
  stop(): Promise<void>;
  send(pdu: Uint8Array, sls: number): boolean;
}

/** What the instance gives its adaptation. */
export interface AdaptationHost {
  readonly name: string;
  /** The link a message leaves on: the preferred one while it is active, else the active one; throws 'down'. */
  pickLink(preferred: BoundLink | undefined): GatewayLink;
  assertConnected(): void;
  linkState(link: GatewayLink, state: AspState): void;
  linkClosed(link: GatewayLink, reason: string): void;
  /** Every message sent and received, for the instance's capture. */
  capture(raw: Uint8Array): void;
  log: LogFn;
}

export interface AdaptationStack {
  readonly name: Adaptation;
  /** What TCAP sends through. */
  readonly lower: TcapLower;
  /** Data messages sent and received (DATA, or CLDT/CLDR). */
  readonly sent: number;
  readonly received: number;
  /** Bind the TCAP layer above (a peer's report may end its dialogues). */
  bind(tcap: TcapLayer): void;
  link(assoc: Association, side: 'initiator' | 'responder'): GatewayLink;
  /** Add the destinations' state (unavailable, congested) to a status. */
  describe(s: SigtranStatus): void;
}

/** The options of a link, the same for both adaptations. */
export function linkOptions(config: SigtranInstanceConfig, side: 'initiator' | 'responder') {
  return {
    side,
    ipsp: config.role === 'ipsp',
    routingContext: config.routingContext,
    networkAppearance: config.networkAppearance,
    trafficMode: config.trafficMode,
    aspId: config.aspId,
    beatIntervalMs: config.beatIntervalMs,
  };
}
