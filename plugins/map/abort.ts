// MAP-REFUSE, MAP-U-ABORT and MAP-P-ABORT (TS 29.002's dialogue services and their mapping on TCAP): what the map
// plugin adds to the kit's `tcap.<segment>.Abort` types. Sending: `map_refuse` (an AARE reject-permanent with the
// MAP-RefuseInfo, or application-context-name-not-supported naming `map_refuse_ac`), `map_user_abort` (an ABRT with
// the MAP-UserAbortInfo) or `map_provider_abort` (an ABRT with the MAP-ProviderAbortInfo); the kit's p_cause sends a
// TCAP P-Abort. Receiving: the MAP service the Abort stands for (`map_service`) and its reason, field by field.
import type { JsonObject } from '../../sdk/index.js';
import type { TcapMessage } from '../sigtran/api.js';
import { resolveAc, type AbortOptions } from '../sigtran/api.js';
import type { AbortSpec, Properties } from '../sigtran/user/index.js';
import { CANCELLATION_REASONS, decodeMapDialogue, encodeMapDialogue, PROVIDER_ABORT_REASONS, REFUSE_REASONS, RESOURCE_REASONS, USER_ABORT_CHOICES } from './codec/dialogue.js';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** MAP-REFUSE's reason when the AARE says application-context-name-not-supported (MAP-OPEN's Refuse-reason). */
const AC_NOT_SUPPORTED = 'applicationContextNotSupported';
const REFUSALS = [...Object.values(REFUSE_REASONS), AC_NOT_SUPPORTED];

/** MAP-P-ABORT's provider reason for each TCAP P-AbortCause (TS 29.002's mapping of TC-P-ABORT; Q.773:
 *  unrecognizedMessageType, unrecognizedTransactionID, badlyFormattedTransactionPortion, incorrectTransactionPortion,
 *  resourceLimitation). */
const PROVIDER_REASON_OF_CAUSE: readonly string[] = ['providerMalfunction', 'supportingDialogueTransactionReleased', 'providerMalfunction', 'providerMalfunction', 'resourceLimitation'];

const names = (t: Readonly<Record<number, string>>) => Object.values(t);

const SEND: Properties = {
  map_refuse: { type: 'string', enum: REFUSALS, description: `MAP-REFUSE of the peer's MAP-OPEN (answering its Begin): a TCAP Abort with AARE reject-permanent; ${AC_NOT_SUPPORTED} names map_refuse_ac (else the received AC) as the one supported, the others carry MAP-RefuseInfo with that reason.` },
  map_refuse_ac: { type: 'string', description: 'With map_refuse: the AC named (alias, dotted OID or hex): the supported AC of applicationContextNotSupported, else MAP-RefuseInfo\'s alternativeApplicationContext.' },
  map_user_abort: { type: 'string', enum: [...USER_ABORT_CHOICES], description: 'MAP-U-ABORT: a TCAP U-Abort whose ABRT carries MAP-UserAbortInfo with this MAP-UserAbortChoice.' },
  map_user_abort_reason: { type: 'string', enum: [...names(RESOURCE_REASONS), ...names(CANCELLATION_REASONS)], description: 'Its reason: a ResourceUnavailableReason (resourceUnavailable) or ProcedureCancellationReason (applicationProcedureCancellation).' },
  map_provider_abort: { type: 'string', enum: names(PROVIDER_ABORT_REASONS), description: 'MAP-P-ABORT from the MAP provider: a TCAP U-Abort whose ABRT carries MAP-ProviderAbortInfo with this reason (p_cause: a TCAP P-Abort).' },
};

const RECEIVE: Properties = {
  map_service: { type: 'string', enum: ['refuse', 'u-abort', 'p-abort'], description: 'The MAP service the Abort stands for: MAP-REFUSE (AARE reject-permanent), MAP-U-ABORT (MAP-UserAbortInfo), MAP-P-ABORT (TCAP P-Abort, MAP-ProviderAbortInfo, or an ABRT without MAP user information).' },
  map_refuse: { type: 'string', description: `MAP-REFUSE's reason: ${REFUSALS.join(', ')}.` },
  map_refuse_ac: { type: 'string', description: 'The AC the refusal names (AARE application-context-name for applicationContextNotSupported, else alternativeApplicationContext): alias, dotted OID or hex.' },
  map_user_abort: SEND.map_user_abort!,
  map_user_abort_reason: SEND.map_user_abort_reason!,
  map_provider_reason: { type: 'string', enum: ['providerMalfunction', 'supportingDialogueTransactionReleased', 'resourceLimitation', 'maintenanceActivity', 'versionIncompatibility', 'abnormalMapDialogue'], description: 'MAP-P-ABORT\'s provider reason (from the TCAP P-Abort cause, or abnormalMapDialogue).' },
  map_provider_abort: { type: 'string', description: 'The MAP-ProviderAbortReason of a received MAP-ProviderAbortInfo.' },
};

/** The AC an argument names; a string: why it names none. */
function acArg(v: unknown, name = 'map_refuse_ac'): ReturnType<typeof resolveAc> | string {
  try {
    return resolveAc(String(v));
  } catch (e) {
    return `${name} ${JSON.stringify(v)}: ${(e as Error).message}`;
  }
}

function refuse(args: JsonObject): AbortOptions | string {
  const ac = args.map_refuse_ac === undefined ? null : acArg(args.map_refuse_ac);
  if (typeof ac === 'string') return ac;
  if (args.map_refuse === AC_NOT_SUPPORTED) return ac ? { acNotSupported: true, ac } : { acNotSupported: true };
  const reason = Object.entries(REFUSE_REASONS).find(([, n]) => n === args.map_refuse)?.[0];
  if (reason === undefined) return `map_refuse ${JSON.stringify(args.map_refuse)}: one of ${REFUSALS.join(', ')}`;
  const info: Obj = { reason: Number(reason) };
  if (ac) info.alternativeApplicationContext_oid = ac.oid;
  // dialogue-service-user no-reason-given: the dialogue is refused, the MAP-RefuseInfo says why
  return { rejectDiagnostic: 1, userInformation: encodeMapDialogue({ map_refuse: info }) };
}

function userAbort(args: JsonObject): AbortOptions | string {
  const choice = String(args.map_user_abort);
  const i = (USER_ABORT_CHOICES as readonly string[]).indexOf(choice);
  if (i < 0) return `map_user_abort ${JSON.stringify(choice)}: one of ${USER_ABORT_CHOICES.join(', ')}`;
  const table = i === 2 ? RESOURCE_REASONS : i === 3 ? CANCELLATION_REASONS : undefined;
  let value: unknown = 1; // the NULL alternatives
  if (table) {
    const reason = args.map_user_abort_reason;
    if (reason === undefined) return `map_user_abort ${choice} needs map_user_abort_reason (${names(table).join(', ')})`;
    if (!names(table).includes(String(reason))) return `map_user_abort_reason ${JSON.stringify(reason)}: one of ${names(table).join(', ')}`;
    value = reason;
  } else if (args.map_user_abort_reason !== undefined) return `map_user_abort ${choice} takes no map_user_abort_reason`;
  return { userInformation: encodeMapDialogue({ map_userAbort: { 'map-UserAbortChoice': { [choice]: value } } }) };
}

/** The AbortOptions of the MAP arguments given (none: {}); a string: why they cannot be sent. */
export function mapAbortOptions(args: JsonObject): AbortOptions | string {
  const given = ['map_refuse', 'map_user_abort', 'map_provider_abort', 'p_cause', 'u_info_0_octets'].filter((k) => args[k] !== undefined);
  if (given.length > 1) return `give one of ${given.join(', ')}`;
  if (args.map_refuse_ac !== undefined && args.map_refuse === undefined) return 'map_refuse_ac goes with map_refuse';
  if (args.map_user_abort_reason !== undefined && args.map_user_abort === undefined) return 'map_user_abort_reason goes with map_user_abort';
  if (args.map_refuse !== undefined) return refuse(args);
  if (args.map_user_abort !== undefined) return userAbort(args);
  if (args.map_provider_abort !== undefined) {
    if (!names(PROVIDER_ABORT_REASONS).includes(String(args.map_provider_abort))) return `map_provider_abort ${JSON.stringify(args.map_provider_abort)}: one of ${names(PROVIDER_ABORT_REASONS).join(', ')}`;
    return { userInformation: encodeMapDialogue({ map_providerAbort: { 'map-ProviderAbortReason': args.map_provider_abort } }) };
  }
  return {};
}

/** The name of a MAP-UserAbortChoice's reason (its enumerated value under `<choice>_name`). */
function userAbortFields(info: unknown, out: JsonObject): void {
  const c = isObj(info) ? info['map-UserAbortChoice'] : undefined;
  if (!isObj(c)) return;
  const choice = USER_ABORT_CHOICES.find((n) => c[n] !== undefined);
  if (!choice) return;
  out.map_user_abort = choice;
  const reason = c[`${choice}_name`] ?? (typeof c[choice] === 'number' && choice !== 'userSpecificReason' && choice !== 'userResourceLimitation' ? c[choice] : undefined);
  if (reason !== undefined) out.map_user_abort_reason = reason as string;
}

/** The MAP service and reason fields of a received TCAP Abort (the kit's fields given: kind, p_cause, ...). */
export function mapAbortFields(m: TcapMessage, out: JsonObject): void {
  if (m.kind === 'p-abort') {
    out.map_service = 'p-abort';
    out.map_provider_reason = (m.pAbortCause === undefined ? undefined : PROVIDER_REASON_OF_CAUSE[m.pAbortCause]) ?? 'providerMalfunction';
    return;
  }
  const pdu = m.dialoguePdu;
  const map = pdu && pdu.type !== 'aarq' ? decodeMapDialogue(pdu.userInformation) : undefined;
  if (map) out.tcap = map as JsonObject;
  if (pdu?.type === 'aare' && pdu.result !== 'accepted') {
    out.map_service = 'refuse';
    const info = isObj(map?.map_refuse) ? map.map_refuse : undefined;
    if (pdu.diagnostic.source === 'user' && pdu.diagnostic.code === 2) {
      out.map_refuse = AC_NOT_SUPPORTED;
      out.map_refuse_ac = pdu.ac.oid;
    } else {
      out.map_refuse = (info?.reason_name as string | undefined) ?? 'noReasonGiven';
      if (typeof info?.alternativeApplicationContext_oid === 'string') out.map_refuse_ac = info.alternativeApplicationContext_oid;
    }
    return;
  }
  if (isObj(map?.map_userAbort)) {
    out.map_service = 'u-abort';
    userAbortFields(map.map_userAbort, out);
    return;
  }
  // an ABRT with MAP-ProviderAbortInfo, or none the MAP user could read: the MAP provider aborted
  out.map_service = 'p-abort';
  out.map_provider_reason = 'abnormalMapDialogue';
  const pa = isObj(map?.map_providerAbort) ? map.map_providerAbort : undefined;
  if (pa && typeof pa['map-ProviderAbortReason_name'] === 'string') out.map_provider_abort = pa['map-ProviderAbortReason_name'];
}

/** `map_refuse_ac` expected as an alias or OID is matched as the OID. */
function expectedAbort(args: JsonObject): JsonObject | string {
  let out = args;
  for (const k of ['map_refuse_ac', 'tcap_ac']) {
    if (typeof args[k] !== 'string') continue;
    const ac = acArg(args[k], k);
    if (typeof ac === 'string') return ac;
    out = { ...out, [k]: ac?.oid ?? null };
  }
  return out;
}

/** What the map plugin adds to the kit's Abort types. */
export const MAP_ABORTS: AbortSpec = { send: SEND, receive: RECEIVE, outbound: mapAbortOptions, inbound: mapAbortFields, expected: expectedAbort };
