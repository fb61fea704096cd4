// Interop with a real peer in client mode: freeDiameterd listens (inside a private network namespace, because it
// binds every address) and the service's client-mode peer connects to it, sends CER, runs credit-control, keeps
// the watchdog, and sends DPR at shutdown.
import { after, before, describe, test } from '../../helpers/suite.js';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatewayInstance } from '../../../sdk/index.js';
import { call, runToCompletion, startTestService } from '../../helpers/service.js';
import { hasTool, needsTool, tsharkRead } from '../../helpers/tools.js';
import type { RunningService } from '../../../core/service.js';
import { startListeningFreeDiameter, type ListeningFreeDiameter } from './freediameter.js';

const skip = hasTool('unshare') ? needsTool('freeDiameterd', 'apt-get install freediameter libfreediameter-dev gcc') : needsTool('unshare', 'util-linux');
const skipTshark = hasTool('freeDiameterd') ? needsTool('tshark', 'apt-get install tshark') : skip;

async function waitFor(what: string, cond: () => boolean, ms = 20000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const ccr = (type: string, n: number, sid: object) => ({
  type: 'diameter.Request',
  arguments: { name: 'CCR', avps: [sid, { name: 'Service-Context-Id', value: '32251@3gpp.org' }, { name: 'CC-Request-Type', value: type }, { name: 'CC-Request-Number', value: n },
    { name: 'Service-Information', value: { 'PS-Information': { '3GPP-Charging-Id': 7, 'Called-Station-Id': 'internet', '3GPP-RAT-Type': { hex: '06' } } } }] },
});

describe('diameter client mode against a listening freeDiameter', skip, () => {
  let svc: RunningService | undefined;
  let fd: ListeningFreeDiameter;
  let gw: GatewayInstance & { describe(): unknown };
  const dir = mkdtempSync(join(tmpdir(), 'diameter-cli-'));
  const capture = join(dir, 'client.pcap');

  before(async () => {
    fd = await startListeningFreeDiameter();
    svc = await startTestService([{ name: 'logic' }, { name: 'diameter', options: { instances: [{
      name: 'OCS', host: '127.0.0.1', port: fd.port, origin_host: 'tester.localdomain', origin_realm: 'localdomain',
      watchdog_ms: 1000, reconnect_min_ms: 200, capture_file: capture,
    }] } }]);
    gw = svc.registry.gateways.get('diameter')!.byName.get('OCS') as typeof gw;
    await waitFor('CER/CEA with freeDiameter', () => gw.state() === 'up');
  });
  after(async () => {
    await svc?.close();
    await fd?.stop();
    fd?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  test('our CER is accepted: the peer is open with ocs.localdomain', () => {
    const d = gw.describe() as Record<string, unknown>;
    assert.equal(d.peer_origin_host, 'ocs.localdomain');
    assert.ok((d.peer_applications as number[]).includes(4));
  });

  test('CCR Initial and Terminate with PS-Information answered 2001; a CCR missing CC-Request-Number gets 5005', async () => {
    const r = await runToCompletion(svc!.port, { run_id: 'cli-ccr', trace_level: 1, operations: [
      ccr('INITIAL_REQUEST', 0, { name: 'Session-Id_auto' }),
      ccr('TERMINATION_REQUEST', 1, { name: 'Session-Id', value: "{ $i.CCA['Session-Id'] }" }),
    ] });
    assert.equal(r.counts.failed + r.counts.aborted, 0, JSON.stringify(r.first_call.check_log));
    const bad: any = ccr('INITIAL_REQUEST', 0, { name: 'Session-Id_auto' });
    bad.arguments.avps.splice(3, 1);
    const r2 = await runToCompletion(svc!.port, { run_id: 'cli-5005', operations: [bad] });
    assert.equal(r2.counts.failed, 1);
    assert.match(r2.first_fails[0].text, /Result-Code 5005 DIAMETER_MISSING_AVP.*Failed-AVP: CC-Request-Number \(415\)/);
  });

  test('the server goes away and comes back: the client aborts instances with the reason and reconnects', async () => {
    await fd.kill();
    await waitFor('the client to notice', () => gw.state() !== 'up');
    const r = await runToCompletion(svc!.port, { run_id: 'cli-away', operations: [{ type: 'comment', arguments: { text: 'service still answers' } }] });
    assert.equal(r.counts.finished, 1);
    const refused = await call(svc!.port, 'ExecuteTest', { run_id: 'cli-refused', operations: [ccr('INITIAL_REQUEST', 0, { name: 'Session-Id_auto' })] });
    assert.equal(refused.error?.code, 2003);
    assert.match(refused.error!.message, /'OCS'/);
    assert.match(JSON.stringify(gw.describe()), /"last_error":"(connection closed by the peer|socket error: read ECONNRESET|the peer disconnected \(DPR[^"]*|connection to [^"]+)"/);
    await fd.restart();
    await waitFor('the client to reconnect', () => gw.state() === 'up', 30000);
    const back = await runToCompletion(svc!.port, { run_id: 'cli-back', operations: [ccr('EVENT_REQUEST', 0, { name: 'Session-Id_auto' })] });
    assert.equal(back.counts.failed + back.counts.aborted, 0, JSON.stringify(back.first_fails.concat(back.first_aborts)));
  });

  test('watchdog rounds and DPR at shutdown; tshark decodes the capture with no expert items', skipTshark, async () => {
    const t0 = Date.now();
    await waitFor('idle watchdog', () => Date.now() - t0 > 2500, 5000);
    await svc!.close();
    svc = undefined;
    const out = await tsharkRead(capture, ['-T', 'fields', '-E', 'separator=|', '-e', 'diameter.cmd.code', '-e', 'diameter.flags.request', '-e', 'diameter.Result-Code']);
    const lines = out.trim().split('\n');
    for (const want of ['257|1|', '257|0|2001', '280|1|', '280|0|2001', '272|0|2001', '272|0|5005', '282|1|', '282|0|2001']) {
      assert.ok(lines.includes(want), `${want} not in capture:\n${[...new Set(lines)].join('\n')}`);
    }
    const expert = await tsharkRead(capture, ['-Y', '_ws.expert || _ws.malformed']);
    assert.equal(expert.trim(), '');
  });
});
