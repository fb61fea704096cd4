// cli/main.ts: the command table, help texts and usage exit codes, through bin/tester.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tester } from './helpers.js';

test('--help exits 0 and lists every command', async () => {
  const r = await tester(['--help']);
  assert.equal(r.code, 0, r.stderr);
  for (const c of ['serve', 'run', 'watch', 'query', 'cancel', 'list', 'validate', 'ops', 'report']) assert.match(r.stdout, new RegExp(`\\b${c}\\b`), c);
});

test("each subcommand's --help exits 0 and shows the command's usage", async () => {
  const cmds = ['serve', 'run', 'watch', 'query', 'cancel', 'list', 'validate', 'ops', 'report'];
  // Two at a time: each is a process start.
  for (let i = 0; i < cmds.length; i += 2) {
    const batch = cmds.slice(i, i + 2);
    const results = await Promise.all(batch.map((c) => tester([c, '--help'])));
    results.forEach((r, j) => {
      assert.equal(r.code, 0, `${batch[j]}: ${r.stderr}`);
      assert.match(r.stdout, new RegExp(`Usage: tester ${batch[j]}`), batch[j]);
    });
  }
});

test('--version prints the version', async () => {
  const r = await tester(['--version']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^\d+\.\d+\.\d+/);
});

test('no arguments prints the help and exits 2', async () => {
  const r = await tester([]);
  assert.equal(r.code, 2);
  assert.match(r.stdout + r.stderr, /Usage: tester/);
});

test('an unknown command exits 2 naming it', async () => {
  const r = await tester(['frobnicate']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /frobnicate/);
});

test('a missing argument or an unknown option exits 2', async () => {
  const [a, b] = await Promise.all([tester(['run']), tester(['run', 'x.json', '--no-such-option'])]);
  assert.equal(a.code, 2);
  assert.equal(b.code, 2);
});

test("a plugin's command: --help shows its usage and declared options; an unknown option exits 2 naming it", async () => {
  const config = ['--config', 'examples/inap/plugins.json'];
  const [help, bad] = await Promise.all([tester(['scp-sim', ...config, '--help']), tester(['scp-sim', ...config, '--no-such-option'])]);
  assert.equal(help.code, 0, help.stderr);
  assert.match(help.stdout, /^Usage: tester scp-sim \[options\]/);
  assert.match(help.stdout, /--listen HOST:PORT/);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^scp-sim: unknown option '--no-such-option'/);
});
