// core/cli/main.ts: the command table, help texts and usage exit codes, through bin/tester.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tester } from './helpers.js';

test('--help exits 0 and lists every command', async () => {
  const r = await tester(['--help']);
  assert.equal(r.code, 0, r.stderr);
  for (const c of ['serve', 'run', 'query', 'cancel', 'list', 'validate', 'ops']) assert.match(r.stdout, new RegExp(`\\b${c}\\b`), c);
});

for (const cmd of ['serve', 'run', 'query', 'cancel', 'list', 'validate', 'ops']) {
  test(`${cmd} --help exits 0 and shows the command's usage`, async () => {
    const r = await tester([cmd, '--help']);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`Usage: tester ${cmd}`));
  });
}

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
  assert.equal((await tester(['run'])).code, 2);
  assert.equal((await tester(['validate'])).code, 2);
  assert.equal((await tester(['run', 'x.json', '--no-such-option'])).code, 2);
});
