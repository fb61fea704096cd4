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
import { ERRORS, IMSI, INVOKES, MSISDN, RESULTS, SMSC, VLR, sampleOf } from '../fixtures/samples.js';

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
  'SendRoutingInfo:result': { 'e212.imsi': IMSI },
  'SendRoutingInfoForSM:invoke': { 'e164.msisdn': `${MSISDN},${VLR},${MSISDN},${SMSC}`, 'gsm_old.sm_RP_PRI,gsm_map.sm.sm_RP_PRI': '1' },
  'SendRoutingInfoForSM:result': { 'e212.imsi': IMSI },
  'MoForwardSM:invoke': { 'e164.msisdn': `${MSISDN},${VLR},${SMSC},${MSISDN},4917100002`, 'gsm_sms.sms_text': 'hello MO', 'gsm_sms.tp-da': '4917100002', 'gsm_sms.tp-mr': '7' },
  'MtForwardSM:invoke': { 'e212.imsi': IMSI, 'gsm_sms.sms_text': 'hello MT', 'gsm_sms.tp-oa': '4917100002' },
  'ProvideSubscriberInfo:invoke': { 'e212.imsi': IMSI },
  'ProvideSubscriberInfo:result': { 'e164.msisdn': VLR, 'gsm_map.ms.netDetNotReachable': '1', 'gsm_map.laiFixedLength': '62:f2:10:00:11' },
  'SendRoutingInfo:error': { 'gsm_map.er.unknownSubscriberDiagnostic': '0' },
  'UnstructuredSSRequest:error': { 'gsm_map.er.absentSubscriberReason': '0' },
  'SendRoutingInfoForSM:error': { 'gsm_map.er.absentSubscriberDiagnosticSM': '1' },
  'MoForwardSM:error': { 'gsm_map.er.sm_EnumeratedDeliveryFailureCause': '3' },
  'MtForwardSM:error': { 'gsm_old.networkResource,gsm_map.er.networkResource': '2' },
  // mobility management (MSC 491720001, VLR 491720000, HLR 491700001; the MAP-OPEN references first)
  'UpdateLocation:invoke': { 'e212.imsi': IMSI, 'e164.msisdn': `${MSISDN},${VLR},491720001,${VLR}` },
  'CancelLocation:invoke': { 'e212.imsi': IMSI },
  'PurgeMS:invoke': { 'e212.imsi': IMSI, 'e164.msisdn': `${MSISDN},${VLR},${VLR}` },
  'UpdateGprsLocation:invoke': { 'e212.imsi': IMSI, 'gsm_map.ms.sgsn_Address': '04:c0:a8:00:01' },
  'UpdateGprsLocation:result': { 'e164.msisdn': '491700001' },
  'InsertSubscriberData:invoke': {
    'e212.imsi': IMSI, 'gsm_map.ms.category': '0a', 'gsm_map.ms.subscriberStatus': '0', 'gsm_map.ext_Teleservice': '16', 'gsm_map.ms.odb_GeneralData': '00:c0',
    'gsm_map.ms.serviceKey': '100,200,300', 'gsm_map.ms.o_BcsmTriggerDetectionPoint': '2', 'gsm_map.ms.sms_TriggerDetectionPoint': '1',
    'gsm_map.ms.t_BcsmTriggerDetectionPoint': '12', 'gsm_map.ms.camelCapabilityHandling': '2,3',
  },
  'DeleteSubscriberData:invoke': { 'e212.imsi': IMSI, 'gsm_map.ext_Teleservice': '33' },
  'DeleteSubscriberData:result': { 'gsm_map.ms.regionalSubscriptionResponse': '3' },
  'ProvideRoamingNumber:invoke': { 'e212.imsi': IMSI, 'e164.msisdn': `${MSISDN},${VLR},491720001,${MSISDN},4917000002` },
  'ProvideRoamingNumber:result': { 'e164.msisdn': '4917999001' },
  'SendIMSI:invoke': { 'e164.msisdn': `${MSISDN},${VLR},${MSISDN}` },
  'SendIMSI:result': { 'e212.imsi': IMSI },
  'RestoreData:invoke': { 'e212.imsi': IMSI },
  'RestoreData:result': { 'e164.msisdn': '491700001' },
  'Reset:invoke': { 'e164.msisdn': `${MSISDN},${VLR},491700001`, 'e212.imsi': '26201123' },
  'CheckIMEI:invoke': { 'gsm_map.ms.imei': '94:10:45:02:23:73:15:f8' },
  'CheckIMEI:result': { 'gsm_map.ms.equipmentStatus': '2' },
  'RegisterSS:invoke': { 'gsm_map.teleservice': '16', 'gsm_map.ss.forwardedToNumber': '91:94:71:01:00:99' },
  'RegisterSS:result': { 'gsm_map.ss.ss_Status': '07', 'gsm_map.ss.forwardedToNumber': '91:94:71:01:00:99' },
  'EraseSS:result': { 'gsm_map.ss.ss_Status': '04' },
  'ActivateSS:invoke': { 'gsm_map.teleservice': '16' },
  'ActivateSS:result': { 'gsm_map.ss.ss_Status': '05' },
  'DeactivateSS:result': { 'gsm_map.ss.ss_Status': '04' },
  'InterrogateSS:result': { 'gsm_map.ss.ss_Status': '05' },
  // the short message delivery chain
  'ReportSMDeliveryStatus:invoke': { 'e164.msisdn': `${MSISDN},${VLR},${MSISDN},${SMSC}` },
  'InformServiceCentre:invoke': { 'gsm_map.sm.storedMSISDN': '91:94:71:01:00:10', 'gsm_map.sm.mw_Status': '60' },
  'AlertServiceCentre:invoke': { 'e164.msisdn': `${MSISDN},${VLR},${MSISDN},${SMSC}` },
  'AlertServiceCentre:error': { 'gsm_old.networkResource,gsm_map.er.networkResource': '1' },
  'ReadyForSM:invoke': { 'e212.imsi': IMSI, 'gsm_map.sm.alertReason': '1' },
  // subscription management by the gsmSCF (gsmSCF 4917000000, forwarded-to 4917100099)
  'AnyTimeSubscriptionInterrogation:invoke': {
    'gsm_map.msisdn': '91:94:71:01:00:10', 'gsm_map.ss.ss_Code': '33', 'gsm_map.ms.requestedCAMEL_SubscriptionInfo': '0', 'gsm_map.ms.gsmSCF_Address': '91:94:71:00:00:00',
  },
  'AnyTimeSubscriptionInterrogation:result': {
    'gsm_map.ms.forwardedToNumber': '91:94:71:01:00:99', 'gsm_map.ms.ss_Status': '07,04', 'gsm_map.ms.password': '1234', 'gsm_map.ms.wrongPasswordAttemptsCounter': '0',
    'gsm_map.ms.serviceKey': '100', 'gsm_map.ms.supportedVLR_CAMEL_Phases': 'f0',
  },
  'AnyTimeModification:invoke': {
    'e212.imsi': IMSI, 'gsm_map.ms.ss_Code': '42', 'gsm_map.ext_Teleservice': '16', 'gsm_map.ms.forwardedToNumber': '91:94:71:01:00:99',
    'gsm_map.ms.modifyNotificationToCSE': '1', 'gsm_map.ms.requestedCamel_SubscriptionInfo': '1', 'gsm_map.ms.modifyCSI_State': '0',
  },
  'AnyTimeModification:result': { 'gsm_map.ms.ss_InfoFor_CSE': '0', 'gsm_map.ms.ss_Code': '42', 'gsm_map.ms.forwardedToNumber': '91:94:71:01:00:99' },
  'NoteSubscriberDataModified:invoke': { 'e212.imsi': IMSI, 'gsm_map.ms.msisdn': '91:94:71:01:00:10', 'gsm_map.ms.ss_Code': '146', 'gsm_map.ms.password': '1234' },
};

/** Fields of one version only (`<Name>:<wire>:<version>`), beside EXPECT's. */
const EXPECT_VERSION: Record<string, Record<string, string>> = {
  'UpdateLocation:result:3': { 'e164.msisdn': '491700001' },
  'CancelLocation:invoke:3': { 'gsm_map.ms.cancellationType': '1' },
  'SendAuthenticationInfo:invoke:3': { 'e212.imsi': IMSI, 'gsm_map.ms.numberOfRequestedVectors': '2' },
  'SendAuthenticationInfo:invoke:2': { 'e212.imsi': IMSI },
  'SendAuthenticationInfo:result:3': { 'gsm_map.ms.xres': '01:02:03:04:05:06:07:08', 'gsm_map.ms.rand': '00:11:22:33:44:55:66:77:88:99:aa:bb:cc:dd:ee:ff' },
  'CheckIMEI:invoke:3': { 'gsm_map.ms.requestedEquipmentInfo': '80' },
  'UpdateLocation:invoke:1': { 'gsm_map.ms.lmsi': '01:02:03:04', 'gsm_map.ms.supportedCamelPhases': '' },
  'UpdateLocation:invoke:2': { 'gsm_map.ms.supportedCamelPhases': 'f0' },
  'UpdateLocation:invoke:3': { 'gsm_map.ms.supportedCamelPhases': 'f0' },
  'CancelLocation:invoke:1': { 'gsm_map.ms.identity': '1', 'gsm_map.lmsi': '01:02:03:04' },
  'Reset:invoke:1': { 'gsm_old.networkResource': '1', 'gsm_old.hlr_Number': '91:94:71:00:00:f1' },
  'Reset:invoke:3': { 'gsm_map.ms.hlr_Number': '91:94:71:00:00:f1' },
  // SRI: v1/v2 (gsm_old SendRoutingInfoArgV2/ResV2) and v3; the GMSC or the gsmSCF interrogates
  'SendRoutingInfo:invoke:1': { 'gsm_old.msisdn': '91:94:71:01:00:10', 'gsm_old.numberOfForwarding': '2', 'gsm_map.ch.cug_Interlock': '' },
  'SendRoutingInfo:invoke:2': { 'gsm_old.msisdn': '91:94:71:01:00:10', 'gsm_old.numberOfForwarding': '1', 'gsm_map.ch.cug_Interlock': '00:00:01:01' },
  'SendRoutingInfo:invoke:3': { 'e164.msisdn': `${MSISDN},${VLR},${MSISDN},4917000000`, 'gsm_map.ch.interrogationType': '0' },
  'SendRoutingInfo:result:1': { 'gsm_old.routingInfo': '1', 'e164.msisdn': '4917100099' },
  'SendRoutingInfo:result:2': { 'gsm_old.routingInfo': '0', 'e164.msisdn': '4917999000' },
  'SendRoutingInfo:result:3': { 'gsm_map.ch.routingInfo': '0', 'e164.msisdn': '4917999000' },
  // SRI-SM v1 (gsm_old RoutingInfoForSM-ArgV1, ResV2 with a roaming number and mwd-Set)
  'SendRoutingInfoForSM:invoke:1': { 'gsm_old.teleserviceCode': '34' },
  'SendRoutingInfoForSM:result:1': { 'gsm_old.roamingNumber': '91:94:71:99:09:20', 'gsm_old.mwd_Set': '1' },
  'SendRoutingInfoForSM:result:2': { 'gsm_old.msc_Number': '91:94:71:02:00:f0' },
  'SendRoutingInfoForSM:result:3': { 'gsm_map.sm.networkNode_Number': '91:94:71:02:00:f0' },
  // forwardSM in v1 (shortMsgRelayContext-v1, arc 21) and v2 carries MO and MT alike
  'MtForwardSM:invoke:1': { 'gsm_old.serviceCentreAddressOA': '91:94:71:00:00:10' },
  'MoForwardSM:invoke:1': { 'gsm_old.serviceCentreAddressDA': '91:94:71:00:00:10' },
  // reportSM-DeliveryStatus: no outcome in v1; the stored MSISDN bare in v2, in a SEQUENCE in v3
  'ReportSMDeliveryStatus:invoke:1': { 'gsm_map.sm.sm_DeliveryOutcome': '' },
  'ReportSMDeliveryStatus:invoke:2': { 'gsm_map.sm.sm_DeliveryOutcome': '1', 'gsm_map.sm.absentSubscriberDiagnosticSM': '1' },
  'ReportSMDeliveryStatus:invoke:3': { 'gsm_map.sm.sm_DeliveryOutcome': '1', 'gsm_map.sm.absentSubscriberDiagnosticSM': '1' },
  'ReportSMDeliveryStatus:result:2': { 'gsm_map.sm.storedMSISDN': '91:94:71:01:00:10' },
  'ReportSMDeliveryStatus:result:3': { 'gsm_map.sm.storedMSISDN': '91:94:71:01:00:10' },
};

interface Msg { key: string; version: number; wire: WireKind; opcode: number; errorCode?: number; bytes: Uint8Array }

function messages(): Msg[] {
  const out: Msg[] = [];
  for (const op of MAP_OPERATIONS) {
    for (const [v, def] of Object.entries(op.versions)) {
      const version = Number(v);
      const inv = encodeMessage(op, 'invoke', version, sampleOf(INVOKES, op.name, version));
      const open = encodeMapDialogue({ map_open: { destination_reference_digits: MSISDN, origination_reference_digits: VLR } });
      out.push({ key: `${op.name}:invoke`, version, wire: 'invoke', opcode: def.opcode, bytes: begin(defaultAc(op, version), [{ t: 'invoke', s: { invokeId: 1, opcode: def.opcode, argument: inv } }], open) });
      const res = encodeMessage(op, 'result', version, sampleOf(RESULTS, op.name, version));
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
      const want = { ...EXPECT[m.key], ...EXPECT_VERSION[`${m.key}:${m.version}`] };
      const f = cap.fields(i, ['tcap.application_context_name', 'gsm_old.localValue', 'gsm_map.dialogue.destinationReference', 'gsm_map.dialogue.originationReference', ...Object.keys(want).flatMap((k) => k.split(','))]);
      const op = MAP_OPERATIONS.find((o) => m.key.startsWith(o.name + ':'))!;
      assert.equal(f['tcap.application_context_name'], resolveAc(defaultAc(op, m.version))!.oid);
      // the error code, or the opcode (a result without parameter carries none)
      if (m.wire === 'error') assert.equal(f['gsm_old.localValue'], String(m.errorCode));
      else if (m.wire === 'invoke' || Object.keys(sampleOf(RESULTS, op.name, m.version)).length) assert.equal(f['gsm_old.localValue'], String(m.opcode));
      if (m.wire === 'invoke') {
        // ISDN-AddressString: 91 (international, E.164) then TBCD, F-filled
        assert.equal(f['gsm_map.dialogue.destinationReference'], '91:94:71:01:00:10');
        assert.equal(f['gsm_map.dialogue.originationReference'], '91:94:71:02:00:f0');
      }
      for (const [k, v] of Object.entries(want)) assert.equal(k.split(',').map((n) => f[n]).find((x) => x) ?? '', v, `${m.key}: ${k}`);
    });
  });
});
