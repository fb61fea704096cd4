// tester hlr-sim as the HLR of the subscriber-data operations (plugins/map/hlr-sim/hlr.ts), with
// examples/map/hlr-sim.json: the VLR's location update gets the profile in an InsertSubscriberData within the
// dialogue before the result; the other examples' answers change the subscriber as the script says; the service's
// capture of them decodes in tshark as GSM MAP with the intended operations and no malformed packet or expert item.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runToCompletion } from '../../../helpers/service.js';
import { needsTool, tsharkRead } from '../../../helpers/tools.js';
import { EXAMPLES, startSimStack, type SimStack } from '../helpers/sim.js';

const load = (f: string) => JSON.parse(readFileSync(join(EXAMPLES, f), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'hlr-sim-hlr-'));
const pcap = join(dir, 'hlr.pcap');

describe('tester hlr-sim as the HLR of the subscriber-data operations', () => {
  let st: SimStack;
  before(async () => {
    st = await startSimStack({ pcap });
  });
  after(async () => {
    await st.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = async (f: string, extra: Record<string, unknown> = {}) => {
    const r = await runToCompletion(st.svc.port, { ...load(f), ...extra, run_id: `${f}-${Date.now()}`, trace_level: 1 });
    assert.equal(r.counts.passed, 1, JSON.stringify([r.first_aborts, r.first_fails]));
    return r;
  };
  const flow = (r: any) => r.first_call.messages.map((m: any) => `${m.direction} ${m.name} ${m.fields.tcap_message ?? ''}`.trim());

  test('UpdateLocation: InsertSubscriberData in a Continue, answered, then the result in the End; the VLR number moves', async () => {
    const r = await run('update-location.json');
    assert.deepEqual(flow(r).slice(0, 4), [
      'sent UpdateLocation',
      'received InsertSubscriberData continue',
      'sent InsertSubscriberDataResult',
      'received UpdateLocationResult end',
    ]);
    const isd = r.first_call.messages[1].fields;
    assert.deepEqual(isd.teleserviceList, ['11', '21', '22']);
    assert.equal(isd.vlrCamelSubscriptionInfo['o-CSI']['o-BcsmCamelTDPDataList'][0]['gsmSCF-Address_digits'], '4917000000');
    assert.equal(isd.provisionedSS.length, 3);
    const moved = await runToCompletion(st.svc.port, {
      run_id: `moved-${Date.now()}`,
      operations: [
        { type: 'map.vlr_to_hlr.UpdateLocation', arguments: { imsi_digits: '262011000000005', 'msc-Number_digits': '491720007', 'vlr-Number_digits': '491720007', tcap_ac: 'networkLocUpContext_v2' } },
        { type: 'map.vlr_from_hlr.InsertSubscriberData', arguments: { msisdn_digits: '4917100005', tcap_ac: 'networkLocUpContext_v2' } },
        { type: 'map.vlr_to_hlr.InsertSubscriberDataResult', arguments: { send_and_close: false } },
        { type: 'map.vlr_from_hlr.UpdateLocationResult', arguments: { 'hlr-Number_digits': '491700001' } },
        { type: 'map.scp_to_hlr.AnyTimeInterrogation', arguments: { msisdn_digits: '4917100005', requestedInfo: { locationInformation: 1, subscriberState: 1 }, 'gsmSCF-Address_digits': '4917000000' } },
        { type: 'map.scp_from_hlr.AnyTimeInterrogationResult', arguments: { 'locationInformation.vlr-number_digits': '491720007', 'subscriberState.assumedIdle': 1 } },
      ],
    });
    assert.equal(moved.counts.passed, 1, JSON.stringify([moved.first_aborts, moved.first_fails]));
  });

  test('SS operations change the subscriber\'s SS states; a second run of the example finds them as the first left them', async () => {
    await run('ss-ops.json');
    const again = await run('ss-ops.json');
    assert.equal(again.first_call.messages.filter((m: any) => m.direction === 'received').length, 7);
  });

  test('ATSI/ATM, SAI, PurgeMS, SRI from a GMSC, the SMSC chain, CheckIMEI (as the EIR) pass', async () => {
    const before = st.sim.stats.errors;
    for (const f of ['atsi-atm.json', 'auth-info.json', 'purge-ms.json', 'sri-gmsc.json', 'sms-absent.json', 'check-imei.json']) await run(f);
    assert.equal(st.sim.stats.errors, before + 2, 'unknownSubscriber to the GMSC, absentSubscriberSM to the SMSC');
  });

  test('the capture decodes in tshark: the operations and their fields, no malformed packet or expert item', needsTool('tshark', 'apt-get install tshark'), async () => {
    await new Promise((r) => setTimeout(r, 200));
    const tshark = (args: string[]) => tsharkRead(pcap, ['-o', 'sccp.default_payload:tcap', ...args]);
    const problems = await tshark(['-Y', '_ws.expert || _ws.malformed']);
    assert.equal(problems.trim(), '', `tshark: malformed or expert items:\n${problems}`);
    const FIELDS = ['gsm_old.localValue', 'gsm_map.ms.category', 'gsm_map.ms.serviceKey', 'gsm_map.ms.xres', 'gsm_old.sres', 'gsm_map.ms.hlr_Number', 'gsm_map.ss_Status', 'gsm_map.ss.ss_Status', 'gsm_map.sm.storedMSISDN'] as const;
    const out = await tshark(['-Y', 'gsm_map', '-T', 'fields', '-E', 'separator=|', '-E', 'occurrence=a', '-E', 'aggregator=,', ...FIELDS.flatMap((f) => ['-e', f])]);
    const rows = out.trim().split('\n').map((l) => Object.fromEntries(l.split('|').map((v, i) => [FIELDS[i]!, v])));
    const ops = rows.map((r) => r['gsm_old.localValue']).join(' ');
    // the location update: UpdateLocation (2), InsertSubscriberData (7) and its result, the UpdateLocation result
    assert.match(ops, /(^| )2 7 7 2( |$)/, ops);
    const isd = rows.find((r) => r['gsm_old.localValue'] === '7' && r['gsm_map.ms.serviceKey'])!;
    assert.deepEqual([isd['gsm_map.ms.category'], isd['gsm_map.ms.serviceKey']], ['0a', '100']);
    assert.ok(rows.some((r) => r['gsm_old.localValue'] === '2' && r['gsm_map.ms.hlr_Number']), 'the UpdateLocation result names the HLR');
    assert.ok(rows.some((r) => r['gsm_map.ms.xres'] === '0102030405060708'), 'the v3 quintuplet');
    assert.ok(rows.some((r) => r['gsm_old.sres'] === 'a1b2c3d4'), 'the v2 triplet (gsm_old SendAuthenticationInfoResOld)');
    assert.ok(rows.some((r) => r['gsm_old.localValue'] === '10' && [r['gsm_map.ss_Status'], r['gsm_map.ss.ss_Status']].includes('07')), 'RegisterSS: provisioned, registered, active');
    assert.ok(rows.some((r) => r['gsm_old.localValue'] === '47' && r['gsm_map.sm.storedMSISDN']), 'the ReportSM-DeliveryStatus result');
    for (const op of ['43', '56', '67', '62', '65', '11', '12', '13', '14', '45', '47', '22']) assert.ok(ops.split(' ').includes(op), `operation ${op} in the capture: ${ops}`);
  });
});
