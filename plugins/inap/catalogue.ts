// The operation types this plugin registers: INAP operation codes, which wire component each tester operation
// sends or expects (Invoke, ReturnResult, ReturnError), and which operations each role sends and receives.

/** Local operation codes (protocols.md §1.5, checked against Wireshark's inap/camel opcode tables). */
export const OPCODES: Readonly<Record<string, number>> = {
  InitialDP: 0,
  AssistRequestInstructions: 16,
  EstablishTemporaryConnection: 17,
  DisconnectForwardConnection: 18,
  ConnectToResource: 19,
  Connect: 20,
  ReleaseCall: 22,
  RequestReportBCSMEvent: 23,
  EventReportBCSM: 24,
  Continue: 31,
  InitiateCallAttempt: 32,
  ResetTimer: 33,
  FurnishChargingInformation: 34,
  ApplyCharging: 35,
  ApplyChargingReport: 36,
  CallGap: 41,
  CallInformationReport: 44,
  CallInformationRequest: 45,
  SendChargingInformation: 46,
  PlayAnnouncement: 47,
  PromptAndCollectUserInformation: 48,
  SpecializedResourceReport: 49,
  Cancel: 53,
  ActivityTest: 55,
  DisconnectForwardConnectionWithArgument: 86,
  ContinueWithArgument: 88,
  DisconnectLeg: 90,
};

const BY_CODE = new Map<number, string>(Object.entries(OPCODES).map(([k, v]) => [v, k]));
export function opName(opcode: number | string): string | undefined {
  return typeof opcode === 'number' ? BY_CODE.get(opcode) : undefined;
}

export type WireKind = 'invoke' | 'result' | 'error';

/** What a tester operation name stands for on the wire. */
export interface MessageSpec {
  /** The INAP operation (argument types, opcode). */
  op: string;
  wire: WireKind;
}

const SPECIAL: Record<string, MessageSpec> = {
  ActivityTestResult: { op: 'ActivityTest', wire: 'result' },
  PromptAndCollectUserInformationResult: { op: 'PromptAndCollectUserInformation', wire: 'result' },
  DisconnectLegResult: { op: 'DisconnectLeg', wire: 'result' },
  PlayAnnouncementError: { op: 'PlayAnnouncement', wire: 'error' },
  PromptAndCollectUserInformationError: { op: 'PromptAndCollectUserInformation', wire: 'error' },
};

export function messageSpec(name: string): MessageSpec {
  return SPECIAL[name] ?? { op: name, wire: 'invoke' };
}

/** Operations an SSP (gsmSSF) sends to the SCP. */
export const SSP_SENDS = [
  'InitialDP', 'EventReportBCSM', 'ApplyChargingReport', 'CallInformationReport', 'ActivityTestResult', 'SpecializedResourceReport',
  'PromptAndCollectUserInformationResult', 'PlayAnnouncementError', 'PromptAndCollectUserInformationError', 'AssistRequestInstructions',
  'DisconnectLegResult',
] as const;
/** Operations an SSP receives from the SCP. */
export const SSP_RECEIVES = [
  'RequestReportBCSMEvent', 'Connect', 'Continue', 'ReleaseCall', 'ApplyCharging', 'FurnishChargingInformation', 'ConnectToResource',
  'EstablishTemporaryConnection', 'DisconnectForwardConnection', 'DisconnectLeg', 'PlayAnnouncement', 'PromptAndCollectUserInformation',
  'ActivityTest', 'CallInformationRequest', 'ResetTimer', 'Cancel', 'ContinueWithArgument', 'DisconnectForwardConnectionWithArgument',
  'CallGap', 'SendChargingInformation', 'InitiateCallAttempt',
] as const;
/** Operations an SRF (intelligent peripheral) sends to the SCP. */
export const SRF_SENDS = [
  'AssistRequestInstructions', 'SpecializedResourceReport', 'PromptAndCollectUserInformationResult', 'PlayAnnouncementError',
  'PromptAndCollectUserInformationError', 'ActivityTestResult',
] as const;
/** Operations an SRF receives from the SCP. */
export const SRF_RECEIVES = ['PlayAnnouncement', 'PromptAndCollectUserInformation', 'ActivityTest', 'Cancel'] as const;

/** Tester operations that open a new dialogue when sent (TCAP Begin). */
export const OPENING = new Set(['InitialDP', 'AssistRequestInstructions']);

/** One registered operation type: `inap.<role>_<to|from>_<peer>.<name>`. */
export interface OpEntry {
  /** e.g. 'ssp_to_scp'. */
  segment: string;
  name: string;
  direction: 'send' | 'receive';
  /** Which dialogue of the instance it uses: 'ssp', 'srf', 'scp:ssp', 'scp:srf'. */
  dialogueKey: string;
  /** Aliases (older `srp` role spelling). */
  aliases: string[];
}

function entries(segment: string, names: readonly string[], direction: 'send' | 'receive', dialogueKey: string, aliasSegment?: string): OpEntry[] {
  return names.map((name) => ({
    segment, name, direction, dialogueKey,
    aliases: aliasSegment ? [`inap.${aliasSegment}.${name}`] : [],
  }));
}

export const OPERATION_ENTRIES: readonly OpEntry[] = [
  ...entries('ssp_to_scp', SSP_SENDS, 'send', 'ssp'),
  ...entries('ssp_from_scp', SSP_RECEIVES, 'receive', 'ssp'),
  ...entries('srf_to_scp', SRF_SENDS, 'send', 'srf', 'srp_to_scp'),
  ...entries('srf_from_scp', SRF_RECEIVES, 'receive', 'srf', 'srp_from_scp'),
  ...entries('scp_from_ssp', SSP_SENDS, 'receive', 'scp:ssp'),
  ...entries('scp_to_ssp', SSP_RECEIVES, 'send', 'scp:ssp'),
  ...entries('scp_from_srf', SRF_SENDS, 'receive', 'scp:srf'),
  ...entries('scp_to_srf', SRF_RECEIVES, 'send', 'scp:srf'),
];

/** `tcap.<role>_<to|from>_<peer>.Abort` operations. */
export const ABORT_ENTRIES: ReadonlyArray<{ segment: string; direction: 'send' | 'receive'; dialogueKey: string }> = [
  { segment: 'ssp_to_scp', direction: 'send', dialogueKey: 'ssp' },
  { segment: 'ssp_from_scp', direction: 'receive', dialogueKey: 'ssp' },
  { segment: 'srf_to_scp', direction: 'send', dialogueKey: 'srf' },
  { segment: 'srf_from_scp', direction: 'receive', dialogueKey: 'srf' },
  { segment: 'scp_to_ssp', direction: 'send', dialogueKey: 'scp:ssp' },
  { segment: 'scp_from_ssp', direction: 'receive', dialogueKey: 'scp:ssp' },
  { segment: 'scp_to_srf', direction: 'send', dialogueKey: 'scp:srf' },
  { segment: 'scp_from_srf', direction: 'receive', dialogueKey: 'scp:srf' },
];
