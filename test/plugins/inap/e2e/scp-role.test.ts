// Reverse roles: a second tester service plays the SCP (inap.scp_from_ssp.* / inap.scp_to_ssp.*) against the
// tester playing the SSP, over M3UA/TCP on loopback.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, runToCompletion, waitForRun } from '../../../helpers/service.js';
import type { RunningService } from '../../../../core/service.js';
import { SPEC_IDP } from '../fixtures/samples.js';
import { startTesters } from '../helpers/testers.js';
import { mixDefinition } from '../scp-sim/mix-fixture.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';


describe('one tester plays the SCP against another playing the SSP', () => {
  let scp: RunningService;
  let ssp: RunningService;
  before(async () => {
    ({ scp, ssp } = await startTesters());
  });
  after(async () => {
    await ssp.close();
    await scp.close();
  });

  test('prepaid flow, 20 instances on each side, every field matched on both sides', async () => {
    const total = 20;
    const scpDef = {
      run_id: 'scp-side',
      distribution: { type: 'load', total, backlog: total },
      scp: { tcap_timeout: 10 },
      operations: [
        { type: 'inap.scp_from_ssp.InitialDP', arguments: { serviceKey: 341, calledPartyNumber_digits: '1800999001', callingPartysCategory_hex: '0a', tcap_ac: 'camel2' } },
        { type: 'inap.scp_to_ssp.RequestReportBCSMEvent', arguments: { oAnswer: 1, oDisconnectLeg1: 1, oDisconnectLeg2: 1 }, },
        { type: 'inap.scp_to_ssp.ApplyCharging', arguments: { 'aChBillingChargingCharacteristics.timeDurationCharging.maxCallPeriodDuration': 300 }, },
        { type: 'inap.scp_to_ssp.Connect', arguments: { destinationRoutingAddress_digits: '{ $i.InitialDP.calledPartyNumber_digits }', destinationRoutingAddress_noa: 4 } },
        { type: 'inap.scp_from_ssp.ApplyChargingReport', arguments: { 'timeDurationChargingResult.timeInformation.timeIfNoTariffSwitch': 300 } },
        { type: 'inap.scp_to_ssp.ReleaseCall', arguments: { initialCallSegment_cause: 16, send_and_close: true } },
      ],
    };
    const r0 = await call(scp.port, 'ExecuteTest', scpDef);
    assert.equal(r0.result, 'ok', JSON.stringify(r0.error));
    const sspDef = {
      run_id: 'ssp-side',
      distribution: { type: 'load', total, backlog: 5 },
      ssp_ac: 'camel2',
      operations: [
        { type: 'inap.ssp_to_scp.InitialDP', arguments: { ...SPEC_IDP } },
        { type: 'inap.ssp_from_scp.RequestReportBCSMEvent', arguments: { oAnswer: 1, oDisconnectLeg1: 1, oDisconnectLeg2: 1, tcap_ac: 'camel2', tcap_result: 0, tcap_result_diagnostic_user: 0 } },
        { type: 'inap.ssp_from_scp.ApplyCharging', arguments: { 'aChBillingChargingCharacteristics.timeDurationCharging.maxCallPeriodDuration': 300 } },
        { type: 'inap.ssp_from_scp.Connect', arguments: { destinationRoutingAddress_digits: '1800999001', last_component: 0 } },
        { type: 'inap.ssp_to_scp.ApplyChargingReport', arguments: { 'timeDurationChargingResult.partyToCharge.receivingSideID_hex': '01', 'timeDurationChargingResult.timeInformation.timeIfNoTariffSwitch': 300 } },
        { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16, last_component: 1 } },
      ],
    };
    const ssr = await runToCompletion(ssp.port, sspDef, { timeoutMs: 30_000 });
    const scr = await waitForRun(scp.port, 'scp-side', { timeoutMs: 30_000 });
    for (const [side, r] of [['ssp', ssr], ['scp', scr]] as const) {
      assert.deepEqual(r.first_aborts, [], `${side}: ${JSON.stringify(r.first_aborts)}`);
      assert.deepEqual(r.first_fails, [], `${side}: ${JSON.stringify(r.first_fails)}`);
      assert.equal(r.counts.passed, total, `${side}: ${JSON.stringify(r.counts)}`);
    }
  });

  test('CAMEL SMS and GPRS control both ways: the gsmSCF side takes InitialDPSMS and InitialDPGPRS, results both ways', async () => {
    const r0 = await call(scp.port, 'ExecuteTest', { run_id: 'scp-sms-gprs', scp: { tcap_timeout: 10 }, operations: [
      { type: 'inap.scp_from_ssp.InitialDPSMS', arguments: { serviceKey: 77, destinationSubscriberNumber_digits: '4917612345678', tcap_ac: 'camel3_sms' } },
      { type: 'inap.scp_to_ssp.RequestReportSMSEvent', arguments: { sMSEvents: [{ eventTypeSMS_name: 'o-smsSubmission', monitorMode: 1 }], send_with_next: true } },
      { type: 'inap.scp_to_ssp.ContinueSMS' },
      { type: 'inap.scp_from_ssp.EventReportSMS', arguments: { eventTypeSMS_name: 'o-smsSubmission', last_component: 1 } },
      { type: 'inap.scp_from_ssp.InitialDPGPRS', arguments: { serviceKey: 88, accessPointName_apn: 'internet', chargingID_hex: '0000abcd', tcap_ac: 'camel3_gprs' } },
      { type: 'inap.scp_to_ssp.ActivityTestGPRS' },
      { type: 'inap.scp_from_ssp.ActivityTestGPRSResult' },
      { type: 'inap.scp_to_ssp.ApplyChargingGPRS', arguments: { 'chargingCharacteristics.maxElapsedTime': 600 } },
      { type: 'inap.scp_from_ssp.ApplyChargingReportGPRS', arguments: { 'chargingResult.elapsedTime.timeGPRSIfNoTariffSwitch': 600 } },
      { type: 'inap.scp_to_ssp.ApplyChargingReportGPRSResult', arguments: { send_with_next: true } },
      { type: 'inap.scp_to_ssp.ReleaseGPRS', arguments: { gprsCause_hex: '25', send_and_close: true } },
    ] });
    assert.equal(r0.result, 'ok', JSON.stringify(r0.error));
    const gprs = { serviceKey: 88, gPRSEventType_name: 'pdp-ContextEstablishment', mSISDN_digits: '4917612345678', iMSI_digits: '262011234567890', timeAndTimeZone_hex: '0221118210053000', accessPointName_apn: 'internet', chargingID_hex: '0000abcd' };
    const ssr = await runToCompletion(ssp.port, { run_id: 'ssp-sms-gprs', ssp_ac: 'camel3', operations: [
      { type: 'inap.ssp_to_scp.InitialDPSMS', arguments: { serviceKey: 77, eventTypeSMS_name: 'sms-CollectedInfo', destinationSubscriberNumber_digits: '4917612345678' } },
      { type: 'inap.ssp_from_scp.RequestReportSMSEvent', arguments: { sMSEvents: [{ eventTypeSMS_name: 'o-smsSubmission', monitorMode_name: 'notifyAndContinue' }], tcap_ac: 'camel3_sms' } },
      { type: 'inap.ssp_from_scp.ContinueSMS' },
      { type: 'inap.ssp_to_scp.EventReportSMS', arguments: { eventTypeSMS_name: 'o-smsSubmission', send_and_close: true } },
      { type: 'inap.ssp_to_scp.InitialDPGPRS', arguments: gprs },
      { type: 'inap.ssp_from_scp.ActivityTestGPRS', arguments: { tcap_ac: 'camel3_gprs' } },
      { type: 'inap.ssp_to_scp.ActivityTestGPRSResult' },
      { type: 'inap.ssp_from_scp.ApplyChargingGPRS', arguments: { 'chargingCharacteristics.maxElapsedTime': 600 } },
      { type: 'inap.ssp_to_scp.ApplyChargingReportGPRS', arguments: { 'chargingResult.elapsedTime.timeGPRSIfNoTariffSwitch': '{ $i.ApplyChargingGPRS.chargingCharacteristics.maxElapsedTime }' } },
      { type: 'inap.ssp_from_scp.ApplyChargingReportGPRSResult' },
      { type: 'inap.ssp_from_scp.ReleaseGPRS', arguments: { gprsCause_hex: '25', last_component: 1 } },
    ] }, { timeoutMs: 30_000 });
    const scr = await waitForRun(scp.port, 'scp-sms-gprs', { timeoutMs: 30_000 });
    for (const [side, r] of [['ssp', ssr], ['scp', scr]] as const) {
      assert.deepEqual(r.first_aborts, [], `${side}: ${JSON.stringify(r.first_aborts)}`);
      assert.deepEqual(r.first_fails, [], `${side}: ${JSON.stringify(r.first_fails)}`);
      assert.equal(r.counts.passed, 1, `${side}: ${JSON.stringify(r.counts)}`);
    }
    const checked = (r: typeof ssr) => r.first_call.check_log.map((c: { text: string }) => c.text).join('\n');
    assert.match(checked(scr), /InitialDPGPRS\.accessPointName_apn: is "internet"/);
    assert.match(checked(scr), /ApplyChargingReportGPRS\.chargingResult\.elapsedTime\.timeGPRSIfNoTariffSwitch: is 600/);
    assert.match(checked(ssr), /ReleaseGPRS\.gprsCause_hex: is "25"/);
  });

  test('the SCP side sees a wrong serviceKey as a failed check', async () => {
    const r0 = await call(scp.port, 'ExecuteTest', { run_id: 'scp-2', operations: [
      { type: 'inap.scp_from_ssp.InitialDP', arguments: { serviceKey: 999 } },
      { type: 'inap.scp_to_ssp.ReleaseCall', arguments: { send_and_close: true } },
    ] });
    assert.equal(r0.result, 'ok');
    const ssr = await runToCompletion(ssp.port, { run_id: 'ssp-2', operations: [
      { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 341 } },
      { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 31 } },
    ] });
    const scr = await waitForRun(scp.port, 'scp-2');
    assert.equal(ssr.counts.passed, 1, JSON.stringify(ssr.first_aborts));
    assert.equal(scr.counts.failed, 1);
    assert.match(JSON.stringify(scr.first_fails), /InitialDP.serviceKey: expected 999, got 341/);
  });

  test('examples/inap/scp-role.json against an SSP definition', async () => {
    const scpDef = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../examples/inap/scp-role.json'), 'utf8'));
    scpDef.run_id = 'scp-role-example';
    const r0 = await call(scp.port, 'ExecuteTest', scpDef);
    assert.equal(r0.result, 'ok', JSON.stringify(r0.error));
    const ssr = await runToCompletion(ssp.port, {
      run_id: 'ssp-3',
      distribution: { type: 'load', total: scpDef.distribution.total, backlog: 10 },
      operations: [
        { type: 'inap.ssp_to_scp.InitialDP', arguments: { ...SPEC_IDP } },
        { type: 'inap.ssp_from_scp.RequestReportBCSMEvent', arguments: { oAnswer: 1, oDisconnectLeg1: 1, oDisconnectLeg2: 1 } },
        { type: 'inap.ssp_from_scp.Connect', arguments: { destinationRoutingAddress_digits: '1800999001', destinationRoutingAddress_noa: 3 } },
        { type: 'inap.ssp_to_scp.EventReportBCSM', arguments: { eventTypeBCSM_name: 'oDisconnect', 'legID.receivingSideID_hex': '01', 'eventSpecificInformationBCSM.oDisconnectSpecificInfo.releaseCause_cause': 16 } },
        { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16, last_component: 1 } },
      ],
    }, { timeoutMs: 30_000 });
    const scr = await waitForRun(scp.port, scpDef.run_id, { timeoutMs: 30_000 });
    for (const [side, r] of [['ssp', ssr], ['scp', scr]] as const) {
      assert.deepEqual(r.first_aborts, [], `${side}: ${JSON.stringify(r.first_aborts)}`);
      assert.deepEqual(r.first_fails, [], `${side}: ${JSON.stringify(r.first_fails)}`);
      assert.equal(r.counts.passed, scpDef.distribution.total, `${side}: ${JSON.stringify(r.counts)}`);
    }
  });

  test('CallGap, SendChargingInformation and InitiateCallAttempt from the SCP, matched by the SSP', async () => {
    const scpOps = (ica: boolean) => [
      { type: 'inap.scp_from_ssp.InitialDP', arguments: { serviceKey: 341 } },
      { type: 'inap.scp_to_ssp.CallGap', arguments: { 'gapCriteria.basicGapCriteria.calledAddressValue_digits': '1800', 'gapIndicators.duration': 60, 'gapIndicators.gapInterval': 500, controlType: 1, send_with_next: true } },
      { type: 'inap.scp_to_ssp.SendChargingInformation', arguments: { 'sCIBillingChargingCharacteristics.aOCAfterAnswer.cAI-GSM0224.e1': 4, 'sCIBillingChargingCharacteristics.aOCAfterAnswer.tariffSwitchInterval': 30, 'partyToCharge.sendingSideID_hex': '01', send_with_next: ica } },
      ...(ica ? [{ type: 'inap.scp_to_ssp.InitiateCallAttempt', arguments: { destinationRoutingAddress_digits: '4912345678', newCallSegment: 2 } }] : []),
      { type: 'inap.scp_to_ssp.ReleaseCall', arguments: { initialCallSegment_cause: 16, send_and_close: true } },
    ];
    const sspOps = (ica: boolean) => [
      { type: 'inap.ssp_to_scp.InitialDP', arguments: { ...SPEC_IDP } },
      { type: 'inap.ssp_from_scp.CallGap', arguments: { 'gapCriteria.basicGapCriteria.calledAddressValue_digits': '1800', 'gapIndicators.gapInterval': 500, controlType_name: 'manuallyInitiated' } },
      { type: 'inap.ssp_from_scp.SendChargingInformation', arguments: { 'sCIBillingChargingCharacteristics.aOCAfterAnswer.cAI-GSM0224.e1': 4, 'sCIBillingChargingCharacteristics.aOCAfterAnswer.tariffSwitchInterval': 30 } },
      ...(ica ? [{ type: 'inap.ssp_from_scp.InitiateCallAttempt', arguments: { destinationRoutingAddress_digits: '4912345678', newCallSegment: 2 } }] : []),
      { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16 } },
    ];
    for (const [ac, ica] of [['camel3', false], ['camel4', true]] as const) {
      const r0 = await call(scp.port, 'ExecuteTest', { run_id: `scp-cg-${ac}`, operations: scpOps(ica) });
      assert.equal(r0.result, 'ok', JSON.stringify(r0.error));
      const ssr = await runToCompletion(ssp.port, { run_id: `ssp-cg-${ac}`, ssp_ac: ac, operations: sspOps(ica) }, { timeoutMs: 20_000 });
      const scr = await waitForRun(scp.port, `scp-cg-${ac}`, { timeoutMs: 20_000 });
      for (const [side, r] of [['ssp', ssr], ['scp', scr]] as const) {
        assert.deepEqual(r.first_aborts, [], `${ac} ${side}: ${JSON.stringify(r.first_aborts)}`);
        assert.deepEqual(r.first_fails, [], `${ac} ${side}: ${JSON.stringify(r.first_fails)}`);
        assert.equal(r.counts.passed, 1, `${ac} ${side}: ${JSON.stringify(r.counts)}`);
      }
    }
  });

  test('InitiateCallAttempt in a CAP v3 dialogue aborts: only CS-1 and CAP v4 define it', async () => {
    const r0 = await call(scp.port, 'ExecuteTest', { run_id: 'scp-ica3', operations: [
      { type: 'inap.scp_from_ssp.InitialDP', arguments: { serviceKey: 341 } },
      { type: 'inap.scp_to_ssp.InitiateCallAttempt', arguments: { destinationRoutingAddress_digits: '4912345678' } },
    ] });
    assert.equal(r0.result, 'ok', JSON.stringify(r0.error));
    await runToCompletion(ssp.port, { run_id: 'ssp-ica3', ssp_ac: 'camel3', scp: { tcap_timeout: 1 }, operations: [{ type: 'inap.ssp_to_scp.InitialDP', arguments: { ...SPEC_IDP } }] }, { timeoutMs: 20_000 });
    const scr = await waitForRun(scp.port, 'scp-ica3', { timeoutMs: 20_000 });
    assert.equal(scr.counts.aborted, 1);
    assert.match(JSON.stringify(scr.first_aborts), /InitiateCallAttempt is not defined in variant camel3 \(only in cs1, camel4\)/);
  });

  test('examples/inap/scp-role-mix.json: what the SSP side receives is what the SCP side chose, pick by pick', async () => {
    const scpDef = { ...JSON.parse(readFileSync(join(import.meta.dirname, '../../../../examples/inap/scp-role-mix.json'), 'utf8')), run_id: 'scp-mix' };
    const total = scpDef.distribution.total as number;
    const r0 = await call(scp.port, 'ExecuteTest', scpDef);
    assert.equal(r0.result, 'ok', JSON.stringify(r0.error));
    const ssr = await runToCompletion(ssp.port, mixDefinition('ssp-mix', total, 200), { timeoutMs: 60_000 });
    const scr = await waitForRun(scp.port, 'scp-mix', { timeoutMs: 60_000 });
    const picks = scr.choices['operations[1]'] as Record<string, number>;
    assert.equal((picks.answered ?? 0) + (picks.busy ?? 0) + (picks.error ?? 0), total, JSON.stringify(picks));
    for (const k of ['answered', 'busy', 'error']) assert.ok((picks[k] ?? 0) > 0, `${k} never picked: ${JSON.stringify(picks)}`);
    assert.equal(ssr.globals.c16, picks.answered, 'cause 16 per answered pick');
    assert.equal(ssr.globals.c17, picks.busy, 'cause 17 per busy pick');
    assert.equal(ssr.counts.aborted, picks.error, 'a ReturnError per error pick');
  });
});
