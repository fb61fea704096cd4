// tester hlr-sim's location management and the SMS delivery chain with the HLR's own Begins (plugins/map/hlr-sim/
// location.ts, network.ts), with examples/map/hlr-sim.json: UpdateGprsLocation inserts the PDP contexts,
// RestoreData says msNotReachable, SendIMSI maps the MSISDN; a location update from a new VLR cancels the old one
// (the tester plays it), a subscriber back after a failed delivery gets the SMSC alerted (the tester plays it) and the
// retry delivered. The examples run twice (the simulator's state is left as they found it). The service's capture
// decodes in tshark with the intended operations and fields and no malformed packet or expert item.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runToCompletion } from '../../../helpers/service.js';
import { needsTool, tsharkRead } from '../../../helpers/tools.js';
import { EXAMPLES, startSimStack, type SimStack } from '../helpers/sim.js';

const load = (f: string) => JSON.parse(readFileSync(join(EXAMPLES, f), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'hlr-sim-net-'));
const pcap = join(dir, 'net.pcap');

describe('tester hlr-sim: GPRS location, restoration, SendIMSI, CancelLocation and AlertServiceCentre', () => {
  let st: SimStack;
  before(async () => {
    st = await startSimStack({ pcap });
  });
  after(async () => {
    await st.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = async (f: string) => {
    const r = await runToCompletion(st.svc.port, { ...load(f), run_id: `${f}-${Date.now()}`, trace_level: 1 });
    assert.equal(r.counts.passed, 1, JSON.stringify([r.first_aborts, r.first_fails]));
    return r;
  };
  const flow = (r: any) => r.first_call.messages.map((m: any) => `${m.direction} ${m.name}`);

  test('UpdateGprsLocation: the SGSN gets both PDP contexts in the InsertSubscriberData, then the HLR number', async () => {
    const r = await run('gprs-location.json');
    assert.deepEqual(flow(r).slice(0, 4), ['sent UpdateGprsLocation', 'received InsertSubscriberData', 'sent InsertSubscriberDataResult', 'received UpdateGprsLocationResult']);
    const list = r.first_call.messages[1].fields.gprsSubscriptionData.gprsDataList;
    assert.deepEqual(list.map((c: any) => c.apn), ['08696e7465726e6574', '03696d73']);
  });

  test('the old VLR is cancelled once the subscriber registers in a new one, run after run', async () => {
    const before = st.sim.stats.cancels;
    for (let i = 0; i < 2; i++) {
      const r = await run('cancel-location.json');
      assert.deepEqual(flow(r).slice(-2), ['received CancelLocation', 'sent CancelLocationResult']);
    }
    assert.equal(st.sim.stats.cancels, before + 2);
  });

  test('SMS chain: absent, reported, the subscriber back (ReadyForSM), the SMSC alerted, the retry delivered; twice', async () => {
    const before = { alerts: st.sim.stats.alerts, sms: st.sim.stats.sms_delivered };
    for (let i = 0; i < 2; i++) await run('sms-alert.json');
    assert.equal(st.sim.stats.alerts, before.alerts + 2);
    assert.equal(st.sim.stats.sms_delivered, before.sms + 2);
    assert.deepEqual(st.sim.stats.last_sms, { text: 'Retried after the alert', from: '4917100009', to: '262011000000008' });
  });

  test('an UpdateLocation after a failed delivery alerts the SMSC as ReadyForSM does', async () => {
    const before = st.sim.stats.alerts;
    const ops = load('sms-alert.json').operations;
    const r = await runToCompletion(st.svc.port, {
      run_id: `ul-alert-${Date.now()}`,
      operations: [
        ...ops.slice(0, 7),
        { type: 'map.vlr_to_hlr.UpdateLocation', arguments: { imsi_digits: '262011000000008', 'msc-Number_digits': '491720000', 'vlr-Number_digits': '491720000' } },
        { type: 'map.vlr_from_hlr.InsertSubscriberData', arguments: { msisdn_digits: '4917100008' } },
        { type: 'map.vlr_to_hlr.InsertSubscriberDataResult', arguments: { send_and_close: false } },
        { type: 'map.vlr_from_hlr.UpdateLocationResult', arguments: {} },
        ...ops.slice(9, 11),
      ],
    });
    assert.equal(r.counts.passed, 1, JSON.stringify([r.first_aborts, r.first_fails]));
    assert.equal(st.sim.stats.alerts, before + 1);
  });

  test('RestoreData and SendIMSI pass; nothing the HLR sent went unanswered', async () => {
    await run('restore-data.json');
    await run('send-imsi.json');
    assert.equal(st.sim.stats.originate_failed, 0);
  });

  test('the capture decodes in tshark: the operations and their fields, no malformed packet or expert item', needsTool('tshark', 'apt-get install tshark'), async () => {
    await new Promise((r) => setTimeout(r, 200));
    const tshark = (args: string[]) => tsharkRead(pcap, ['-o', 'sccp.default_payload:tcap', ...args]);
    const problems = await tshark(['-Y', '_ws.expert || _ws.malformed']);
    assert.equal(problems.trim(), '', `tshark: malformed or expert items:\n${problems}`);
    const FIELDS = ['gsm_old.localValue', 'gsm_map.ms.apn', 'gsm_map.ms.pdp_ContextId', 'gsm_map.ms.qos_Subscribed', 'gsm_map.ms.hlr_Number',
      'gsm_map.ms.cancellationType', 'gsm_map.sm.serviceCentreAddress', 'gsm_map.sm.alertReason', 'gsm_map.ms.sgsn_Number', 'e212.imsi'] as const;
    const out = await tshark(['-Y', 'gsm_map', '-T', 'fields', '-E', 'separator=|', '-E', 'occurrence=a', '-E', 'aggregator=,', ...FIELDS.flatMap((f) => ['-e', f])]);
    const rows = out.trim().split('\n').map((l) => Object.fromEntries(l.split('|').map((v, i) => [FIELDS[i]!, v])));
    const ops = rows.map((r) => r['gsm_old.localValue']);
    for (const op of ['23', '57', '58', '3', '64', '66', '47', '45', '44']) assert.ok(ops.includes(op), `operation ${op} in the capture: ${ops.join(' ')}`);
    const isd = rows.find((r) => r['gsm_old.localValue'] === '7' && r['gsm_map.ms.pdp_ContextId'])!;
    assert.equal(isd['gsm_map.ms.pdp_ContextId'], '1,2');
    assert.equal(isd['gsm_map.ms.qos_Subscribed'], '0b921f,0b931f');
    assert.equal(isd['gsm_map.ms.apn'], '08696e7465726e6574,03696d73', 'the APNs in labels (TS 23.003 §9.1)');
    assert.ok(rows.some((r) => r['gsm_old.localValue'] === '23' && r['gsm_map.ms.sgsn_Number']), 'UpdateGprsLocation names the SGSN');
    assert.ok(rows.some((r) => r['gsm_old.localValue'] === '57' && r['gsm_map.ms.hlr_Number']), 'RestoreData result: the HLR number');
    const notReachable = await tshark(['-Y', 'gsm_map.ms.msNotReachable_element && gsm_old.localValue == 57', '-T', 'fields', '-e', 'frame.number']);
    assert.notEqual(notReachable.trim(), '', 'RestoreData result: msNotReachable');
    assert.ok(rows.some((r) => r['gsm_old.localValue'] === '3' && r['gsm_map.ms.cancellationType'] === '0'), 'CancelLocation: updateProcedure');
    assert.ok(rows.some((r) => r['gsm_old.localValue'] === '64' && r['gsm_map.sm.serviceCentreAddress']), 'AlertServiceCentre names the service centre');
    assert.ok(rows.some((r) => r['gsm_old.localValue'] === '58' && r['e212.imsi'] === '262011000000001'), 'SendIMSI result: the IMSI');
  });
});
