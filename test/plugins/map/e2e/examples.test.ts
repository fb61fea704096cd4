// Every definition in examples/map/ runs against `tester hlr-sim` (its engine with examples/map/hlr-sim.json) over
// M3UA/TCP on loopback and passes (load-sized ones at the fast tier's size; examples.long.test.ts runs them as
// written), and hlr-role.json runs in a second tester against the first.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { call, runToCompletion, startTestService, waitForRun } from '../../../helpers/service.js';
import { fastTierCopy, totalOf } from '../../../helpers/examples.js';
import { EXAMPLES, startSimStack, type SimStack } from '../helpers/sim.js';
import { gatewayOf } from '../helpers/pair.js';

// The HLR-originated pairs (one tester against another) run in hlr-originated.test.ts: hlr-sim sends none of them.
const PAIRS = ['prn-hlr.json', 'prn-vlr.json', 'reset-hlr.json', 'reset-vlr.json', 'delete-subscriber-data-hlr.json', 'delete-subscriber-data-vlr.json',
  'note-subscriber-data-modified-hlr.json', 'note-subscriber-data-modified-scf.json', 'inform-service-centre-hlr.json', 'inform-service-centre-smsc.json'];
const NOT_DEFINITIONS = ['plugins.json', 'plugins-hlr.json', 'hlr-sim.json', 'hlr-role.json', ...PAIRS];
const definitions = readdirSync(EXAMPLES).filter((f) => f.endsWith('.json') && !NOT_DEFINITIONS.includes(f));
const load = (f: string) => JSON.parse(readFileSync(join(EXAMPLES, f), 'utf8'));

describe('examples/map against tester hlr-sim', () => {
  let st: SimStack;
  before(async () => {
    st = await startSimStack();
  });
  after(async () => {
    await st.close();
  });

  for (const f of definitions) {
    test(f, async () => {
      const def = fastTierCopy(load(f));
      def.run_id = `${f}-${Date.now()}`;
      const r = await runToCompletion(st.svc.port, def, { timeoutMs: 60_000 });
      assert.deepEqual(r.first_aborts, [], JSON.stringify(r.first_aborts));
      assert.deepEqual(r.first_fails, [], JSON.stringify(r.first_fails));
      assert.equal(r.counts.passed, totalOf(def), JSON.stringify(r.counts));
      if (totalOf(def) === 1) assert.ok(r.first_call.check_log.length > 0 && r.first_call.check_log.every((c: { status: string }) => c.status === 'pass'));
    });
  }

  test('the USSD menu session, message by message, with the texts decoded beside the octets', async () => {
    const def = load('ussd-menu.json');
    def.run_id = `ussd-${Date.now()}`;
    const r = await runToCompletion(st.svc.port, def);
    const flow = r.first_call.messages.map((m: any) => `${m.direction} ${m.name}: ${m.fields.ussdString_text}`);
    assert.deepEqual(flow, [
      'sent ProcessUnstructuredSSRequest: *100#',
      'received UnstructuredSSRequest: 1 Balance\n2 Bundles',
      'sent UnstructuredSSRequestResult: 1',
      'received ProcessUnstructuredSSRequestResult: Your balance is 5.00 EUR',
    ]);
    assert.equal(r.first_call.messages[0].fields.ussdString, 'aa180c3602');
    assert.equal(st.sim.stats.ussd_sessions >= 1, true);
  });

  test('the MT short message reaches the MSC with its text; unknown service codes get their own answer', async () => {
    const before = st.sim.stats.sms_delivered;
    const r = await runToCompletion(st.svc.port, { ...load('sms-mt.json'), run_id: `mt-${Date.now()}` });
    assert.equal(r.counts.passed, 1);
    assert.equal(st.sim.stats.sms_delivered, before + 1);
    assert.deepEqual(st.sim.stats.last_sms, { text: 'Your code is 4711', from: '4917100009', to: '262011000000001' });
    const u = await runToCompletion(st.svc.port, {
      run_id: `code-${Date.now()}`,
      operations: [
        { type: 'map.hlr_to_scp.ProcessUnstructuredSSRequest', arguments: { ussdString_text: '*999#' } },
        { type: 'map.hlr_from_scp.ProcessUnstructuredSSRequestResult', arguments: { ussdString_text: 'Unknown service code *999#' } },
      ],
    });
    assert.equal(u.counts.passed, 1, JSON.stringify(u.first_fails));
  });
});

describe('examples/map/hlr-role.json: a second tester plays the HLR', () => {
  test('registered subscribers answered, others refused with unknownSubscriber', async () => {
    const hlrCfg = load('plugins-hlr.json');
    hlrCfg.find((e: { name: string }) => e.name === 'sigtran').options.instances[0].localPort = 0;
    const hlr = await startTestService(hlrCfg);
    const cfg = load('plugins.json');
    const inst = cfg.find((e: { name: string }) => e.name === 'sigtran').options.instances[0];
    inst.port = Number((gatewayOf(hlr).describe!() as { listen: string }).listen.split(':').pop());
    inst.reconnectMinMs = 50;
    const scp = await startTestService(cfg);
    try {
      await gatewayOf(scp).whenUp({ timeoutMs: 5000 });
      const r0 = await call(hlr.port, 'ExecuteTest', load('hlr-role.json'));
      assert.equal(r0.result, 'ok', JSON.stringify(r0.error));
      for (let i = 0; i < 500 && gatewayOf(hlr).status().registeredBegins < 2; i++) await new Promise((r) => setTimeout(r, 10));
      const stranger = await runToCompletion(scp.port, { ...load('ati-unknown.json'), run_id: 'stranger' });
      assert.equal(stranger.counts.passed, 1, JSON.stringify(stranger.first_aborts));
      const asks = await runToCompletion(scp.port, {
        run_id: 'asks', distribution: { type: 'load', total: 2, backlog: 2 },
        operations: [
          { type: 'map.scp_to_hlr.AnyTimeInterrogation', arguments: { msisdn_digits: "{ '491710000' + ($n + 1) }", requestedInfo: { subscriberState: 1 }, 'gsmSCF-Address_digits': '4917000000' } },
          { type: 'map.scp_from_hlr.AnyTimeInterrogationResult', arguments: { 'subscriberState.assumedIdle': 1, 'locationInformation.vlr-number_digits': '491720000' } },
        ],
      });
      assert.equal(asks.counts.passed, 2, JSON.stringify(asks.first_fails.concat(asks.first_aborts)));
      const h = await waitForRun(hlr.port, 'hlr-role');
      assert.equal(h.counts.passed, 2, JSON.stringify(h.first_fails.concat(h.first_aborts)));
    } finally {
      await scp.close();
      await hlr.close();
    }
  });
});
