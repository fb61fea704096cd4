import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { TESTER_NODE_FLAGS, commandFlags } from '../../bench/processes.js';

test('the flags of a shebang line are those after node', () => {
  assert.deepEqual(commandFlags('#!/usr/bin/env -S node --max-semi-space-size=32 --foo'), ['--max-semi-space-size=32', '--foo']);
  assert.deepEqual(commandFlags('#!/usr/bin/env node'), []);
  assert.deepEqual(commandFlags('// not a shebang'), []);
});

test('the bench starts tester processes with the flags bin/tester.js runs with, and Node takes them', () => {
  assert.ok(TESTER_NODE_FLAGS.includes('--max-semi-space-size=32'), TESTER_NODE_FLAGS.join(' '));
  const r = spawnSync(process.execPath, [...TESTER_NODE_FLAGS, '-e', "process.stdout.write(String(require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space') !== undefined))"]);
  assert.equal(r.status, 0, r.stderr.toString());
  assert.equal(r.stdout.toString(), 'true');
});
