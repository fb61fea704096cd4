// plugins/logic/operations/halt.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testOperation } from '../../../../sdk/testing/index.js';
import halt from '../../../../plugins/logic/operations/halt.js';
import { logicService } from '../helpers.js';

testOperation(halt, {
  valid: [{ args: {} }],
  invalid: [{ args: { now: true }, path: 'operations[0].arguments.now' }],
});

const svc = logicService();

test('operations after halt are not run; the instance passes', async () => {
  const rec = await svc.run({
    operations: [
      { type: 'set', arguments: { vars: { before: true } } },
      { type: 'halt' },
      { type: 'set', arguments: { vars: { after: true } } },
      { type: 'assert', arguments: { expression: 'false', abort: 'must not run' } },
    ],
  });
  assert.equal(rec.counts.passed, 1);
  assert.equal(rec.first_call.vars.before, true);
  assert.equal(rec.first_call.vars.after, undefined);
  assert.equal(rec.first_call.outcome, 'passed');
});

test('a halt after a failed check leaves the instance failed', async () => {
  const rec = await svc.run({ operations: [{ type: 'assert', arguments: { expression: 'false' } }, { type: 'halt' }] });
  assert.equal(rec.counts.failed, 1);
  assert.equal(rec.first_call.outcome, 'failed');
});

test('halt in a branch loop ends the loop', async () => {
  const rec = await svc.run({
    vars: { i: 0 },
    operations: [
      { label: 'top', type: 'set', arguments: { vars: { i: '{ $v.i + 1 }' } } },
      { type: 'branch', arguments: { expression: '$v.i >= 3', on_true: 'stop' } },
      { type: 'branch', arguments: { expression: 'true', on_true: 'top' } },
      { label: 'stop', type: 'halt' },
    ],
  });
  assert.equal(rec.first_call.vars.i, 3);
  assert.equal(rec.counts.passed, 1);
});
