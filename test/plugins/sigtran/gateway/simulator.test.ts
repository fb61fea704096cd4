// The gateway instance a SIGTRAN simulator (`scp-sim`, `hlr-sim`) makes from its options: --bind as the source
// address of a connecting simulator, --sctp as the instance's sctp object; and the options as the CLI parses them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { defineCommand } from '../../../../sdk/index.js';
import { runPluginCommand } from '../../../../cli/plugin-command.js';
import { simulatorOptions } from '../../../../sdk/index.js';
import { sigtranOptions, simulatorInstance, type SigtranSimulatorValues } from '../../../../plugins/sigtran/gateway/simulator.js';
import { startStandaloneGateway } from '../../../../plugins/sigtran/gateway/standalone.js';

async function parse(args: string[]): Promise<SigtranSimulatorValues> {
  let got: SigtranSimulatorValues | undefined;
  const cmd = defineCommand({
    description: 'a sigtran simulator',
    options: { ...simulatorOptions({ listen: '127.0.0.1:2905' }), ...sigtranOptions({ opc: 2, dpc: 1, ssn: 146 }) },
    async run(o) {
      got = o as SigtranSimulatorValues;
      return 0;
    },
  });
  const write = process.stderr.write;
  process.stderr.write = (() => true) as typeof process.stderr.write;
  try {
    const rc = await runPluginCommand('sim', cmd, args, {});
    if (rc !== 0) throw new Error(`exit ${rc}`);
  } finally {
    process.stderr.write = write;
  }
  return got!;
}

test('--bind HOST[:PORT] is the source of a connecting simulator; a bare IPv6 address is a host', async () => {
  const o = await parse(['--connect', '10.0.0.9:2905', '--bind', '10.0.0.2:30000']);
  assert.deepEqual(simulatorInstance('SCP', o), { name: 'SCP', transport: 'tcp-client', host: '10.0.0.9', port: 2905, role: 'asp', opc: 2, dpc: 1, ssn: 146, tcapTimeoutMs: 10_000, localHost: '10.0.0.2', localPort: 30000 });
  assert.deepEqual((await parse(['--bind', '::1'])).bind, { host: '::1' });
  assert.deepEqual((await parse(['--bind', '[::1]:5'])).bind, { host: '::1', port: 5 });
  assert.deepEqual((await parse(['--bind', 'host-a'])).bind, { host: 'host-a' });
  for (const bad of ['h:70000', '[::1]', 'a:b:c', '']) await assert.rejects(parse(['--bind', bad]), /exit 2/, bad);
  assert.throws(() => simulatorInstance('SCP', { ...o, connect: undefined }), /--bind goes with --connect/);
});

test('--sctp becomes the instance\'s sctp object beside --sctp-backend; refused over TCP', async () => {
  const o = await parse(['--transport', 'sctp', '--sctp-backend', 'userland', '--sctp', '{"localAddresses":["127.0.0.2"],"heartbeatIntervalMs":400}']);
  assert.deepEqual(simulatorInstance('SCP', o).sctp, { localAddresses: ['127.0.0.2'], heartbeatIntervalMs: 400, backend: 'userland' });
  assert.deepEqual(simulatorInstance('SCP', await parse(['--transport', 'sctp'])).sctp, { backend: 'auto' });
  assert.throws(() => simulatorInstance('SCP', { ...o, transport: 'tcp' }), /--sctp needs --transport sctp/);
});

test('--max-dialogues is the gateway\'s maxDialogues (a peer holding more calls open than 100,000); absent: the gateway\'s default', async () => {
  assert.equal(simulatorInstance('SCP', await parse(['--max-dialogues', '600000'])).maxDialogues, 600_000);
  assert.equal('maxDialogues' in simulatorInstance('SCP', await parse([])), false);
  await assert.rejects(parse(['--max-dialogues', '0']), /exit 2/);
});

test('a connecting simulator\'s gateway connects from the --bind address', async (t) => {
  const server = net.createServer();
  const from = new Promise<string>((resolve) => server.once('connection', (s) => { resolve(s.remoteAddress!); s.destroy(); }));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.after(() => server.close());
  const o = await parse(['--connect', `127.0.0.1:${(server.address() as net.AddressInfo).port}`, '--bind', '127.0.0.3']);
  const gw = await startStandaloneGateway(simulatorInstance('SCP', o));
  t.after(() => gw.stop?.());
  assert.equal(await from, '127.0.0.3');
});
