// THE table of the plugin's operation types. One row per INAP/CAP operation: its operation code, its argument (and
// result) type in the codec, whether its Invoke opens a TCAP dialogue, which roles send each of its wire components
// (Invoke, ReturnResult, ReturnError), and the behaviour of its own where it has one (behaviour/). Every
// `inap.<role>_<to|from>_<peer>.<Name>` type is derived from it (family.ts, through sigtran's TCAP-user kit): a
// component sent on the link `ssp>scp` gives the type `inap.ssp_to_scp.<Name>` (the tester is the SSP and sends it)
// and `inap.scp_from_ssp.<Name>` (the tester is the SCP and expects it). <Name> is the operation's name for the
// Invoke, `<op>Result` / `<op>Error` for the answers.
//
// Adding an operation = one row here + its argument type in codec/args.ts (ARG_TYPES); see docs/plugins/inap.md.
import { APPLY_CHARGING } from './behaviour/apply-charging.js';
import { ACTIVITY_TEST } from './behaviour/activity-test.js';
import { RESET_TIMER } from './behaviour/reset-timer.js';
import type { OperationBehaviour } from './behaviour/behaviour.js';
import { DEFAULT_ANNOUNCEMENT_REPORT, DEFAULT_CAUSE, DEFAULT_IPSSP_CAPABILITIES } from './behaviour/defaults.js';
import { RRBCSM } from './behaviour/rrbcsm.js';

/** Who sends a component to whom: SSP (gsmSSF) and SRF (intelligent peripheral) talk to the SCP (gsmSCF). */
type Link = 'ssp>scp' | 'srf>scp' | 'scp>ssp' | 'scp>srf';

export interface OperationRow extends OperationBehaviour {
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
  /** ReturnError: links it is sent on (the tester sends and matches `errorCode`, a code or a name of codec/errors.ts). */
  error?: readonly Link[];
  /** The errors TS 29.078 lists for the operation (ERRORS); others are sent too when given. */
  errors?: readonly string[];
  /** A dialogue-opening operation of its own contexts (SMS, GPRS control; aliases of contexts.ts): its Begin names the
   *  first unless `tcap_ac` names one, or the role's `ssp_ac` is one of them. */
  contexts?: readonly string[];
  /** The gsmSCF may open a dialogue with it (gsmSCF-initiated, TS 29.078 §8: cap3-gsmscf-gprsssfAC) in this context
   *  when none is open; the SSP role then takes it from a new Begin. */
  scfContext?: string;
}

const SCP_TO_SSP: readonly Link[] = ['scp>ssp'];
const SSP_TO_SCP: readonly Link[] = ['ssp>scp'];
const SCP_TO_BOTH: readonly Link[] = ['scp>ssp', 'scp>srf'];
const BOTH_TO_SCP: readonly Link[] = ['ssp>scp', 'srf>scp'];

// The ERRORS of the CAP SMS and GPRS operations (TS 29.078 §7, §8)
const SYNTAX = ['missingParameter', 'unexpectedComponentSequence', 'unexpectedDataValue', 'unexpectedParameter'];
const OPENING_ERRORS = { error: SCP_TO_SSP, errors: ['missingCustomerRecord', 'parameterOutOfRange', 'systemFailure', 'taskRefused', ...SYNTAX] };
const CONTROL_ERRORS = { error: SSP_TO_SCP, errors: ['parameterOutOfRange', 'systemFailure', 'taskRefused', ...SYNTAX] };
const TIMER_ERRORS = ['parameterOutOfRange', 'taskRefused', ...SYNTAX];
const FCI_ERRORS = ['taskRefused', ...SYNTAX];
const PDP = (errors: readonly string[], error: readonly Link[] = SSP_TO_SCP) => ({ error, errors: [...errors, 'unknownPDPID'] });
/** The operations of the gsmSCF-initiated GPRS context. */
const SCF_GPRS = { scfContext: 'camel3_scf_gprs' };

/** The operations, in the order their types are listed. */
export const OPERATIONS: Readonly<Record<string, OperationRow>> = {
  InitialDP: { opcode: 0, argument: 'InitialDPArg', opens: true, invoke: SSP_TO_SCP, error: SCP_TO_SSP },
  AssistRequestInstructions: { opcode: 16, argument: 'AssistRequestInstructionsArg', opens: true, invoke: BOTH_TO_SCP, ...DEFAULT_IPSSP_CAPABILITIES },
  EstablishTemporaryConnection: { opcode: 17, argument: 'EstablishTemporaryConnectionArg', invoke: SCP_TO_SSP },
  DisconnectForwardConnection: { opcode: 18, argument: null, invoke: SCP_TO_SSP },
  ConnectToResource: { opcode: 19, argument: 'ConnectToResourceArg', invoke: SCP_TO_SSP },
  Connect: { opcode: 20, argument: 'ConnectArg', invoke: SCP_TO_SSP },
  ReleaseCall: { opcode: 22, argument: 'ReleaseCallArg', invoke: SCP_TO_SSP, ...DEFAULT_CAUSE },
  RequestReportBCSMEvent: { opcode: 23, argument: 'RequestReportBCSMEventArg', invoke: SCP_TO_SSP, ...RRBCSM },
  EventReportBCSM: { opcode: 24, argument: 'EventReportBCSMArg', invoke: SSP_TO_SCP },
  Continue: { opcode: 31, argument: null, invoke: SCP_TO_SSP },
  InitiateCallAttempt: { opcode: 32, argument: 'InitiateCallAttemptArg', invoke: SCP_TO_SSP },
  ResetTimer: { opcode: 33, argument: 'ResetTimerArg', invoke: SCP_TO_SSP, ...RESET_TIMER },
  FurnishChargingInformation: { opcode: 34, argument: 'FurnishChargingInformationArg', invoke: SCP_TO_SSP },
  ApplyCharging: { opcode: 35, argument: 'ApplyChargingArg', invoke: SCP_TO_SSP, error: SSP_TO_SCP, ...APPLY_CHARGING },
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
  SpecializedResourceReport: { opcode: 49, argument: 'SpecializedResourceReportArg', invoke: BOTH_TO_SCP, ...DEFAULT_ANNOUNCEMENT_REPORT },
  Cancel: { opcode: 53, argument: 'CancelArg', invoke: SCP_TO_BOTH },
  ActivityTest: { opcode: 55, argument: null, invoke: SCP_TO_BOTH, result: { links: BOTH_TO_SCP, type: null }, ...ACTIVITY_TEST },
  DisconnectForwardConnectionWithArgument: { opcode: 86, argument: 'DisconnectForwardConnectionWithArgumentArg', invoke: SCP_TO_SSP },
  ContinueWithArgument: { opcode: 88, argument: 'ContinueWithArgumentArg', invoke: SCP_TO_SSP },
  DisconnectLeg: { opcode: 90, argument: 'DisconnectLegArg', invoke: SCP_TO_SSP, result: { links: SSP_TO_SCP, type: null } },
  // SMS control (CAP v3 / v4 SMS, TS 29.078 clause 7): the MSC's or SGSN's SMS-SSF plays the `ssp` role
  InitialDPSMS: { opcode: 60, argument: 'InitialDPSMSArg', opens: true, invoke: SSP_TO_SCP, ...OPENING_ERRORS, contexts: ['camel3_sms', 'camel4_sms'] },
  FurnishChargingInformationSMS: { opcode: 61, argument: 'FurnishChargingInformationSMSArg', invoke: SCP_TO_SSP, error: SSP_TO_SCP, errors: FCI_ERRORS },
  ConnectSMS: { opcode: 62, argument: 'ConnectSMSArg', invoke: SCP_TO_SSP, ...CONTROL_ERRORS },
  RequestReportSMSEvent: { opcode: 63, argument: 'RequestReportSMSEventArg', invoke: SCP_TO_SSP, ...CONTROL_ERRORS },
  EventReportSMS: { opcode: 64, argument: 'EventReportSMSArg', invoke: SSP_TO_SCP },
  ContinueSMS: { opcode: 65, argument: null, invoke: SCP_TO_SSP },
  ReleaseSMS: { opcode: 66, argument: 'ReleaseSMSArg', invoke: SCP_TO_SSP },
  ResetTimerSMS: { opcode: 67, argument: 'ResetTimerSMSArg', invoke: SCP_TO_SSP, error: SSP_TO_SCP, errors: TIMER_ERRORS, ...RESET_TIMER },
  // GPRS control (CAP v3 GPRS, TS 29.078 clause 8): the SGSN's gprsSSF plays the `ssp` role
  ActivityTestGPRS: { opcode: 70, argument: null, invoke: SCP_TO_SSP, result: { links: SSP_TO_SCP, type: null }, ...SCF_GPRS },
  ApplyChargingGPRS: { opcode: 71, argument: 'ApplyChargingGPRSArg', invoke: SCP_TO_SSP, ...PDP(CONTROL_ERRORS.errors), ...SCF_GPRS },
  ApplyChargingReportGPRS: { opcode: 72, argument: 'ApplyChargingReportGPRSArg', invoke: SSP_TO_SCP, result: { links: SCP_TO_SSP, type: null }, ...PDP(CONTROL_ERRORS.errors, SCP_TO_SSP) },
  CancelGPRS: { opcode: 73, argument: 'CancelGPRSArg', invoke: SCP_TO_SSP, ...PDP(['missingParameter', 'taskRefused']), ...SCF_GPRS },
  ConnectGPRS: { opcode: 74, argument: 'ConnectGPRSArg', invoke: SCP_TO_SSP, ...PDP(CONTROL_ERRORS.errors) },
  ContinueGPRS: { opcode: 75, argument: 'ContinueGPRSArg', invoke: SCP_TO_SSP, ...PDP(['missingParameter', 'unexpectedDataValue']) },
  EntityReleasedGPRS: { opcode: 76, argument: 'EntityReleasedGPRSArg', invoke: SSP_TO_SCP, result: { links: SCP_TO_SSP, type: null }, ...PDP(['missingParameter', 'taskRefused'], SCP_TO_SSP) },
  FurnishChargingInformationGPRS: { opcode: 77, argument: 'FurnishChargingInformationGPRSArg', invoke: SCP_TO_SSP, ...PDP(FCI_ERRORS), ...SCF_GPRS },
  InitialDPGPRS: { opcode: 78, argument: 'InitialDPGPRSArg', opens: true, invoke: SSP_TO_SCP, ...OPENING_ERRORS, contexts: ['camel3_gprs'] },
  ReleaseGPRS: { opcode: 79, argument: 'ReleaseGPRSArg', invoke: SCP_TO_SSP, ...PDP(['missingParameter', 'taskRefused']), ...SCF_GPRS },
  EventReportGPRS: { opcode: 80, argument: 'EventReportGPRSArg', invoke: SSP_TO_SCP, result: { links: SCP_TO_SSP, type: null }, ...PDP([], SCP_TO_SSP) },
  RequestReportGPRSEvent: { opcode: 81, argument: 'RequestReportGPRSEventArg', invoke: SCP_TO_SSP, ...PDP(CONTROL_ERRORS.errors), ...SCF_GPRS },
  ResetTimerGPRS: { opcode: 82, argument: 'ResetTimerGPRSArg', invoke: SCP_TO_SSP, ...PDP(TIMER_ERRORS), ...RESET_TIMER },
  SendChargingInformationGPRS: { opcode: 83, argument: 'SendChargingInformationGPRSArg', invoke: SCP_TO_SSP, ...PDP(CONTROL_ERRORS.errors), ...SCF_GPRS },
};

// ---------------------------------------------------------------- derived from the table

/** Operation codes by operation name. */
export const OPCODES: Readonly<Record<string, number>> = Object.fromEntries(Object.entries(OPERATIONS).map(([op, row]) => [op, row.opcode]));

const BY_CODE = new Map<number, string>(Object.entries(OPCODES).map(([k, v]) => [v, k]));
export function opName(opcode: number | string): string | undefined {
  return typeof opcode === 'number' ? BY_CODE.get(opcode) : undefined;
}

/** The operations whose Invoke opens a new dialogue when the SSP or SRF sends it (TCAP Begin). */
export const OPENING: ReadonlySet<string> = new Set(Object.entries(OPERATIONS).filter(([, row]) => row.opens).map(([op]) => op));
