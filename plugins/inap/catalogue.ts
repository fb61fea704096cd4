// THE table of the plugin's operation types. One row per INAP/CAP operation: its operation code, its argument (and
// result) type in the codec, whether its Invoke opens a TCAP dialogue, and which roles send each of its wire
// components (Invoke, ReturnResult, ReturnError). Every `inap.<role>_<to|from>_<peer>.<Name>` type is derived from
// it (operation-types.ts registers them in one loop): a component sent on the link `ssp>scp` gives the type
// `inap.ssp_to_scp.<Name>` (the tester is the SSP and sends it) and `inap.scp_from_ssp.<Name>` (the tester is the
// SCP and expects it). <Name> is the operation's name for the Invoke, `<op>Result` / `<op>Error` for the answers.
//
// Adding an operation = one row here + its argument type in codec/args.ts (ARG_TYPES); see docs/plugins/inap.md.

/** Who sends a component to whom: SSP (gsmSSF) and SRF (intelligent peripheral) talk to the SCP (gsmSCF). */
export type Link = 'ssp>scp' | 'srf>scp' | 'scp>ssp' | 'scp>srf';
export type Role = 'ssp' | 'srf' | 'scp';
export type WireKind = 'invoke' | 'result' | 'error';

export interface OperationRow {
  /** Local operation code (protocols.md §1.5, checked against Wireshark's inap/camel opcode tables). */
  opcode: number;
  /** ASN.1 type of the Invoke's argument, defined in codec/args.ts ARG_TYPES under the operation's name; null: none. */
  argument: string | null;
  /** The Invoke opens a new TCAP dialogue (Begin) when the SSP or SRF sends it. */
  opens?: true;
  /** Links the Invoke is sent on. */
  invoke: readonly Link[];
  /** ReturnResult: links it is sent on and its ASN.1 type (codec/args.ts RESULT_TYPES; null: no result parameter). */
  result?: { readonly links: readonly Link[]; readonly type: string | null };
  /** ReturnError: links it is sent on (the tester sends and matches `errorCode`). */
  error?: readonly Link[];
}

const SCP_TO_SSP: readonly Link[] = ['scp>ssp'];
const SSP_TO_SCP: readonly Link[] = ['ssp>scp'];
const SCP_TO_BOTH: readonly Link[] = ['scp>ssp', 'scp>srf'];
const BOTH_TO_SCP: readonly Link[] = ['ssp>scp', 'srf>scp'];

/** The operations, in the order their types are listed. */
export const OPERATIONS = {
  InitialDP: { opcode: 0, argument: 'InitialDPArg', opens: true, invoke: SSP_TO_SCP },
  AssistRequestInstructions: { opcode: 16, argument: 'AssistRequestInstructionsArg', opens: true, invoke: BOTH_TO_SCP },
  EstablishTemporaryConnection: { opcode: 17, argument: 'EstablishTemporaryConnectionArg', invoke: SCP_TO_SSP },
  DisconnectForwardConnection: { opcode: 18, argument: null, invoke: SCP_TO_SSP },
  ConnectToResource: { opcode: 19, argument: 'ConnectToResourceArg', invoke: SCP_TO_SSP },
  Connect: { opcode: 20, argument: 'ConnectArg', invoke: SCP_TO_SSP },
  ReleaseCall: { opcode: 22, argument: 'ReleaseCallArg', invoke: SCP_TO_SSP },
  RequestReportBCSMEvent: { opcode: 23, argument: 'RequestReportBCSMEventArg', invoke: SCP_TO_SSP },
  EventReportBCSM: { opcode: 24, argument: 'EventReportBCSMArg', invoke: SSP_TO_SCP },
  Continue: { opcode: 31, argument: null, invoke: SCP_TO_SSP },
  InitiateCallAttempt: { opcode: 32, argument: 'InitiateCallAttemptArg', invoke: SCP_TO_SSP },
  ResetTimer: { opcode: 33, argument: 'ResetTimerArg', invoke: SCP_TO_SSP },
  FurnishChargingInformation: { opcode: 34, argument: 'FurnishChargingInformationArg', invoke: SCP_TO_SSP },
  ApplyCharging: { opcode: 35, argument: 'ApplyChargingArg', invoke: SCP_TO_SSP },
  ApplyChargingReport: { opcode: 36, argument: 'ApplyChargingReportArg', invoke: SSP_TO_SCP },
  CallGap: { opcode: 41, argument: 'CallGapArg', invoke: SCP_TO_SSP },
  CallInformationReport: { opcode: 44, argument: 'CallInformationReportArg', invoke: SSP_TO_SCP },
  CallInformationRequest: { opcode: 45, argument: 'CallInformationRequestArg', invoke: SCP_TO_SSP },
  SendChargingInformation: { opcode: 46, argument: 'SendChargingInformationArg', invoke: SCP_TO_SSP },
  PlayAnnouncement: { opcode: 47, argument: 'PlayAnnouncementArg', invoke: SCP_TO_BOTH, error: BOTH_TO_SCP },
  PromptAndCollectUserInformation: {
    opcode: 48, argument: 'PromptAndCollectUserInformationArg', invoke: SCP_TO_BOTH,
    result: { links: BOTH_TO_SCP, type: 'ReceivedInformationArg' }, error: BOTH_TO_SCP,
  },
  SpecializedResourceReport: { opcode: 49, argument: 'SpecializedResourceReportArg', invoke: BOTH_TO_SCP },
  Cancel: { opcode: 53, argument: 'CancelArg', invoke: SCP_TO_BOTH },
  ActivityTest: { opcode: 55, argument: null, invoke: SCP_TO_BOTH, result: { links: BOTH_TO_SCP, type: null } },
  DisconnectForwardConnectionWithArgument: { opcode: 86, argument: 'DisconnectForwardConnectionWithArgumentArg', invoke: SCP_TO_SSP },
  ContinueWithArgument: { opcode: 88, argument: 'ContinueWithArgumentArg', invoke: SCP_TO_SSP },
  DisconnectLeg: { opcode: 90, argument: 'DisconnectLegArg', invoke: SCP_TO_SSP, result: { links: SSP_TO_SCP, type: null } },
} as const satisfies Record<string, OperationRow>;

export type OperationName = keyof typeof OPERATIONS;

// ---------------------------------------------------------------- derived from the table

/** Operation codes by operation name. */
export const OPCODES: Readonly<Record<string, number>> = Object.fromEntries(Object.entries(OPERATIONS).map(([op, row]) => [op, row.opcode]));

const BY_CODE = new Map<number, string>(Object.entries(OPCODES).map(([k, v]) => [v, k]));
export function opName(opcode: number | string): string | undefined {
  return typeof opcode === 'number' ? BY_CODE.get(opcode) : undefined;
}

/** What a tester message name (the <Name> of a type) stands for on the wire. */
export interface MessageSpec {
  /** The INAP operation (argument types, opcode). */
  op: string;
  wire: WireKind;
}

const SUFFIX: Record<WireKind, string> = { invoke: '', result: 'Result', error: 'Error' };

/** The links each component of a row is sent on. */
function components(row: OperationRow): Array<[WireKind, readonly Link[]]> {
  const out: Array<[WireKind, readonly Link[]]> = [['invoke', row.invoke]];
  if (row.result) out.push(['result', row.result.links]);
  if (row.error) out.push(['error', row.error]);
  return out;
}

const MESSAGES = new Map<string, MessageSpec>();
for (const [op, row] of Object.entries(OPERATIONS) as Array<[string, OperationRow]>) {
  for (const [wire] of components(row)) MESSAGES.set(op + SUFFIX[wire], { op, wire });
}

export function messageSpec(name: string): MessageSpec {
  return MESSAGES.get(name) ?? { op: name, wire: 'invoke' };
}

/** Tester message names whose Invoke opens a new dialogue when the SSP or SRF sends it (TCAP Begin). */
export const OPENING: ReadonlySet<string> = new Set(Object.entries(OPERATIONS).filter(([, row]) => (row as OperationRow).opens).map(([op]) => op));

/** One registered operation type: `inap.<segment>.<name>`. */
export interface OpEntry extends Segment {
  /** The tester message name: the operation's name, or `<op>Result` / `<op>Error`. */
  name: string;
  op: string;
  wire: WireKind;
}

/** The tester's side of a link: one segment `<role>_<to|from>_<peer>` and the dialogue it uses. */
export interface Segment {
  segment: string;
  link: Link;
  direction: 'send' | 'receive';
  /** The role the tester plays and its peer. */
  role: Role;
  peer: Role;
  /** Which dialogue of the instance it uses: 'ssp', 'srf', 'scp:ssp', 'scp:srf'. */
  dialogueKey: string;
  /** The older `srp` spelling of an SRF segment, accepted as an alias. */
  alias?: string;
}

/** As sender of the link's components (`<from>_to_<to>`) or as their receiver (`<to>_from_<from>`). */
function segmentOf(link: Link, direction: 'send' | 'receive'): Segment {
  const [from, to] = link.split('>') as [Role, Role];
  const [role, peer] = direction === 'send' ? [from, to] : [to, from];
  const segment = `${role}_${direction === 'send' ? 'to' : 'from'}_${peer}`;
  return { segment, link, direction, role, peer, dialogueKey: role === 'scp' ? `scp:${peer}` : role, ...(role === 'srf' ? { alias: segment.replace('srf_', 'srp_') } : {}) };
}

/** The segments in the order their types are listed (each with a `tcap.<segment>.Abort` type). */
export const SEGMENTS: readonly Segment[] = [
  segmentOf('ssp>scp', 'send'),
  segmentOf('scp>ssp', 'receive'),
  segmentOf('srf>scp', 'send'),
  segmentOf('scp>srf', 'receive'),
  segmentOf('ssp>scp', 'receive'),
  segmentOf('scp>ssp', 'send'),
  segmentOf('srf>scp', 'receive'),
  segmentOf('scp>srf', 'send'),
];

/** Every `inap.*` operation type the table gives. */
export const OPERATION_ENTRIES: readonly OpEntry[] = SEGMENTS.flatMap((s) =>
  (Object.entries(OPERATIONS) as Array<[string, OperationRow]>).flatMap(([op, row]) =>
    components(row)
      .filter(([, links]) => links.includes(s.link))
      .map(([wire]): OpEntry => ({ ...s, name: op + SUFFIX[wire], op, wire })),
  ),
);
