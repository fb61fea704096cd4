// core/plugins/loader.ts: plugins given as entries with `module` paths to the fixtures beside this file; boot errors
// name the plugin and the cause; params, dependencies, gateways and the frozen registry.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { startTestService, call, runToCompletion } from '../../helpers/service.js';
import { BootError, readPluginsConfig, type PluginConfigEntry } from '../../../core/plugins/loader.js';
import type { RunningService } from '../../../core/service.js';

const fx = (name: string) => fileURLToPath(new URL(`./fixtures/${name}.ts`, import.meta.url));
const base = (options: Record<string, unknown> = { greeting: 'hello' }): PluginConfigEntry => ({ module: fx('base'), options });

async function bootFails(entries: PluginConfigEntry[], ...mustMatch: RegExp[]): Promise<BootError> {
  let svc: RunningService | undefined;
  try {
    svc = await startTestService(entries);
  } catch (e) {
    assert.ok(e instanceof BootError, `expected a BootError, got ${String(e)}`);
    for (const m of mustMatch) assert.match(e.message, m);
    return e;
  } finally {
    await svc?.close();
  }
  assert.fail(`boot succeeded, expected a BootError matching ${mustMatch.join(' ')}`);
}

async function withService<T>(entries: PluginConfigEntry[], fn: (svc: RunningService) => Promise<T>): Promise<T> {
  const svc = await startTestService(entries);
  try {
    return await fn(svc);
  } finally {
    await svc.close();
  }
}

describe('boot errors name the plugin and the cause', () => {
  test('bad options: the plugin and the options path', async () => {
    await bootFails([base({ greeting: 'hi', level: 0 })], /plugin fx_base/, /options\.level/, />= 1/);
    await bootFails([base({})], /plugin fx_base/, /options\.greeting/, /required/);
    await bootFails([base({ greeting: 'hi', colour: 'red' })], /plugin fx_base/, /options\.colour/);
    await bootFails([base({ greeting: 'hi', nested: { port: 70000 } })], /plugin fx_base/, /options\.nested\.port/);
  });

  test('a missing dependency', async () => {
    await bootFails([{ name: 'logic' }, { module: fx('dependent') }], /plugin fx_dep/, /fx_base/, /listed before it/);
  });

  test('a dependency listed after its dependent is missing at the dependent', async () => {
    await bootFails([{ module: fx('dependent') }, base()], /plugin fx_dep/, /fx_base/);
  });

  test('a version mismatch', async () => {
    await bootFails([base(), { module: fx('needs-newer') }], /plugin fx_newer/, /\^2\.0\.0/, /1\.2\.0/);
  });

  test('a duplicate operation type names both plugins', async () => {
    await bootFails([base(), { module: fx('duplicate-op') }], /plugin fx_dup/, /fx_base\.local\.Hello/, /already registered by fx_base/);
  });

  test('an operation outside the plugin namespace', async () => {
    await bootFails([{ module: fx('outside-namespace') }], /plugin fx_out/, /inap\.ssp_to_scp\.InitialDP/, /outside its namespaces/);
  });

  test('use() of an undeclared dependency', async () => {
    await bootFails([base(), { module: fx('undeclared-use') }], /fx_sneaky/, /not a declared dependency/);
  });

  test('a setup() that throws', async () => {
    await bootFails([{ module: fx('throwing-setup') }], /plugin fx_throw/, /setup failed/, /licence server/);
  });

  test('a module that is not a plugin, a missing module, a bad version', async () => {
    await bootFails([{ module: fx('not-a-plugin') }], /definePlugin/);
    await bootFails([{ module: fx('does-not-exist') }], /cannot load module/);
    await bootFails([{ module: fx('bad-version') }], /plugin fx_badver/, /semantic version/);
    await bootFails([{ name: 'no_such_builtin' }], /no_such_builtin/);
  });

  test('a name that does not match the module, and a plugin listed twice', async () => {
    await bootFails([{ name: 'other', module: fx('base'), options: { greeting: 'x' } }], /'fx_base', not 'other'/);
    await bootFails([base(), base()], /plugin fx_base/, /listed twice/);
  });

  test('an expression function without the plugin prefix', async () => {
    await bootFails([{ module: fx('unprefixed-function') }], /plugin fx_badfn/, /must start with 'fx_badfn_'/);
  });
});

describe('a loaded plugin', () => {
  test('its operation runs with its validated options (defaults applied)', async () => {
    await withService([{ name: 'logic' }, base({ greeting: 'good day' })], async (svc) => {
      const rec = await runToCompletion(svc.port, {
        run_id: 'fx-hello',
        operations: [{ type: 'fx_base.local.Hello', arguments: { who: 'tester' }, tests: [{ kpath: 'text', type: 'string', value: 'good day tester' }, { kpath: 'level', type: 'integer', value: 1 }] }],
      });
      assert.equal(rec.counts.passed, 1, JSON.stringify(rec.first_fails));
    });
  });

  test("its param is accepted by ExecuteTest and validated with the plugin's schema; unknown without the plugin", async () => {
    await withService([{ name: 'logic' }, base()], async (svc) => {
      const rec = await runToCompletion(svc.port, {
        run_id: 'fx-param',
        fx_base_mode: 'fast',
        operations: [{ type: 'fx_base.local.Hello', tests: [{ kpath: 'mode', type: 'string', value: 'fast' }] }],
      });
      assert.equal(rec.counts.passed, 1, JSON.stringify(rec.first_fails));
      const bad = await call(svc.port, 'ExecuteTest', { run_id: 'fx-param-bad', fx_base_mode: 'warp', operations: [{ type: 'comment' }] });
      assert.equal(bad.error?.code, 2002);
      assert.match(bad.error!.message, /fx_base_mode/);
    });
    await withService([{ name: 'logic' }], async (svc) => {
      const r = await call(svc.port, 'ExecuteTest', { run_id: 'fx-param-none', fx_base_mode: 'fast', operations: [{ type: 'comment' }] });
      assert.equal(r.error?.code, 2002);
      assert.match(r.error!.message, /fx_base_mode/);
    });
  });

  test("api.use() gives a declared dependency's setup() return value", async () => {
    await withService([base({ greeting: 'Howdy' }), { module: fx('dependent') }], async (svc) => {
      const rec = await runToCompletion(svc.port, { run_id: 'fx-dep', operations: [{ type: 'fx_dep.local.Greet', tests: [{ kpath: 'text', type: 'string', value: 'Howdy, dependent' }] }] });
      assert.equal(rec.counts.passed, 1, JSON.stringify(rec.first_fails));
      assert.deepEqual(svc.plugins.map((p) => p.def.name), ['fx_base', 'fx_dep']);
    });
  });

  test('registration after boot (registry frozen) throws', async () => {
    await withService([base()], async (svc) => {
      const exports = svc.plugins.find((p) => p.def.name === 'fx_base')!.exports as { lateRegister(): void };
      assert.throws(() => exports.lateRegister(), /frozen/);
      const r = await call(svc.port, 'ExecuteTest', { run_id: 'fx-late', operations: [{ type: 'fx_base.local.Late' }] });
      assert.equal(r.error?.code, 2002, 'the late operation must not be usable');
    });
  });

  test('an entry with enabled: false is not loaded (not even imported)', async () => {
    await withService([{ name: 'logic' }, { module: fx('does-not-exist'), enabled: false }, { ...base(), enabled: false }], async (svc) => {
      assert.deepEqual(svc.plugins.map((p) => p.def.name), ['logic']);
      const r = await call(svc.port, 'ExecuteTest', { run_id: 'fx-disabled', operations: [{ type: 'fx_base.local.Hello' }] });
      assert.equal(r.error?.code, 2002);
      assert.match(r.error!.message, /operations\[0\]\.type/);
    });
  });

  test('DescribeOperations lists the plugin, its operation and its param', async () => {
    await withService([{ name: 'logic' }, base()], async (svc) => {
      const d = (await call(svc.port, 'DescribeOperations', {})).result;
      assert.ok(d.plugins.some((p: any) => p.name === 'fx_base' && p.version === '1.2.0'));
      const op = d.operations.find((o: any) => o.type === 'fx_base.local.Hello');
      assert.equal(op.plugin, 'fx_base');
      assert.deepEqual(Object.keys(op.arguments.properties), ['who']);
      assert.ok(d.params.some((p: any) => p.name === 'fx_base_mode' && p.plugin === 'fx_base'));
      assert.ok(d.operations.some((o: any) => o.type === 'set' && o.plugin === 'logic'));
      // no `source` given: the plugin's folder, relative to the repository (a built-in: plugins/<name>/)
      assert.equal(op.source, 'test/core/plugins/fixtures/');
      assert.equal(d.operations.find((o: any) => o.type === 'set').source, 'plugins/logic/');
    });
  });

  test('an expression function is usable in expressions', async () => {
    await withService([{ name: 'logic' }, { module: fx('expression-function') }], async (svc) => {
      const rec = await runToCompletion(svc.port, { run_id: 'fx-fn', operations: [{ type: 'set', arguments: { vars: { d: '{ fx_expr_double(21) }' } } }] });
      assert.equal(rec.first_call.vars.d, 42);
    });
  });

  test('a plugin with an expression function can be booted again in the same process (service restart)', async () => {
    // The first boot may have happened in the previous test; boot twice here to be independent of order. Each boot
    // must register the function again: it works in both.
    for (const boot of [1, 2]) {
      await withService([{ name: 'logic' }, { module: fx('expression-function') }], async (svc) => {
        const rec = await runToCompletion(svc.port, { run_id: `fx-fn-again-${boot}`, operations: [{ type: 'set', arguments: { vars: { d: '{ fx_expr_double(4) }' } } }] });
        assert.equal(rec.first_call.vars.d, 8, `boot ${boot}`);
      });
    }
  });
});

describe('gateways', () => {
  const entries: PluginConfigEntry[] = [{ name: 'logic' }, { module: fx('gateway') }];

  test('the default instance is used without a param; the param picks another', async () => {
    await withService(entries, async (svc) => {
      const rec = await runToCompletion(svc.port, { run_id: 'gw-default', operations: [{ type: 'fx_gw.tester_to_peer.Send', tests: [{ kpath: 'gateway', type: 'string', value: 'GW-UP' }] }] });
      assert.equal(rec.counts.passed, 1, JSON.stringify(rec.first_fails));
    });
  });

  test('an instance that is not up is 2003 naming it; an unknown instance is 2002 naming the param', async () => {
    await withService(entries, async (svc) => {
      const down = await call(svc.port, 'ExecuteTest', { run_id: 'gw-down', fx_gw: 'GW-DOWN', operations: [{ type: 'fx_gw.tester_to_peer.Send' }] });
      assert.equal(down.error?.code, 2003);
      assert.match(down.error!.message, /'GW-DOWN'/);
      assert.match(down.error!.message, /down/);
      const unknown = await call(svc.port, 'ExecuteTest', { run_id: 'gw-unknown', fx_gw: 'GW-NOPE', operations: [{ type: 'fx_gw.tester_to_peer.Send' }] });
      assert.equal(unknown.error?.code, 2002);
      assert.match(unknown.error!.message, /fx_gw/);
      assert.match(unknown.error!.message, /GW-NOPE/);
      // A run that does not use the gateway is not refused because of it.
      const other = await call(svc.port, 'ExecuteTest', { run_id: 'gw-unused', fx_gw: 'GW-DOWN', operations: [{ type: 'comment' }] });
      assert.equal(other.result, 'ok', JSON.stringify(other.error));
    });
  });

  test('ListTests shows every gateway instance with its state', async () => {
    await withService(entries, async (svc) => {
      const l = (await call(svc.port, 'ListTests', {})).result;
      const gws = l.gateways.map((g: any) => `${g.kind}/${g.name}/${g.state}/${g.default}`).sort();
      assert.deepEqual(gws, ['fx_gw/GW-DOWN/down/false', 'fx_gw/GW-UP/up/true']);
    });
  });
});

describe('plugins.json', () => {
  test('a config file that is not a valid list is a BootError naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tester-loader-'));
    try {
      const p = join(dir, 'plugins.json');
      writeFileSync(p, JSON.stringify([{ name: 'logic', colour: 'red' }]));
      assert.throws(() => readPluginsConfig(p), (e: unknown) => e instanceof BootError && e.message.includes(p) && /colour/.test(e.message));
      writeFileSync(p, '[{');
      assert.throws(() => readPluginsConfig(p), (e: unknown) => e instanceof BootError && e.message.includes(p));
      writeFileSync(p, JSON.stringify([{ enabled: true }]));
      assert.throws(() => readPluginsConfig(p), BootError);
      writeFileSync(p, JSON.stringify([{ name: 'logic' }, { module: './site/plugin.ts', options: { a: 1 } }]));
      const c = readPluginsConfig(p);
      assert.equal(c.baseDir, dir);
      assert.equal(c.entries.length, 2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a relative module path is resolved against the config file directory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tester-loader-'));
    try {
      const p = join(dir, 'plugins.json');
      const rel = relative(dir, fx('base'));
      assert.ok(rel.startsWith('..'), rel);
      writeFileSync(p, JSON.stringify([{ name: 'logic' }, { module: rel, options: { greeting: 'rel' } }]));
      const svc = await startTestService(undefined, { configPath: p, plugins: undefined });
      try {
        assert.ok(svc.plugins.some((x) => x.def.name === 'fx_base'));
      } finally {
        await svc.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
