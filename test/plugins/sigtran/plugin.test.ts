// The plugin inside the real service: gateway selection by the `sigtran` param, 2003 for an instance that is not
// up (named), messages with bytes for --pcap, and a capture of the run that tshark decodes cleanly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestService, call, runToCompletion } from '../../helpers/service.js';
import { needsTool } from '../../helpers/tools.js';
import { writePcap } from '../../../sdk/index.js';
import { SigtranGatewayImpl } from '../../../plugins/sigtran/gateway/instance.js';
import { normalizeInstance } from '../../../plugins/sigtran/gateway/config.js';
import sigtranPlugin from '../../../plugins/sigtran/index.js';
import { freePort } from '../../helpers/ports.js';
import '../../../plugins/inap/contexts.js'; // the CAP contexts' names (camel2, ...) are the inap plugin's

const probe = fileURLToPath(new URL('./fixtures/tcap-probe.ts', import.meta.url));

test('plugin definition: name, version, options schema, status command', () => {
  assert.equal(sigtranPlugin.name, 'sigtran');
  assert.equal(sigtranPlugin.version, '0.1.0');
  assert.ok(sigtranPlugin.optionsSchema);
  assert.ok(sigtranPlugin.commands?.['sigtran-status']);
});

test('multiplied over --workers only when every instance is a client that can live on every thread: a listener or a usrsctp client keeps it on the main thread', () => {
  const multiplied = sigtranPlugin.multiplied as (o: { instances?: Array<{ transport?: string; sctp?: { backend?: string } }> }) => boolean;
  assert.equal(multiplied({ instances: [{}, { transport: 'tcp-client' }] }), true);
  assert.equal(multiplied({ instances: [{ transport: 'tcp-client' }, { transport: 'sctp-client', sctp: { backend: 'userland' } }] }), false, 'usrsctp: one stack per process');
  assert.equal(multiplied({ instances: [{ transport: 'tcp-client' }, { transport: 'sctp-client', sctp: { backend: 'kernel' } }] }), true, 'the kernel addon keeps a state per thread');
  // this host's kernel has no SCTP: auto is the userland backend here (in the UML guest it is the kernel's)
  assert.equal(multiplied({ instances: [{ transport: 'sctp-client' }] }), existsSync('/proc/net/sctp'));
  assert.equal(multiplied({ instances: [{ transport: 'tcp-server' }] }), false);
  assert.equal(multiplied({}), true);
});

test('in the service: 2003 names an instance that is not up; the sigtran param picks a live one; messages carry M3UA bytes', needsTool('tshark', 'apt-get install tshark'), async () => {
  // The SCP side: an SGP gateway that ends every dialogue it receives.
  const scp = new SigtranGatewayImpl(normalizeInstance({ name: 'SCP', transport: 'tcp-server', localPort: 0, role: 'sgp', opc: 2, dpc: 1, beatIntervalMs: 0 }));
  await scp.start();
  const listener = scp.listen({});
  let stop = false;
  const answering = (async () => {
    while (!stop) {
      try {
        const b = await listener.next({ timeoutMs: 200 });
        b.dialogue.returnResult({ invokeId: 1 });
        b.dialogue.end();
      } catch {
        // timeout: look at `stop` again
      }
    }
  })();
  const deadPort = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'sigtran-svc-'));
  const svc = await startTestService([
    { name: 'logic' },
    {
      name: 'sigtran',
      options: {
        default: 'SIG-DOWN',
        instances: [
          { name: 'SIG-DOWN', transport: 'tcp-client', port: deadPort, reconnectMinMs: 50, reconnectMaxMs: 100, beatIntervalMs: 0 },
          { name: 'SIG-A', transport: 'tcp-client', port: scp.boundPort(), opc: 1, dpc: 2, ssn: 146, beatIntervalMs: 0, pcap: join(dir, 'gw.pcap') },
        ],
      },
    },
    { module: probe },
  ]);
  try {
    const ops = [{ type: 'tcapprobe.Begin', arguments: { opcode: 0 } }];
    const refused = await call(svc.port, 'ExecuteTest', { run_id: 'r-down', operations: ops, scp: { dpc: 2, dssn: 146 } });
    assert.equal(refused.error?.code, 2003);
    assert.match(refused.error!.message, /SIG-DOWN/);
    // SIG-DOWN retries every 50-100 ms, so ListTests may catch it 'connecting' between two refusals (a busy machine
    // did): read until it shows 'down', and it must never show 'up'
    type GwRow = { name: string; state: string; detail: { lastError?: string } };
    let downGw: GwRow | undefined;
    const seen = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const list = await call(svc.port, 'ListTests', {});
      downGw = (list.result.gateways as GwRow[]).find((g) => g.name === 'SIG-DOWN')!;
      seen.add(downGw.state);
      if (downGw.state === 'down') break;
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.ok(!seen.has('up'), `states seen: ${[...seen].join(', ')}`);
    assert.equal(downGw!.state, 'down');
    assert.match(downGw!.detail.lastError!, /ECONNREFUSED/);

    // wait for SIG-A to be up (it connected at service start)
    for (let i = 0; i < 100; i++) {
      const r = await call(svc.port, 'ExecuteTest', { run_id: `probe-${i}`, operations: [{ type: 'comment', arguments: { text: 'x' } }] });
      void r;
      const gw = svc.plugins.find((p) => p.def.name === 'sigtran')!.exports as { gateway(n: string): { state(): string } };
      if (gw.gateway('SIG-A').state() === 'up') break;
      await new Promise((r) => setTimeout(r, 30));
    }
    const res = await runToCompletion(
      svc.port,
      { run_id: 'r-a', sigtran: 'SIG-A', probe_ac: 'camel2', trace_level: 2, operations: ops, scp: { dpc: 2, dssn: 146 } },
      { timeoutMs: 10000 },
    );
    assert.equal(res.counts.passed, 1, JSON.stringify(res));
    const msgs = res.first_call.messages as Array<{ direction: string; hex: string; dissector: string; name: string }>;
    assert.equal(msgs.length, 2, JSON.stringify(msgs));
    assert.equal(msgs[0]!.dissector, 'm3ua');
    assert.match(msgs[0]!.hex, /^01000101/);
    assert.equal(msgs[1]!.name, 'end');
    const file = join(dir, 'run.pcap');
    writePcap(file, msgs.map((m) => ({ dissector: m.dissector, bytes: Buffer.from(m.hex, 'hex') })));
    const bad = execFileSync('tshark', ['-r', file, '-o', 'sccp.default_payload:tcap', '-Y', '_ws.expert || _ws.malformed'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    assert.equal(bad.trim(), '');
    // The peer of the default instance appears: it connects by itself and the same run is accepted.
    const late = new SigtranGatewayImpl(normalizeInstance({ name: 'LATE', transport: 'tcp-server', localPort: deadPort, role: 'sgp', opc: 2, dpc: 1, beatIntervalMs: 0 }));
    await late.start();
    try {
      const lateListener = late.listen({});
      const answered = lateListener.next({ timeoutMs: 10000 }).then((b) => b.dialogue.end());
      const sigtran = svc.plugins.find((p) => p.def.name === 'sigtran')!.exports as { gateway(n: string): { whenUp(o: { timeoutMs: number }): Promise<void> } };
      await sigtran.gateway('SIG-DOWN').whenUp({ timeoutMs: 10000 });
      const res2 = await runToCompletion(svc.port, { run_id: 'r-late', operations: ops, probe_ac: 'camel2', scp: { dpc: 2, dssn: 146 } }, { timeoutMs: 10000 });
      await answered;
      assert.equal(res2.counts.passed, 1, JSON.stringify(res2));
      lateListener.close();
    } finally {
      await late.stop();
    }
    const ac = execFileSync('tshark', ['-r', file, '-o', 'sccp.default_payload:tcap', '-T', 'fields', '-e', 'tcap.application_context_name', '-e', 'm3ua.protocol_data_opc'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    assert.match(ac, /0\.4\.0\.0\.1\.0\.50\.1\t1/);
  } finally {
    stop = true;
    await answering;
    await svc.close();
    await scp.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
