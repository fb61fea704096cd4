// THE table of the map plugin: every MAP operation the tester plays — its operation code per application-context
// version, argument and result types (codec/types/), its context, which roles invoke and answer it, its errors,
// its own forms (shorthands, TPDU) — and the MAP error codes. family.ts gives it to sigtran's TCAP-user kit, which
// makes every `map.<role>_<to|from>_<peer>.<Name>` type (and the `tcap.<role>_<to|from>_<peer>.Abort` and
// `…Register` types) from it. Adding an operation is a row here plus its types in codec/types/.

import type { ApplicationContext } from '../sigtran/api.js';
import { contextOf, type MapContext } from './contexts.js';
import { CSE_OPERATIONS } from './catalogue/cse.js';
import { MOBILITY_OPERATIONS } from './catalogue/mobility.js';
import { SMS_OPERATIONS } from './catalogue/sms.js';
import { SS_OPERATIONS } from './catalogue/ss.js';

/** One MAP operation. */
export interface MapOperation {
  /** The tester's name: `<Name>` (invoke), `<Name>Result`, `<Name>Error`. */
  readonly name: string;
  /** The TS 29.002 operation name (for traces). */
  readonly asn: string;
  /** The application context (TS 29.002 name) whose dialogues carry it. */
  readonly context: string;
  /** By context version: the local opcode and the argument / result types (undefined = no parameter), and the
   *  context when that version runs in another (MT forwardSM v1 in shortMsgRelayContext-v1, the MO context's arc). */
  readonly versions: Readonly<Record<number, { readonly opcode: number; readonly arg?: string; readonly res?: string; readonly context?: string }>>;
  /** Version used when the dialogue's AC does not say (our Begin without an AC of this context). */
  readonly defaultVersion: number;
  /** [invoker role, responder role] pairs: the invoker sends `<Name>`, the responder `<Name>Result` / `<Name>Error`. */
  readonly pairs: ReadonlyArray<readonly [string, string]>;
  /** Errors TS 29.002 lists for the operation (others are refused by name; any code is accepted). */
  readonly errors: readonly string[];
  /** The responder closes the dialogue with the result or error (TC-END) unless the definition says otherwise. */
  readonly endsDialogue: boolean;
  /** Short names for nested fields (`msisdn` for subscriberIdentity.msisdn): accepted on encode, filled on decode.
   *  Several paths: the first one the version's type has. */
  readonly shorthands?: Readonly<Record<string, string | readonly string[]>>;
  readonly resultShorthands?: Readonly<Record<string, string | readonly string[]>>;
  /** The SM-RP-UI holds a TPDU in this direction: 'mo' (SMS-SUBMIT) or 'mt' (SMS-DELIVER). */
  readonly tpdu?: 'mo' | 'mt';
  /** Other spellings of `map.<responder>_from_<invoker>.<Name>` (the anchor's). */
  readonly receiveAliases?: readonly string[];
}

const USSD_ERRORS = ['callBarred', 'systemFailure', 'dataMissing', 'unexpectedDataValue', 'unknownAlphabet'];
const USSR_ERRORS = ['systemFailure', 'dataMissing', 'unexpectedDataValue', 'absentSubscriber', 'illegalSubscriber', 'illegalEquipment', 'unknownAlphabet', 'ussd-Busy'];
const STATE_AND_LOCATION = { subscriberState: 'subscriberInfo.subscriberState', locationInformation: 'subscriberInfo.locationInformation' };

export const MAP_OPERATIONS: readonly MapOperation[] = [
  {
    name: 'ProcessUnstructuredSSRequest', asn: 'processUnstructuredSS-Request', context: 'networkUnstructuredSsContext',
    versions: { 2: { opcode: 59, arg: 'USSD-Arg', res: 'USSD-Res' } }, defaultVersion: 2,
    pairs: [['hlr', 'scp'], ['vlr', 'hlr']], errors: USSD_ERRORS, endsDialogue: true,
  },
  {
    name: 'UnstructuredSSRequest', asn: 'unstructuredSS-Request', context: 'networkUnstructuredSsContext',
    versions: { 2: { opcode: 60, arg: 'USSD-Arg', res: 'USSD-Res' } }, defaultVersion: 2,
    pairs: [['scp', 'hlr']], errors: USSR_ERRORS, endsDialogue: false,
  },
  {
    name: 'UnstructuredSSNotify', asn: 'unstructuredSS-Notify', context: 'networkUnstructuredSsContext',
    versions: { 2: { opcode: 61, arg: 'USSD-Arg' } }, defaultVersion: 2,
    pairs: [['scp', 'hlr']], errors: USSR_ERRORS, endsDialogue: false,
  },
  {
    name: 'AnyTimeInterrogation', asn: 'anyTimeInterrogation', context: 'anyTimeInfoEnquiryContext',
    versions: { 3: { opcode: 71, arg: 'AnyTimeInterrogationArg', res: 'AnyTimeInterrogationRes' } }, defaultVersion: 3,
    pairs: [['scp', 'hlr']], errors: ['systemFailure', 'ati-NotAllowed', 'dataMissing', 'unexpectedDataValue', 'unknownSubscriber'], endsDialogue: true,
    shorthands: { msisdn: 'subscriberIdentity.msisdn', imsi: 'subscriberIdentity.imsi' }, resultShorthands: STATE_AND_LOCATION,
    receiveAliases: ['AnyTimeInterrogationRequest'],
  },
  {
    name: 'SendRoutingInfo', asn: 'sendRoutingInfo', context: 'locationInfoRetrievalContext',
    versions: {
      1: { opcode: 22, arg: 'SendRoutingInfoArg-v2', res: 'SendRoutingInfoRes-v2' },
      2: { opcode: 22, arg: 'SendRoutingInfoArg-v2', res: 'SendRoutingInfoRes-v2' },
      3: { opcode: 22, arg: 'SendRoutingInfoArg', res: 'SendRoutingInfoRes' },
    },
    defaultVersion: 3, pairs: [['scp', 'hlr'], ['gmsc', 'hlr']],
    errors: ['unknownSubscriber', 'numberChanged', 'bearerServiceNotProvisioned', 'teleserviceNotProvisioned', 'absentSubscriber', 'busySubscriber',
      'noSubscriberReply', 'callBarred', 'cug-Reject', 'forwardingViolation', 'or-NotAllowed', 'facilityNotSupported', 'systemFailure', 'dataMissing', 'unexpectedDataValue'],
    endsDialogue: true,
    resultShorthands: { roamingNumber: ['extendedRoutingInfo.routingInfo.roamingNumber', 'routingInfo.roamingNumber'], ...STATE_AND_LOCATION },
  },
  {
    name: 'ProvideSubscriberInfo', asn: 'provideSubscriberInfo', context: 'subscriberInfoEnquiryContext',
    versions: { 3: { opcode: 70, arg: 'ProvideSubscriberInfoArg', res: 'ProvideSubscriberInfoRes' } }, defaultVersion: 3,
    pairs: [['hlr', 'vlr']], errors: ['dataMissing', 'unexpectedDataValue'], endsDialogue: true, resultShorthands: STATE_AND_LOCATION,
  },
  ...SMS_OPERATIONS,
  ...MOBILITY_OPERATIONS,
  ...SS_OPERATIONS,
  ...CSE_OPERATIONS,
];

/** MAP error codes (TS 29.002 MAP-Errors; the names and values of Wireshark's gsm_old localValue table). */
export const MAP_ERRORS: Readonly<Record<string, number>> = {
  unknownSubscriber: 1, unknownBaseStation: 2, unknownMSC: 3, secureTransportError: 4, unidentifiedSubscriber: 5, absentSubscriberSM: 6,
  unknownEquipment: 7, roamingNotAllowed: 8, illegalSubscriber: 9, bearerServiceNotProvisioned: 10, teleserviceNotProvisioned: 11,
  illegalEquipment: 12, callBarred: 13, forwardingViolation: 14, 'cug-Reject': 15, 'illegalSS-Operation': 16, 'ss-ErrorStatus': 17,
  'ss-NotAvailable': 18, 'ss-SubscriptionViolation': 19, 'ss-Incompatibility': 20, facilityNotSupported: 21, ongoingGroupCall: 22,
  absentSubscriber: 27, incompatibleTerminal: 28, shortTermDenial: 29, longTermDenial: 30, 'subscriberBusyForMT-SMS': 31,
  'sm-DeliveryFailure': 32, messageWaitingListFull: 33, systemFailure: 34, dataMissing: 35, unexpectedDataValue: 36,
  'pw-RegistrationFailure': 37, 'negativePW-Check': 38, noRoamingNumberAvailable: 39, tracingBufferFull: 40, numberOfPWAttemptsViolation: 43,
  numberChanged: 44, busySubscriber: 45, noSubscriberReply: 46, forwardingFailed: 47, 'or-NotAllowed': 48, 'ati-NotAllowed': 49,
  noGroupCallNumberAvailable: 50, resourceLimitation: 51, unauthorizedRequestingNetwork: 52, unauthorizedLCSClient: 53, positionMethodFailure: 54,
  unknownOrUnreachableLCSClient: 58, 'mm-EventNotSupported': 59, 'atsi-NotAllowed': 60, 'atm-NotAllowed': 61, informationNotAvailable: 62,
  unknownAlphabet: 71, 'ussd-Busy': 72,
};

const ERROR_BY_CODE = new Map(Object.entries(MAP_ERRORS).map(([k, v]) => [v, k] as const));
const ERROR_BY_LOWER = new Map(Object.keys(MAP_ERRORS).map((k) => [k.toLowerCase().replace(/-/g, ''), k] as const));

/** An error given by name (case- and hyphen-insensitive: `ati-NotAllowed`, `atiNotAllowed`) or by code. */
export function resolveError(v: unknown): { code: number; name: string | undefined } | undefined {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return { code: v, name: ERROR_BY_CODE.get(v) };
  if (typeof v !== 'string') return undefined;
  if (/^\s*\d+\s*$/.test(v)) return resolveError(Number(v));
  const name = ERROR_BY_LOWER.get(v.toLowerCase().replace(/-/g, ''));
  return name === undefined ? undefined : { code: MAP_ERRORS[name]!, name };
}

export function errorName(code: number): string | undefined {
  return ERROR_BY_CODE.get(code);
}

const BY_NAME = new Map(MAP_OPERATIONS.map((o) => [o.name, o] as const));
export function mapOperation(name: string): MapOperation | undefined {
  return BY_NAME.get(name);
}

/** The operation an inbound invoke stands for in a dialogue of context `arc` version `version` (opcode 46 is
 *  MO or MT by the context in v1/v2). */
export function operationOf(opcode: number, context: string | undefined, version: number | undefined): MapOperation | undefined {
  const key = `${opcode}|${context}|${version}`;
  if (OPERATION_OF.has(key)) return OPERATION_OF.get(key);
  let best: MapOperation | undefined;
  let found: MapOperation | undefined;
  for (const op of MAP_OPERATIONS) {
    const vs = Object.values(op.versions);
    if (!vs.some((v) => v.opcode === opcode)) continue;
    if (version === undefined ? context === op.context : runsIn(op, context, version, opcode)) {
      found = op;
      break;
    }
    if (!best && op.versions[op.defaultVersion]?.opcode === opcode) best = op;
  }
  // bounded: the keys come from received messages (any opcode, any context of the table, any version)
  if (OPERATION_OF.size < 4096) OPERATION_OF.set(key, found ?? best);
  return found ?? best;
}

/** operationOf's answers by opcode, context and version (the table never changes). */
const OPERATION_OF = new Map<string, MapOperation | undefined>();

/** Whether `op`'s invoke `opcode` is defined in `version` of `context`. */
function runsIn(op: MapOperation, context: string | undefined, version: number, opcode?: number): boolean {
  const v = op.versions[version];
  return v !== undefined && (v.context ?? op.context) === context && (opcode === undefined || v.opcode === opcode);
}

/** Every operation whose invoke `opcode` is defined in `version` of `context` (more than one where the same invoke
 *  serves two: forwardSM in shortMsgRelayContext-v1 is MO or MT); without an opcode, every operation of the context. */
export function operationsOf(opcode: number | undefined, context: string, version: number): MapOperation[] {
  return MAP_OPERATIONS.filter((op) => runsIn(op, context, version, opcode));
}

/** The version of `op` a dialogue in `mc` runs: mc's when mc is the operation's context (in a version it may lack:
 *  the codec refuses that by name) or the context of its version mc.version; else none. */
export function versionIn(op: MapOperation, mc: MapContext | undefined): number | undefined {
  return mc && (mc.context === op.context || runsIn(op, mc.context, mc.version)) ? mc.version : undefined;
}

export const ROLE_NAMES: Readonly<Record<string, string>> = { hlr: 'HLR', scp: 'SCP/gsmSCF', smsc: 'SMSC', msc: 'MSC', vlr: 'VLR', sgsn: 'SGSN', eir: 'EIR', gmsc: 'GMSC' };

// ---------------------------------------------------------------- application contexts

/** The contexts the table's operations run in (contexts.ts knows every MAP context). */
const TABLE_CONTEXTS: ReadonlySet<string> = new Set(MAP_OPERATIONS.flatMap((o) => [o.context, ...Object.values(o.versions).map((v) => v.context ?? o.context)]));

/** TS 29.002 name and version of a MAP application context, when it is one of the table's contexts. */
export function mapContextOf(ac: ApplicationContext | null | undefined): MapContext | undefined {
  const mc = contextOf(ac);
  return mc && TABLE_CONTEXTS.has(mc.context) ? mc : undefined;
}

/** The AC alias the operation's context has in `version` (e.g. 'anyTimeInfoEnquiryContext_v3'). */
export const defaultAc = (op: MapOperation, version = op.defaultVersion) => `${op.versions[version]?.context ?? op.context}_v${version}`;
