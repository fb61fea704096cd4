// cli/serve-options.ts: one table of `tester serve`'s options (the kernel's, the built-ins', the command's own):
// the flags and the config keys come from the options' names, defaults from their declarations, values are checked
// and typed before the service starts (a bad one names its flag), and the environment fills what nothing else set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Command } from 'commander';
import { addServeFlags, checkServeValues, fromEnvironment, kebab, serveOptions, serveOptionsTable } from '../../cli/serve-options.js';
import { defaults, ServiceOptionsSchema } from '../../core/options.js';
import { flagsOf } from '../../cli/commands/serve.js';

test('every option has a kebab-case flag (or an environment variable) and a meaning; no two share a name', () => {
  const opts = serveOptions();
  assert.ok(opts.length >= 30, `${opts.length} options`);
  assert.equal(new Set(opts.map((o) => o.name)).size, opts.length);
  for (const o of opts) {
    assert.equal(o.name, kebab(o.key));
    assert.ok(o.flag || o.schema.flag?.env, `${o.key}: a flag or an environment variable`);
    assert.ok((o.schema.description ?? '').length > 10, `${o.key}: its meaning`);
  }
  assert.equal(kebab('maxConnectionsPerClient'), 'max-connections-per-client');
});

test("the kernel's defaults are its options' declared defaults, and the command's flags show them", () => {
  for (const [key, s] of Object.entries(ServiceOptionsSchema.properties)) {
    const d = (s as { default?: unknown }).default;
    if (d !== undefined) assert.equal(d, (defaults as Record<string, unknown>)[key], key);
  }
  const cmd = addServeFlags(new Command('serve'));
  const flags = flagsOf(cmd);
  for (const name of ['port', 'max-runs', 'store', 'no-store', 'metrics-port', 'token-file', 'allow', 'quiet']) assert.ok(flags.has(name), name);
  assert.ok(!flags.has('token'), 'the token itself is never a flag');
  assert.equal(cmd.getOptionValue('port'), String(defaults.port));
  assert.equal(flags.get('allow')!.variadic, true);
});

test('values are typed from the command line strings, defaults filled in; a bad value names its flag', () => {
  const v = checkServeValues({ port: '0', maxRuns: '8', allow: ['127.0.0.1'], store: false });
  assert.equal(v.port, 0);
  assert.equal(v.maxRuns, 8);
  assert.equal(v.store, false);
  assert.equal(v.readTimeoutMs, defaults.readTimeoutMs, 'a default');
  assert.throws(() => checkServeValues({ maxRuns: 'abc' }), /^Error: --max-runs: must be integer/);
  assert.throws(() => checkServeValues({ port: '70000' }), /--port: must be <= 65535/);
  assert.throws(() => checkServeValues({ workers: '0' }), /--workers: must be >= 1/);
  assert.throws(() => checkServeValues({ metricsPort: '-1' }), /--metrics-port: must be >= 0/);
  assert.throws(() => checkServeValues({ nosuch: 1 }), /nosuch/);
});

test('the environment fills an option that reads one only where nothing else set it', () => {
  const a: Record<string, unknown> = {};
  fromEnvironment(a, { TESTER_TOKEN: 'from-env' });
  assert.equal(a.token, 'from-env');
  const b: Record<string, unknown> = { token: 'given' };
  fromEnvironment(b, { TESTER_TOKEN: 'from-env' });
  assert.equal(b.token, 'given');
});

test("docs/configuration.md's table has a row per option with its flag and default", () => {
  const t = serveOptionsTable().split('\n');
  assert.equal(t.length, serveOptions().length + 2);
  assert.ok(t.some((r) => r.startsWith('| `--store <file>`, `--no-store` | `store` |')));
  assert.ok(t.some((r) => r.includes('| `--port <port>` | `port` |  | `9009` |')));
  assert.ok(t.some((r) => r.startsWith('|  | `token` | `TESTER_TOKEN` |')));
});
