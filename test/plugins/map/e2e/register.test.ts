// Register: inbound Begins go to the instance that registered them (by MSISDN, IMSI or MAP-OPEN destination
// reference); two runs on one gateway each get only their own; an unregistered Begin is refused (with the MAP error
// the run configures, else a TCAP Abort) and counted, without harming the other runs.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, waitForRun } from '../../../helpers/service.js';
import { gatewayOf, problems, runBoth, startPair, type Pair } from '../helpers/pair.js';
import { IMSI, MSISDN, SMSC } from '../fixtures/samples.js';

const ati = (msisdn: string) => ({ type: 'map.scp_to_hlr.AnyTimeInterrogation', arguments: { msisdn_digits: msisdn, requestedInfo: { subscriberState: 1 }, 'gsmSCF-Address_digits': '49' } });

async function until(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(cond(), what);
}

describe('Register: routing inbound Begins to the instance that expects them', () => {
  let p: Pair;
  before(async () => {
    p = await startPair();
  });
  after(async () => {
    await p.close();
  });

  test('two HLR runs on one gateway each answer only their subscribers; unregistered ATIs get the configured error', async () => {
    const hlrRun = (id: string, prefix: string, state: string, extra: Record<string, unknown> = {}) => ({
      run_id: id,
      distribution: { type: 'load', total: 3, backlog: 3 },
      operations: [
        { type: 'map.hlr_from_scp.Register', arguments: { opcode: 71, msisdn_digits: `{ '${prefix}' + $n }`, ...extra } },
        { type: 'map.hlr_from_scp.AnyTimeInterrogationRequest', arguments: { msisdn_digits: `{ '${prefix}' + $n }` } },
        { type: 'map.hlr_to_scp.AnyTimeInterrogationResult', arguments: { subscriberState: { [state]: 1 } } },
      ],
    });
    const refused0 = gatewayOf(p.a).status().refusedBegins;
    for (const def of [hlrRun('hlr-one', '4910000', 'assumedIdle', { refuse_error: 'unknownSubscriber' }), hlrRun('hlr-two', '4920000', 'camelBusy')]) {
      const r = await call(p.a.port, 'ExecuteTest', def);
      assert.equal(r.result, 'ok', JSON.stringify(r.error));
    }
    await until(() => gatewayOf(p.a).status().registeredBegins === 6, 'six registrations');
    // the SCP side asks for one subscriber nobody registered (while the registrations are active), then for the six,
    // in an order that mixes the runs
    const scp = {
      run_id: 'scp',
      distribution: { type: 'load', total: 6, backlog: 6 },
      operations: [
        ati("{ ($n % 2 == 0 ? '4910000' : '4920000') + ($n - $n % 2) / 2 }"),
        { type: 'map.scp_from_hlr.AnyTimeInterrogationResult', arguments: { 'subscriberState.assumedIdle': '{ $n % 2 == 0 ? 1 : null }', 'subscriberState.camelBusy': '{ $n % 2 == 1 ? 1 : null }' } },
      ],
    };
    const stranger = await call(p.b.port, 'ExecuteTest', {
      run_id: 'stranger', distribution: { type: 'single' },
      operations: [ati('4999999999'), { type: 'map.scp_from_hlr.AnyTimeInterrogationError', arguments: { errorCode: 'unknownSubscriber', last_component: 1 } }],
    });
    assert.equal(stranger.result, 'ok', JSON.stringify(stranger.error));
    const st = await waitForRun(p.b.port, 'stranger');
    const rs = await call(p.b.port, 'ExecuteTest', scp);
    assert.equal(rs.result, 'ok', JSON.stringify(rs.error));
    const [one, two, s] = await Promise.all([waitForRun(p.a.port, 'hlr-one'), waitForRun(p.a.port, 'hlr-two'), waitForRun(p.b.port, 'scp')]);
    assert.equal(one.counts.passed, 3, problems(one));
    assert.equal(two.counts.passed, 3, problems(two));
    assert.equal(s.counts.passed, 6, problems(s));
    assert.equal(st.counts.passed, 1, problems(st));
    assert.equal(gatewayOf(p.a).status().refusedBegins, refused0 + 1);
    await until(() => gatewayOf(p.a).status().registeredBegins === 0, 'registrations end with their instances');
  });

  test('without a configured error the refusal is a TCAP Abort; the registered instance still gets its own', async () => {
    const [hlr, scp] = await runBoth(p.a, {
      run_id: 'hlr',
      operations: [
        { type: 'map.hlr_from_scp.Register', arguments: { opcode: 'AnyTimeInterrogation', imsi_digits: IMSI } },
        { type: 'wait', arguments: { seconds: 0.3 } },
        { type: 'map.hlr_from_scp.AnyTimeInterrogation', arguments: { imsi_digits: IMSI } },
        { type: 'map.hlr_to_scp.AnyTimeInterrogationResult', arguments: { subscriberState: { assumedIdle: 1 } } },
      ],
    }, p.b, {
      run_id: 'scp',
      operations: [
        { type: 'wait', arguments: { seconds: 0.1 } },
        ati(MSISDN),
        { type: 'tcap.scp_from_hlr.Abort', arguments: { kind: 'u-abort' } },
        { type: 'map.scp_to_hlr.AnyTimeInterrogation', arguments: { imsi_digits: IMSI, requestedInfo: { subscriberState: 1 }, 'gsmSCF-Address_digits': '49' } },
        { type: 'map.scp_from_hlr.AnyTimeInterrogationResult', arguments: { 'subscriberState.assumedIdle': 1 } },
      ],
    });
    assert.equal(hlr.counts.passed, 1, problems(hlr));
    assert.equal(scp.counts.passed, 1, problems(scp));
  });

  test('network-initiated USSD and MT-ForwardSM by the MAP-OPEN destination reference and by IMSI', async () => {
    const [hlr, scp] = await runBoth(p.a, {
      run_id: 'hlr',
      operations: [
        { type: 'map.hlr_from_scp.Register', arguments: { opcode: 60, destination_reference_digits: MSISDN } },
        { type: 'map.hlr_from_scp.UnstructuredSSRequest', arguments: { ussdString_text: 'Reply 1 to confirm', 'tcap.map_open.destination_reference_digits': MSISDN } },
        { type: 'map.hlr_to_scp.UnstructuredSSRequestResult', arguments: { ussdString_text: '1', send_and_close: true } },
      ],
    }, p.b, {
      run_id: 'scp',
      operations: [
        { type: 'map.scp_to_hlr.UnstructuredSSRequest', arguments: { ussdString_text: 'Reply 1 to confirm', tcap: { map_open: { destination_reference_digits: MSISDN, origination_reference_digits: '4917000000' } } } },
        { type: 'map.scp_from_hlr.UnstructuredSSRequestResult', arguments: { ussdString_text: '1', last_component: 1 } },
      ],
    });
    assert.equal(hlr.counts.passed, 1, problems(hlr));
    assert.equal(scp.counts.passed, 1, problems(scp));
    const [msc, smsc] = await runBoth(p.a, {
      run_id: 'msc',
      operations: [
        { type: 'map.msc_from_smsc.Register', arguments: { opcode: 44, imsi_digits: IMSI } },
        { type: 'map.msc_from_smsc.MtForwardSM', arguments: { 'sm-RP-UI_tpdu.text': 'for you' } },
        { type: 'map.msc_to_smsc.MtForwardSMResult' },
      ],
    }, p.b, {
      run_id: 'smsc',
      operations: [
        { type: 'map.smsc_to_msc.MtForwardSM', arguments: { 'sm-RP-DA': { imsi_digits: IMSI }, 'sm-RP-OA': { serviceCentreAddressOA_digits: SMSC }, 'sm-RP-UI_tpdu': { oa_digits: MSISDN, text: 'for you' } } },
        { type: 'map.smsc_from_msc.MtForwardSMResult' },
      ],
    });
    assert.equal(msc.counts.passed, 1, problems(msc));
    assert.equal(smsc.counts.passed, 1, problems(smsc));
  });

  test('Register refuses an operation the role does not receive, and conflicting keys', async () => {
    const r = await call(p.a.port, 'ExecuteTest', { run_id: 'bad-reg', distribution: { type: 'single' }, operations: [{ type: 'map.hlr_from_scp.Register', arguments: { opcode: 45 } }] });
    assert.equal(r.result, 'ok');
    const rec = await waitForRun(p.a.port, 'bad-reg');
    assert.match(JSON.stringify(rec.first_call.check_log), /opcode 45 is not an operation the HLR receives from the SCP \(UnstructuredSSRequest 60, UnstructuredSSNotify 61, AnyTimeInterrogation 71, SendRoutingInfo 22, AnyTimeSubscriptionInterrogation 62, AnyTimeModification 65\)/);
    const r2 = await call(p.a.port, 'ExecuteTest', { run_id: 'bad-reg2', distribution: { type: 'single' }, operations: [{ type: 'map.hlr_from_scp.Register', arguments: { opcode: 71, msisdn_digits: '1', imsi_digits: '2' } }] });
    assert.equal(r2.result, 'ok');
    assert.match(JSON.stringify((await waitForRun(p.a.port, 'bad-reg2')).first_call.check_log), /give one of msisdn_digits, imsi_digits, destination_reference_digits/);
  });
});
