// Every operation argument of every variant, wrapped in a TCAP Begin naming the variant's AC, decoded by tshark:
// no malformed packet or expert item, the right opcode, and the fields we encoded.
import { describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { encodeArg } from '../../../../plugins/sigtran/codec/index.js';
import type { JsonObject } from '../../../../sdk/index.js';
import { argType, definedIn } from '../../../../plugins/inap/codec/args.js';
import { VARIANTS, type Variant } from '../../../../plugins/inap/codec/variants.js';
import { INAP_CONTEXTS } from '../../../../plugins/inap/contexts.js';

/** The SSP-to-SCP context of each variant: the context whose canonical name is the variant's. */
const sspAc = (v: Variant) => INAP_CONTEXTS.find((c) => c.names[0] === v)!.oid;
import { OPCODES } from '../../../../plugins/inap/catalogue.js';
import { outboundFields } from '../../../../plugins/inap/runtime/prepare-args.js';
import { needsTool } from '../../../helpers/tools.js';
import { sample, PACUI_RESULT } from '../fixtures/samples.js';
import { tcapBegin, tsharkDecode } from '../helpers/tcap-wrap.js';

/** Fields tshark must show per operation; `P` stands for the dissector prefix (inap / camel). */
const EXPECT: Record<string, Array<[string, string]>> = {
  InitialDP: [['P.serviceKey', '341'], ['e164.called_party_number.digits', '1800999001'], ['e164.calling_party_number.digits', '027654321'], ['P.eventTypeBCSM', '2'], ['P.callingPartysCategory', '10']],
  AssistRequestInstructions: [['isup.generic_number', '1234']],
  EstablishTemporaryConnection: [['isup.generic_number', '4422001234']],
  ConnectToResource: [['e164.called_party_number.digits', '1234']],
  Connect: [['e164.called_party_number.digits', '31612345678'], ['isup.called_party_nature_of_address_indicator', '4']],
  ReleaseCall: [['P.cause_indicator', '16']],
  RequestReportBCSMEvent: [['P.eventTypeBCSM', '5,6,7,9,9'], ['P.monitorMode', '0,0,1,0,0'], ['P.applicationTimer', '30']],
  EventReportBCSM: [['P.eventTypeBCSM', '9'], ['P.cause_indicator', '16'], ['P.receivingSideID', '01']],
  ResetTimer: [['P.timervalue', '30']],
  CallInformationReport: [['P.callConnectedElapsedTimeValue', '120'], ['P.cause_indicator', '16']],
  PlayAnnouncement: [['P.elementaryMessageID', '12'], ['P.numberOfRepetitions', '1']],
  PromptAndCollectUserInformation: [['P.minimumNbOfDigits', '1'], ['P.maximumNbOfDigits', '4'], ['P.elementaryMessageID', '7']],
  Cancel: [['P.invokeID', '1']],
  ContinueWithArgument: [['P.callingPartysCategory', '10']],
  DisconnectForwardConnectionWithArgument: [['P.callSegmentID', '1']],
  DisconnectLeg: [['P.cause_indicator', '31'], ['inap.sendingSideID', '02']],
  CallInformationRequest: [['P.requestedInformationTypeList', '3']],
  PromptAndCollectUserInformationResult: [['P.digitsResponse', '002143']],
  CallGap: [['P.basicGapCriteria', '29'], ['isup.generic_number', '1800'], ['P.serviceKey', '341'], ['P.gapInterval', '1000'], ['P.gapTreatment', '1'], ['P.cause_indicator', '34']],
  SendChargingInformation: [['P.sendingSideID', '01']],
  InitiateCallAttempt: [['e164.called_party_number.digits', '4912345678'], ['isup.called_party_nature_of_address_indicator', '4'], ['e164.calling_party_number.digits', '027654321']],
};
const EXPECT_CS1: Record<string, Array<[string, string]>> = {
  ApplyCharging: [['inap.aChBillingChargingCharacteristics', 'a0058003093a80'], ['inap.sendingSideID', '01']],
  ApplyChargingReport: [['inap.ApplyChargingReportArg', 'a003800100']],
  FurnishChargingInformation: [['inap.FurnishChargingInformationArg', '0102']],
  CallGap: [['inap.duration', '60'], ['inap.controlType', '1']],
  SendChargingInformation: [['inap.sCIBillingChargingCharacteristics', '0a0b0c']],
};
const EXPECT_CAP: Record<string, Array<[string, string]>> = {
  InitialDP: [['e164.msisdn', '4917100001,4917100002'], ['gsm_map.ms.vlr_number', '919471010010']],
  ApplyCharging: [['camel.maxCallPeriodDuration', '600'], ['camel.sendingSideID', '01']],
  ApplyChargingReport: [['camel.timeIfNoTariffSwitch', '600'], ['camel.receivingSideID', '01']],
  FurnishChargingInformation: [['camel.freeFormatData', '0102030405']],
  CallGap: [['camel.gapIndicatorsDuration', '60'], ['camel.controlType', '0']],
  SendChargingInformation: [['camel.e1', '1'], ['camel.e2', '10'], ['camel.e3', '100']],
  InitiateCallAttempt: [['camel.newCallSegment', '1'], ['e164.msisdn', '4912345678,4917100009']],
};

function messages(v: Variant) {
  const names: string[] = [];
  const msgs: Uint8Array[] = [];
  for (const op of Object.keys(OPCODES)) {
    if (!definedIn(op, v)) continue;
    const at = argType(op, v);
    const arg = at ? encodeArg(at, outboundFields(op, v, sample(op, v) ?? {})) : undefined;
    msgs.push(tcapBegin(sspAc(v), [{ kind: 'invoke', invokeId: 1, opcode: OPCODES[op]!, arg }]));
    names.push(op);
  }
  msgs.push(tcapBegin(sspAc(v), [{ kind: 'result', invokeId: 1, opcode: 48, res: encodeArg(argType('PromptAndCollectUserInformation', v, true)!, PACUI_RESULT) }]));
  names.push('PromptAndCollectUserInformationResult');
  return { names, msgs };
}

describe('tshark decodes every operation', needsTool('tshark', 'apt-get install tshark'), () => {
  for (const v of VARIANTS) {
    test(`${v}: all operations, fields checked`, () => {
      const p = v === 'cs1' ? 'inap' : 'camel';
      const { names, msgs } = messages(v);
      const r = tsharkDecode(msgs);
      assert.equal(r.expert, 0, 'tshark reports malformed packets or expert items');
      const wanted = new Set<string>([v === 'cs1' ? 'inap.code.local' : 'camel.local', 'tcap.application_context_name']);
      const checks = names.map((n) => [...(EXPECT[n] ?? []), ...(v !== 'cs1' ? EXPECT_CAP[n] ?? [] : EXPECT_CS1[n] ?? [])].map(([f, val]) => [f.replace(/^P\./, `${p}.`), val] as [string, string]));
      for (const c of checks) for (const [f] of c) wanted.add(f);
      const fields = [...wanted];
      const rows = r.fields(fields);
      assert.equal(rows.length, names.length);
      const col = (row: string[], f: string) => row[fields.indexOf(f)] ?? '';
      names.forEach((n, i) => {
        const row = rows[i]!;
        const opcode = n === 'PromptAndCollectUserInformationResult' ? 48 : OPCODES[n];
        assert.equal(col(row, v === 'cs1' ? 'inap.code.local' : 'camel.local'), String(opcode), `${n}: opcode`);
        assert.equal(col(row, 'tcap.application_context_name'), sspAc(v), `${n}: AC`);
        for (const [f, val] of checks[i]!) assert.equal(col(row, f), val, `${v} ${n}: ${f}`);
      });
    });
  }
});

// The forms that differ between variants (docs/plugins/inap.md, "Variants"), each in a Begin naming its variant's AC:
// tshark picks the phase-specific definitions from the AC (CAP v2: CamelV2diff; v3/v4 ApplyCharging tone by form).
describe('tshark decodes the variant-specific forms', needsTool('tshark', 'apt-get install tshark'), () => {
  const ach = (v: Variant, tdc: JsonObject) => encodeArg(argType('ApplyCharging', v)!, outboundFields('ApplyCharging', v, { 'aChBillingChargingCharacteristics.timeDurationCharging': tdc }));
  const tone = { maxCallPeriodDuration: 300, releaseIfdurationExceeded: true, tariffSwitchInterval: 3600, tone: true };
  const cases: Array<{ name: string; v: Variant; comp: Parameters<typeof tcapBegin>[1][0]; want: Array<[string, string]> }> = [
    { name: 'CAP v3 ApplyCharging tone', v: 'camel3', comp: { kind: 'invoke', invokeId: 1, opcode: 35, arg: ach('camel3', tone) }, want: [['camel.maxCallPeriodDuration', '300'], ['camel.tone', '1'], ['camel.audibleIndicator', '']] },
    {
      name: 'CAP v3 ApplyCharging as an independent SCP sends it',
      v: 'camel3',
      comp: { kind: 'invoke', invokeId: 1, opcode: 35, arg: Buffer.from('30128010a00e8002012c8101ff82020e108301ff', 'hex') },
      want: [['camel.maxCallPeriodDuration', '300'], ['camel.tone', '1'], ['camel.audibleIndicator', '']],
    },
    { name: 'CAP v4 ApplyCharging audibleIndicator', v: 'camel4', comp: { kind: 'invoke', invokeId: 1, opcode: 35, arg: ach('camel4', tone) }, want: [['camel.audibleIndicator', '0'], ['camel.tone', '1']] },
    {
      name: 'CAP v4 oAbandonSpecificInfo [21]',
      v: 'camel4',
      comp: { kind: 'invoke', invokeId: 1, opcode: 24, arg: encodeArg(argType('EventReportBCSM', 'camel4')!, { eventTypeBCSM: 'oAbandon', 'eventSpecificInformationBCSM.oAbandonSpecificInfo.routeNotPermitted': 1 }) },
      want: [['camel.eventSpecificInformationBCSM', '21']],
    },
    {
      name: 'CAP v4 tChangeOfPositionSpecificInfo [51]',
      v: 'camel4',
      comp: { kind: 'invoke', invokeId: 1, opcode: 24, arg: encodeArg(argType('EventReportBCSM', 'camel4')!, { eventTypeBCSM: 'tChangeOfPosition', eventSpecificInformationBCSM: { tChangeOfPositionSpecificInfo: {} } }) },
      want: [['camel.eventSpecificInformationBCSM', '51']],
    },
    {
      name: 'CS-1 PromptAndCollectUserInformation result iA5Response',
      v: 'cs1',
      comp: { kind: 'result', invokeId: 1, opcode: 48, res: encodeArg(argType('PromptAndCollectUserInformation', 'cs1', true)!, { iA5Response: '12#' }) },
      want: [['inap.iA5Response', '12#']],
    },
    {
      name: 'CAP v4 requestAnnouncementStartedNotification BOOLEAN',
      v: 'camel4',
      comp: { kind: 'invoke', invokeId: 1, opcode: 47, arg: encodeArg(argType('PlayAnnouncement', 'camel4')!, { 'informationToSend.tone.toneID': 1, requestAnnouncementStartedNotification: true }) },
      want: [['camel.requestAnnouncementStartedNotification', '1']],
    },
    {
      name: 'CAP v4 Cancel callSegmentToCancel',
      v: 'camel4',
      comp: { kind: 'invoke', invokeId: 1, opcode: 53, arg: encodeArg(argType('Cancel', 'camel4')!, { callSegmentToCancel: { callSegmentID: 1 } }) },
      want: [['camel.CancelArg', '2'], ['camel.callSegmentID', '1']],
    },
  ];
  test('every form decodes without expert items, with the fields of its variant', () => {
    const r = tsharkDecode(cases.map((c) => tcapBegin(sspAc(c.v), [c.comp])));
    assert.equal(r.expert, 0, 'tshark reports malformed packets or expert items');
    const fields = [...new Set(cases.flatMap((c) => c.want.map(([f]) => f)))];
    const rows = r.fields(fields);
    assert.equal(rows.length, cases.length);
    cases.forEach((c, i) => {
      for (const [f, val] of c.want) assert.equal(rows[i]![fields.indexOf(f)] ?? '', val, `${c.name}: ${f}`);
    });
  });
});

