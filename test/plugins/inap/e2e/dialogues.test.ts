// Dialogue handling: two calls in one instance, components grouped in one TCAP message, and the SRF dialogue
// running beside the SSP dialogue.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runToCompletion } from '../../../helpers/service.js';
import { startStack, type Stack } from '../helpers/stack.js';

const script = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../examples/inap/scp-sim.json'), 'utf8'));
// a prompt-and-collect flow for serviceKey 600, before the catch-all release
script.rules.splice(script.rules.length - 1, 0, {
  name: 'pacui',
  match: { serviceKey: 600 },
  flow: [
    { send: [{ op: 'ConnectToResource', args: { 'resourceAddress.none': 1 } }, { op: 'PromptAndCollectUserInformation', args: { 'collectedInfo.collectedDigits': { minimumNbOfDigits: 4, maximumNbOfDigits: 4 }, 'informationToSend.inbandInfo.messageID.elementaryMessageID': 5 } }] },
    { expect: 'PromptAndCollectUserInformationResult' },
    { send: [{ op: 'ReleaseCall', args: { initialCallSegment_cause: 16 } }], close: true },
  ],
});
let n = 0;

describe('dialogues', () => {
  let st: Stack;
  before(async () => {
    st = await startStack(script);
  });
  after(async () => {
    await st.close();
  });
  const run = (ops: unknown[], extra: Record<string, unknown> = {}) => runToCompletion(st.port, { run_id: `dlg-${++n}`, trace_level: 2, operations: ops, ...extra });

  test('two calls in one instance use two dialogues', async () => {
    const begins = st.sim!.stats.begins;
    const r = await run([
      { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 100 } },
      { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16 } },
      { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 400 } },
      { type: 'inap.ssp_from_scp.Connect', arguments: { destinationRoutingAddress_digits: '4921000000' } },
    ]);
    assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts));
    assert.equal(st.sim!.stats.begins - begins, 2);
  });

  test('send_with_next groups components in one TCAP Begin', async () => {
    const r = await run([
      { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 100, send_with_next: true } },
      { type: 'inap.ssp_to_scp.EventReportBCSM', arguments: { eventTypeBCSM: 'collectedInfo' } },
      { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16 } },
    ]);
    assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts));
    const [idp, erb] = r.first_call.messages;
    assert.equal(idp.fields.tcap, 'queued');
    assert.equal(idp.hex, undefined);
    assert.equal(erb.fields.tcap, 'begin');
    assert.match(erb.hex, /^01000101/);
    assert.equal(erb.fields.invoke_id, 2);
  });

  test('an SRF dialogue beside the SSP call', async () => {
    const r = await run([
      { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 200, tcap_ac: 'camel3' } },
      { type: 'inap.ssp_from_scp.RequestReportBCSMEvent' },
      { type: 'inap.ssp_from_scp.ApplyCharging' },
      { type: 'inap.ssp_from_scp.Connect' },
      { type: 'inap.srf_to_scp.AssistRequestInstructions', arguments: { correlationID_digits: '77', tcap_ac: 'camel3_srf' } },
      { type: 'inap.srf_from_scp.PlayAnnouncement', arguments: { 'informationToSend.inbandInfo.messageID.elementaryMessageID': 7, tcap_ac: 'camel3_srf' } },
      { type: 'inap.srf_to_scp.SpecializedResourceReport', arguments: { send_and_close: true } },
      { type: 'inap.ssp_to_scp.ApplyChargingReport', arguments: { 'timeDurationChargingResult.partyToCharge.receivingSideID_hex': '01', 'timeDurationChargingResult.timeInformation.timeIfNoTariffSwitch': 10 } },
      { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16 } },
    ]);
    assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts) + JSON.stringify(r.first_fails));
  });

  test('prompt and collect: the PACUI result answers the PACUI invoke', async () => {
    const r = await run([
      { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 600 } },
      { type: 'inap.ssp_from_scp.ConnectToResource', arguments: { 'resourceAddress.none': 1 } },
      { type: 'inap.ssp_from_scp.PromptAndCollectUserInformation', arguments: { collectedInfo: { collectedDigits: { minimumNbOfDigits: 4, maximumNbOfDigits: 4 } }, last_component: 0 } },
      { type: 'inap.ssp_to_scp.PromptAndCollectUserInformationResult', arguments: { digitsResponse_digits: '1234' } },
      { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16 } },
    ]);
    assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts) + JSON.stringify(r.first_fails));
    const res = r.first_call.messages.find((m: { name: string }) => m.name === 'PromptAndCollectUserInformationResult');
    assert.equal(res.fields.invoke_id, 2, 'answers invoke 2 (the PACUI after the CTR)');
    assert.equal(res.fields.digitsResponse_digits, '1234');
  });

  for (const ac of ['cs1', 'camel2', 'camel3', 'camel4']) {
    test(`variant from the application context: ${ac}`, async () => {
      const r = await run([
        { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 400, calledPartyNumber_digits: '0211234567' } },
        { type: 'inap.ssp_from_scp.Connect', arguments: { destinationRoutingAddress_digits: '4921000000', tcap_ac: ac } },
      ], { ssp_ac: ac });
      assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts) + JSON.stringify(r.first_fails));
      assert.equal(r.first_call.messages[0].fields.variant, ac);
      assert.equal(r.first_call.messages[1].fields.variant, ac);
    });
  }
});
