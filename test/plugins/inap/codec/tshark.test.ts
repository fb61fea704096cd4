// Every operation argument of every variant, wrapped in a TCAP Begin naming the variant's AC, decoded by tshark:
// no malformed packet or expert item, the right opcode, and the fields we encoded.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeArg } from '../../../../plugins/sigtran/codec/index.js';
import { argType, definedIn } from '../../../../plugins/inap/codec/args.js';
import { VARIANTS, SSP_AC, type Variant } from '../../../../plugins/inap/codec/variants.js';
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
    msgs.push(tcapBegin(SSP_AC[v], [{ kind: 'invoke', invokeId: 1, opcode: OPCODES[op]!, arg }]));
    names.push(op);
  }
  msgs.push(tcapBegin(SSP_AC[v], [{ kind: 'result', invokeId: 1, opcode: 48, res: encodeArg(argType('PromptAndCollectUserInformation', v, true)!, PACUI_RESULT) }]));
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
        assert.equal(col(row, 'tcap.application_context_name'), SSP_AC[v], `${n}: AC`);
        for (const [f, val] of checks[i]!) assert.equal(col(row, f), val, `${v} ${n}: ${f}`);
      });
    });
  }
});
