// tests[] on operation results and the check_log of the first instance, end to end.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, runToCompletion, call, waitForRun } from '../helpers/service.js';
import type { RunningService } from '../../core/service.js';

let svc: RunningService;
let n = 0;
const run = (params: Record<string, unknown>) => runToCompletion(svc.port, { run_id: `checks-${++n}`, ...params });
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc.close();
});

const setOp = (tests: unknown[]) => ({
  type: 'set',
  arguments: { vars: { name: 'alice', count: 5, ratio: 2.5, flag: true, list: [1, 2, 3], code: 'ABC-123', nul: null } },
  tests,
});

test('every tests[] type passes on a matching value', async () => {
  const rec = await run({
    operations: [
      setOp([
        { kpath: 'vars.name', type: 'string', value: 'alice' },
        { kpath: 'vars.count', type: 'integer', value: 5 },
        { kpath: 'vars.ratio', type: 'number', value: 2.5 },
        { kpath: 'vars.nul', type: 'exists' },
        { kpath: 'vars.name', type: 'defined' },
        { kpath: 'vars.code', type: 'regex', pattern: '^[A-Z]+-\\d+$' },
        { kpath: 'vars.list', type: 'size', value: 3 },
        { kpath: 'vars.flag', type: 'boolean', value: true },
        { kpath: 'vars.absent', type: 'string', value: null },
      ]),
    ],
  });
  assert.equal(rec.counts.passed, 1, JSON.stringify(rec.first_fails));
  const log = rec.first_call.check_log;
  assert.equal(log.length, 9);
  for (const e of log) {
    assert.deepEqual(Object.keys(e).sort(), ['op_idx', 'status', 'step', 'text', 'time']);
    assert.equal(e.status, 'pass');
    assert.equal(e.op_idx, 0);
    assert.equal(e.step, 1);
    assert.equal(typeof e.text, 'string');
    assert.ok(Array.isArray(e.time) && e.time.length === 2);
  }
  assert.match(log[0].text, /vars\.name/);
});

test('each tests[] type fails on a wrong value; the instance goes on and is failed', async () => {
  const wrong = [
    { kpath: 'vars.name', type: 'string', value: 'bob' },
    { kpath: 'vars.ratio', type: 'integer' },
    { kpath: 'vars.name', type: 'number' },
    { kpath: 'vars.absent', type: 'exists' },
    { kpath: 'vars.nul', type: 'defined' },
    { kpath: 'vars.code', type: 'regex', pattern: '^\\d+$' },
    { kpath: 'vars.list', type: 'size', value: 2 },
    { kpath: 'vars.flag', type: 'boolean', value: false },
    { kpath: 'vars.name', type: 'string', value: null },
  ];
  const rec = await run({ operations: [setOp(wrong), { type: 'set', arguments: { vars: { after: 1 } } }] });
  assert.equal(rec.counts.failed, 1);
  assert.equal(rec.first_call.vars.after, 1);
  const log = rec.first_call.check_log;
  assert.deepEqual(log.map((e: any) => e.status), Array(wrong.length).fill('fail'));
  assert.equal(rec.first_fails.length, wrong.length);
  assert.match(log[0].text, /expected string "bob", got "alice"/);
  assert.match(log[8].text, /absent/);
});

test('abort_on_fail turns a failed test into an abort that ends the instance', async () => {
  const rec = await run({
    operations: [
      setOp([{ kpath: 'vars.count', type: 'integer', value: 6, abort_on_fail: 1 }, { kpath: 'vars.name', type: 'string' }]),
      { type: 'set', arguments: { vars: { after: 1 } } },
    ],
  });
  assert.equal(rec.counts.aborted, 1);
  assert.equal(rec.first_call.vars.after, undefined);
  assert.equal(rec.first_call.check_log.length, 1, 'the tests after the aborting one are not run');
  assert.equal(rec.first_call.check_log[0].status, 'abort');
  assert.match(rec.first_aborts[0].text, /vars\.count/);
});

test('a passing abort_on_fail test does not abort', async () => {
  const rec = await run({ operations: [setOp([{ kpath: 'vars.count', type: 'integer', value: 5, abort_on_fail: true }])] });
  assert.equal(rec.counts.passed, 1);
});

test('tests[] values may be expressions', async () => {
  const rec = await run({ vars: { want: 5 }, operations: [setOp([{ kpath: 'vars.count', type: 'integer', value: '{ $v.want }' }])] });
  assert.equal(rec.counts.passed, 1, JSON.stringify(rec.first_fails));
});

test('check_log steps count executed operations, op_idx names the operation, in a loop too', async () => {
  const rec = await run({
    vars: { i: 0 },
    operations: [
      { label: 'top', type: 'set', arguments: { vars: { i: '{ $v.i + 1 }' } } },
      { type: 'assert', arguments: { expression: '$v.i > 0', pass: "{ 'round ' + $v.i }" } },
      { type: 'branch', arguments: { expression: '$v.i < 3', on_true: 'top' } },
    ],
  });
  const log = rec.first_call.check_log;
  assert.deepEqual(log.map((e: any) => [e.step, e.op_idx, e.text]), [
    [2, 1, 'round 1'],
    [5, 1, 'round 2'],
    [8, 1, 'round 3'],
  ]);
});

test('turbo: tests[] are checked on the first instance only', async () => {
  const rec = await run({
    turbo: 1,
    distribution: { type: 'load', total: 5, backlog: 2 },
    operations: [setOp([{ kpath: 'vars.name', type: 'string', value: 'bob' }])],
  });
  assert.equal(rec.counts.failed, 1);
  assert.equal(rec.counts.passed, 4);
  const noTurbo = await run({ distribution: { type: 'load', total: 5, backlog: 2 }, operations: [setOp([{ kpath: 'vars.name', type: 'string', value: 'bob' }])] });
  assert.equal(noTurbo.counts.failed, 5);
});

test('first_aborts entries carry the instance index, the operation index and the text', async () => {
  const rec = await run({
    distribution: { type: 'load', total: 12, backlog: 4 },
    operations: [{ type: 'comment' }, { type: 'assert', arguments: { expression: '$n >= 0', abort: "{ 'abort ' + $n }" } }, { type: 'assert', arguments: { expression: 'false', abort: "{ 'abort ' + $n }" } }],
  });
  assert.equal(rec.counts.aborted, 12);
  assert.equal(rec.first_aborts.length, 10);
  for (const a of rec.first_aborts) {
    assert.equal(a.op_idx, 2);
    assert.equal(a.text, `abort ${a.idx}`);
  }
});

test('tests[] on an operation without a result are not silently skipped', async () => {
  // wait, comment and halt return no result: a check written on them must either be refused at ExecuteTest or
  // be evaluated (and fail: nothing is present), never leave the instance "passed" unchecked.
  for (const op of [{ type: 'wait', arguments: { seconds: 0 } }, { type: 'comment' }]) {
    const params = { run_id: `checks-noresult-${++n}`, operations: [{ ...op, tests: [{ kpath: 'anything', type: 'exists' }] }] };
    const r = await call(svc.port, 'ExecuteTest', params);
    if (r.error) {
      assert.equal(r.error.code, 2002, r.error.message);
      assert.match(r.error.message, /operations\[0\]\.tests/);
      continue;
    }
    const rec = await waitForRun(svc.port, params.run_id);
    assert.notEqual(rec.counts.passed, 1, `${op.type}: the instance passed without its check being evaluated (check_log ${JSON.stringify(rec.first_call.check_log)})`);
  }
});
