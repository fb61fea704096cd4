// bench/options.ts: --help and the options `npm run bench` refuses (an unknown one used to be ignored, and the whole
// bench ran for minutes with its defaults).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { benchUsage, checkBenchArgs } from '../../bench/options.js';

test('--help and -h ask for the usage, which names every option of the bench', () => {
  assert.equal(checkBenchArgs(['--help']), 'help');
  assert.equal(checkBenchArgs(['--quick', '-h']), 'help');
  const usage = benchUsage();
  for (const o of ['--quick', '--markdown', '--paths P,P,…', '--linear-target-runs N', '--scale', '--transport tcp|sctp', '--hold-s S']) assert.ok(usage.includes(o), o);
});

test('known options with their values pass; an unknown option or a missing value is named', () => {
  assert.equal(checkBenchArgs([]), undefined);
  assert.equal(checkBenchArgs(['--quick', '--paths', 'inap-sctp', '--backlogs', '800,3200', '--no-sipp', '--markdown']), undefined);
  // a value that looks like an option is still the value of the one before
  assert.equal(checkBenchArgs(['--json-out', '--weird-file-name']), undefined);
  assert.deepEqual(checkBenchArgs(['--quik']), { error: 'unknown option --quik (npm run bench -- --help lists the options)' });
  assert.deepEqual(checkBenchArgs(['--quick', 'extra']), { error: 'unknown option extra (npm run bench -- --help lists the options)' });
  assert.deepEqual(checkBenchArgs(['--secs']), { error: '--secs needs a value (npm run bench -- --help lists the options)' });
});

test('the bench prints its usage for --help and stops at an unknown option, before it starts anything', () => {
  const run = (args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'bench/index.ts', ...args], { encoding: 'utf8', timeout: 60_000 });
  const help = run(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^npm run bench -- \[options\]/);
  const bad = run(['--no-such-thing']);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /bench: unknown option --no-such-thing/);
  assert.equal(bad.stdout, '');
});
