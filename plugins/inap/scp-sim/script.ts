// The scp-sim script: which flow to play for which dialogue-opening operation. A script is JSON (or YAML, read by
// the sdk's loadScript):
//   { "variant": "camel3", "rules": [ { "match": { "serviceKey": 100 }, "action": "release", "cause": 16 }, ... ] }
// Rules are tried in order; `match` compares decoded fields of the opening operation (flattened form, loosely;
// a string starting with '~' is a regular expression). Shorthand actions expand into `flow` steps:
//   release {cause}                 ReleaseCall in a TCAP End
//   connect {digits, noa?}          Connect in a TCAP End
//   continue                        Continue in a TCAP End
//   prepaid {max_call_period, digits, noa?, cause?, skip?}
//                                   RRBCSM + ApplyCharging + Connect in a Continue, wait for ApplyChargingReport
//                                   (EventReportBCSMs in between are skipped), then ReleaseCall in a TCAP End
//   announcement {message_id, cause?} ConnectToResource(none) + PlayAnnouncement(requestAnnouncementComplete) in a
//                                   Continue, wait for SpecializedResourceReport, then ReleaseCall in a TCAP End
//   srf_announcement {message_id}   (for AssistRequestInstructions) PlayAnnouncement, wait for
//                                   SpecializedResourceReport, then an empty TCAP End
//   sms_prepaid                     (for InitialDPSMS) RequestReportSMSEvent(o-smsSubmission, o-smsFailure) + ContinueSMS
//                                   in a Continue, wait for EventReportSMS, then an empty TCAP End
//   sms_release {cause?}            (for InitialDPSMS) ReleaseSMS with RP-Cause `cause` (default 21) in a TCAP End
//   gprs_prepaid {volume?, gprs_cause?}
//                                   (for InitialDPGPRS) RequestReportGPRSEvent + ApplyChargingGPRS(maxTransferredVolume) +
//                                   ContinueGPRS in a Continue, wait for ApplyChargingReportGPRS (EventReportGPRSs in
//                                   between are skipped), then ReleaseGPRS in a TCAP End
//   silence                         never answer (the peer times out)
//   abort                           TCAP U-Abort
// A rule may answer with a weighted mix instead of one action or flow: `mix: [{weight, name?, action | flow, ...}]`
// (each entry an action with its fields or a flow; the shares are weight / total), and `delay_ms` (a number or a
// distribution in ms: uniform, normal, exponential, lognormal, with min/max) delays its first answer. The statistics
// count each outcome as `rule/outcome`; `--seed` makes the choices repeat.
// or an explicit `flow`: [ { "send": [ { "op": "Connect", "args": {...} } ], "close": true },
//                          { "expect": "ApplyChargingReport", "skip": ["EventReportBCSM"] }, { "end": true } ]
// An expect step may name `returnError` (the peer refuses what the SCP sent) and may be `optional` (with its own `timeout_ms`): when nothing comes in time, or a ReturnError comes
// instead, the flow goes on with the next step (an SCP's supervision timer: release the call when no report comes).
// `{ "error": 7 }` returns that error (a code or a name of TS 29.078 5.4: 7 or missingParameter, taskRefused,
// missingCustomerRecord, unknownPDPID, ...; `parameter` the error's: { "taskRefused": "congestion" }) to the opening
// operation, in an End (`close`, the default) or a Continue; the action `refuse {error, parameter?}` is that step
// alone. An expect step with `error` answers the Invoke it expects with that error instead of its result.
// An expected (or skipped) Invoke the SCP answers with a ReturnResult (its row's result is sent scp>ssp:
// ApplyChargingReportGPRS, EventReportGPRS, EntityReleasedGPRS) is answered, without parameter, in the next message.
import { ScriptError, parseDelay, parseMix, type Delay, type JsonObject, type Mix } from '../../../sdk/index.js';
import { OPCODES, OPENING } from '../catalogue.js';
import { resolveCapError } from '../codec/errors.js';
import { parseVariant, type Variant } from '../codec/variants.js';

export type Step =
  | { send: Array<{ op: string; args?: JsonObject }>; close?: boolean }
  | { expect: string; skip?: string[]; timeout_ms?: number; optional?: boolean; error?: number; parameter?: JsonObject }
  | { error: number; parameter?: JsonObject; close?: boolean }
  | { end: true }
  | { abort: true }
  | { wait_ms: number };

/** One field test of a rule's `match`: the dotted path split, the value wanted, and a `~` value's pattern compiled. */
interface FieldTest {
  readonly path: readonly string[];
  readonly want: unknown;
  readonly re: RegExp | undefined;
}

export interface Rule {
  /** Opening operation this rule answers (default InitialDP; AssistRequestInstructions, InitialDPSMS, InitialDPGPRS). */
  op: string;
  /** The `match` object, made into tests when the script loads (every Begin runs them). */
  match: readonly FieldTest[];
  /** The flows it plays, one chosen per dialogue by weight (a rule without `mix`: one flow of weight 1). */
  flows: Mix<Step[]>;
  /** Delay before the first answer (`delay_ms`). */
  delay: Delay | undefined;
  /** Label for statistics. */
  name: string;
}

export interface Script {
  variant: Variant;
  rules: Rule[];
}

function num(v: unknown, dflt: number): number {
  return v === undefined ? dflt : Number(v);
}

/** One octet as hex (RP-Cause, GPRSCause). */
function octet(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 255) throw new ScriptError(`cause ${n}: must be 0..255`);
  return n.toString(16).padStart(2, '0');
}

function expand(r: JsonObject, where: string): Step[] {
  const action = r.action;
  const cause = num(r.cause, 16);
  const release = (close = true): Step => ({ send: [{ op: 'ReleaseCall', args: { initialCallSegment_cause: cause } }], close });
  switch (action) {
    case 'release':
      return [release()];
    case 'connect':
      return [{ send: [{ op: 'Connect', args: { destinationRoutingAddress_digits: String(r.digits ?? '0'), destinationRoutingAddress_noa: num(r.noa, 4) } }], close: true }];
    case 'continue':
      return [{ send: [{ op: 'Continue' }], close: true }];
    case 'prepaid':
      return [
        {
          send: [
            { op: 'RequestReportBCSMEvent', args: { oCalledPartyBusy: 1, oNoAnswer: 1, oAnswer: 1, oAbandon: 1, oDisconnectLeg1: 1, oDisconnectLeg2: 1 } },
            { op: 'ApplyCharging', args: { 'aChBillingChargingCharacteristics.timeDurationCharging.maxCallPeriodDuration': num(r.max_call_period, 600), 'partyToCharge.sendingSideID': '01' } },
            { op: 'Connect', args: { destinationRoutingAddress_digits: String(r.digits ?? '0'), destinationRoutingAddress_noa: num(r.noa, 4) } },
          ],
        },
        { expect: 'ApplyChargingReport', skip: (r.skip as string[] | undefined) ?? ['EventReportBCSM'] },
        release(),
      ];
    case 'announcement':
      return [
        {
          send: [
            { op: 'ConnectToResource', args: { 'resourceAddress.none': 1 } },
            { op: 'PlayAnnouncement', args: { 'informationToSend.inbandInfo.messageID.elementaryMessageID': num(r.message_id, 1), requestAnnouncementComplete: true } },
          ],
        },
        { expect: 'SpecializedResourceReport' },
        release(),
      ];
    case 'srf_announcement':
      return [
        { send: [{ op: 'PlayAnnouncement', args: { 'informationToSend.inbandInfo.messageID.elementaryMessageID': num(r.message_id, 1), requestAnnouncementComplete: true } }] },
        { expect: 'SpecializedResourceReport' },
        { end: true },
      ];
    case 'sms_prepaid':
      return [
        { send: [{ op: 'RequestReportSMSEvent', args: { sMSEvents: [{ eventTypeSMS_name: 'o-smsSubmission', monitorMode: 1 }, { eventTypeSMS_name: 'o-smsFailure', monitorMode: 1 }] } }, { op: 'ContinueSMS' }] },
        { expect: 'EventReportSMS' },
        { end: true },
      ];
    case 'sms_release':
      return [{ send: [{ op: 'ReleaseSMS', args: { rPCause_hex: octet(num(r.cause, 21)) } }], close: true }];
    case 'gprs_prepaid':
      return [
        {
          send: [
            { op: 'RequestReportGPRSEvent', args: { gPRSEvent: [{ gPRSEventType_name: 'disonnect', monitorMode: 1 }] } },
            { op: 'ApplyChargingGPRS', args: { 'chargingCharacteristics.maxTransferredVolume': num(r.volume, 1_048_576) } },
            { op: 'ContinueGPRS' },
          ],
        },
        { expect: 'ApplyChargingReportGPRS', skip: ['EventReportGPRS'] },
        { send: [{ op: 'ReleaseGPRS', args: { gprsCause_hex: octet(num(r.gprs_cause, 0x25)) } }], close: true },
      ];
    case 'refuse':
      return [{ error: errorCode(r.error, `${where}.error`), ...(r.parameter ? { parameter: r.parameter as JsonObject } : {}) }];
    case 'silence':
      return [];
    case 'abort':
      return [{ abort: true }];
    default:
      throw new ScriptError(`${where}: unknown action ${JSON.stringify(action)} (release, connect, continue, prepaid, announcement, srf_announcement, sms_prepaid, sms_release, gprs_prepaid, refuse, silence, abort, or give a flow)`);
  }
}

/** An error by code or CAP name (codec/errors.ts), as its code. */
function errorCode(v: unknown, path: string): number {
  const e = resolveCapError(v);
  if (!e) throw new ScriptError(`${path}: an error code or a CAP error name (TS 29.078 5.4: missingParameter, taskRefused, systemFailure, ...)`);
  return e.code;
}

function checkFlow(flow: unknown, where: string): Step[] {
  if (!Array.isArray(flow)) throw new ScriptError(`${where}.flow: expected an array of steps`);
  flow.forEach((s, j) => {
    const st = s as Record<string, unknown>;
    if (Array.isArray(st.send)) {
      for (const c of st.send as Array<Record<string, unknown>>) {
        if (typeof c.op !== 'string' || OPCODES[c.op] === undefined) throw new ScriptError(`${where}.flow[${j}].send: unknown operation ${JSON.stringify(c.op)}`);
      }
    } else if (typeof st.expect === 'string') {
      if (OPCODES[st.expect] === undefined && !st.expect.endsWith('Result') && st.expect !== 'returnError') throw new ScriptError(`${where}.flow[${j}].expect: unknown operation ${JSON.stringify(st.expect)}`);
      if (st.timeout_ms !== undefined && !(typeof st.timeout_ms === 'number' && st.timeout_ms > 0)) throw new ScriptError(`${where}.flow[${j}].timeout_ms: a positive number of milliseconds`);
      if (st.error !== undefined) st.error = errorCode(st.error, `${where}.flow[${j}].error`);
    } else if (st.error !== undefined) {
      st.error = errorCode(st.error, `${where}.flow[${j}].error`);
    } else if (!(st.end === true || st.abort === true || typeof st.wait_ms === 'number')) {
      throw new ScriptError(`${where}.flow[${j}]: expected send, expect, error, end, abort or wait_ms`);
    }
  });
  return flow as Step[];
}

/** `match`: an object of field → value (a dotted field is a path); a value starting with `~` is a regular expression. */
function checkMatch(match: unknown, i: number): FieldTest[] {
  if (match === undefined) return [];
  if (typeof match !== 'object' || match === null || Array.isArray(match)) throw new ScriptError(`rules[${i}].match: expected an object of field: value`);
  return Object.entries(match).map(([k, want]) => {
    let re: RegExp | undefined;
    if (typeof want === 'string' && want.startsWith('~')) {
      try {
        re = new RegExp(want.slice(1));
      } catch (e) {
        throw new ScriptError(`rules[${i}].match.${k}: not a regular expression (${(e as Error).message})`);
      }
    }
    return { path: k.split('.'), want, re };
  });
}

export function parseScript(data: unknown): Script {
  if (typeof data !== 'object' || data === null) throw new ScriptError('the script must be a JSON object with "rules"');
  const d = data as Record<string, unknown>;
  const variant = d.variant === undefined ? 'camel3' : parseVariant(d.variant);
  if (!variant) throw new ScriptError(`variant: unknown ${JSON.stringify(d.variant)}`);
  if (!Array.isArray(d.rules) || d.rules.length === 0) throw new ScriptError('rules: expected a non-empty array');
  const rules = d.rules.map((raw, i): Rule => {
    if (typeof raw !== 'object' || raw === null) throw new ScriptError(`rules[${i}]: expected an object`);
    const r = raw as JsonObject;
    const op = r.op === undefined ? 'InitialDP' : String(r.op);
    if (!OPENING.has(op)) throw new ScriptError(`rules[${i}].op: one of ${[...OPENING].join(', ')}`);
    if (r.mix !== undefined && (r.action !== undefined || r.flow !== undefined)) throw new ScriptError(`rules[${i}]: give either mix or action/flow, not both`);
    const one = (o: JsonObject, where: string): Step[] => (o.flow !== undefined ? checkFlow(o.flow, where) : expand(o, where));
    const flows = r.mix !== undefined
      ? parseMix(r.mix, `rules[${i}].mix`, (o, where) => one(o as JsonObject, where), (o, j) => String(o.action ?? `outcome${j}`))
      : { outcomes: [one(r, `rules[${i}]`)], names: [''], cumulative: Float64Array.of(1) };
    return { op, match: checkMatch(r.match, i), flows, delay: parseDelay(r.delay_ms, `rules[${i}].delay_ms`), name: String(r.name ?? r.action ?? `rule${i}`) };
  });
  return { variant, rules };
}

/** The default script: release every InitialDP with cause 16 (the benchmark peer); SMS and GPRS sessions prepaid. */
export const DEFAULT_SCRIPT: Script = parseScript({
  rules: [{ action: 'release', cause: 16 }, { op: 'AssistRequestInstructions', action: 'srf_announcement' }, { op: 'InitialDPSMS', action: 'sms_prepaid' }, { op: 'InitialDPGPRS', action: 'gprs_prepaid' }],
});
