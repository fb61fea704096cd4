// An imported capture of a peer the project did not write: freeDiameterd (Debian) with our answering extension
// (bench/freediameter/peer.ts) as the credit-control server. tshark captures the TCP connection on lo
// while the tester runs a CCR Initial / Terminate session against it; `tester import` turns the capture into a
// definition whose tests are freeDiameter's answers (Result-Code, Granted-Service-Unit, ...); that definition runs
// against freeDiameter again and passes, and a definition expecting another answer fails. Then the other way round:
// freeDiameter as the client (test/fixtures/diameter/tester_client.c) runs a session against `tester diameter-ocs`'s
// engine; the import plays freeDiameter's side (its requests, AVP for AVP) and passes against the simulator.
import { after, before, describe, test } from '../../helpers/suite.js';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GatewayInstance } from '../../../sdk/index.js';
import type { RunningService } from '../../../core/service.js';
import { runToCompletion, startTestService } from '../../helpers/service.js';
import { needsTool } from '../../helpers/tools.js';
import { startFreeDiameter, type FreeDiameter } from '../../../bench/freediameter/peer.js';
import { runImport } from '../../../plugins/capture/command.js';
import { startOcsSim } from '../../../plugins/diameter/ocs-sim/engine.js';

const tools = { ...needsTool('freeDiameterd', 'apt-get install freediameter libfreediameter-dev gcc'), ...needsTool('tshark', 'apt-get install tshark') };

async function waitFor(what: string, cond: () => boolean, ms = 20000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** tshark on lo for one TCP port, until the returned stop() (which waits for tshark to write its file). */
async function captureLo(port: number, file: string): Promise<() => Promise<void>> {
  const tshark = spawn('tshark', ['-i', 'lo', '-f', `tcp port ${port}`, '-w', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let text = '';
    tshark.stderr!.on('data', (d) => {
      text += d;
      if (text.includes('Capturing on')) resolve();
    });
    tshark.on('exit', () => reject(new Error(`tshark ended: ${text}`)));
  });
  // tshark says it captures a moment before it does on a loaded machine
  await new Promise((res) => setTimeout(res, 1000));
  return async () => {
    await new Promise((res) => setTimeout(res, 500)); // the last segments reach the capture
    const ended = new Promise((res) => tshark.on('exit', res));
    tshark.kill('SIGINT');
    await ended;
  };
}

const ccr = (type: string, number: number, units: object[], sid: object) => ({
  type: 'diameter.to_server.Request',
  arguments: {
    name: 'CCR',
    avps: [
      sid,
      { name: 'Service-Context-Id', value: '32260@3gpp.org' },
      { name: 'CC-Request-Type', value: type },
      { name: 'CC-Request-Number', value: number },
      { name: 'Subscription-Id', value: [{ name: 'Subscription-Id-Type', value: 'END_USER_E164' }, { name: 'Subscription-Id-Data', value: '31612345678' }] },
      ...units,
    ],
  },
});

type Op = { type: string; arguments: { name: string; avps: Array<{ name: string; value?: unknown }> }; tests: Array<{ kpath: string; type: string; value: unknown }> };

describe('import of a capture of freeDiameter as the credit-control server (tshark on lo)', tools, () => {
  let svc: RunningService;
  let fd: FreeDiameter;
  let gw: GatewayInstance & { config: { port: number } };
  const dir = mkdtempSync(join(tmpdir(), 'import-fd-'));

  before(async () => {
    svc = await startTestService([
      { name: 'logic' },
      { name: 'diameter', options: { instances: [{ name: 'OCS', mode: 'server', host: '127.0.0.1', port: 0, origin_host: 'tester.localdomain', origin_realm: 'localdomain', watchdog_ms: 1000 }] } },
    ]);
    gw = svc.registry.gateways.get('diameter')!.byName.get('OCS') as typeof gw;
    fd = startFreeDiameter({ connectTo: { host: '127.0.0.1', port: gw.config.port }, peerIdentity: 'tester.localdomain' });
    await waitFor('freeDiameter to connect (CER/CEA)', () => gw.state() === 'up');
  });

  after(async () => {
    await fd?.stop();
    await svc?.close();
    fd?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  test('CCR Initial and Terminate: the imported definition checks freeDiameter\'s answers and passes against it again', async () => {
    const live = join(dir, 'fd.pcapng');
    const stop = await captureLo(gw.config.port, live);
    let original;
    try {
      original = await runToCompletion(svc.port, {
        run_id: 'import-fd-original',
        operations: [
          ccr('INITIAL_REQUEST', 0, [{ name: 'Requested-Service-Unit', value: [{ name: 'CC-Time', value: 120 }] }], { name: 'Session-Id_auto' }),
          ccr('TERMINATION_REQUEST', 1, [{ name: 'Used-Service-Unit', value: [{ name: 'CC-Time', value: 45 }] }], { name: 'Session-Id', value: "{ $i.CCA['Session-Id'] }" }),
        ],
      });
    } finally {
      await stop();
    }
    assert.equal(original.counts.passed, 1, JSON.stringify(original.first_fails));

    const err: string[] = [];
    const out: string[] = [];
    assert.equal(runImport({ files: [live], out: join(dir, 'fd') }, (t) => out.push(t), (t) => err.push(t)), 0, err.join(''));
    assert.match(err.join(''), /\d+ management\), 0 dialogues, 1 sessions, 1 chosen, 1 imported/, err.join(''));
    const imported = JSON.parse(readFileSync(out[0]!.trim(), 'utf8'));
    const ops = imported.operations as Op[];
    assert.deepEqual(ops.map((o) => `${o.type} ${o.arguments.name}`), ['diameter.to_server.Request CCR', 'diameter.to_server.Request CCR']);
    assert.deepEqual(ops[0]!.arguments.avps[0], { name: 'Session-Id_auto' });
    const test0 = (k: string) => ops[0]!.tests.find((t) => t.kpath === k)?.value;
    // what freeDiameter's extension answered, not what the tester sent
    assert.equal(test0('Result-Code'), 2001);
    assert.equal(test0('Granted-Service-Unit.CC-Time'), 60);
    assert.ok(!ops[0]!.tests.some((t) => t.kpath === 'Origin-Host' || t.kpath === 'Session-Id'), 'per-session AVPs are not checked');
    assert.ok(ops[1]!.tests.some((t) => t.kpath === 'CC-Request-Type'), JSON.stringify(ops[1]!.tests));

    const again = await runToCompletion(svc.port, { ...imported, run_id: 'import-fd-imported', trace_level: 2 });
    assert.deepEqual([again.counts.passed, again.counts.failed, again.counts.aborted], [1, 0, 0], JSON.stringify(again.first_fails));
    const sent = again.first_call.messages.filter((m: { direction: string }) => m.direction === 'sent');
    assert.equal(sent.length, 2);
    assert.ok(again.first_call.check_log.some((c: { status: string; text: string }) => c.status === 'pass' && /^test Granted-Service-Unit\.CC-Time: is number 60$/.test(c.text)), JSON.stringify(again.first_call.check_log));

    // the checks are real: a definition expecting another grant fails against freeDiameter
    const changed = structuredClone(imported);
    changed.operations[0].tests.find((t: { kpath: string }) => t.kpath === 'Granted-Service-Unit.CC-Time').value = 61;
    const wrong = await runToCompletion(svc.port, { ...changed, run_id: 'import-fd-changed' });
    assert.equal(wrong.counts.failed, 1);
  });
});

describe('import of a capture of freeDiameter as the credit-control client: the definition plays freeDiameter', tools, () => {
  test('freeDiameter\'s CCR Initial and Terminate, imported, run against diameter-ocs and pass', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-fd-client-'));
    const sim = await startOcsSim({ port: 0, host: '127.0.0.1' });
    const port = sim.peer.config.port;
    const live = join(dir, 'fd-client.pcapng');
    let fd: FreeDiameter | undefined;
    try {
      const stop = await captureLo(port, live);
      try {
        fd = startFreeDiameter({
          connectTo: { host: '127.0.0.1', port }, peerIdentity: 'ocs.localdomain', identity: 'client.localdomain',
          extension: { source: join(import.meta.dirname, '../../fixtures/diameter/tester_client.c'), conf: 'ocs.localdomain;localdomain' },
        });
        const ccrs = () => Object.values(sim.stats.requests).reduce((a, b) => a + b, 0);
        await waitFor(`freeDiameter's two CCRs (log: ${fd.log().slice(-500)})`, () => ccrs() >= 2, 30000);
      } finally {
        await stop();
        await fd?.stop();
      }
      const err: string[] = [];
      const out: string[] = [];
      assert.equal(runImport({ files: [live], out: join(dir, 'fd-client') }, (t) => out.push(t), (t) => err.push(t)), 0, err.join(''));
      assert.match(err.join(''), /\(([1-9]\d*) management\), 0 dialogues, 1 sessions, 1 chosen, 1 imported/, err.join(''));
      const imported = JSON.parse(readFileSync(out[0]!.trim(), 'utf8'));
      const ops = imported.operations as Op[];
      assert.match(String((ops[0] as unknown as { description: string }).description), /the tester plays the client \(client\.localdomain\)/);
      const avp = (i: number, name: string) => ops[i]!.arguments.avps.find((a) => a.name === name)?.value;
      // freeDiameter's requests, as it sent them
      assert.deepEqual([avp(0, 'CC-Request-Type'), avp(0, 'CC-Request-Number'), avp(1, 'CC-Request-Type'), avp(1, 'CC-Request-Number')], ['INITIAL_REQUEST', 0, 'TERMINATION_REQUEST', 1]);
      assert.deepEqual(avp(0, 'Requested-Service-Unit'), [{ name: 'CC-Time', value: 120 }]);
      assert.deepEqual(avp(1, 'Used-Service-Unit'), [{ name: 'CC-Time', value: 45 }]);
      assert.ok(ops[0]!.tests.some((t) => t.kpath === 'Result-Code' && t.value === 2001), JSON.stringify(ops[0]!.tests));

      const svc = await startTestService([{ name: 'logic' }, { name: 'diameter', options: { instances: [{ name: 'OCS', host: '127.0.0.1', port, origin_host: 'tester.localdomain', origin_realm: 'localdomain' }] } }]);
      try {
        const gw = svc.registry.gateways.get('diameter')!.byName.get('OCS') as GatewayInstance;
        await waitFor('the tester\'s CER/CEA with diameter-ocs', () => gw.state() === 'up');
        const again = await runToCompletion(svc.port, { ...imported, run_id: 'import-fd-client', trace_level: 2 });
        assert.deepEqual([again.counts.passed, again.counts.failed, again.counts.aborted], [1, 0, 0], JSON.stringify(again.first_fails));
        const sent = again.first_call.messages.filter((m: { direction: string }) => m.direction === 'sent');
        assert.equal(sent.length, 2);
        assert.ok(JSON.stringify(sent[0].fields).includes('"31612345678"'), JSON.stringify(sent[0].fields));
      } finally {
        await svc.close();
      }
    } finally {
      await sim.stop();
      fd?.cleanup();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
