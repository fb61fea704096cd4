// The options every simulator takes: HOST:PORT addresses, and the declarations as the CLI parses them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addressText, defineCommand, parseAddress, parseSctpOption, simulatorOptions, simulatorSctp, workersOption } from '../../../sdk/index.js';
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
  assert.deepEqual(got, { listen: { host: '127.0.0.1', port: 2905 }, connect: undefined, transport: 'tcp', sctpBackend: 'auto', sctp: undefined, timeoutMs: 10_000, stats: undefined, quiet: false, seed: undefined, workers: 1 });
  assert.equal(await runPluginCommand('sim', sim, ['--connect', 'peer:3868', '--transport', 'sctp', '--sctp-backend', 'userland', '--sctp', '{"localAddresses":["10.0.2.1"],"heartbeatIntervalMs":500}', '--stats', '0.5', '--quiet', '--seed', '7', '--workers', '4'], {}), 0);
  assert.deepEqual(got, { listen: { host: '127.0.0.1', port: 2905 }, connect: { host: 'peer', port: 3868 }, transport: 'sctp', sctpBackend: 'userland', sctp: { localAddresses: ['10.0.2.1'], heartbeatIntervalMs: 500 }, timeoutMs: 10_000, stats: 0.5, quiet: true, seed: 7, workers: 4 });
  const write = process.stderr.write;
  process.stderr.write = (() => true) as typeof process.stderr.write;
  try {
    for (const bad of [['--transport', 'udp'], ['--workers', '0'], ['--workers', '65'], ['--stats', '-1'], ['--timeout-ms', '1.5'], ['--listen', 'x'], ['--sctp', '{"rtoMinMs":1}'], ['--seed', '-1'], ['--seed', '1.5']]) {
      assert.equal(await runPluginCommand('sim', sim, bad, {}), 2, bad.join(' '));
    }
  } finally {
    process.stderr.write = write;
  }
});

test('--sctp takes the gateway\'s sctp object, checked by its schema, the error naming the field', () => {
  assert.deepEqual(parseSctpOption('{"localAddresses":["10.0.1.1","10.0.2.1"],"rtoMinMs":100,"backend":"kernel"}'), {
    localAddresses: ['10.0.1.1', '10.0.2.1'],
    rtoMinMs: 100,
    backend: 'kernel',
  });
  assert.throws(() => parseSctpOption('{localAddresses'), /expected the JSON of a gateway's sctp object/);
  assert.throws(() => parseSctpOption('{"rtoMinMs":1}'), /^Error: sctp\.rtoMinMs: must be >= 10$/);
  assert.throws(() => parseSctpOption('{"heartbeat":1}'), /sctp: unknown option 'heartbeat' \(known: backend, localAddresses, .*heartbeatIntervalMs/);
  assert.throws(() => parseSctpOption('{"localAddresses":["host.example"]}'), /^Error: sctp\.localAddresses\[0\]: 'host\.example' is not an IPv4 or IPv6 address/);
  assert.throws(() => parseSctpOption('{"rtoMinMs":500,"rtoMaxMs":100}'), /rtoMinMs 500 is above rtoMaxMs 100/);
  assert.throws(() => parseSctpOption('[]'), /^Error: sctp: /);
});

test('a simulator\'s SCTP options: --sctp with --sctp-backend, none over TCP, --sctp over TCP refused', () => {
  assert.deepEqual(simulatorSctp({ transport: 'sctp', sctp: undefined, sctpBackend: 'userland' }), { backend: 'userland' });
  assert.deepEqual(simulatorSctp({ transport: 'sctp', sctp: { heartbeatIntervalMs: 300 }, sctpBackend: 'auto' }), { heartbeatIntervalMs: 300, backend: 'auto' });
  assert.deepEqual(simulatorSctp({ transport: 'sctp', sctp: { backend: 'kernel' }, sctpBackend: 'userland' }), { backend: 'kernel' });
  assert.equal(simulatorSctp({ transport: 'tcp', sctp: undefined, sctpBackend: 'auto' }), undefined);
  assert.throws(() => simulatorSctp({ transport: 'tcp', sctp: {}, sctpBackend: 'auto' }), /--sctp needs --transport sctp/);
});
