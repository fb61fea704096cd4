import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import { statusCommand, runStatus } from '../../../plugins/sigtran/status-command.js';
import { pluginCommandHelp, runPluginCommand } from '../../../cli/plugin-command.js';
import { SigtranGatewayImpl } from '../../../plugins/sigtran/gateway/instance.js';
import { normalizeInstance, optionsSchema } from '../../../plugins/sigtran/gateway/config.js';

async function capture(fn: (out: (t: string) => void) => Promise<number>): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await fn((t) => (out += t));
  return { code, out };
}

test('tester sigtran-status: 0 when the instances come up, 1 with the reason when not, 2 on usage errors', async () => {
  const sgp = new SigtranGatewayImpl(normalizeInstance({ name: 'SGP', transport: 'tcp-server', localPort: 0, role: 'sgp', beatIntervalMs: 0 }));
  await sgp.start();
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const dead = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  assert.match(pluginCommandHelp('sigtran-status', statusCommand), /sigtran-status/);
  try {
    const options = {
      instances: [
        { name: 'OK', transport: 'tcp-client' as const, port: sgp.boundPort()!, beatIntervalMs: 0 },
        { name: 'DEAD', transport: 'tcp-client' as const, port: dead, beatIntervalMs: 0 },
      ],
    };
    const ok = await capture((o) => runStatus({ wait: 3000, names: ['OK'] }, options, o, o));
    assert.equal(ok.code, 0, ok.out);
    assert.equal(JSON.parse(ok.out.trim()).state, 'up');
    const bad = await capture((o) => runStatus({ wait: 200, names: [] }, options, o, o));
    assert.equal(bad.code, 1);
    const lines = bad.out.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(lines.find((l) => l.name === 'DEAD').state, 'down');
    assert.match(lines.find((l) => l.name === 'DEAD').lastError, /ECONNREFUSED/);
    // the command line as the CLI parses it from the declaration: a --wait that is not a number
    assert.equal(await runPluginCommand('sigtran-status', statusCommand, ['--wait', 'x'], options), 2);
    assert.equal((await capture((o) => runStatus({ wait: 3000, names: ['NOPE'] }, options, o, o))).code, 2);
  } finally {
    await sgp.stop();
  }
});

test('the example plugins.json validates against the options schema', () => {
  const entries = JSON.parse(readFileSync(new URL('../../../examples/sigtran/plugins.json', import.meta.url), 'utf8')) as Array<{ name: string; options?: unknown }>;
  const opts = entries.find((e) => e.name === 'sigtran')!.options as { instances: Array<{ name: string }> };
  const validate = new Ajv({ useDefaults: true }).compile(optionsSchema);
  assert.ok(validate(opts), JSON.stringify(validate.errors));
  for (const i of opts.instances) normalizeInstance(i);
  assert.equal(validate({ instances: [{ name: 'x', transport: 'sctp' }] }), false);
  assert.throws(() => normalizeInstance({ name: 'x', opc: 20000 }), /opc 20000 does not fit 14-bit/);
});
