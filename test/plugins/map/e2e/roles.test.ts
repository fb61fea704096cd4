// Tester against tester, for every role pair of the catalogue: one service plays the responder (waiting for the
// Begin), the other the invoker, over M3UA/TCP on loopback. Each side matches what it receives.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gatewayOf, problems, runBoth, startPair, type Pair } from '../helpers/pair.js';
import { IMSI, MSISDN, SMSC, VLR } from '../fixtures/samples.js';

/** The local operation code of the Invoke with invoke id 1 in a recorded message's M3UA hex (its TCAP component:
 *  `a1 len 02 01 01 02 01 <opcode>`). */
const invokeOpcode = (hex: string): number | undefined => {
  const m = /a1(?:81[0-9a-f]{2}|82[0-9a-f]{4}|[0-7][0-9a-f])0201010201([0-9a-f]{2})/.exec(hex);
  return m ? parseInt(m[1]!, 16) : undefined;
};

const ok = (rec: any, what: string) => {
  assert.equal(rec.counts.passed, 1, `${what}: ${JSON.stringify(rec.counts)} ${problems(rec)} ${JSON.stringify(rec.first_call?.check_log?.slice(-2))}`);
};

describe('MAP role pairs, tester against tester', () => {
  let p: Pair;
  before(async () => {
    p = await startPair();
  });
  after(async () => {
    await p.close();
  });

  test('hlr <-> scp: MS-initiated USSD menu (PUSSR -> USSR -> USSR result -> PUSSR result) with MAP-OPEN references', async () => {
    const [scp, hlr] = await runBoth(p.a, {
      run_id: 'gsmscf',
      operations: [
        { type: 'map.scp_from_hlr.ProcessUnstructuredSSRequest', arguments: { ussdString_text: '*100#', msisdn_digits: MSISDN, tcap_ac: 'networkUnstructuredSsContext_v2', 'tcap.map_open.destination_reference_digits': '100', 'tcap.map_open.origination_reference_digits': MSISDN } },
        { type: 'map.scp_to_hlr.UnstructuredSSRequest', arguments: { ussdString_text: '1 Balance\n2 Bundles' } },
        { type: 'map.scp_from_hlr.UnstructuredSSRequestResult', arguments: { ussdString_text: '1', last_component: 0 } },
        { type: 'map.scp_to_hlr.ProcessUnstructuredSSRequestResult', arguments: { ussdString_text: 'Balance: 5 EUR' } },
      ],
    }, p.b, {
      run_id: 'hlr',
      hlr_ac: 'ussd2',
      operations: [
        { type: 'map.hlr_to_scp.ProcessUnstructuredSSRequest', arguments: { ussdString_text: '*100#', msisdn_digits: MSISDN, tcap: { map_open: { destination_reference_digits: '100', origination_reference_digits: MSISDN } } } },
        { type: 'map.hlr_from_scp.UnstructuredSSRequest', arguments: { ussdString_text: '1 Balance\n2 Bundles', ussdDataCodingScheme: '0f', tcap_ac: 'ussd2', tcap_result: 0 } },
        { type: 'map.hlr_to_scp.UnstructuredSSRequestResult', arguments: { ussdString_text: '1' } },
        { type: 'map.hlr_from_scp.ProcessUnstructuredSSRequestResult', arguments: { ussdString_text: 'Balance: 5 EUR', last_component: 1 } },
      ],
    });
    ok(scp, 'gsmSCF side');
    ok(hlr, 'HLR side');
  });

  test('scp <-> hlr: ATI (anchor alias AnyTimeInterrogationRequest), SRI, network-initiated USSN', async () => {
    const [hlr, scp] = await runBoth(p.a, {
      run_id: 'hlr',
      scp: { tcap_timeout: 5 },
      operations: [
        { type: 'map.hlr_from_scp.AnyTimeInterrogationRequest', arguments: { msisdn_digits: MSISDN, 'requestedInfo.locationInformation': 1, 'requestedInfo.subscriberState': 1, tcap_ac: 'ati3' } },
        { type: 'map.hlr_to_scp.AnyTimeInterrogationResult', arguments: { subscriberState: { assumedIdle: 1 }, locationInformation: { 'vlr-number_digits': VLR, ageOfLocationInformation: 2, cellGlobalIdOrServiceAreaIdOrLAI: { cellGlobalIdOrServiceAreaIdFixedLength_mcc: '262', cellGlobalIdOrServiceAreaIdFixedLength_mnc: '01', cellGlobalIdOrServiceAreaIdFixedLength_lac: 100, cellGlobalIdOrServiceAreaIdFixedLength_ci: 200 } } } },
        { type: 'map.hlr_from_scp.SendRoutingInfo', arguments: { msisdn_digits: MSISDN, interrogationType_name: 'basicCall' } },
        { type: 'map.hlr_to_scp.SendRoutingInfoResult', arguments: { imsi_digits: IMSI, roamingNumber_digits: '4917999000' } },
        { type: 'map.hlr_from_scp.UnstructuredSSNotify', arguments: { ussdString_text: 'Your bundle ends today', msisdn_digits: MSISDN } },
        { type: 'map.hlr_to_scp.UnstructuredSSNotifyResult' },
      ],
    }, p.b, {
      run_id: 'scp',
      operations: [
        { type: 'map.scp_to_hlr.AnyTimeInterrogation', arguments: { msisdn_digits: MSISDN, requestedInfo: { locationInformation: 1, subscriberState: 1 }, 'gsmSCF-Address_digits': '4917000000' } },
        { type: 'map.scp_from_hlr.AnyTimeInterrogationResult', arguments: { 'subscriberState.assumedIdle': 1, 'locationInformation.vlr-number_digits': VLR, 'locationInformation.cellGlobalIdOrServiceAreaIdOrLAI.cellGlobalIdOrServiceAreaIdFixedLength_ci': 200, last_component: 1 } },
        { type: 'map.scp_to_hlr.SendRoutingInfo', arguments: { msisdn_digits: MSISDN, interrogationType: 0, 'gmsc-OrGsmSCF-Address_digits': '4917000000' } },
        { type: 'map.scp_from_hlr.SendRoutingInfoResult', arguments: { roamingNumber_digits: '4917999000', imsi_digits: IMSI } },
        { type: 'map.scp_to_hlr.UnstructuredSSNotify', arguments: { ussdString_text: 'Your bundle ends today', msisdn_digits: MSISDN, send_and_close: false } },
        { type: 'map.scp_from_hlr.UnstructuredSSNotifyResult', arguments: { last_component: 0 } },
      ],
    });
    ok(hlr, 'HLR side');
    ok(scp, 'SCP side');
  });

  test('smsc <-> hlr: SendRoutingInfoForSM (v3 and v2)', async () => {
    for (const ac of ['shortMsgGatewayContext_v3', 'sri_sm2']) {
      const [hlr, smsc] = await runBoth(p.a, {
        run_id: 'hlr',
        operations: [
          { type: 'map.hlr_from_smsc.SendRoutingInfoForSM', arguments: { msisdn_digits: MSISDN, 'sm-RP-PRI': true, serviceCentreAddress_digits: SMSC, tcap_ac: ac } },
          { type: 'map.hlr_to_smsc.SendRoutingInfoForSMResult', arguments: { imsi_digits: IMSI, 'locationInfoWithLMSI.networkNode-Number_digits': VLR } },
        ],
      }, p.b, {
        run_id: 'smsc',
        operations: [
          { type: 'map.smsc_to_hlr.SendRoutingInfoForSM', arguments: { msisdn_digits: MSISDN, 'sm-RP-PRI': true, serviceCentreAddress_digits: SMSC, tcap_ac: ac } },
          { type: 'map.smsc_from_hlr.SendRoutingInfoForSMResult', arguments: { imsi_digits: IMSI, locationInfoWithLMSI: { 'networkNode-Number_digits': VLR } } },
        ],
      });
      ok(hlr, `HLR side ${ac}`);
      ok(smsc, `SMSC side ${ac}`);
    }
  });

  test('msc <-> smsc: MO-ForwardSM, the text checked', async () => {
    const [smsc, msc] = await runBoth(p.a, {
      run_id: 'smsc',
      operations: [
        { type: 'map.smsc_from_msc.MoForwardSM', arguments: { 'sm-RP-OA.msisdn_digits': MSISDN, 'sm-RP-UI_tpdu': { type: 'SMS-SUBMIT', text: 'Meet at 8?', da_digits: '4917100002' } } },
        { type: 'map.smsc_to_msc.MoForwardSMResult' },
      ],
    }, p.b, {
      run_id: 'msc',
      operations: [
        { type: 'map.msc_to_smsc.MoForwardSM', arguments: { 'sm-RP-DA': { serviceCentreAddressDA_digits: SMSC }, 'sm-RP-OA': { msisdn_digits: MSISDN }, 'sm-RP-UI_tpdu': { da_digits: '4917100002', text: 'Meet at 8?' } } },
        { type: 'map.msc_from_smsc.MoForwardSMResult', arguments: { last_component: 1 } },
      ],
    });
    ok(smsc, 'SMSC side');
    ok(msc, 'MSC side');
  });

  test('smsc <-> msc: MT-ForwardSM in v3 (mt-forwardSM 44), v2 and v1 (forwardSM 46), UCS2 text', async () => {
    // v1: forwardSM in shortMsgRelayContext-v1 (the MO context's arc 21), routed to the MSC waiting for MtForwardSM
    for (const [ac, opcode] of [['mt_sms3', 44], ['shortMsgMT-RelayContext_v2', 46], ['mo_sms1', 46]] as const) {
      const [msc, smsc] = await runBoth(p.a, {
        run_id: 'msc',
        trace_level: 1,
        operations: [
          { type: 'map.msc_from_smsc.MtForwardSM', arguments: { 'sm-RP-DA.imsi_digits': IMSI, 'sm-RP-UI_tpdu.text': 'Привет', 'sm-RP-UI_tpdu.dcs_alphabet': 'ucs2', tcap_ac: ac } },
          { type: 'map.msc_to_smsc.MtForwardSMResult' },
        ],
      }, p.b, {
        run_id: 'smsc',
        trace_level: 2, // the messages' hex
        operations: [
          { type: 'map.smsc_to_msc.MtForwardSM', arguments: { tcap_ac: ac, 'sm-RP-DA': { imsi_digits: IMSI }, 'sm-RP-OA': { serviceCentreAddressOA_digits: SMSC }, 'sm-RP-UI_tpdu': { oa_digits: MSISDN, text: 'Привет' } } },
          { type: 'map.smsc_from_msc.MtForwardSMResult' },
        ],
      });
      ok(msc, `MSC side ${ac}`);
      ok(smsc, `SMSC side ${ac}`);
      const sent = smsc.first_call.messages.find((m: any) => m.name === 'MtForwardSM');
      assert.ok(sent?.hex, 'the MtForwardSM record, with its hex');
      assert.equal(invokeOpcode(sent.hex), opcode, `${ac}: the opcode on the wire`);
      assert.equal(sent.fields.version, Number(ac.slice(-1)));
      const got = msc.first_call.messages.find((m: any) => m.name === 'MtForwardSM');
      assert.equal(got.fields.version, Number(ac.slice(-1)));
    }
  });

  test('vlr <-> hlr: ProvideSubscriberInfo', async () => {
    const [vlr, hlr] = await runBoth(p.a, {
      run_id: 'vlr',
      operations: [
        { type: 'map.vlr_from_hlr.ProvideSubscriberInfo', arguments: { imsi_digits: IMSI, 'requestedInfo.subscriberState': 1 } },
        { type: 'map.vlr_to_hlr.ProvideSubscriberInfoResult', arguments: { subscriberState: { netDetNotReachable: 'imsiDetached' } } },
      ],
    }, p.b, {
      run_id: 'hlr',
      operations: [
        { type: 'map.hlr_to_vlr.ProvideSubscriberInfo', arguments: { imsi_digits: IMSI, requestedInfo: { subscriberState: 1 } } },
        { type: 'map.hlr_from_vlr.ProvideSubscriberInfoResult', arguments: { 'subscriberState.netDetNotReachable': 'imsiDetached' } },
      ],
    });
    ok(vlr, 'VLR side');
    ok(hlr, 'HLR side');
  });

  test('errors by name and by code, with parameters', async () => {
    const [hlr, scp] = await runBoth(p.a, {
      run_id: 'hlr',
      operations: [
        { type: 'map.hlr_from_scp.AnyTimeInterrogation' },
        { type: 'map.hlr_to_scp.AnyTimeInterrogationError', arguments: { errorCode: 'ati-NotAllowed' } },
        { type: 'map.hlr_from_scp.SendRoutingInfo' },
        { type: 'map.hlr_to_scp.SendRoutingInfoError', arguments: { errorCode: 27, absentSubscriberReason: 'restrictedArea' } },
      ],
    }, p.b, {
      run_id: 'scp',
      operations: [
        { type: 'map.scp_to_hlr.AnyTimeInterrogation', arguments: { msisdn_digits: MSISDN, requestedInfo: { subscriberState: 1 }, 'gsmSCF-Address_digits': '49' } },
        { type: 'map.scp_from_hlr.AnyTimeInterrogationError', arguments: { errorCode: 49, last_component: 1 } },
        { type: 'map.scp_to_hlr.SendRoutingInfo', arguments: { msisdn_digits: MSISDN, interrogationType: 0, 'gmsc-OrGsmSCF-Address_digits': '49' } },
        { type: 'map.scp_from_hlr.SendRoutingInfoError', arguments: { errorCode: 'absentSubscriber', absentSubscriberReason: 'restrictedArea' } },
      ],
    });
    ok(hlr, 'HLR side');
    ok(scp, 'SCP side');
  });
});

describe('failures', () => {
  let p: Pair;
  before(async () => {
    p = await startPair({ tcapTimeoutMs: 1000 });
  });
  after(async () => {
    await p.close();
  });

  test('a wrong answer fails naming the field; the other side passes', async () => {
    const [hlr, scp] = await runBoth(p.a, {
      run_id: 'hlr',
      operations: [
        { type: 'map.hlr_from_scp.AnyTimeInterrogation' },
        { type: 'map.hlr_to_scp.AnyTimeInterrogationResult', arguments: { subscriberState: { camelBusy: 1 } } },
      ],
    }, p.b, {
      run_id: 'scp',
      operations: [
        { type: 'map.scp_to_hlr.AnyTimeInterrogation', arguments: { msisdn_digits: MSISDN, requestedInfo: { subscriberState: 1 }, 'gsmSCF-Address_digits': '49' } },
        { type: 'map.scp_from_hlr.AnyTimeInterrogationResult', arguments: { 'subscriberState.assumedIdle': 1 } },
      ],
    });
    ok(hlr, 'HLR side');
    assert.equal(scp.counts.failed, 1);
    const fail = scp.first_call.check_log.find((c: any) => c.status === 'fail');
    assert.match(fail.text, /AnyTimeInterrogationResult\.subscriberState\.assumedIdle/);
  });

  test('a missing answer aborts after the TCAP timeout; a Begin of another operation is not taken', async () => {
    const [hlr, scp] = await runBoth(p.a, {
      run_id: 'hlr',
      operations: [{ type: 'map.hlr_from_scp.AnyTimeInterrogation' }, { type: 'wait', arguments: { seconds: 1.5 } }],
    }, p.b, {
      run_id: 'scp',
      scp: { tcap_timeout: 0.5 },
      operations: [
        { type: 'map.scp_to_hlr.AnyTimeInterrogation', arguments: { msisdn_digits: MSISDN, requestedInfo: { subscriberState: 1 }, 'gsmSCF-Address_digits': '49' } },
        { type: 'map.scp_from_hlr.AnyTimeInterrogationResult' },
      ],
    });
    assert.equal(scp.counts.aborted, 1);
    assert.match(JSON.stringify(scp.first_call.check_log), /AnyTimeInterrogationResult: timeout: nothing received from the HLR within 0.5 s/);
    assert.ok(hlr.counts.passed + hlr.counts.failed + hlr.counts.aborted === 1);
    const refusedBefore = gatewayOf(p.a).status().refusedBegins;
    const [hlr2, scp2] = await runBoth(p.a, {
      run_id: 'hlr',
      operations: [{ type: 'map.hlr_from_scp.SendRoutingInfo' }],
    }, p.b, {
      run_id: 'scp',
      operations: [{ type: 'map.scp_to_hlr.AnyTimeInterrogation', arguments: { msisdn_digits: MSISDN, requestedInfo: { subscriberState: 1 }, 'gsmSCF-Address_digits': '49' } }, { type: 'map.scp_from_hlr.AnyTimeInterrogationResult' }],
    });
    assert.equal(hlr2.counts.aborted, 1, JSON.stringify(hlr2.first_call.check_log));
    assert.match(JSON.stringify(hlr2.first_call.check_log), /SendRoutingInfo: timeout: nothing received from the SCP\/gsmSCF/);
    assert.equal(scp2.counts.aborted, 1);
    // the ATI Begin nobody took is refused once it has waited tcapTimeoutMs in the gateway's backlog, and counted
    const before = refusedBefore;
    for (let i = 0; i < 250 && gatewayOf(p.a).status().refusedBegins === before; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(gatewayOf(p.a).status().refusedBegins, before + 1);
  });

  test('TCAP Abort both ways', async () => {
    const [hlr, scp] = await runBoth(p.a, {
      run_id: 'hlr',
      operations: [{ type: 'map.hlr_from_scp.AnyTimeInterrogation' }, { type: 'tcap.hlr_to_scp.Abort', arguments: { u_source: 0 } }],
    }, p.b, {
      run_id: 'scp',
      operations: [
        { type: 'map.scp_to_hlr.AnyTimeInterrogation', arguments: { msisdn_digits: MSISDN, requestedInfo: { subscriberState: 1 }, 'gsmSCF-Address_digits': '49' } },
        { type: 'tcap.scp_from_hlr.Abort', arguments: { kind: 'u-abort', u_source: 0 } },
      ],
    });
    ok(hlr, 'HLR side');
    ok(scp, 'SCP side');
  });
});
