// plugins/logic/operations/assert.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testOperation } from '../../../../sdk/testing/index.js';
import assertOp from '../../../../plugins/logic/operations/assert.js';
import { logicService } from '../helpers.js';

testOperation(assertOp, {
  valid: [
    { args: { expression: 'true' } },
    { args: { expression: '$v.x == 1', pass: 'ok', fail: 'not ok' } },
    { args: { expression: '{ $n > 0 }', abort: 'stop' } },
    { args: { expression: true } },
  ],
  invalid: [
    { args: {}, path: 'operations[0].arguments.expression' },
    { args: { expression: '1 +' }, path: 'operations[0].arguments.expression' },
    { args: { expression: 'unknownName' }, path: 'operations[0].arguments.expression' },
    { args: { expression: 'true', fial: 'typo' }, path: 'operations[0].arguments.fial' },
    { args: { expression: 'true', pass: { text: 'x' } }, path: 'operations[0].arguments.pass' },
  ],
});

const svc = logicService();

test('a true assert passes and writes its pass text to check_log', async () => {
  const rec = await svc.run({ vars: { x: 1 }, operations: [{ type: 'assert', arguments: { expression: '$v.x == 1', pass: 'x is one' } }] });
  assert.equal(rec.counts.passed, 1);
  assert.deepEqual(
    rec.first_call.check_log.map((c: any) => [c.status, c.text, c.op_idx]),
    [['pass', 'x is one', 0]],
  );
});

test('a false assert fails the instance, which goes on to the end', async () => {
  const rec = await svc.run({
    operations: [
      { type: 'assert', arguments: { expression: '1 == 2', fail: 'one is not two' } },
      { type: 'set', arguments: { vars: { after: true } } },
    ],
  });
  assert.equal(rec.counts.failed, 1);
  assert.equal(rec.counts.passed, 0);
  assert.equal(rec.first_call.vars.after, true, 'a fail does not stop the instance');
  assert.equal(rec.first_fails.length, 1);
  assert.equal(rec.first_fails[0].text, 'one is not two');
  assert.equal(rec.first_fails[0].op_idx, 0);
  assert.equal(rec.first_call.outcome, 'failed');
});

test('a false assert with abort ends the instance as aborted with its text', async () => {
  const rec = await svc.run({
    operations: [
      { type: 'assert', arguments: { expression: 'false', abort: 'mandatory check failed' } },
      { type: 'set', arguments: { vars: { after: true } } },
    ],
  });
  assert.equal(rec.counts.aborted, 1);
  assert.equal(rec.counts.failed, 0);
  assert.equal(rec.first_aborts[0].text, 'mandatory check failed');
  assert.equal(rec.first_call.vars.after, undefined, 'operations after an abort are not run');
  assert.equal(rec.first_call.outcome, 'aborted');
});

test('default texts', async () => {
  const rec = await svc.run({ operations: [{ type: 'assert', arguments: { expression: 'true' } }, { type: 'assert', arguments: { expression: 'false' } }] });
  assert.deepEqual(rec.first_call.check_log.map((c: any) => c.text), ['Assert tested TRUE.', 'Assert tested FALSE.']);
});

test('fails are counted per instance in a load run; first_fails keeps the first 10', async () => {
  const rec = await svc.run({ distribution: { type: 'load', total: 30, backlog: 5 }, operations: [{ type: 'assert', arguments: { expression: '$n % 2 == 0', fail: 'odd' } }] });
  assert.equal(rec.counts.failed, 15);
  assert.equal(rec.counts.passed, 15);
  assert.equal(rec.first_fails.length, 10);
  for (const f of rec.first_fails) assert.equal(f.idx % 2, 1);
});
