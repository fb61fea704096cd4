// Every message of the catalogue (invoke, result, error of each operation in each context version), encoded from
// the sample arguments, wrapped in a TCAP Begin with the operation's AC and decoded by tshark's gsm_map dissector:
// no malformed packet or expert item, and field by field what we encoded (opcode, numbers, USSD and SMS text
// after GSM 7-bit unpacking, AC, MAP-OPEN references).
import { describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { MAP_ERRORS, MAP_OPERATIONS, defaultAc } from '../../../../plugins/map/catalogue.js';
import type { WireKind } from '../../../../plugins/sigtran/user/index.js';
import { encodeMessage } from '../../../../plugins/map/codec/message.js';
import { encodeMapDialogue } from '../../../../plugins/map/codec/dialogue.js';
import { resolveAc } from '../../../../plugins/sigtran/api.js';
import { needsTool } from '../../../helpers/tools.js';
import { begin, decode } from '../helpers/tshark.js';
import { ERRORS, IMSI, INVOKES, MSISDN, RESULTS, SMSC, VLR } from '../fixtures/samples.js';

/** tshark fields each message must show (field -> value, occurrences joined by ','). */
const EXPECT: Record<string, Record<string, string>> = {
  // invokes: e164.msisdn lists the MAP-OPEN references (MSISDN, VLR) first
  'ProcessUnstructuredSSRequest:invoke': { 'gsm_map.ussd_string': '*100#', 'gsm_map.ss.ussd_DataCodingScheme': '0f', 'e164.msisdn': `${MSISDN},${VLR},${MSISDN}` },
  'ProcessUnstructuredSSRequest:result': { 'gsm_map.ussd_string': 'Your balance is 5 EUR' },
  'UnstructuredSSRequest:invoke': { 'gsm_map.ussd_string': '1 Balance\n2 Bundles' },
  'UnstructuredSSRequest:result': { 'gsm_map.ussd_string': '1' },
  'UnstructuredSSNotify:invoke': { 'gsm_map.ss.ussd_DataCodingScheme': '48', 'gsm_map.ussd_string': 'Баланс: 5 €' },
  'AnyTimeInterrogation:invoke': { 'e164.msisdn': `${MSISDN},${VLR},${MSISDN},4917000000` },
  // MCC 262 MNC 01 LAC 0x1234 CI 0xabcd: 62 f2 10 12 34 ab cd (TS 24.008 §10.5.1.3 digit order, F for a 2-digit MNC)
  'AnyTimeInterrogation:result': { 'gsm_map.ms.ageOfLocationInformation': '5', 'e164.msisdn': VLR, 'gsm_map.cellGlobalIdOrServiceAreaIdFixedLength': '62:f2:10:12:34:ab:cd', 'gsm_map.ms.assumedIdle_element': '' },
  'SendRoutingInfo:invoke': { 'e164.msisdn': `${MSISDN},${VLR},${MSISDN},4917000000`, 'gsm_map.ch.interrogationType': '0' },
  'SendRoutingInfo:result': { 'e212.imsi': IMSI, 'e164.msisdn': '4917999000' },
  'SendRoutingInfoForSM:invoke': { 'e164.msisdn': `${MSISDN},${VLR},${MSISDN},${SMSC}`, 'gsm_map.sm.sm_RP_PRI': '1' },
  'SendRoutingInfoForSM:result': { 'e212.imsi': IMSI, 'e164.msisdn': VLR },
  'MoForwardSM:invoke': { 'e164.msisdn': `${MSISDN},${VLR},${SMSC},${MSISDN},4917100002`, 'gsm_sms.sms_text': 'hello MO', 'gsm_sms.tp-da': '4917100002', 'gsm_sms.tp-mr': '7' },
  'MtForwardSM:invoke': { 'e212.imsi': IMSI, 'gsm_sms.sms_text': 'hello MT', 'gsm_sms.tp-oa': '4917100002' },
  'ProvideSubscriberInfo:invoke': { 'e212.imsi': IMSI },
  'ProvideSubscriberInfo:result': { 'e164.msisdn': VLR, 'gsm_map.ms.netDetNotReachable': '1', 'gsm_map.laiFixedLength': '62:f2:10:00:11' },
  'SendRoutingInfo:error': { 'gsm_map.er.unknownSubscriberDiagnostic': '0' },
  'UnstructuredSSRequest:error': { 'gsm_map.er.absentSubscriberReason': '0' },
  'SendRoutingInfoForSM:error': { 'gsm_map.er.absentSubscriberDiagnosticSM': '1' },
  'MoForwardSM:error': { 'gsm_map.er.sm_EnumeratedDeliveryFailureCause': '3' },
  'MtForwardSM:error': { 'gsm_old.networkResource,gsm_map.er.networkResource': '2' },
};

interface Msg { key: string; version: number; wire: WireKind; opcode: number; errorCode?: number; bytes: Uint8Array }

function messages(): Msg[] {
  const out: Msg[] = [];
  for (const op of MAP_OPERATIONS) {
    for (const [v, def] of Object.entries(op.versions)) {
      const version = Number(v);
      const inv = encodeMessage(op, 'invoke', version, INVOKES[op.name]!);
      const open = encodeMapDialogue({ map_open: { destination_reference_digits: MSISDN, origination_reference_digits: VLR } });
      out.push({ key: `${op.name}:invoke`, version, wire: 'invoke', opcode: def.opcode, bytes: begin(defaultAc(op, version), [{ t: 'invoke', s: { invokeId: 1, opcode: def.opcode, argument: inv } }], open) });
      const res = encodeMessage(op, 'result', version, RESULTS[op.name]!);
      out.push({ key: `${op.name}:result`, version, wire: 'result', opcode: def.opcode, bytes: begin(defaultAc(op, version), [{ t: 'result', s: { invokeId: 1, opcode: res ? def.opcode : undefined, result: res } }]) });
      const [err, param] = ERRORS[op.name]!;
      const code = MAP_ERRORS[err]!;
      const ep = encodeMessage(op, 'error', version, param, err);
      out.push({ key: `${op.name}:error`, version, wire: 'error', opcode: def.opcode, errorCode: code, bytes: begin(defaultAc(op, version), [{ t: 'error', s: { invokeId: 1, errorCode: code, parameter: ep } }]) });
    }
  }
  return out;
}

describe('tshark decodes every MAP message', needsTool('tshark', 'apt-get install tshark'), () => {
  const msgs = messages();
  const cap = decode(msgs.map((m) => m.bytes));
  test(`${msgs.length} messages: no malformed packet, no expert item`, () => {
    assert.equal(cap.expert, 0, cap.text().split('\n').filter((l) => /Expert|Malformed/.test(l)).join('\n'));
  });
  msgs.forEach((m, i) => {
    test(`${m.key} (version ${m.version}): AC, opcode/error and fields`, () => {
      const want = EXPECT[m.key] ?? {};
      const f = cap.fields(i, ['tcap.application_context_name', 'gsm_old.localValue', 'gsm_map.dialogue.destinationReference', 'gsm_map.dialogue.originationReference', ...Object.keys(want).flatMap((k) => k.split(','))]);
      const op = MAP_OPERATIONS.find((o) => m.key.startsWith(o.name + ':'))!;
      assert.equal(f['tcap.application_context_name'], resolveAc(defaultAc(op, m.version))!.oid);
      // the error code, or the opcode (a result without parameter carries none)
      if (m.wire === 'error') assert.equal(f['gsm_old.localValue'], String(m.errorCode));
      else if (m.wire === 'invoke' || Object.keys(RESULTS[op.name]!).length) assert.equal(f['gsm_old.localValue'], String(m.opcode));
      if (m.wire === 'invoke') {
        // ISDN-AddressString: 91 (international, E.164) then TBCD, F-filled
        assert.equal(f['gsm_map.dialogue.destinationReference'], '91:94:71:01:00:10');
        assert.equal(f['gsm_map.dialogue.originationReference'], '91:94:71:02:00:f0');
      }
      for (const [k, v] of Object.entries(want)) assert.equal(k.split(',').map((n) => f[n]).find((x) => x) ?? '', v, `${m.key}: ${k}`);
    });
  });
});
