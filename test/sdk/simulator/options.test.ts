// The options every simulator takes: HOST:PORT addresses, and the declarations as the CLI parses them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addressText, defineCommand, parseAddress, simulatorOptions, workersOption } from '../../../sdk/index.js';
import { runPluginCommand } from '../../../cli/plugin-command.js';

test('HOST:PORT, an empty host being 127.0.0.1', () => {
  assert.deepEqual(parseAddress('10.0.0.1:2905'), { host: '10.0.0.1', port: 2905 });
  assert.deepEqual(parseAddress(':0'), { host: '127.0.0.1', port: 0 });
  assert.deepEqual(parseAddress('::1:3868'), { host: '::1', port: 3868 });
  for (const bad of ['nocolon', 'h:', 'h:x', 'h:70000']) assert.throws(() => parseAddress(bad), /expected HOST:PORT/, bad);
  assert.equal(addressText({ host: 'h', port: 1 }), 'h:1');
});

test('the declarations parse into the values a simulator runs with', async () => {
  let got: unknown;
  const sim = defineCommand({
    description: 'a simulator',
    options: { ...simulatorOptions({ listen: '127.0.0.1:2905' }), ...workersOption },
    async run(o) {
      got = o;
      return 0;
    },
  });
  assert.equal(await runPluginCommand('sim', sim, [], {}), 0);
  assert.deepEqual(got, { listen: { host: '127.0.0.1', port: 2905 }, connect: undefined, transport: 'tcp', sctpBackend: 'auto', timeoutMs: 10_000, stats: undefined, quiet: false, workers: 1 });
  assert.equal(await runPluginCommand('sim', sim, ['--connect', 'peer:3868', '--transport', 'sctp', '--sctp-backend', 'userland', '--stats', '0.5', '--quiet', '--workers', '4'], {}), 0);
  assert.deepEqual(got, { listen: { host: '127.0.0.1', port: 2905 }, connect: { host: 'peer', port: 3868 }, transport: 'sctp', sctpBackend: 'userland', timeoutMs: 10_000, stats: 0.5, quiet: true, workers: 4 });
  const write = process.stderr.write;
  process.stderr.write = (() => true) as typeof process.stderr.write;
  try {
    for (const bad of [['--transport', 'udp'], ['--workers', '0'], ['--workers', '65'], ['--stats', '-1'], ['--timeout-ms', '1.5'], ['--listen', 'x']]) {
      assert.equal(await runPluginCommand('sim', sim, bad, {}), 2, bad.join(' '));
    }
  } finally {
    process.stderr.write = write;
  }
});
