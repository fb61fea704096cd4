// plugins/logic/operations/set.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testOperation } from '../../../../sdk/testing/index.js';
import set from '../../../../plugins/logic/operations/set.js';
import { logicService } from '../helpers.js';

testOperation(set, {
  valid: [
    { args: {} },
    { args: { vars: { a: 1, b: 'x', c: '{ $n }' } } },
    { args: { globals: { total: '{ ($g.total ? $g.total : 0) + 1 }' } } },
    { args: { vars: {}, globals: {} } },
  ],
  invalid: [
    { args: { vars: 5 }, path: 'operations[0].arguments.vars' },
    { args: { globals: 'x' }, path: 'operations[0].arguments.globals' },
    { args: { var: {} }, path: 'operations[0].arguments.var' },
    { args: { vars: { a: '{ nope }' } }, path: 'operations[0].arguments.vars.a' },
  ],
});

const svc = logicService();

test('set assigns $v and $g; all values see the state before the operation', async () => {
  const rec = await svc.run({
    vars: { a: 1 },
    operations: [
      { type: 'set', arguments: { vars: { a: '{ $v.a + 1 }', b: '{ $v.a }' }, globals: { g: '{ $v.a * 10 }' } } },
      { type: 'set', arguments: { vars: { c: '{ $v.a + $v.b + $g.g }' } } },
    ],
  });
  assert.equal(rec.counts.passed, 1);
  assert.deepEqual(rec.first_call.vars, { a: 2, b: 1, c: 13 });
  assert.deepEqual(rec.globals, { g: 10 });
});

test("set's result (vars, globals) is what tests[] see", async () => {
  const rec = await svc.run({
    operations: [{ type: 'set', arguments: { vars: { x: 5 } }, tests: [{ kpath: 'vars.x', type: 'integer', value: 5 }, { kpath: 'globals', type: 'size', value: 0 }] }],
  });
  assert.equal(rec.counts.passed, 1, JSON.stringify(rec.first_fails));
  assert.equal(rec.first_call.check_log.filter((c: any) => c.status === 'pass').length, 2);
});
