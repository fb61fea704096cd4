// Flows end to end (docs/definitions.md "Flows"): examples/flows/call-and-charging.json, an INAP call (chosen by
// weight: connected or released) and its Diameter Ro charging in parallel legs of each instance, against the
// reference SCP (scp-sim with examples/inap/scp-sim.json, M3UA over TCP on loopback) and the reference OCS
// (diameter-ocs). Every instance passes; the record counts the choices; the first instance's messages carry their leg.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runToCompletion, startTestService } from '../helpers/service.js';
import { fastTierCopy, totalOf } from '../helpers/examples.js';
import type { RunningService } from '../../core/service.js';
import type { SigtranGateway } from '../../plugins/sigtran/api.js';
import { listenAddress, startStandaloneGateway } from '../../plugins/sigtran/gateway/standalone.js';
import { startScpSim, type ScpSim } from '../../plugins/inap/scp-sim/engine.js';
import { parseScript } from '../../plugins/inap/scp-sim/script.js';
import { startOcsSim, type OcsSim } from '../../plugins/diameter/ocs-sim/engine.js';

const load = (f: string) => JSON.parse(readFileSync(new URL(`../../examples/${f}`, import.meta.url), 'utf8'));

describe('examples/flows/call-and-charging.json against scp-sim and diameter-ocs', () => {
  let scpGw: SigtranGateway;
  let scp: ScpSim;
  let ocs: OcsSim;
  let svc: RunningService;
  before(async () => {
    scpGw = await startStandaloneGateway({ name: 'FLOWS-SCP', transport: 'tcp-server', localHost: '127.0.0.1', localPort: 0, role: 'sgp', opc: 2, dpc: 1, ssn: 146, tcapTimeoutMs: 5000 });
    scp = startScpSim(scpGw, parseScript(load('inap/scp-sim.json')), { timeoutMs: 5000 });
    ocs = await startOcsSim({ port: 0, host: '127.0.0.1' });
    const scpPort = Number(listenAddress(scpGw)!.split(':').pop());
    svc = await startTestService([
      { name: 'logic' },
      { name: 'sigtran', options: { instances: [{ name: 'SIGTRAN', transport: 'tcp-client', host: '127.0.0.1', port: scpPort, role: 'asp', opc: 1, dpc: 2, ssn: 146, remote: { ri: 'ssn', pc: 2, ssn: 146 }, reconnectMinMs: 50 }] } },
      { name: 'inap', options: { default_variant: 'camel3' } },
      { name: 'diameter', options: { instances: [{ name: 'OCS', host: '127.0.0.1', port: ocs.peer.config.port, origin_host: 'tester.localdomain', origin_realm: 'localdomain', applications: ['credit-control'] }] } },
    ]);
    await scpGw.whenUp({ timeoutMs: 5000 });
  });
  after(async () => {
    await svc?.close();
    scp?.stop();
    await scpGw?.stop?.();
    await ocs?.stop();
  });

  /** ExecuteTest once both gateways are up (2003 until then). */
  async function runWhenUp(def: Record<string, unknown>): Promise<any> {
    for (let i = 0; ; i++) {
      try {
        return await runToCompletion(svc.port, { ...def, run_id: `flows-e2e-${Date.now()}-${i}` }, { timeoutMs: 60_000 });
      } catch (e) {
        if (i >= 100 || !/ExecuteTest refused: 2003/.test((e as Error).message)) throw e;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }

  test('every instance passes: both legs in each, the choices counted, each message tagged with its leg and flow', async () => {
    const def = fastTierCopy(load('flows/call-and-charging.json'));
    const r = await runWhenUp(def);
    assert.deepEqual(r.first_aborts, [], JSON.stringify(r.first_aborts));
    assert.deepEqual(r.first_fails, [], JSON.stringify(r.first_fails));
    const total = totalOf(def);
    assert.equal(r.counts.passed, total, JSON.stringify(r.counts));
    const counts = r.choices['flows.call.operations[0]'];
    assert.equal(counts.connected + counts.released, total, JSON.stringify(r.choices));
    const msgs = r.first_call.messages as Array<{ name: string; protocol: string; leg?: string; flow?: string; direction: string }>;
    const byLeg = (leg: string) => msgs.filter((m) => m.leg === leg).map((m) => `${m.direction} ${m.name}`);
    const call = byLeg('call');
    assert.equal(call[0], 'sent InitialDP');
    assert.ok(call.includes('received Connect') || call.includes('received ReleaseCall'), call.join(', '));
    assert.ok(msgs.filter((m) => m.leg === 'call').every((m) => /^call\/(connected|released)$/.test(m.flow ?? '')), 'the call leg runs in the flow its choose picked');
    assert.deepEqual(byLeg('charge').filter((n) => /CC[RA]|Credit/.test(n)).length, 4, `two CCRs and their CCAs: ${byLeg('charge').join(', ')}`);
    assert.ok(msgs.every((m) => m.leg !== undefined), 'every message belongs to a leg');
    assert.match(r.first_call.vars.session, /;/, 'the charge leg saved its Session-Id into the instance vars');
    assert.ok(['connected', 'released'].includes(r.first_call.vars.outcome));
  });

  test('an abort in the charge leg cancels the call leg, which was waiting, and aborts the instance with its reason', async () => {
    const def = load('flows/call-and-charging.json');
    def.distribution = { type: 'single' };
    // the OCS grants (2001): an assert expecting a refusal aborts the charge leg after its first CCA
    def.flows.charge.operations.splice(1, 0, { type: 'assert', arguments: { expression: "$i.CCA['Result-Code'] == 4012", abort: 'no credit' } });
    for (const f of ['connected', 'released']) def.flows[f].operations.splice(1, 0, { type: 'wait', arguments: { seconds: 30 } });
    const r = await runWhenUp(def);
    assert.equal(r.counts.aborted, 1, JSON.stringify(r.counts));
    assert.equal(r.first_aborts.length, 1);
    assert.match(r.first_aborts[0].text, /^operations\[0\]: leg 'charge' aborted: no credit/);
    const legLines = r.first_call.trace_log.filter((t: { msg: string }) => t.msg.startsWith('leg ')).map((t: { msg: string }) => t.msg);
    assert.deepEqual(legLines.sort(), ["leg call cancelled (leg 'charge' aborted: no credit)", 'leg charge aborted'], 'the cancelled leg names why');
  });
});
