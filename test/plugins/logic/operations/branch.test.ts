// plugins/logic/operations/branch.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testOperation, compileOperation } from '../../../../sdk/testing/index.js';
import branch from '../../../../plugins/logic/operations/branch.js';
import { logicService } from '../helpers.js';

testOperation(branch, {
  valid: [{ args: { expression: 'true' } }],
  invalid: [
    { args: {}, path: 'operations[0].arguments.expression' },
    { args: { expression: 'true', on_true: 'nowhere' }, path: 'operations[0].arguments.on_true', message: /unknown label 'nowhere'/ },
    { args: { expression: 'true', on_false: 'x' }, path: 'operations[0].arguments.on_false' },
    { args: { expression: 'true', on_true: '' }, path: 'operations[0].arguments.on_true' },
    { args: { expression: 'true', goto: 'a' }, path: 'operations[0].arguments.goto' },
  ],
});

test('compileOperation alone has no labels, so any target is unknown', () => {
  assert.throws(() => compileOperation(branch, { expression: 'true', on_true: 'a' }), /no operation has a label/);
});

const svc = logicService();

test('a loop with a counter in $v runs the body the expected number of times and ends', async () => {
  const rec = await svc.run({
    vars: { i: 0 },
    operations: [
      { label: 'top', type: 'set', arguments: { vars: { i: '{ $v.i + 1 }' }, globals: { body: '{ ($g.body ? $g.body : 0) + 1 }' } } },
      { type: 'branch', arguments: { expression: '$v.i < 5', on_true: 'top' } },
      { type: 'set', arguments: { vars: { done: true } } },
    ],
  });
  assert.equal(rec.counts.passed, 1);
  assert.equal(rec.first_call.vars.i, 5);
  assert.equal(rec.globals.body, 5);
  assert.equal(rec.first_call.vars.done, true);
});

test('on_false jumps forward, skipping operations; a missing target falls through', async () => {
  const rec = await svc.run({
    operations: [
      { type: 'branch', arguments: { expression: '1 == 2', on_true: 'skip', on_false: 'end' } },
      { type: 'set', arguments: { vars: { skipped: false } } },
      { label: 'skip', type: 'set', arguments: { vars: { atSkip: true } } },
      { label: 'end', type: 'branch', arguments: { expression: 'true', on_false: 'skip' } },
      { type: 'set', arguments: { vars: { fell: true } } },
    ],
  });
  assert.equal(rec.first_call.vars.skipped, undefined);
  assert.equal(rec.first_call.vars.atSkip, undefined);
  assert.equal(rec.first_call.vars.fell, true);
});

test('a branch expression can be written in braces too', async () => {
  const rec = await svc.run({ operations: [{ type: 'branch', arguments: { expression: '{ true }', on_true: 'b' } }, { type: 'set', arguments: { vars: { a: 1 } } }, { label: 'b', type: 'comment' }] });
  assert.equal(rec.first_call.vars.a, undefined);
});
