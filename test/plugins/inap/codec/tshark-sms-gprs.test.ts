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
