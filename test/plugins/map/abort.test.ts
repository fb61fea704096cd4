// MAP-REFUSE, MAP-U-ABORT and MAP-P-ABORT (plugins/map/abort.ts): the Abort options the arguments give, encoded in a
// TCAP Abort and decoded by tshark's gsm_map dissector (no expert item, the reasons by name), and read back from the
// received Abort into the fields a test matches.
import { describe, test } from '../../helpers/suite.js';
import assert from 'node:assert/strict';
import { mapAbortFields, mapAbortOptions } from '../../../plugins/map/abort.js';
import '../../../plugins/map/contexts.js';
import type { JsonObject } from '../../../sdk/index.js';
import { resolveAc, type AbortOptions, type TcapMessage } from '../../../plugins/sigtran/api.js';
import { BerWriter } from '../../../plugins/sigtran/ber/index.js';
import { decodeTcap, encodeTcap, type OutTcap } from '../../../plugins/sigtran/tcap/codec.js';
import { needsTool } from '../../helpers/tools.js';
import { decode } from './helpers/tshark.js';

const ATI3 = resolveAc('ati3')!;
const DTID = Uint8Array.of(1, 2, 3, 4);

/** The TCAP Abort the dialogue sends for `opts` when it answers a Begin in `ac` (as DialogueImpl.abort does). */
function abortFor(opts: AbortOptions): OutTcap {
  if (opts.pAbortCause !== undefined) return { kind: 'abort', dtid: DTID, pAbortCause: opts.pAbortCause };
  if (opts.acNotSupported || opts.rejectDiagnostic !== undefined) {
    return { kind: 'abort', dtid: DTID, dialogue: { type: 'aare', ac: opts.ac ?? ATI3, result: 1, diagSource: 'user', diag: opts.acNotSupported ? 2 : opts.rejectDiagnostic!, userInformation: opts.userInformation } };
  }
  return { kind: 'abort', dtid: DTID, dialogue: { type: 'abrt', source: 0, userInformation: opts.userInformation } };
}

function options(args: JsonObject): AbortOptions {
  const o = mapAbortOptions(args);
  assert.equal(typeof o, 'object', String(o));
  return o as AbortOptions;
}

/** The fields a receiving Abort operation gets for the encoded message (as receiveAbort reads it). */
function fieldsOf(bytes: Uint8Array): JsonObject {
  const d = decodeTcap(bytes);
  const m = { kind: d.pAbortCause !== undefined ? 'p-abort' : 'u-abort', pAbortCause: d.pAbortCause, dialoguePdu: d.dialogue, components: [] } as unknown as TcapMessage;
  const out: JsonObject = {};
  mapAbortFields(m, out);
  return out;
}

const CASES: Array<{ args: JsonObject; tshark: Record<string, string>; fields: JsonObject }> = [
  {
    args: { map_refuse: 'invalidDestinationReference', map_refuse_ac: 'ati3' },
    tshark: { 'tcap.dialogue_service_user': '1', 'gsm_map.dialogue.reason': '1', 'gsm_map.dialogue.alternativeApplicationContext': ATI3.oid },
    fields: { map_service: 'refuse', map_refuse: 'invalidDestinationReference', map_refuse_ac: ATI3.oid },
  },
  { args: { map_refuse: 'noReasonGiven' }, tshark: { 'gsm_map.dialogue.reason': '0' }, fields: { map_service: 'refuse', map_refuse: 'noReasonGiven' } },
  { args: { map_refuse: 'invalidOriginatingReference' }, tshark: { 'gsm_map.dialogue.reason': '2' }, fields: { map_service: 'refuse', map_refuse: 'invalidOriginatingReference' } },
  {
    args: { map_refuse: 'applicationContextNotSupported', map_refuse_ac: 'anyTimeInfoEnquiryContext_v3' },
    tshark: { 'tcap.dialogue_service_user': '2', 'tcap.application_context_name': ATI3.oid },
    fields: { map_service: 'refuse', map_refuse: 'applicationContextNotSupported', map_refuse_ac: ATI3.oid },
  },
  { args: { map_user_abort: 'userSpecificReason' }, tshark: { 'gsm_map.dialogue.map_UserAbortChoice': '0' }, fields: { map_service: 'u-abort', map_user_abort: 'userSpecificReason' } },
  { args: { map_user_abort: 'userResourceLimitation' }, tshark: { 'gsm_map.dialogue.map_UserAbortChoice': '1' }, fields: { map_service: 'u-abort', map_user_abort: 'userResourceLimitation' } },
  {
    args: { map_user_abort: 'resourceUnavailable', map_user_abort_reason: 'longTermResourceLimitation' },
    tshark: { 'gsm_map.dialogue.map_UserAbortChoice': '2', 'gsm_map.dialogue.resourceUnavailable': '1' },
    fields: { map_service: 'u-abort', map_user_abort: 'resourceUnavailable', map_user_abort_reason: 'longTermResourceLimitation' },
  },
  {
    args: { map_user_abort: 'applicationProcedureCancellation', map_user_abort_reason: 'callRelease' },
    tshark: { 'gsm_map.dialogue.map_UserAbortChoice': '3', 'gsm_map.dialogue.applicationProcedureCancellation': '3' },
    fields: { map_service: 'u-abort', map_user_abort: 'applicationProcedureCancellation', map_user_abort_reason: 'callRelease' },
  },
  { args: { map_provider_abort: 'invalidPDU' }, tshark: { 'gsm_map.dialogue.map_ProviderAbortReason': '1' }, fields: { map_service: 'p-abort', map_provider_reason: 'abnormalMapDialogue', map_provider_abort: 'invalidPDU' } },
  { args: { p_cause: 1 }, tshark: { 'tcap.p_abortCause': '1' }, fields: { map_service: 'p-abort', map_provider_reason: 'supportingDialogueTransactionReleased' } },
  { args: { p_cause: 4 }, tshark: { 'tcap.p_abortCause': '4' }, fields: { map_service: 'p-abort', map_provider_reason: 'resourceLimitation' } },
];

/** The options of `args`, with the kit's own p_cause (the kit adds it: sendAbort). */
function optionsOf(args: JsonObject): AbortOptions {
  const o = options(args);
  return typeof args.p_cause === 'number' ? { ...o, pAbortCause: args.p_cause } : o;
}

describe('MAP-REFUSE, MAP-U-ABORT, MAP-P-ABORT', () => {
  test('each is read back from its Abort into the fields a test matches', () => {
    for (const c of CASES) {
      const got = fieldsOf(encodeTcap(new BerWriter(), abortFor(optionsOf(c.args))));
      for (const [k, v] of Object.entries(c.fields)) assert.equal(got[k], v, `${JSON.stringify(c.args)}: ${k} in ${JSON.stringify(got)}`);
    }
  });

  test('an ABRT without MAP user information is a MAP-P-ABORT abnormalMapDialogue', () => {
    assert.deepEqual(fieldsOf(encodeTcap(new BerWriter(), abortFor({}))), { map_service: 'p-abort', map_provider_reason: 'abnormalMapDialogue' });
  });

  test('bad or conflicting arguments are refused naming them', () => {
    assert.match(String(mapAbortOptions({ map_refuse: 'because' })), /map_refuse "because": one of noReasonGiven/);
    assert.match(String(mapAbortOptions({ map_user_abort: 'resourceUnavailable' })), /needs map_user_abort_reason/);
    assert.match(String(mapAbortOptions({ map_user_abort: 'resourceUnavailable', map_user_abort_reason: 'callRelease' })), /map_user_abort_reason "callRelease": one of shortTermResourceLimitation/);
    assert.match(String(mapAbortOptions({ map_user_abort: 'userSpecificReason', map_user_abort_reason: 'callRelease' })), /takes no map_user_abort_reason/);
    assert.match(String(mapAbortOptions({ map_refuse: 'noReasonGiven', map_user_abort: 'userSpecificReason' })), /give one of map_refuse, map_user_abort/);
    assert.match(String(mapAbortOptions({ map_refuse_ac: 'ati3' })), /goes with map_refuse/);
    assert.deepEqual(mapAbortOptions({}), {});
  });

  test('tshark decodes each with its reason and no expert item', needsTool('tshark', 'apt-get install tshark'), () => {
    const cap = decode(CASES.map((c) => encodeTcap(new BerWriter(), abortFor(optionsOf(c.args)))));
    assert.equal(cap.expert, 0, cap.text());
    CASES.forEach((c, i) => {
      const f = cap.fields(i, Object.keys(c.tshark));
      assert.deepEqual(f, c.tshark, `${JSON.stringify(c.args)}`);
    });
  });
});
