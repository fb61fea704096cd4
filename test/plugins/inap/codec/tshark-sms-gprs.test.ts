// CAMEL SMS (CAP v3 / v4 SMS) and GPRS (CAP v3) control: every operation's Invoke, and the ReturnResults the GPRS
// operations have, encoded by us in a TCAP Begin naming its own application context (camel3_sms, camel4_sms,
// camel3_gprs, camel3_scf_gprs) and decoded by tshark's camel dissector: no malformed packet or expert item, the
// operation code, the AC, and the fields a test sets.
import { describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { encodeArg } from '../../../../plugins/sigtran/codec/index.js';
import { OPCODES, OPERATIONS } from '../../../../plugins/inap/catalogue.js';
import { argType, definedIn } from '../../../../plugins/inap/codec/args.js';
import type { Variant } from '../../../../plugins/inap/codec/variants.js';
import { INAP_CONTEXTS } from '../../../../plugins/inap/contexts.js';
import { outboundFields } from '../../../../plugins/inap/runtime/prepare-args.js';
import { needsTool } from '../../../helpers/tools.js';
import { sample } from '../fixtures/samples.js';
import { tcapBegin, tsharkDecode, type Comp } from '../helpers/tcap-wrap.js';

const oid = (alias: string) => INAP_CONTEXTS.find((c) => c.names.includes(alias))!.oid;

const SMS = ['InitialDPSMS', 'FurnishChargingInformationSMS', 'ConnectSMS', 'RequestReportSMSEvent', 'EventReportSMS', 'ContinueSMS', 'ReleaseSMS', 'ResetTimerSMS'];
const GPRS = [
  'ActivityTestGPRS', 'ApplyChargingGPRS', 'ApplyChargingReportGPRS', 'CancelGPRS', 'ConnectGPRS', 'ContinueGPRS', 'EntityReleasedGPRS',
  'FurnishChargingInformationGPRS', 'InitialDPGPRS', 'ReleaseGPRS', 'EventReportGPRS', 'RequestReportGPRSEvent', 'ResetTimerGPRS', 'SendChargingInformationGPRS',
];
/** The operations the gsmSCF may open a dialogue with towards the gprsSSF (gsmSCF-to-gprsSSF context, TS 29.078 8.2). */
const SCF_OPENS_GPRS = ['ActivityTestGPRS', 'ApplyChargingGPRS', 'CancelGPRS', 'FurnishChargingInformationGPRS', 'ReleaseGPRS', 'RequestReportGPRSEvent', 'SendChargingInformationGPRS'];

/** Fields tshark must show per operation (camel dissector names; numbers as tshark prints them). */
const EXPECT: Record<string, Array<[string, string]>> = {
  InitialDPSMS: [['camel.serviceKey', '77'], ['gsm_a.dtap.cld_party_bcd_num', '4917612345678'], ['e164.msisdn', '4917100001,4917100002,4917200000'], ['camel.tPDataCodingScheme', '00']],
  FurnishChargingInformationSMS: [['camel.freeFormatData', '0a0b0c'], ['camel.appendFreeFormatData', '1']],
  ConnectSMS: [['gsm_a.dtap.cld_party_bcd_num', '4917699999'], ['e164.msisdn', '4917200001']],
  RequestReportSMSEvent: [['camel.eventTypeSMS', '3,2'], ['camel.monitorMode', '1,1']],
  EventReportSMS: [['camel.eventTypeSMS', '2'], ['camel.eventSpecificInformationSMS', '0'], ['camel.mo-smsfailureCause', '3'], ['inap.messageType', '1']],
  ReleaseSMS: [['camel.RP_Cause', '21']],
  ResetTimerSMS: [['camel.timervalue', '45']],
  ApplyChargingGPRS: [['camel.maxTransferredVolume', '1048576'], ['camel.tariffSwitchInterval', '3600'], ['camel.pDPID', '05']],
  ApplyChargingReportGPRS: [['camel.volumeIfNoTariffSwitch', '524288'], ['camel.active', '0'], ['camel.pDPID', '05']],
  CancelGPRS: [['camel.pDPID', '05']],
  ConnectGPRS: [['gsm_a.gm.sm.apn', 'prepaid.mnc001.mcc262.gprs'], ['camel.pdpID', '05']],
  ContinueGPRS: [['camel.pDPID', '05']],
  EntityReleasedGPRS: [['camel.gPRSCause', '24'], ['camel.pDPID', '05']],
  FurnishChargingInformationGPRS: [['camel.freeFormatData', '0102'], ['camel.pDPID', '05']],
  InitialDPGPRS: [
    ['camel.serviceKey', '88'], ['camel.gPRSEventType', '12'], ['e164.msisdn', '4917612345678'], ['gsm_a.gm.sm.apn', 'internet.mnc001.mcc262.gprs'],
    ['camel.chargingID', '0000abcd'], ['camel.PDPAddress_IPv4', '10.0.0.1'], ['camel.pDPInitiationType', '0'],
  ],
  ReleaseGPRS: [['camel.gprsCause', '25'], ['camel.pDPID', '05']],
  EventReportGPRS: [['camel.gPRSEventType', '12'], ['camel.gPRSEventSpecificInformation', '5'], ['camel.chargingID', '0000abcd'], ['gsm_a.gm.sm.apn', 'internet'], ['camel.pDPID', '05']],
  RequestReportGPRSEvent: [['camel.gPRSEventType', '13,14'], ['camel.monitorMode', '0,1'], ['camel.pDPID', '05']],
  ResetTimerGPRS: [['camel.timervalue', '60']],
  SendChargingInformationGPRS: [['camel.e1', '2'], ['camel.e2', '20'], ['camel.pDPID', '05']],
};

/** The expert messages (and malformed markers) anywhere in a packet's JSON tree. */
function expertItems(layers: unknown): string[] {
  const out: string[] = [];
  const walk = (o: unknown) => {
    if (Array.isArray(o)) o.forEach(walk);
    else if (o && typeof o === 'object') {
      for (const [k, v] of Object.entries(o)) {
        if (k === '_ws.expert.message' && typeof v === 'string') out.push(v);
        else if (k === '_ws.malformed' && typeof v === 'string') out.push(v);
        else walk(v);
      }
    }
  };
  walk(layers);
  // the malformed marker first, then the messages
  return [...out.filter((m) => m === 'Malformed Packet'), ...out.filter((m) => m !== 'Malformed Packet')];
}

interface Case {
  name: string;
  ac: string;
  comp: Comp;
  opcode: number;
  want: Array<[string, string]>;
}

function invoke(op: string, v: Variant, ac: string): Case {
  const at = argType(op, v);
  const arg = at ? encodeArg(at, outboundFields(op, v, sample(op, v) ?? {})) : undefined;
  return { name: `${op} (${ac})`, ac, comp: { kind: 'invoke', invokeId: 1, opcode: OPCODES[op]!, arg }, opcode: OPCODES[op]!, want: EXPECT[op] ?? [] };
}

function cases(): Case[] {
  const out: Case[] = [];
  for (const op of SMS) for (const [v, ac] of [['camel3', 'camel3_sms'], ['camel4', 'camel4_sms']] as const) out.push(invoke(op, v, ac));
  for (const op of GPRS) out.push(invoke(op, 'camel3', 'camel3_gprs'));
  for (const op of SCF_OPENS_GPRS) out.push(invoke(op, 'camel3', 'camel3_scf_gprs'));
  // the CAP v4 MT-SMS events
  const mt = encodeArg(argType('EventReportSMS', 'camel4')!, { eventTypeSMS_name: 't-smsFailure', 'eventSpecificInformationSMS.t-smsFailureSpecificInfo.failureCause_hex': '16' });
  out.push({ name: 'EventReportSMS t-smsFailure (camel4_sms)', ac: 'camel4_sms', comp: { kind: 'invoke', invokeId: 1, opcode: OPCODES.EventReportSMS!, arg: mt }, opcode: OPCODES.EventReportSMS!, want: [['camel.eventTypeSMS', '12'], ['camel.eventSpecificInformationSMS', '2'], ['camel.t-smsfailureCause', '16']] });
  // the ReturnResults (no parameter) of the GPRS operations that have one
  for (const op of GPRS.filter((o) => OPERATIONS[o]!.result)) out.push({ name: `${op}Result`, ac: 'camel3_gprs', comp: { kind: 'result', invokeId: 1, opcode: OPCODES[op]! }, opcode: OPCODES[op]!, want: [] });
  return out;
}

test('the SMS and GPRS operations are the rows of the table, defined in the variants their contexts select', () => {
  assert.deepEqual([...SMS, ...GPRS].filter((op) => !OPERATIONS[op]), []);
  assert.deepEqual(Object.keys(OPERATIONS).filter((op) => /SMS|GPRS/.test(op)).sort(), [...SMS, ...GPRS].sort());
  for (const op of SMS) assert.deepEqual([definedIn(op, 'camel2'), definedIn(op, 'camel3'), definedIn(op, 'camel4')], [false, true, true], op);
  for (const op of GPRS) assert.deepEqual([definedIn(op, 'camel3'), definedIn(op, 'camel4')], [true, false], op);
});

describe('tshark decodes every SMS and GPRS operation in its own context', needsTool('tshark', 'apt-get install tshark'), () => {
  test('operation codes, contexts and fields; no expert item', () => {
    const cs = cases();
    const r = tsharkDecode(cs.map((c) => tcapBegin(oid(c.ac), [c.comp])));
    assert.equal(r.expert, 0, 'tshark reports malformed packets or expert items');
    // The filter pass above does not build the whole tree; the JSON pass does, and reports more: every expert item
    // of the whole tree, but one Wireshark bug (4.0): the hf of CAMEL-FCIGPRS- and CAMEL-SCIGPRSBillingCharging-
    // Characteristics is registered FT_UINT32 while the type is a SEQUENCE (dissect_ber_sequence), so any encoding
    // of them is "Trying to fetch an unsigned integer with length N"; the members inside are decoded and checked.
    cs.forEach((c, i) => {
      let items = expertItems(r.packets[i]);
      if (/^(FurnishChargingInformation|SendChargingInformation)GPRS /.test(c.name)) {
        // the bug's item and the "Malformed Packet" it ends the dissection with, present once, and nothing else
        assert.equal(items.filter((m) => /^Trying to fetch an unsigned integer with length \d+$/.test(m)).length, 1, `${c.name}: ${items.join('; ')}`);
        items = items.filter((m) => !/^Trying to fetch an unsigned integer with length \d+$/.test(m)).slice(1);
      }
      assert.deepEqual(items, [], `${c.name}: expert items in the full tree`);
    });
    const fields = [...new Set(['camel.local', 'tcap.application_context_name', ...cs.flatMap((c) => c.want.map(([f]) => f))])];
    const rows = r.fields(fields);
    assert.equal(rows.length, cs.length);
    const col = (row: string[], f: string) => row[fields.indexOf(f)] ?? '';
    cs.forEach((c, i) => {
      const row = rows[i]!;
      // a ReturnResult without a parameter carries no operation code
      assert.equal(col(row, 'camel.local'), c.comp.kind === 'invoke' ? String(c.opcode) : '', `${c.name}: opcode`);
      assert.equal(col(row, 'tcap.application_context_name'), oid(c.ac), `${c.name}: AC`);
      for (const [f, val] of c.want) assert.equal(col(row, f).replaceAll(':', ''), val, `${c.name}: ${f}`);
    });
  });

  test('tshark names each operation as we do (Info column)', () => {
    const cs = cases();
    const rows = tsharkDecode(cs.map((c) => tcapBegin(oid(c.ac), [c.comp]))).fields(['_ws.col.Info']);
    cs.forEach((c, i) => {
      const op = c.name.split(/[ (]/)[0]!.replace(/Result$/, '');
      // the dissector names an operation by its ASN.1 value name (lower camel case): invoke initialDPSMS, ...
      const want = c.comp.kind === 'invoke' ? `invoke ${op[0]!.toLowerCase()}${op.slice(1)}` : 'returnResultLast';
      assert.equal(rows[i]![0]!.trim(), want, c.name);
    });
  });
});

// Every member of the SMS and GPRS argument types, and every alternative of their CHOICEs, once: the tags of the
// members a test rarely sets (InitialDPSMS after its extension marker, LocationInformationGPRS, the six
// GPRSEventSpecificInformation alternatives, the charging results and roll-overs) are the ones tshark reads.
describe('tshark decodes every member of the SMS and GPRS arguments', needsTool('tshark', 'apt-get install tshark'), () => {
  const lig = { cellGlobalIdOrServiceAreaIdOrLAI_hex: '62f2100001000a', routeingAreaIdentity_hex: '62f210000101', geographicalInformation_hex: '1020304050607080', 'sgsn-Number_digits': '4917300000', selectedLSAIdentity_hex: '010203', 'sai-Present': 1 };
  const ext = [{ type: 3, value_hex: '0500' }];
  const qos = 'a005800301020a';
  const eua = { pDPTypeOrganization_hex: 'f1', pDPTypeNumber_hex: '21', pDPAddress_hex: '0a000001' };
  const tz = '0221118210053000';
  const full: Array<[op: string, v: Variant, ac: string, args: Record<string, unknown>, want: Array<[string, string]>]> = [
    ['InitialDPSMS', 'camel4', 'camel4_sms', {
      serviceKey: 1, destinationSubscriberNumber_digits: '491761', callingPartyNumber_digits: '49171', eventTypeSMS: 11, iMSI_digits: '262011234567890',
      'locationInformationMSC.vlrNumber_digits': '4917100002', 'locationInformationMSC.ageOfLocationInformation': 5, locationInformationGPRS: lig, sMSCAddress_digits: '4917200000',
      timeAndTimezone_hex: tz, tPShortMessageSpecificInfo_hex: '01', tPProtocolIdentifier_hex: '00', tPDataCodingScheme_hex: '08', tPValidityPeriod_hex: 'a7', extensions: ext,
      smsReferenceNumber_hex: '0102030405', mscAddress_digits: '4917100003', 'sgsn-Number_digits': '4917300000', 'ms-Classmark2_hex': '335919',
      'gPRSMSClass.mSNetworkCapability_hex': 'e5e0', 'gPRSMSClass.mSRadioAccessCapability_hex': '1a', iMEI_digits: '3542800012345678', calledPartyNumber_digits: '491769',
    }, [['camel.eventTypeSMS', '11'], ['gsm_map.ms.ageOfLocationInformation', '5'], ['camel.selectedLSAIdentity', '010203'], ['camel.timeAndTimezone', tz], ['camel.tPShortMessageSpecificInfo', '01'],
      ['camel.tPProtocolIdentifier', '00'], ['camel.tPValidityPeriod', 'a7'], ['camel.extension_code_local', '3'], ['camel.smsReferenceNumber', '0102030405'], ['camel.ms_Classmark2', '335919'],
      ['gsm_map.ms.mSNetworkCapability', 'e5e0'], ['camel.iMEI', '5324080021436587'], ['camel.calledPartyNumber', '91947196']]],
    ['ConnectSMS', 'camel4', 'camel4_sms', { callingPartysNumber_digits: '49171', destinationSubscriberNumber_digits: '491761', sMSCAddress_digits: '4917200000', extensions: ext },
      [['camel.callingPartysNumber', '919471f1'], ['camel.extension_code_local', '3']]],
    ['EventReportSMS', 'camel4', 'camel4_sms', { eventTypeSMS: 13, 'eventSpecificInformationSMS.t-smsDeliverySpecificInfo': {}, 'miscCallInfo.messageType': 0, extensions: ext },
      [['camel.eventTypeSMS', '13'], ['camel.eventSpecificInformationSMS', '3'], ['camel.extension_code_local', '3']]],
    ['RequestReportSMSEvent', 'camel3', 'camel3_sms', { sMSEvents: [{ eventTypeSMS: 1, monitorMode: 0 }], extensions: ext }, [['camel.eventTypeSMS', '1'], ['camel.extension_code_local', '3']]],
    ['ResetTimerSMS', 'camel3', 'camel3_sms', { timerID: 0, timervalue: 5, extensions: ext }, [['camel.timerID', '0'], ['camel.timervalue', '5'], ['camel.extension_code_local', '3']]],
    ['FurnishChargingInformationSMS', 'camel3', 'camel3_sms', { 'fCIBCCCAMELsequence1.freeFormatData_hex': '0102' }, [['camel.freeFormatData', '0102']]],
    ['InitialDPGPRS', 'camel3', 'camel3_gprs', {
      serviceKey: 1, gPRSEventType: 1, mSISDN_digits: '49171', iMSI_digits: '262011234567890', timeAndTimeZone_hex: tz, 'gPRSMSClass.mSNetworkCapability_hex': 'e5e0',
      endUserAddress: eua, qualityOfService_hex: qos, accessPointName_apn: 'a.b', routeingAreaIdentity_hex: '62f210000101', chargingID_hex: '00000001', sGSNCapabilities_hex: '01',
      locationInformationGPRS: lig, pDPInitiationType: 1, extensions: ext, gGSNAddress_hex: '04c0a80001', 'secondaryPDP-context': 1, iMEI_digits: '3542800012345678',
    }, [['camel.gPRSEventType', '1'], ['camel.short_QoS_format', '01020a'], ['gsm_a.gm.sm.apn', 'a.b'], ['camel.sGSNCapabilities', '01'], ['camel.pDPInitiationType', '1'],
      ['camel.extension_code_local', '3'], ['camel.gGSNAddress', '04c0a80001'], ['camel.iMEI', '5324080021436587'], ['camel.PDPAddress_IPv4', '10.0.0.1']]],
    ['EventReportGPRS', 'camel3', 'camel3_gprs', { gPRSEventType: 2, 'gPRSEventSpecificInformation.attachChangeOfPositionSpecificInformation.locationInformationGPRS': lig },
      [['camel.gPRSEventSpecificInformation', '0'], ['camel.routeingAreaIdentity', '62f210000101']]],
    ['EventReportGPRS', 'camel3', 'camel3_gprs', { gPRSEventType: 14, 'gPRSEventSpecificInformation.pdp-ContextchangeOfPositionSpecificInformation': { accessPointName_apn: 'x', chargingID_hex: '00000002', locationInformationGPRS: lig, endUserAddress: eua, qualityOfService_hex: qos, timeAndTimeZone_hex: tz, gGSNAddress_hex: '04c0a80001' } },
      [['camel.gPRSEventSpecificInformation', '1'], ['camel.chargingID', '00000002'], ['camel.gGSNAddress', '04c0a80001'], ['camel.short_QoS_format', '01020a']]],
    ['EventReportGPRS', 'camel3', 'camel3_gprs', { gPRSEventType: 3, 'gPRSEventSpecificInformation.detachSpecificInformation': { inititatingEntity: 1, routeingAreaUpdate: 1 } },
      [['camel.gPRSEventSpecificInformation', '2'], ['camel.initiatingEntity', '1']]],
    ['EventReportGPRS', 'camel3', 'camel3_gprs', { gPRSEventType: 13, 'gPRSEventSpecificInformation.disconnectSpecificInformation': { inititatingEntity: 3 } },
      [['camel.gPRSEventSpecificInformation', '3'], ['camel.initiatingEntity', '3']]],
    ['EventReportGPRS', 'camel3', 'camel3_gprs', { gPRSEventType: 11, 'gPRSEventSpecificInformation.pDPContextEstablishmentSpecificInformation': { accessPointName_apn: 'x', endUserAddress: eua, qualityOfService_hex: qos, locationInformationGPRS: lig, timeAndTimeZone_hex: tz, pDPInitiationType: 0, 'secondaryPDP-context': 1 } },
      [['camel.gPRSEventSpecificInformation', '4'], ['camel.pDPInitiationType', '0'], ['gsm_a.gm.sm.apn', 'x']]],
    ['ApplyChargingReportGPRS', 'camel3', 'camel3_gprs', { 'chargingResult.elapsedTime.timeGPRSIfTariffSwitch': { timeGPRSSinceLastTariffSwitch: 10, timeGPRSTariffSwitchInterval: 20 }, qualityOfService_hex: qos, active: true, pDPID_hex: '01', 'chargingRollOver.transferredVolumeRollOver.rO-VolumeIfTariffSwitch': { 'rO-VolumeSinceLastTariffSwitch': 1, 'rO-VolumeTariffSwitchInterval': 2 } },
      [['camel.timeGPRSSinceLastTariffSwitch', '10'], ['camel.timeGPRSTariffSwitchInterval', '20'], ['camel.active', '1'], ['camel.rO_VolumeSinceLastTariffSwitch', '1'], ['camel.rO_VolumeTariffSwitchInterval', '2']]],
    ['ApplyChargingReportGPRS', 'camel3', 'camel3_gprs', { 'chargingResult.transferredVolume.volumeIfTariffSwitch': { volumeSinceLastTariffSwitch: 4294967295, volumeTariffSwitchInterval: 7 }, 'chargingRollOver.elapsedTimeRollOver.rO-TimeGPRSIfNoTariffSwitch': 3 },
      [['camel.volumeSinceLastTariffSwitch', '4294967295'], ['camel.volumeTariffSwitchInterval', '7'], ['camel.rO_TimeGPRSIfNoTariffSwitch', '3']]],
    ['ApplyChargingGPRS', 'camel3', 'camel3_gprs', { 'chargingCharacteristics.maxElapsedTime': 86400 }, [['camel.maxElapsedTime', '86400']]],
  ];
  test('no expert item in the whole tree; the members where tshark shows them', () => {
    const r = tsharkDecode(full.map(([op, v, ac, a]) => tcapBegin(oid(ac), [{ kind: 'invoke', invokeId: 1, opcode: OPCODES[op]!, arg: encodeArg(argType(op, v)!, a as never) }])));
    assert.equal(r.expert, 0);
    full.forEach(([op], i) => assert.deepEqual(expertItems(r.packets[i]), [], `${op} #${i}`));
    const fields = [...new Set(full.flatMap(([, , , , want]) => want.map(([f]) => f)))];
    const rows = r.fields(fields);
    full.forEach(([op, , , , want], i) => {
      for (const [f, val] of want) assert.ok(rows[i]![fields.indexOf(f)]!.replaceAll(':', '').split(',').includes(val), `${op} #${i}: ${f} = ${rows[i]![fields.indexOf(f)]}, expected ${val}`);
    });
  });
});
