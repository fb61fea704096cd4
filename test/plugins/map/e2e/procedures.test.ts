// The MAP dialogue procedures, tester against tester over M3UA/TCP on loopback: MAP-REFUSE and MAP-U-ABORT sent by
// the HLR side and matched field by field by the SMSC side, application-context negotiation (the HLR refuses v3
// naming v2, the SMSC opens the dialogue again in v2 with `ac_fallback`), and the empty-Begin procedure both ways.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, runBoth, startPair, type Pair } from '../helpers/pair.js';
import { IMSI, MSISDN, SMSC, VLR } from '../fixtures/samples.js';

const ok = (rec: any, what: string) => {
  assert.equal(rec.counts.passed, 1, `${what}: ${JSON.stringify(rec.counts)} ${problems(rec)} ${JSON.stringify(rec.first_call?.check_log?.slice(-2))}`);
};

/** The ladder of a record's first instance: `<direction> <name>` of each message. */
const ladder = (rec: any): string[] => (rec.first_call?.messages ?? []).map((m: any) => `${m.direction} ${m.name}`);

const SRI_SM = { msisdn_digits: MSISDN, 'sm-RP-PRI': true, serviceCentreAddress_digits: SMSC };
const SRI_SM_RESULT = { imsi_digits: IMSI, locationInfoWithLMSI: { 'networkNode-Number_digits': VLR } };

describe('MAP dialogue procedures, tester against tester', () => {
  let p: Pair;
  before(async () => {
    p = await startPair();
  });
  after(async () => {
    await p.close();
  });

  for (const [name, send, expect] of [
    ['MAP-REFUSE invalidDestinationReference', { map_refuse: 'invalidDestinationReference', map_refuse_ac: 'shortMsgGatewayContext_v2' }, { map_service: 'refuse', map_refuse: 'invalidDestinationReference', map_refuse_ac: 'sri_sm2', tcap_result: 1, tcap_result_diagnostic_user: 1 }],
    ['MAP-U-ABORT resourceUnavailable', { map_user_abort: 'resourceUnavailable', map_user_abort_reason: 'shortTermResourceLimitation' }, { map_service: 'u-abort', map_user_abort: 'resourceUnavailable', map_user_abort_reason: 'shortTermResourceLimitation', kind: 'u-abort' }],
    ['MAP-P-ABORT by a TCAP P-Abort', { p_cause: 4 }, { map_service: 'p-abort', map_provider_reason: 'resourceLimitation', kind: 'p-abort' }],
  ] as const) {
    test(`${name}: sent by the HLR, matched by the SMSC`, async () => {
      const [hlr, smsc] = await runBoth(p.a, {
        run_id: 'hlr',
        operations: [
          { type: 'map.hlr_from_smsc.SendRoutingInfoForSM', arguments: { msisdn_digits: MSISDN } },
          { type: 'tcap.hlr_to_smsc.Abort', arguments: send },
        ],
      }, p.b, {
        run_id: 'smsc',
        operations: [
          { type: 'map.smsc_to_hlr.SendRoutingInfoForSM', arguments: SRI_SM },
          { type: 'tcap.smsc_from_hlr.Abort', arguments: expect },
        ],
      });
      ok(hlr, 'HLR side');
      ok(smsc, 'SMSC side');
    });
  }

  test('a mismatching MAP-REFUSE reason fails the check', async () => {
    const [, smsc] = await runBoth(p.a, {
      run_id: 'hlr',
      operations: [
        { type: 'map.hlr_from_smsc.SendRoutingInfoForSM', arguments: { msisdn_digits: MSISDN } },
        { type: 'tcap.hlr_to_smsc.Abort', arguments: { map_refuse: 'noReasonGiven' } },
      ],
    }, p.b, {
      run_id: 'smsc',
      operations: [
        { type: 'map.smsc_to_hlr.SendRoutingInfoForSM', arguments: SRI_SM },
        { type: 'tcap.smsc_from_hlr.Abort', arguments: { map_refuse: 'invalidOriginatingReference' } },
      ],
    });
    assert.equal(smsc.counts.passed, 0, JSON.stringify(smsc.counts));
    assert.match(problems(smsc), /map_refuse/);
  });

  test('ac_fallback: refused in v3 naming v2, the SMSC opens the dialogue again in v2 and gets its result', async () => {
    const [hlr, smsc] = await runBoth(p.a, {
      run_id: 'hlr',
      trace_level: 1,
      operations: [
        { type: 'map.hlr_from_smsc.SendRoutingInfoForSM', arguments: { msisdn_digits: MSISDN, tcap_ac: 'sri_sm3' } },
        { type: 'tcap.hlr_to_smsc.Abort', arguments: { map_refuse: 'applicationContextNotSupported', map_refuse_ac: 'sri_sm2' } },
        { type: 'map.hlr_from_smsc.SendRoutingInfoForSM', arguments: { msisdn_digits: MSISDN, tcap_ac: 'sri_sm2' } },
        { type: 'map.hlr_to_smsc.SendRoutingInfoForSMResult', arguments: SRI_SM_RESULT },
      ],
    }, p.b, {
      run_id: 'smsc',
      trace_level: 1,
      operations: [
        { type: 'map.smsc_to_hlr.SendRoutingInfoForSM', arguments: { ...SRI_SM, ac_fallback: true } },
        { type: 'map.smsc_from_hlr.SendRoutingInfoForSMResult', arguments: { imsi_digits: IMSI, last_component: 1 } },
      ],
    });
    ok(hlr, 'HLR side');
    ok(smsc, 'SMSC side');
    assert.deepEqual(ladder(smsc), ['sent SendRoutingInfoForSM', 'received TCAP u-abort', 'sent SendRoutingInfoForSM', 'received SendRoutingInfoForSMResult']);
    const versions = (smsc.first_call.messages as any[]).filter((m) => m.name === 'SendRoutingInfoForSM').map((m) => m.fields.version);
    assert.deepEqual(versions, [3, 2]);
  });

  test('without ac_fallback the refusal stands: the result never comes', async () => {
    const [, smsc] = await runBoth(p.a, {
      run_id: 'hlr',
      trace_level: 1,
      operations: [
        { type: 'map.hlr_from_smsc.SendRoutingInfoForSM', arguments: { msisdn_digits: MSISDN } },
        { type: 'tcap.hlr_to_smsc.Abort', arguments: { map_refuse: 'applicationContextNotSupported', map_refuse_ac: 'sri_sm2' } },
      ],
    }, p.b, {
      run_id: 'smsc',
      trace_level: 1,
      operations: [
        { type: 'map.smsc_to_hlr.SendRoutingInfoForSM', arguments: SRI_SM },
        { type: 'map.smsc_from_hlr.SendRoutingInfoForSMResult', arguments: { imsi_digits: IMSI } },
      ],
    });
    assert.equal(smsc.counts.aborted, 1, JSON.stringify(smsc.counts));
    assert.match(JSON.stringify(smsc.first_call.check_log), /application-context-name-not-supported/);
  });

  test('empty Begin: the Invoke goes in the first Continue after the HLR\'s empty Continue, with the MAP-OPEN', async () => {
    const [hlr, smsc] = await runBoth(p.a, {
      run_id: 'hlr',
      trace_level: 1,
      operations: [
        { type: 'map.hlr_from_smsc.SendRoutingInfoForSM', arguments: { msisdn_digits: MSISDN, tcap_ac: 'sri_sm3', 'tcap.map_open.destination_reference_digits': IMSI } },
        { type: 'map.hlr_to_smsc.SendRoutingInfoForSMResult', arguments: SRI_SM_RESULT },
      ],
    }, p.b, {
      run_id: 'smsc',
      trace_level: 1,
      operations: [
        { type: 'map.smsc_to_hlr.SendRoutingInfoForSM', arguments: { ...SRI_SM, empty_begin: true, tcap: { map_open: { destination_reference_digits: IMSI } } } },
        { type: 'map.smsc_from_hlr.SendRoutingInfoForSMResult', arguments: { imsi_digits: IMSI, tcap_result: 0, last_component: 1 } },
      ],
    });
    ok(hlr, 'HLR side');
    ok(smsc, 'SMSC side');
    assert.deepEqual(ladder(smsc), ['sent TCAP begin', 'received TCAP continue', 'sent SendRoutingInfoForSM', 'received SendRoutingInfoForSMResult']);
    assert.deepEqual(ladder(hlr), ['received TCAP begin', 'sent TCAP continue', 'received SendRoutingInfoForSM', 'sent SendRoutingInfoForSMResult']);
    const invoke = (smsc.first_call.messages as any[]).find((m) => m.name === 'SendRoutingInfoForSM');
    assert.equal(invoke.fields.tcap, 'continue');
  });

  test('an empty Begin is routed by its AC and MAP-OPEN destination reference to the instance registered for it', async () => {
    const [hlr, smsc] = await runBoth(p.a, {
      run_id: 'hlr',
      operations: [
        { type: 'map.hlr_from_smsc.Register', arguments: { opcode: 'SendRoutingInfoForSM', destination_reference_digits: IMSI } },
        { type: 'map.hlr_from_smsc.SendRoutingInfoForSM', arguments: { msisdn_digits: MSISDN, 'tcap.map_open.destination_reference_digits': IMSI } },
        { type: 'map.hlr_to_smsc.SendRoutingInfoForSMResult', arguments: SRI_SM_RESULT },
      ],
    }, p.b, {
      run_id: 'smsc',
      operations: [
        { type: 'map.smsc_to_hlr.SendRoutingInfoForSM', arguments: { ...SRI_SM, empty_begin: true, 'tcap.map_open.destination_reference_digits': IMSI } },
        { type: 'map.smsc_from_hlr.SendRoutingInfoForSMResult', arguments: { imsi_digits: IMSI } },
      ],
    });
    ok(hlr, 'HLR side');
    ok(smsc, 'SMSC side');
  });

  test('a result in ReturnResultNotLast segments: the VLR gets one SendAuthenticationInfo result, the ladder each segment', async () => {
    const q = (n: number) => ({ rand: `${n}`.repeat(32), xres: '0102030405060708', ck: 'ff'.repeat(16), ik: 'ee'.repeat(16), autn: 'dd'.repeat(16) });
    const [hlr, vlr] = await runBoth(p.a, {
      run_id: 'hlr',
      operations: [
        { type: 'map.hlr_from_vlr.SendAuthenticationInfo', arguments: { imsi_digits: IMSI } },
        { type: 'map.hlr_to_vlr.SendAuthenticationInfoResult', arguments: { authenticationSetList: { quintupletList: [q(1), q(2)] }, result_not_last: true } },
        { type: 'map.hlr_to_vlr.SendAuthenticationInfoResult', arguments: { authenticationSetList: { quintupletList: [q(3)] }, result_not_last: true } },
        { type: 'map.hlr_to_vlr.SendAuthenticationInfoResult', arguments: { authenticationSetList: { quintupletList: [q(4)] } } },
      ],
    }, p.b, {
      run_id: 'vlr',
      trace_level: 1,
      operations: [
        { type: 'map.vlr_to_hlr.SendAuthenticationInfo', arguments: { imsi_digits: IMSI, numberOfRequestedVectors: 4, requestingNodeType: 'vlr' } },
        { type: 'map.vlr_from_hlr.SendAuthenticationInfoResult', arguments: { segments: 3, 'authenticationSetList.quintupletList.3.rand': q(4).rand, last_component: 1 } },
      ],
    });
    ok(hlr, 'HLR side');
    ok(vlr, 'VLR side');
    const got = (vlr.first_call.messages as any[]).filter((m) => m.name === 'SendAuthenticationInfoResult');
    assert.deepEqual(got.map((m) => [m.fields.segment ?? 'last', m.fields.tcap_message]), [[1, 'continue'], [2, 'continue'], ['last', 'end']]);
    assert.deepEqual(got[2].fields.authenticationSetList.quintupletList.map((v: any) => v.rand), [1, 2, 3, 4].map((n) => q(n).rand));
  });
});
