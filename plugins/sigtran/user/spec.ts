// What a TCAP application plugin (inap, map) declares to defineTcapUserFamily: its operation table, how its
// components travel, its argument codec and the behaviour of its operations and dialogues. The kit (family.ts,
// send.ts, receive.ts, register.ts) does the rest the same way for every family: the types and their schemas, the
// per-instance session, the send path and the receive path, the TCAP Aborts and Register.
import type { JsonObject, JsonSchema, OperationContext, PrepareContext } from '../../../sdk/index.js';
import type { AbortOptions, BeginRouter, Component, Opcode, TcapMessage } from '../api.js';
import type { DecodeResult } from '../codec/index.js';
import type { FamilyControls, Properties } from './controls.js';
import type { FamilyOptions, Session, TcapUserDialogue } from './session.js';

export type WireKind = 'invoke' | 'result' | 'error';

/** Who sends a component to whom: `<sender role>><receiver role>`, e.g. 'ssp>scp'. */
export type Link = `${string}>${string}`;

/** The links an operation's Invoke is sent on and, when it has them, its ReturnResult and ReturnError. */
export interface Links {
  readonly invoke: readonly Link[];
  readonly result?: readonly Link[];
  readonly error?: readonly Link[];
}

/** The tester's side of a link: `<role>_to_<peer>` (it sends the link's components) or `<role>_from_<peer>`. */
export interface SegmentEntry {
  readonly segment: string;
  readonly role: string;
  readonly peer: string;
  readonly direction: 'send' | 'receive';
  /** The dialogue of the role pair in the instance's session. */
  readonly key: string;
  /** How texts name the peer ('SCP', 'HLR'). */
  readonly peerName: string;
}

/** One message type `<family>.<segment>.<name>`: a component of an operation, sent or expected. */
export interface MessageEntry<R> extends SegmentEntry {
  readonly type: string;
  /** The operation's name for its Invoke, `<op>Result` / `<op>Error` for its answers. */
  readonly name: string;
  readonly op: string;
  readonly row: R;
  readonly wire: WireKind;
  /** How it finds its dialogue: the family's `opens` (send) or `accepts` (receive) of it, asked once. */
  readonly opening: Opening;
}

/** An error code as sent or received: its number and, where the family names errors, its name. */
export interface ErrorCode {
  readonly code: number;
  readonly name?: string | undefined;
}

/** How an operation finds its dialogue: 'always' a new one (a new call), 'unless-open' a new one when none is open. */
export type Opening = 'always' | 'unless-open' | undefined;

/** Dialogues: which operations open or accept one, how, and how texts name what happens on them. */
export interface DialogueSpec<R, D extends TcapUserDialogue, O extends FamilyOptions> {
  /** Whether a send type opens the dialogue it sends on. */
  opens(e: MessageEntry<R>): Opening;
  /** Whether a receive type takes a new Begin from the peer. */
  accepts(e: MessageEntry<R>): Opening;
  /** Open the dialogue of a send type (openTcapDialogue() does the gateway's part, addOpened() the session's). */
  open(ctx: OperationContext, e: MessageEntry<R>, args: JsonObject, s: Session<D, O>): D;
  /** The next Begin of e's operation when the instance registered for none. */
  awaitBegin(ctx: OperationContext, e: MessageEntry<R>, s: Session<D, O>): Promise<TcapMessage>;
  /** The dialogue of an accepted Begin. */
  adopt(ctx: OperationContext, e: MessageEntry<R>, args: JsonObject, m: TcapMessage, s: Session<D, O>): D;
  /**
   * The AC to open a dialogue again with, re-sending the Invoke `e` that opened it, when the peer refused it with `m`
   * (MAP's application-context negotiation); undefined: the refusal stands.
   */
  retryAc?(e: MessageEntry<R>, d: D, m: TcapMessage): string | undefined;
  /**
   * What a dialogue the send type opened does before its first component goes (MAP's empty Begin: the Begin alone,
   * then the peer's Continue); a promise when it waits for the peer. May abort.
   */
  prelude?(ctx: OperationContext, e: MessageEntry<R>, d: D, args: JsonObject): Promise<void> | undefined;
  /** Why a send type finds no dialogue to send on. */
  noDialogue(e: MessageEntry<R>): string;
  /** Why a receive type finds no dialogue to receive on. */
  nothingToReceiveOn(e: MessageEntry<R>): string;
  /** The dialogue's codec, for traces (its variant or version). */
  describe(d: D): string;
  describeComponent(c: Component, d: D | undefined): string;
  describeMessage(m: TcapMessage, d: D | undefined): string;
}

/** The argument codec and the per-operation behaviour of outbound and inbound components. */
export interface CodecSpec<R, D extends TcapUserDialogue, O extends FamilyOptions> {
  /** Why e's operation cannot be sent on d (not in its variant or version); undefined: it can. */
  notDefined(e: MessageEntry<R>, d: D): string | undefined;
  /** e's operation code on d; undefined where it is not defined. */
  opcode(e: MessageEntry<R>, d: D): Opcode | undefined;
  /** The fields of an outbound component: control arguments left out, the row's own forms applied. May abort. */
  outbound(ctx: OperationContext, e: MessageEntry<R>, d: D, args: JsonObject, s: Session<D, O>): JsonObject;
  /** The error code `errorCode` gives; undefined when it gives none. */
  errorCode(value: unknown): ErrorCode | undefined;
  /** What an error code may be, for the abort text of one that is not. */
  badErrorCode(e: MessageEntry<R>, value: unknown): string;
  /** The encoded parameter (undefined: none). Throws CodecError; may abort. */
  encode(ctx: OperationContext, e: MessageEntry<R>, d: D, fields: JsonObject, error: ErrorCode | undefined): Uint8Array | undefined;
  /** A parameter decoded (`c` and `m`: the received component and its message). Never throws. */
  decode(ctx: OperationContext, e: MessageEntry<R>, d: D, bytes: Uint8Array | undefined, error: ErrorCode | undefined, c?: Component, m?: TcapMessage): DecodeResult;
  /** The family's fields of every message record of d (inap: the variant; map: the version). */
  tags(d: D): JsonObject;
  /** The key of a received record's TCAP message kind (default `tcap`). */
  readonly kindKey?: string;
  /** Whether the responder closes the dialogue with its answer unless send_and_close says otherwise. */
  closes?(e: MessageEntry<R>): boolean;
  /** An answered invoke id is forgotten (a second answer aborts the instance). */
  readonly answerOnce?: boolean;
  /** Consume a component met while waiting for another (inap: a timer reset, a supervision test): true when skipped. */
  skip?(ctx: OperationContext, e: MessageEntry<R>, d: D, c: Component, s: Session<D, O>): boolean;
  /** How an abort names the expected Invoke (default: its name). */
  expectedInvoke?(e: MessageEntry<R>, d: D): string;
  /** Record an unexpected component before the instance aborts. */
  recordUnexpected(ctx: OperationContext, d: D, c: Component, m: TcapMessage, first: boolean): void;
  /** The name of a received error code, where the family names errors (then records carry `errorCode_name`). */
  errorName?(code: number): string | undefined;
  /** Answer an undecodable parameter with a Reject mistypedParameter (Q.774) when the dialogue closes. */
  readonly rejectUndecodable?: boolean;
  /** Name of the codec a decode failed in, for its abort text (inap: the variant). */
  codecName?(d: D): string | undefined;
  /** Complete decoded fields: the row's own view (RRBCSM flags), the family's (the MAP-OPEN of a Begin). */
  inbound?(fields: JsonObject, e: MessageEntry<R>, d: D, m: TcapMessage): void;
  /** One result of the segments of a segmented result (ReturnResultNotLast ... ReturnResultLast), decoded each;
   *  default: the last alone. */
  merge?(e: MessageEntry<R>, parts: readonly JsonObject[]): JsonObject;
  /** The expected values left to match as fields (the row may match some itself; map resolves error names). */
  expected?(ctx: OperationContext, e: MessageEntry<R>, args: JsonObject, fields: JsonObject): JsonObject;
}

/** `<family>.<segment>.Register`: an instance registers for the inbound Begins it takes. */
export interface RegisterSpec<O extends FamilyOptions> {
  /** The operations whose Begins a receive segment's Register takes (none: no Register there). */
  operations(s: SegmentEntry): readonly string[];
  arguments(s: SegmentEntry, ops: readonly string[]): JsonSchema;
  describe(s: SegmentEntry, ops: readonly string[]): string;
  readonly source: string;
  /** The routing key and operation of a registration (aborts on bad arguments), and how unregistered Begins are refused. */
  key(ctx: OperationContext, type: string, s: SegmentEntry, ops: readonly string[], args: JsonObject, options: O): { key: string; op: string; refuse?: (m: TcapMessage) => void };
  /** The router that names Begins by these keys (added to the gateway before registering). */
  readonly router?: BeginRouter;
}

/** What a family adds to its `tcap.<segment>.Abort` types: the dialogue PDUs of its own in the user information. */
export interface AbortSpec {
  /** Arguments of the sending Abort, and fields of the received one (schemas). */
  readonly send: Properties;
  readonly receive: Properties;
  /** The abort options the family's arguments give ({} for none); a string: why they cannot be sent. */
  outbound(args: JsonObject): AbortOptions | string;
  /** Add the family's fields of a received Abort to the kit's (`kind`, `p_cause`, `u_info_0_octets`, ...). */
  inbound(m: TcapMessage, fields: JsonObject): void;
  /** The expected arguments as fields to match; a string: why they cannot be. */
  expected?(args: JsonObject): JsonObject | string;
}

export interface TcapUserFamilySpec<R, D extends TcapUserDialogue, O extends FamilyOptions> {
  /** The first part of the types (`<family>.<segment>.<Name>`) and the key of the per-instance session. */
  readonly family: string;
  /** The protocol of its message records (how a capture dissects the components). */
  readonly protocol: string;
  /** How texts name each role. */
  readonly roles: Readonly<Record<string, string>>;
  /** THE table: operation name -> row. */
  readonly rows: Readonly<Record<string, R>>;
  /** The links each component of a row is sent on. */
  links(row: R): Links;
  /** Other spellings of a type, each `<segment>.<Name>` (e undefined: the segment's Abort). */
  aliases?(segment: string, name: string, e: MessageEntry<R> | undefined): readonly string[];
  /** Control arguments of its own. */
  readonly controls?: FamilyControls;
  /** The file that calls defineTcapUserFamily (the source of the Abort types). */
  readonly file: string;
  /** A type's description and source (DescribeOperations, `tester ops`). */
  describe(e: MessageEntry<R>): string;
  source(e: MessageEntry<R>): string;
  /** The schema properties of the fields of e's message. */
  properties(e: MessageEntry<R>): Record<string, unknown>;
  /** A static check of a send type's arguments at ExecuteTest (throws 2002). */
  prepare?(e: MessageEntry<R>, args: JsonObject, pctx: PrepareContext, options: O): void;
  readonly register?: RegisterSpec<O>;
  readonly aborts?: AbortSpec;
  readonly dialogues: DialogueSpec<R, D, O>;
  readonly codec: CodecSpec<R, D, O>;
}

/** A family bound to the options of one service: what its operations run with. */
export interface Bound<R, D extends TcapUserDialogue, O extends FamilyOptions> {
  readonly spec: TcapUserFamilySpec<R, D, O>;
  readonly options: O;
  session(ctx: OperationContext): Session<D, O>;
  /** Control argument names: never encoded (send), never matched as fields (receive). */
  readonly controls: { readonly send: ReadonlySet<string>; readonly receive: ReadonlySet<string> };
}
