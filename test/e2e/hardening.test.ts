// Issue 10's reproductions, each against the real service over TCP: what a hostile or careless client sent, and
// the documented answer now (the limits of core/expr/limits.ts and core/validation/shape.ts, docs/limits.md).
// No timing is asserted: where the fault was a freeze, the request would not finish in the test's time at all.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, call, runToCompletion, waitForRun } from '../helpers/service.js';
import type { RunningService } from '../../core/service.js';

let svc: RunningService;
before(async () => {
  svc = await startTestService([{ name: 'logic' }], { maxRuns: 20 });
});
after(async () => {
  await svc.close();
});

const alive = async () => {
  const r = await call(svc.port, 'ListTests', {});
  assert.ok(r.result, 'the service still answers');
};

test('1. a value built up to 200 MB: each instance aborts naming max_value_bytes; the service lives', async () => {
  const r = await runToCompletion(svc.port, {
    run_id: 'h1-dynamic',
    distribution: { type: 'load', total: 30, backlog: 30 },
    vars: { big: '{ upper(pad($n, 200000000)) }' },
    operations: [{ type: 'wait', arguments: { seconds: 0.01 } }],
  });
  assert.equal(r.counts.aborted, 30, JSON.stringify(r.counts));
  assert.match(r.first_aborts[0].text, /max_value_bytes/);
  await alive();
});

test('1. the same value from a static expression is refused up front with 2002 naming the field', async () => {
  const r = await call(svc.port, 'ExecuteTest', { run_id: 'h1-static', vars: { big: '{ upper(pad(1, 200000000)) }' }, operations: [{ type: 'comment' }] });
  assert.equal(r.error?.code, 2002);
  assert.match(r.error!.message, /vars\.big|\/vars\/big/);
  assert.match(r.error!.message, /max_value_bytes/);
});

test('2. bracket access to a non-own property yields no function; the run ends and releases its lock', async () => {
  const r = await runToCompletion(svc.port, {
    run_id: 'h2-constructor',
    locks: [{ key: 'K' }],
    vars: { s: 'x', o: {} },
    operations: [{ type: 'set', arguments: { vars: { f: "{ $n['constructor'] }", g: "{ $v.s['constructor'] }", h: "{ $v.o['__proto__'] }" } } }],
  });
  assert.notEqual(r.state, 'running');
  for (const k of ['f', 'g', 'h']) assert.ok(r.first_call.vars[k] === null || r.first_call.vars[k] === undefined, `${k} = ${JSON.stringify(r.first_call.vars[k])}`);
  const again = await call(svc.port, 'ExecuteTest', { run_id: 'h2-again', locks: [{ key: 'K' }], operations: [{ type: 'comment' }] });
  assert.equal(again.result, 'ok', 'lock K was released');
  await waitForRun(svc.port, 'h2-again');
});

test('3. a catastrophic-backtracking regex runs in linear time (RE2)', async () => {
  const r = await runToCompletion(svc.port, {
    run_id: 'h3-redos',
    operations: [{ type: 'set', arguments: { vars: { s: `${'a'.repeat(64)}!` } }, tests: [{ kpath: 'vars.s', type: 'regex', value: '^(a+)+$' }] }],
  });
  assert.equal(r.counts.failed, 1, JSON.stringify(r.first_call?.check_log ?? r.first_aborts));
  assert.equal(r.first_call.check_log[0].status, 'fail');
  assert.match(r.first_call.check_log[0].text, /matching/, 'the value was read and matched against the pattern');
  await alive();
});

test('3. 8,000 nested parentheses are refused with 2002 naming the nesting limit', async () => {
  const deep = `{ ${'('.repeat(8000)}1${')'.repeat(8000)} }`;
  const r = await call(svc.port, 'ExecuteTest', { run_id: 'h3-parens', vars: { x: deep }, operations: [{ type: 'comment' }] });
  assert.equal(r.error?.code, 2002);
  assert.match(r.error!.message, /max_expression_depth|nest/i);
});

test('3. 9,999 labelled branch operations (and the end label: the 10,000 allowed) validate and run', async () => {
  const n = 9_999;
  const ops = Array.from({ length: n }, (_, i) => ({ type: 'branch', label: `L${i}`, arguments: { expression: 'true', on_true: i + 1 < n ? `L${i + 1}` : 'END', on_false: 'END' } }));
  ops.push({ type: 'comment', label: 'END', arguments: {} } as never);
  const r = await runToCompletion(svc.port, { run_id: 'h3-labels', operations: ops }, { timeoutMs: 60_000 });
  assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts));
});

test('3. randomDigits(10000000) aborts the instance naming max_value_bytes', async () => {
  const r = await runToCompletion(svc.port, { run_id: 'h3-digits', vars: { d: '{ randomDigits(10000000 + $n) }' }, operations: [{ type: 'comment' }] });
  assert.equal(r.counts.aborted, 1);
  assert.match(r.first_aborts[0].text, /max_value_bytes/);
});

test('4. a run looping on branch does not starve another: 200 comment instances complete meanwhile', async () => {
  const loop = await call(svc.port, 'ExecuteTest', {
    run_id: 'h4-loop',
    operations: [{ type: 'branch', label: 'top', arguments: { expression: 'true', on_true: 'top', on_false: 'top' } }],
  });
  assert.equal(loop.result, 'ok');
  try {
    const r = await runToCompletion(svc.port, { run_id: 'h4-comments', distribution: { type: 'load', total: 200, backlog: 20 }, operations: [{ type: 'comment' }] }, { timeoutMs: 60_000 });
    assert.equal(r.counts.passed, 200);
    const q = await call(svc.port, 'QueryTest', { run_id: 'h4-loop' });
    assert.equal((q.result as any).state, 'running', 'the loop was still running meanwhile');
  } finally {
    await call(svc.port, 'CancelTest', { run_id: 'h4-loop' });
  }
  const done = await waitForRun(svc.port, 'h4-loop');
  assert.equal(done.state, 'cancelled');
});

test('6. sequence() counters belong to the run: a second run starts again, and names per run are bounded', async () => {
  const def = { vars: { a: "{ sequence('s', 1) }" }, operations: [{ type: 'comment' }] };
  const r1 = await runToCompletion(svc.port, { ...def, run_id: 'h6-a', distribution: { type: 'load', total: 3, backlog: 1 } });
  const r2 = await runToCompletion(svc.port, { ...def, run_id: 'h6-b' });
  assert.equal(r1.first_call.vars.a, 1);
  assert.equal(r2.first_call.vars.a, 1, 'a new run counts from the start again');
  const many = await runToCompletion(svc.port, {
    run_id: 'h6-uuid',
    distribution: { type: 'load', total: 10_050, backlog: 50 },
    vars: { a: '{ sequence(uuid()) }' },
    operations: [{ type: 'comment' }],
  }, { timeoutMs: 120_000 });
  assert.ok(many.counts.aborted >= 1, 'beyond max_sequences names an instance aborts');
  assert.match(many.first_aborts[0].text, /max_sequences/);
});

test('7. a definition nested 1,504 levels deep is refused with 2002 naming the depth limit', async () => {
  let v: unknown = 1;
  for (let i = 0; i < 1504; i++) v = { v };
  const r = await call(svc.port, 'ExecuteTest', { run_id: 'h7-deep', vars: { deep: v }, operations: [{ type: 'comment' }] });
  assert.equal(r.error?.code, 2002);
  assert.match(r.error!.message, /deep|depth|nest/i);
});

test('7. wait.seconds "1e999" or "Infinity" is refused with 2002 naming the field', async () => {
  for (const seconds of ['1e999', 'Infinity', '{ 1/0 }']) {
    const r = await call(svc.port, 'ExecuteTest', { run_id: `h7-wait-${seconds.length}`, operations: [{ type: 'wait', arguments: { seconds } }] });
    if (r.error) {
      assert.equal(r.error.code, 2002, seconds);
      assert.match(r.error.message, /seconds/, seconds);
    } else {
      // an expression the service cannot fold up front aborts the instance instead of waiting ~0 s
      const rec = await waitForRun(svc.port, `h7-wait-${seconds.length}`);
      assert.equal(rec.counts.aborted, 1, `${seconds}: ${JSON.stringify(rec.counts)}`);
      assert.match(rec.first_aborts[0].text, /seconds/);
    }
  }
});

test('9. the first-call record is bounded: vars beyond --max-record-bytes are left out with a marker', async () => {
  const small = await startTestService([{ name: 'logic' }], { maxRecordBytes: 64 * 1024 });
  try {
    const r = await runToCompletion(small.port, {
      run_id: 'h9-record',
      trace_level: 2,
      operations: [{ type: 'set', arguments: { vars: { big: "{ pad('x', 500000) }" } } }],
    });
    assert.equal(r.counts.passed, 1);
    assert.equal(r.first_call.vars, undefined);
    assert.match(r.first_call.truncated.vars, /budget/);
    assert.ok(JSON.stringify(r).length < 200 * 1024, `record of ${JSON.stringify(r).length} bytes`);
  } finally {
    await small.close();
  }
});
