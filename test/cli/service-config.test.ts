// cli/service-config.ts: tester serve --config FILE (YAML or JSON): serve flags under their names, plugins,
// ${ENV} substitution; a plugins.json array still works; the command line wins over the file.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readServiceConfig, substituteEnv, flagName } from '../../cli/service-config.js';
import { rpcCall } from '../../cli/rpc-client.js';
import { repoRoot, scratch, tester } from './helpers.js';

const s = scratch();
after(() => rmSync(s.dir, { recursive: true, force: true }));
const FLAGS = ['host', 'port', 'config', 'max-runs', 'retention-secs', 'data-dir', 'tls-cert', 'tls-key', 'tls-ca', 'allow', 'quiet', 'store', 'no-store', 'metrics-port'];

test('${NAME} and ${NAME:-default} from the environment; $${ is a literal; an unset name without default is refused naming where', () => {
  const env = { A: 'x', EMPTY: '' };
  assert.deepEqual(substituteEnv({ a: '${A}', b: ['pre-${A}-post', '${B:-dflt}', '${EMPTY:-e}'], c: 5, d: '$${A}' }, env), { a: 'x', b: ['pre-x-post', 'dflt', 'e'], c: 5, d: '${A}' });
  assert.throws(() => substituteEnv({ plugins: [{ options: { host: '${SCP_HOST}' } }] }, env), /plugins\[0\]\.options\.host: \$\{SCP_HOST\} is not set/);
});

test('flag names: kebab, snake and camel case read the same', () => {
  assert.deepEqual(['max-runs', 'max_runs', 'maxRuns', 'port'].map(flagName), ['max-runs', 'max-runs', 'max-runs', 'port']);
});

test('a YAML config: options by flag name, tls as a group, inline plugins relative to the file', () => {
  const f = s.file('service.yaml', `
host: \${BIND:-127.0.0.1}
port: 0
max_runs: 3
tls:
  cert: /c.pem
  key: /k.pem
allow: [10.0.0.0/8, "::1"]
plugins:
  - name: logic
  - module: ./site/plugin.ts
`);
  const c = readServiceConfig(f, FLAGS, {});
  assert.deepEqual(c.options, { host: '127.0.0.1', port: 0, 'max-runs': 3, 'tls-cert': '/c.pem', 'tls-key': '/k.pem', allow: ['10.0.0.0/8', '::1'] });
  assert.deepEqual(c.plugins, [{ name: 'logic' }, { module: './site/plugin.ts' }]);
  assert.equal(c.pluginsBaseDir, s.dir);
});

test('a plugins.json array is a config of plugins only; plugins may name such a file; errors name the problem', () => {
  const arr = readServiceConfig(s.config, FLAGS, {});
  assert.deepEqual(arr, { options: {}, plugins: [{ name: 'logic' }], pluginsBaseDir: s.dir });
  mkdirSync(join(s.dir, 'conf'), { recursive: true });
  writeFileSync(join(s.dir, 'conf', 'plugins.json'), JSON.stringify([{ name: 'logic' }, { name: 'rest', options: { instances: [] } }]));
  const ref = readServiceConfig(s.file('ref.json', { port: 9010, plugins: 'conf/plugins.json' }), FLAGS, {});
  assert.equal(ref.plugins!.length, 2);
  assert.equal(ref.pluginsBaseDir, join(s.dir, 'conf'));
  assert.throws(() => readServiceConfig(s.file('typo.yaml', 'max-run: 3\n'), FLAGS, {}), /'max-run' is not a serve option \(did you mean max-runs\?\)/);
  assert.throws(() => readServiceConfig(s.file('bad.yaml', 'port: [1\n'), FLAGS, {}), /bad\.yaml:\d+:\d+: not YAML/);
  assert.throws(() => readServiceConfig(s.file('badplugins.yaml', 'plugins: [{ options: 5 }]\n'), FLAGS, {}), /plugins/);
});

test('tester serve --config service.yaml: the file\'s options and plugins, ${ENV} filled in, the command line winning', async () => {
  const cfg = s.file('serve.yaml', `
host: 127.0.0.1
port: \${SERVE_PORT:-9999}
max-runs: \${MAX_RUNS}
data-dir: ${join(s.dir, 'data')}
store: false
metrics-port: 0
quiet: true
plugins:
  - name: logic
`);
  const child = spawn(process.execPath, [join(repoRoot, 'bin/tester.js'), 'serve', '--config', cfg, '--port', '0'], {
    cwd: repoRoot,
    env: { ...process.env, MAX_RUNS: '1', SERVE_PORT: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  try {
    let out = '';
    const [port, metrics] = await new Promise<[number, number]>((resolve, reject) => {
      child.stdout.on('data', (d) => {
        out += d;
        const m = /listening 127\.0\.0\.1:(\d+)\nmetrics http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(out);
        if (m) resolve([Number(m[1]), Number(m[2])]);
      });
      child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
    });
    assert.notEqual(port, 1, '--port on the command line wins over the file');
    const first = await rpcCall({ port }, 'ExecuteTest', { run_id: 'cfg-1', operations: [{ type: 'wait', arguments: { seconds: 30 } }] });
    assert.equal(first.result, 'ok');
    const second = await rpcCall({ port }, 'ExecuteTest', { run_id: 'cfg-2', operations: [{ type: 'comment' }] });
    assert.equal(second.error?.code, 2003, 'max-runs 1 from ${MAX_RUNS}');
    assert.match(second.error!.message, /max_runs 1/);
    assert.equal((await fetch(`http://127.0.0.1:${metrics}/metrics`)).status, 200);
    await rpcCall({ port }, 'CancelTest', { run_id: 'cfg-1' });
  } finally {
    clearTimeout(killer);
    child.kill('SIGTERM');
  }
});

test('tester serve with a config naming an unknown option or an unset variable exits 2 saying so', async () => {
  const [a, b] = await Promise.all([
    tester(['serve', '--config', s.file('unknown.yaml', 'prot: 9009\nplugins: [{ name: logic }]\n')]),
    tester(['serve', '--config', s.file('unset.yaml', 'port: ${NO_SUCH_VARIABLE_HERE}\n')]),
  ]);
  assert.equal(a.code, 2);
  assert.match(a.stderr, /'prot' is not a serve option \(did you mean port\?\)/);
  assert.equal(b.code, 2);
  assert.match(b.stderr, /port: \$\{NO_SUCH_VARIABLE_HERE\} is not set/);
});
