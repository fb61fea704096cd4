// The interface TCAP users (the inap and map plugins, a site's own) program against: the gateway, its dialogues and
// the application-context resolver. Import it as '../sigtran/api.js', the BER codec as '../sigtran/ber/index.js',
// the descriptor codec as '../sigtran/codec/index.js' and the TCAP-user kit (operation types, sessions, the send
// and receive paths from an operation table) as '../sigtran/user/index.js'. Gateway instances come from
// `ctx.gateway()` in operations that declare `gateway: 'sigtran'`, and from `api.use<SigtranPluginExports>('sigtran')`
// in setup().
//
// Stability: this file only grows (new optional fields, new methods); nothing here is renamed or removed.
//
// Direct use, a dialogue opened from an operation:
//
//   const gw = ctx.gateway() as SigtranGateway;
//   const d = gw.openDialogue({ scp: ctx.run.params.scp as ScpParams, ac: resolveAc(args.tcap_ac), signal: ctx.endSignal });
//   d.invoke({ opcode: 0, argument: encodeArg(argType, fields) });   // codec/index.ts
//   const sent = d.send();                        // a Begin (with AARQ when an AC is given)
//   ctx.message({ direction: 'sent', protocol, name, fields, bytes: sent.bytes, dissector: sent.dissector, peer: sent.peer });
//   const m = await d.receive({ timeoutMs: tcapTimeoutMs(ctx.run.params), signal: ctx.endSignal }); // throws SigtranError
//
// The peer's side (waiting for its Begin): `const m = await gw.acceptBegin({ opcode: 0 }, { timeoutMs, signal });
// const d = m.dialogue;` then `d.invoke(...)`, `d.send()` (a Continue with AARE), `d.end()`.
import type { EndSignal, GatewayInstance, GatewayState, Json, SctpConfig } from '../../sdk/index.js';
import type { BerWriter } from './ber/index.js';
import type { ApplicationContext } from './ac.js';

export { resolveAc, acName, acFromOid, acFromBytes, registerContexts, AC_ALIASES, AcError, type ApplicationContext, type ContextRow } from './ac.js';
export { SigtranError, isSigtranError, type SigtranErrorKind } from './errors.js';
export { tcapTimeoutMs } from './params.js';

// ---------------------------------------------------------------------------------------------------------------
// SCCP addresses

/** A global title (Q.713 §3.4.2.3). */
export interface GlobalTitle {
  /** GT indicator: 1 = NAI only, 2 = TT only, 3 = TT+NP+ES, 4 = TT+NP+ES+NAI (the usual one). */
  gti: 1 | 2 | 3 | 4;
  /** Address digits: '0'-'9' (and 'a'-'f' for the BCD codes 11-15 where a network uses them). */
  digits: string;
  /** Translation type (gti 2, 3, 4), default 0. */
  tt?: number;
  /** Numbering plan (gti 3, 4), default 1 (E.164). */
  np?: number;
  /** Encoding scheme (gti 3, 4): set from the digit count on encode (1 odd, 2 even); reported on decode. */
  es?: number;
  /** Nature of address indicator (gti 1, 4), default 4 (international). */
  nai?: number;
}

/** An SCCP party address (called or calling). */
export interface SccpAddress {
  /** Routing indicator: 'ssn' = route on DPC + SSN (RI bit = 1, `dri` 1), 'gt' = route on global title (`dri` 0). */
  ri: 'gt' | 'ssn';
  /** Signalling point code (14-bit ITU, or 24-bit when the instance uses 24-bit point codes). */
  pc?: number;
  /** Subsystem number 1-255 (146 CAP, 241/106 INAP, 6 HLR, 8 MSC, ...). */
  ssn?: number;
  gt?: GlobalTitle;
  /** Address-indicator bit 8 (reserved for national use in ITU), default false. */
  national?: boolean;
}

/** The ExecuteTest `scp` object (spec: scp.dri, dpc, dssn, dgt_*, tcap_timeout). */
export interface ScpParams {
  /** 1 = route on SSN, 0 = route on GT. Default 1 when dpc and dssn are both given, otherwise 0. */
  dri?: number;
  dpc?: number;
  dssn?: number;
  dgt_digits?: string;
  dgt_noa?: number;
  dgt_np?: number;
  dgt_tt?: number;
  /** Seconds to wait for an inbound TCAP message (`tcapTimeoutMs(ctx.run.params)` gives it in ms). */
  tcap_timeout?: number;
}

// ---------------------------------------------------------------------------------------------------------------
// TCAP components

/** An operation or error code: a local INTEGER, or a global OID as a dotted string. */
export type Opcode = number | string;

/**
 * An encoded value for a component parameter: the complete TLV (tag, length, content) as bytes, or a function
 * that writes exactly one TLV into the gateway's writer (no copy, no allocation). Omit for no parameter.
 */
export type EncodedValue = Uint8Array | ((w: BerWriter) => void);

/** Received components. Parameters are views of the received bytes (the whole TLV): decode with ber/readTlv. */
export interface InvokeComponent {
  type: 'invoke';
  invokeId: number;
  linkedId?: number;
  opcode: Opcode;
  /** The argument TLV (e.g. `30 ...` for InitialDPArg), undefined when absent. */
  argument?: Uint8Array;
}
export interface ReturnResultComponent {
  type: 'returnResult';
  /** true for ReturnResultLast (A2), false for ReturnResultNotLast (A7). */
  last: boolean;
  invokeId: number;
  /** Present when the result carries the `SEQUENCE { opcode, result }`. */
  opcode?: Opcode;
  result?: Uint8Array;
}
export interface ReturnErrorComponent {
  type: 'returnError';
  invokeId: number;
  errorCode: Opcode;
  parameter?: Uint8Array;
}
export type RejectProblem = 'general' | 'invoke' | 'returnResult' | 'returnError';
export interface RejectComponent {
  type: 'reject';
  /** null when the invoke id was not derivable (NULL on the wire). */
  invokeId: number | null;
  problem: RejectProblem;
  code: number;
  /** Readable problem, e.g. 'invoke: unrecognizedOperation (1)'. */
  text: string;
}
export type Component = InvokeComponent | ReturnResultComponent | ReturnErrorComponent | RejectComponent;

/** What to send. */
export interface InvokeSpec {
  opcode: Opcode;
  argument?: EncodedValue;
  /** Default: the dialogue's next free invoke id (1, 2, ...). */
  invokeId?: number;
  linkedId?: number;
}
export interface ReturnResultSpec {
  invokeId: number;
  /** Needed when a result parameter is given (it goes in `SEQUENCE { opcode, result }`). */
  opcode?: Opcode;
  result?: EncodedValue;
  /** Default true (ReturnResultLast); false sends ReturnResultNotLast. */
  last?: boolean;
}
export interface ReturnErrorSpec {
  invokeId: number;
  errorCode: Opcode;
  parameter?: EncodedValue;
}
export interface RejectSpec {
  /** null sends NULL (not derivable). */
  invokeId: number | null;
  problem: RejectProblem;
  code: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Dialogue portion

export type DialoguePdu =
  | { type: 'aarq'; ac: ApplicationContext; userInformation?: Uint8Array }
  | {
      type: 'aare';
      ac: ApplicationContext;
      result: 'accepted' | 'reject-permanent';
      /** result-source-diagnostic: user 0 null, 1 no-reason-given, 2 application-context-name-not-supported;
       *  provider 0 null, 1 no-reason-given, 2 no-common-dialogue-portion. */
      diagnostic: { source: 'user' | 'provider'; code: number };
      userInformation?: Uint8Array;
    }
  | { type: 'abrt'; source: 'user' | 'provider'; userInformation?: Uint8Array };

// ---------------------------------------------------------------------------------------------------------------
// Messages

/**
 * An encoded message as it went on (or came off) the wire: spread `{ bytes, dissector, peer }` into a
 * ctx.message() record so `--pcap` and trace_level >= 2 show it. `bytes` is the whole M3UA (or SUA) message.
 */
export interface WireMessage {
  bytes: Uint8Array;
  /** The Wireshark dissector of `bytes`: the instance's adaptation. */
  dissector: Adaptation;
  /** Gateway instance name and peer, e.g. 'SIG1 127.0.0.1:2905'. */
  peer: string;
  /** TCAP message type. */
  tcap: 'begin' | 'continue' | 'end' | 'abort';
  /** Local and remote transaction ids as hex (remote undefined before the peer answered). */
  localTid: string;
  remoteTid: string | undefined;
  /** When the message needed SCCP segmentation: every M3UA message sent (XUDT segments); `bytes` is the first. */
  segments?: Uint8Array[];
}

/**
 * One inbound message of a dialogue, as receive() / acceptBegin() give it.
 * - 'begin', 'continue', 'end': TCAP messages with their components (possibly none).
 * - 'u-abort': TCAP Abort from the peer's TC-user (ABRT, or AARE reject-permanent with a diagnostic).
 * - 'p-abort': TCAP Abort with a P-Abort cause, or a provider abort generated locally (bad message).
 * - 'notice': the SCCP returned our message (UDTS/XUDTS); the dialogue is over.
 * For 'u-abort', 'p-abort' and 'notice' the dialogue has ended and `reason` says why, readably.
 */
export interface TcapMessage {
  kind: 'begin' | 'continue' | 'end' | 'u-abort' | 'p-abort' | 'notice';
  dialogue: Dialogue;
  components: readonly Component[];
  dialoguePdu?: DialoguePdu;
  /** The AC of the dialogue portion (AARQ/AARE), null when there is none. */
  ac: ApplicationContext | null;
  /** P-Abort cause (0 unrecognizedMessageType, 1 unrecognizedTransactionID, 2 badlyFormattedTransactionPortion,
   *  3 incorrectTransactionPortion, 4 resourceLimitation). */
  pAbortCause?: number;
  /** SCCP return cause of a UDTS/XUDTS (0-10, Q.713 §3.12). */
  returnCause?: number;
  /** Readable reason for aborts and notices, e.g. 'SCCP UDTS return cause 3: subsystem failure'. */
  reason?: string;
  /** SCCP addresses as received (called = us). */
  called: SccpAddress;
  calling: SccpAddress;
  /** MTP3 routing label of the M3UA DATA. */
  opc: number;
  dpc: number;
  sls: number;
  /** The whole M3UA (or SUA) message (you may keep it) and its Wireshark dissector. Empty (length 0) for a
   *  provider abort generated locally (gateway stopped or association lost): nothing came off the wire. */
  bytes: Uint8Array;
  dissector: Adaptation;
  peer: string;
  /** Arrival time, ms since the epoch. */
  receivedAt: number;
  /** A JSON view for traces (TCAP kind, tids, AC, component summary), built on demand. */
  summary(): Json;
}

// ---------------------------------------------------------------------------------------------------------------
// Dialogues

/**
 * 'idle': opened, nothing sent yet. 'initiated': Begin sent, no answer yet. 'received': a Begin arrived, not
 * answered yet. 'active': both sides know the transaction. 'ended': End/Abort sent or received, or released.
 */
export type DialogueState = 'idle' | 'initiated' | 'received' | 'active' | 'ended';

export interface OpenDialogueOptions {
  /** Called address. Default: calledAddress(scp). */
  called?: SccpAddress;
  /** The ExecuteTest `scp` object, used when `called` is not given (merged over the instance's `remote`). */
  scp?: ScpParams;
  /** Calling address. Default: the instance's local address (opc, ssn, gt from plugins.json). */
  calling?: SccpAddress;
  /** Application context put in the Begin's AARQ; null/undefined = no dialogue portion. */
  ac?: ApplicationContext | null;
  /**
   * AARQ user-information: the content of `[30] IMPLICIT SEQUENCE OF EXTERNAL`, i.e. one or more encoded EXTERNALs
   * (`28 len 06 len <as-id> a0 len <PDU>`), e.g. a MAP-OpenInfo under the MAP dialogue AS 0.4.0.0.1.1.1.1.
   * Needs `ac`.
   */
  userInformation?: Uint8Array;
  /**
   * The test instance's signal: when it fires the dialogue is closed — a U-Abort is sent if the dialogue is
   * still open towards the peer (onSignal 'abort', the default), or it is only released (onSignal 'release').
   * `ctx.endSignal` (cheaper) or `ctx.signal`, or any AbortSignal.
   */
  signal?: EndSignal;
  onSignal?: 'abort' | 'release';
  /** Invokes the gateway answers by itself on this dialogue, the moment they arrive (AutoAnswer). */
  autoAnswer?: AutoAnswer;
}

/**
 * Invokes the gateway answers by itself the moment they arrive on a dialogue, whatever its user is doing (e.g.
 * a supervision operation that the node answers at once, whatever its state): each gets a ReturnResultLast without parameter,
 * together in one TCAP Continue sent before the message is handed to receive() (components the user queued stay
 * queued). The answered Invokes are taken out of the message; a message left without components is not handed over.
 * Only Invokes in a Continue are answered: never on a closed dialogue (in an End or Abort, or after the dialogue
 * ended), nor when the answer cannot be sent (gateway down: the message is then handed over whole).
 */
export interface AutoAnswer {
  /** Operation codes of the Invokes to answer. */
  opcodes: readonly Opcode[];
  /**
   * Called after an answer went out: the message as it arrived (all its components), the invoke ids answered, our
   * Continue, and whether the rest of the message was handed to receive(). Must not throw.
   */
  onAnswered?(info: { message: TcapMessage; invokeIds: number[]; sent: WireMessage; delivered: boolean }): void;
}

/** Who Dialogue.receiveWith() calls back: exactly one of the two, once. Neither may throw. */
export interface MessageWaiter {
  onMessage(m: TcapMessage): void;
  onFailure(e: Error): void;
}

export interface ReceiveOptions {
  /** Default: the instance's tcapTimeoutMs (10 000). Pass `tcapTimeoutMs(ctx.run.params)` (the run's scp.tcap_timeout). */
  timeoutMs?: number;
  /** `ctx.endSignal` (cheaper) or `ctx.signal`, or any AbortSignal: the wait ends ('cancelled') when it fires. */
  signal?: EndSignal;
}

/** Options of Dialogue.abort(). */
export interface AbortOptions {
  /** Refuse the received AARQ: Abort with AARE reject-permanent / application-context-name-not-supported. */
  acNotSupported?: boolean;
  /** Refuse the received AARQ for another reason: Abort with AARE reject-permanent and this dialogue-service-user
   *  diagnostic (Q.773: 0 null, 1 no-reason-given; 2 is acNotSupported): a TC-user's refusal whose user information says why. */
  rejectDiagnostic?: number;
  /** The AC named in that AARE (default: the received one). */
  ac?: ApplicationContext;
  /** user-information of the ABRT / AARE (content of [30], one or more EXTERNALs). */
  userInformation?: Uint8Array;
  /** Send a P-Abort with this cause (0-4, Q.773 P-AbortCause) instead of a U-Abort (a tester may play the provider). */
  pAbortCause?: number;
  /** ABRT abort-source: 'user' (0, default) or 'provider' (1). */
  source?: 'user' | 'provider';
}

export interface Dialogue {
  readonly gateway: SigtranGateway;
  readonly state: DialogueState;
  /** Local transaction id (4 octets) as a number and as hex. */
  readonly localTid: number;
  readonly localTidHex: string;
  /** Peer's transaction id as hex, once known. */
  readonly remoteTidHex: string | undefined;
  /** AC proposed (our Begin), received (their AARQ) or agreed (AARE); null for AC-less dialogues. */
  readonly ac: ApplicationContext | null;
  readonly localAddress: SccpAddress;
  readonly remoteAddress: SccpAddress;
  /** Components queued for the next send()/end(). */
  readonly pendingComponents: number;

  /** Queue an Invoke; returns its invoke id. */
  invoke(spec: InvokeSpec): number;
  returnResult(spec: ReturnResultSpec): void;
  returnError(spec: ReturnErrorSpec): void;
  reject(spec: RejectSpec): void;

  /**
   * Send the queued components: a Begin when idle (with AARQ if an AC was given), otherwise a Continue (the first
   * Continue answering a Begin with an AARQ carries an AARE 'accepted' with the same AC). Throws SigtranError
   * ('state' when ended, 'down' when the gateway is not up).
   */
  send(): WireMessage;
  /**
   * Close the dialogue. Basic (default): an End with the queued components (and an AARE when answering a Begin).
   * prearranged: nothing is sent, the dialogue is released locally; returns undefined.
   */
  end(opts?: { prearranged?: boolean }): WireMessage | undefined;
  /**
   * U-Abort: an Abort with an ABRT (abort-source `source`, default user). With `acNotSupported` (answering a Begin),
   * an Abort whose AARE is reject-permanent / application-context-name-not-supported, naming `ac` (or the received
   * AC). With `pAbortCause`, a P-Abort with that cause.
   * Returns undefined when nothing could be sent (no peer transaction yet): the dialogue is then just released.
   */
  abort(opts?: AbortOptions): WireMessage | undefined;
  /**
   * The next inbound message of this dialogue (arrival order; messages are queued until read). Rejects with
   * SigtranError: 'timeout' after timeoutMs ("no TCAP message from the peer within 10 s (dialogue 0a1b2c3d)"),
   * 'cancelled' when the signal fires, 'ended' when the dialogue is over and nothing is queued.
   */
  receive(opts?: ReceiveOptions): Promise<TcapMessage>;
  /**
   * receive() without a promise: `w` is called back once, never synchronously (in a microtask after what runs now,
   * as a promise's reaction would be), with the message or with the SigtranError receive() would reject with. For
   * the waits of every in-flight test instance of a load run: one object of the caller's instead of a promise, its
   * resolving functions and a timer per wait.
   */
  receiveWith(w: MessageWaiter, opts?: ReceiveOptions): void;
  /** Messages queued and not yet read by receive(). */
  readonly queued: number;
  /** Close: U-Abort if still open towards the peer, then release. Idempotent. */
  close(): void;
  /**
   * Close this dialogue when `signal` fires (the test instance ended): U-Abort if still open ('abort', default) or
   * release only. acceptBegin() and BeginListener.next() do this with their `signal` already.
   */
  bind(signal: EndSignal, onSignal?: 'abort' | 'release'): void;
  /** Release locally without sending anything. Idempotent. */
  release(): void;
}

// ---------------------------------------------------------------------------------------------------------------
// Inbound Begins (reverse roles: the tester waiting for the peer to open a dialogue)

export interface BeginCriterion {
  /** Called SSN of the Begin. */
  ssn?: number;
  /** AC the Begin proposes (dotted OID or ApplicationContext); null = only Begins without a dialogue portion. */
  ac?: string | ApplicationContext | null;
  /** Opcode of the first Invoke. */
  opcode?: Opcode;
  /** Any further test on the decoded Begin (e.g. a serviceKey). Must not throw. */
  filter?: (m: TcapMessage) => boolean;
}

/**
 * A TCAP user's naming of inbound Begins for routing (the map plugin: the operation and the MSISDN / IMSI /
 * MAP-OPEN destination reference; the inap plugin: the service key and called number).
 */
export interface BeginRouter {
  /**
   * The routing keys of an inbound Begin, most specific first, each `<kind>|<detail>`, and last the kind alone,
   * e.g. ['<user>:<Operation>|msisdn:4917100001', '<user>:<Operation>']. [] when the Begin is not this
   * user's (the next router is asked). Computed once per Begin. Must not throw.
   */
  keys(m: TcapMessage): readonly string[];
}

/** Options of SigtranGateway.register(). */
export interface RegisterOptions {
  /** The test instance's signal: the registration ends when it fires (Begins it still holds are routed again). */
  signal?: EndSignal;
  /** Begins the registration holds until next() takes them (default 1); more go to other registrations. */
  capacity?: number;
  /**
   * How to refuse a Begin of this registration's kind that no registration claims, while this one is active (e.g.
   * a MAP ReturnError in a TCAP End). Default, or when it leaves the dialogue open: a TCAP U-Abort.
   */
  refuse?: (m: TcapMessage) => void;
}

/** A standing registration: matching Begins are queued (bounded) until next() takes them. */
export interface BeginListener {
  /** The next matching Begin; its dialogue is bound to `opts.signal` like acceptBegin()'s. */
  next(opts?: ReceiveOptions): Promise<TcapMessage>;
  readonly queued: number;
  /** Stop listening; queued, unread Begins are aborted (P-Abort resourceLimitation). */
  close(): void;
}

// ---------------------------------------------------------------------------------------------------------------
// Gateway instances and configuration

/** One named gateway instance of plugins.json (after defaults). */
/** The SIGTRAN adaptation under TCAP: M3UA (with SCCP above it) or SUA (the SCCP user adaptation). */
export type Adaptation = 'm3ua' | 'sua';

export interface SigtranInstanceConfig {
  name: string;
  /** 'm3ua' (default): TCAP in SCCP UDT/XUDT in M3UA DATA; 'sua': TCAP in SUA CLDT (RFC 3868). */
  adaptation: Adaptation;
  /** 'tcp-client' / 'sctp-client' connect to host:port, 'tcp-server' / 'sctp-server' listen on localHost:localPort,
   *  'memory' pairs in-process. */
  transport: 'tcp-client' | 'tcp-server' | 'sctp-client' | 'sctp-server' | 'memory';
  host?: string;
  port?: number;
  localHost?: string;
  localPort?: number;
  /** For sctp-client / sctp-server: backend ('auto', 'kernel', 'userland'), more addresses, streams, timers. */
  sctp?: SctpConfig;
  /** For 'memory': instances with the same channel name are connected (one must be role sgp/ipsp server side). */
  memoryChannel?: string;
  /** asp: ASP towards an SGP; sgp: the SG side (answers ASPUP/ASPAC); ipsp: IPSP peer (client side initiates). */
  role: 'asp' | 'sgp' | 'ipsp';
  routingContext?: number;
  networkAppearance?: number;
  trafficMode: 'override' | 'loadshare' | 'broadcast';
  aspId?: number;
  opc: number;
  dpc: number;
  /** MTP3 network indicator: 0 international, 2 national (default 2). */
  ni: number;
  /** 14 (ITU, default) or 24 bits. */
  pointCodeBits: 14 | 24;
  /** Local SSN and GT (the calling address of outbound Begins; the called address of inbound ones). */
  ssn: number;
  gt?: GlobalTitle;
  /** Routing indicator of our calling address: default 'ssn' without gt, 'gt' with one. */
  callingRi?: 'gt' | 'ssn';
  /** Default called address (merged under the ExecuteTest `scp` values). */
  remote?: { ri?: 'gt' | 'ssn'; pc?: number; ssn?: number; gt?: GlobalTitle };
  /** SCCP protocol class 0 or 1 (default 1) and return-on-error (default true). */
  sccpClass: 0 | 1;
  returnOnError: boolean;
  /** 'udt' (default; XUDT when the data does not fit a UDT) or 'xudt' (always). */
  sccpMessage: 'udt' | 'xudt';
  /** Default wait for an inbound TCAP message, ms (default 10 000). */
  tcapTimeoutMs: number;
  /** M3UA BEAT interval, ms (0 = off; default 30 000). */
  beatIntervalMs: number;
  /** Reconnect backoff: first and maximum delay, ms (default 500 / 10 000). */
  reconnectMinMs: number;
  reconnectMaxMs: number;
  /** Maximum open dialogues (default 100 000); Begins beyond it get a P-Abort resourceLimitation. */
  maxDialogues: number;
  /** Write every message sent and received to this pcap file (EXPORTED_PDU, dissector m3ua). */
  pcap?: string;
}

/** Gateway status, for describe()/ListTests and `tester sigtran-status`. */
/** A management message from a peer as ListTests shows it: "M3UA ERR 26 (no configured AS for ASP) from the SG
 *  127.0.0.1:2905", when it arrived (ISO 8601), the dialogues it ended (an ERR or NTFY about our traffic, a DUNA). */
export interface PeerReport {
  text: string;
  at: string;
  endedDialogues?: number;
}

export interface SigtranStatus {
  name: string;
  state: GatewayState;
  /** M3UA ASP state: 'down' | 'inactive' | 'active'. */
  asp: 'down' | 'inactive' | 'active';
  transport: SigtranInstanceConfig['transport'];
  role: SigtranInstanceConfig['role'];
  peer: string;
  lastError?: string;
  /** ms since the epoch of the last state change. */
  since: number;
  dialogues: number;
  sent: number;
  received: number;
  /** Inbound Begins refused because no test instance took them (no registration for their key, or not taken
   *  within tcapTimeoutMs). */
  refusedBegins: number;
  /** Registrations for inbound Begins active now (register()). */
  registeredBegins: number;
  /** The adaptation: 'm3ua' or 'sua'. */
  adaptation: Adaptation;
  /** Last M3UA (or SUA) NTFY status from the peer, e.g. 'AS-ACTIVE'. */
  lastNotify?: string;
  /** Point codes reported unavailable by DUNA (until DAVA). */
  unavailable?: number[];
  /** The last ERR, NTFY and DUNA/DAVA (SSNM) a peer sent. */
  peerReports?: Partial<Record<'ERR' | 'NTFY' | 'SSNM', PeerReport>>;
  /** SUA: subsystems reported unavailable by DUNA (`pc/ssn`, until DAVA). */
  unavailableSubsystems?: string[];
  /** SUA: point codes reported congested by SCON, with the level (until DAVA). */
  congested?: string[];
  /** SCTP transports: the backend in use (and why, for 'auto') and the association's state, paths, streams and
   *  recent association/path events. */
  sctp?: { backend?: string; note?: string; association?: Record<string, unknown> };
}

export interface SigtranGateway extends GatewayInstance {
  readonly name: string;
  /** 'down' (no association), 'connecting' (association up, ASP not active yet), 'up' (ASP active). */
  state(): GatewayState;
  status(): SigtranStatus;
  readonly config: Readonly<SigtranInstanceConfig>;
  /** Our SCCP address (calling in outbound Begins). */
  readonly localAddress: SccpAddress;
  /** The called address for a run: `scp` values over the instance's `remote` (spec default for dri). Throws
   *  SigtranError('encode') when no usable address results (e.g. route on GT without digits). */
  calledAddress(scp?: ScpParams): SccpAddress;
  openDialogue(opts?: OpenDialogueOptions): Dialogue;
  /** The next inbound Begin matching the criterion (one-shot). Begins that arrived shortly before (a bounded
   *  backlog, kept tcapTimeoutMs) are considered first. Its `dialogue` is in state 'received' and is bound to
   *  `opts.signal` (closed with a U-Abort when the instance ends while it is still open). */
  acceptBegin(criterion: BeginCriterion, opts?: ReceiveOptions): Promise<TcapMessage>;
  listen(criterion: BeginCriterion): BeginListener;
  /** Add a TCAP user's router (once per router object): inbound Begins get its keys. */
  addRouter(router: BeginRouter): void;
  /**
   * Register for inbound Begins with routing key `key` (one of the keys a router gives, or a kind alone for every
   * Begin of the kind). Registrations come before acceptBegin()/listen(). While any registration of a kind is
   * active, a Begin of that kind that matches none of them is refused at once (`opts.refuse`, else a TCAP U-Abort)
   * and counted in `status().refusedBegins`.
   */
  register(key: string, opts?: RegisterOptions): BeginListener;
  /** Resolves when the gateway is up (or rejects SigtranError 'timeout'/'cancelled'). */
  whenUp(opts?: ReceiveOptions): Promise<void>;
}

/** What the sigtran plugin's setup() returns: `api.use<SigtranPluginExports>('sigtran')`. */
export interface SigtranPluginExports {
  /** All configured instances by name, and the default's name. */
  readonly gateways: ReadonlyMap<string, SigtranGateway>;
  readonly defaultGateway: string | undefined;
  gateway(name?: string): SigtranGateway | undefined;
  resolveAc: typeof import('./ac.js').resolveAc;
  acName: typeof import('./ac.js').acName;
  readonly acAliases: Readonly<Record<string, string>>;
  /** calledAddress without a gateway: `scp` values over `base` (spec default for dri). */
  calledAddressFromScp(scp: ScpParams | undefined, base?: SigtranInstanceConfig['remote']): SccpAddress;
}
