// plugins/logic/operations/comment.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { testOperation } from '../../../../sdk/testing/index.js';
import comment from '../../../../plugins/logic/operations/comment.js';
import { logicService } from '../helpers.js';

testOperation(comment, {
  valid: [{ args: {} }, { args: { text: 'hello' } }, { args: { text: "{ 'n=' + $n }" } }],
  invalid: [
    { args: { text: ['x'] }, path: 'operations[0].arguments.text' },
    { args: { txt: 'x' }, path: 'operations[0].arguments.txt' },
  ],
});

const svc = logicService();

test('a comment does nothing but write its text to the trace log at trace_level 1', async () => {
  const rec = await svc.run({ trace_level: 1, operations: [{ type: 'comment', arguments: { text: "{ 'instance ' + $n }" } }] });
  assert.equal(rec.counts.passed, 1);
  assert.deepEqual(rec.first_call.check_log, []);
  const t = rec.first_call.trace_log.find((e: any) => e.msg === 'instance 0');
  assert.ok(t, JSON.stringify(rec.first_call.trace_log));
  assert.equal(t.op_idx, 0);
  assert.equal(t.path, 'trace.debug');
});

test('without trace_level the trace log stays empty', async () => {
  const rec = await svc.run({ operations: [{ type: 'comment', arguments: { text: 'quiet' } }] });
  assert.deepEqual(rec.first_call.trace_log, []);
});
