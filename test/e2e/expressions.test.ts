// Expressions end to end (DESIGN §3): $v per instance, $g shared, $i, $n, "\{" escapes, run-time failures as aborts
// naming the path, and the built-in functions, all through ExecuteTest over TCP.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, runToCompletion, call, waitForRun } from '../helpers/service.js';
import type { RunningService } from '../../core/service.js';

let svc: RunningService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc.close();
});

test('vars written as expressions over $n differ per instance', async () => {
  const rec = await runToCompletion(svc.port, {
    run_id: 'expr-vars-per-instance',
    distribution: { type: 'load', total: 8, backlog: 3 },
    vars: { msisdn: "{ '0211' + pad($n, 6) }" },
    operations: [
      { type: 'assert', arguments: { expression: "$v.msisdn == '0211' + pad($n, 6) && len($v.msisdn) == 10", fail: 'wrong msisdn' } },
      { type: 'set', arguments: { globals: { seen: "{ $g.seen ? $g.seen + ',' + $v.msisdn : $v.msisdn }" } } },
    ],
  });
  assert.equal(rec.counts.passed, 8, JSON.stringify(rec.first_fails));
  assert.equal(rec.first_call.vars.msisdn, '0211000000');
  const seen = String(rec.globals.seen).split(',').sort();
  assert.deepEqual(seen, Array.from({ length: 8 }, (_, n) => `0211${String(n).padStart(6, '0')}`));
});

test('vars see the vars before them', async () => {
  const rec = await runToCompletion(svc.port, { run_id: 'expr-vars-chain', vars: { a: 20, b: '{ $v.a + 1 }', c: "{ 'x' + $v.b }" }, operations: [{ type: 'comment' }] });
  assert.deepEqual({ a: rec.first_call.vars.a, b: rec.first_call.vars.b, c: rec.first_call.vars.c }, { a: 20, b: 21, c: 'x21' });
});

test('$g is shared by every instance of a run, and starts empty for each run', async () => {
  const params = (id: string) => ({
    run_id: id,
    distribution: { type: 'load', total: 25, backlog: 5 },
    operations: [
      { type: 'set', arguments: { globals: { count: '{ ($g.count ? $g.count : 0) + 1 }', last: '{ $n }' } } },
      { type: 'wait', arguments: { seconds: 0.001 } },
    ],
  });
  const rec = await runToCompletion(svc.port, params('expr-globals-1'));
  assert.equal(rec.globals.count, 25);
  assert.equal(typeof rec.globals.last, 'number');
  const rec2 = await runToCompletion(svc.port, params('expr-globals-2'));
  assert.equal(rec2.globals.count, 25, 'globals leaked from the previous run');
});

test('$v changes made by set stay in the instance; $i is untouched by logic operations', async () => {
  const rec = await runToCompletion(svc.port, {
    run_id: 'expr-v-i',
    distribution: { type: 'load', total: 4, backlog: 4 },
    vars: { x: 1 },
    operations: [
      { type: 'assert', arguments: { expression: '$v.x == 1', fail: 'another instance changed my $v' } },
      { type: 'set', arguments: { vars: { x: '{ $v.x + 100 + $n }' } } },
      { type: 'wait', arguments: { seconds: 0.01 } },
      { type: 'assert', arguments: { expression: '$v.x == 101 + $n', fail: 'lost my $v' } },
      { type: 'assert', arguments: { expression: 'len($i) == 0', fail: '$i changed' } },
    ],
  });
  assert.equal(rec.counts.passed, 4, JSON.stringify(rec.first_fails));
  assert.equal(rec.first_call.vars.x, 101);
});

test('"\\{" escapes a literal brace beside an expression in the same arguments', async () => {
  const rec = await runToCompletion(svc.port, {
    run_id: 'expr-escape-dynamic',
    operations: [{ type: 'set', arguments: { vars: { text: '\\{ not evaluated }', n: '{ $n }' } } }],
  });
  assert.equal(rec.first_call.vars.text, '{ not evaluated }');
});

test('"\\{" escapes a literal brace in arguments without any expression', async () => {
  const rec = await runToCompletion(svc.port, {
    run_id: 'expr-escape',
    operations: [{ type: 'set', arguments: { vars: { text: '\\{ not evaluated }', mixed: 'a {b} c' } } }],
  });
  assert.equal(rec.first_call.vars.text, '{ not evaluated }');
  assert.equal(rec.first_call.vars.mixed, 'a {b} c', 'braces inside a string are not an expression');
});

test('an expression that fails at run time aborts the instance, naming the path', async () => {
  const rec = await runToCompletion(svc.port, {
    run_id: 'expr-runtime-fail',
    operations: [{ type: 'comment' }, { type: 'set', arguments: { vars: { r: '{ randomInt(5, 1) }' } } }, { type: 'comment', arguments: { text: 'not reached' } }],
  });
  assert.equal(rec.counts.aborted, 1);
  assert.equal(rec.first_aborts.length, 1);
  assert.equal(rec.first_aborts[0].op_idx, 1);
  assert.equal(rec.first_aborts[0].idx, 0);
  assert.match(rec.first_aborts[0].text, /operations\[1\]\.arguments/);
  assert.equal(rec.first_call.outcome, 'aborted');
  const last = rec.first_call.check_log.at(-1);
  assert.equal(last.status, 'abort');
  assert.equal(last.op_idx, 1);
});

test('an expression whose value fails the argument schema aborts naming the argument', async () => {
  const rec = await runToCompletion(svc.port, { run_id: 'expr-bad-value', vars: { when: 'soon' }, operations: [{ type: 'wait', arguments: { seconds: '{ $v.when }' } }] });
  assert.equal(rec.counts.aborted, 1);
  assert.match(rec.first_aborts[0].text, /operations\[0\]\.arguments\.seconds/);
});

test('a constant expression is evaluated at ExecuteTest: a bad value is 2002 naming the argument', async () => {
  const r = await call(svc.port, 'ExecuteTest', { run_id: 'expr-bad-constant', operations: [{ type: 'wait', arguments: { seconds: "{ 'soon' }" } }] });
  assert.equal(r.error?.code, 2002);
  assert.match(r.error!.message, /operations\[0\]\.arguments\.seconds/);
});

test('an expression yielding a numeric string is coerced where a number is expected', async () => {
  const rec = await runToCompletion(svc.port, { run_id: 'expr-numeric-string', operations: [{ type: 'wait', arguments: { seconds: "{ '0.01' }" } }] });
  assert.equal(rec.counts.passed, 1, JSON.stringify(rec.first_aborts));
});

test('a var that fails to evaluate aborts the instance before its first operation', async () => {
  const rec = await runToCompletion(svc.port, { run_id: 'expr-var-fail', vars: { r: '{ randomInt(9, 1) }' }, operations: [{ type: 'comment' }] });
  assert.equal(rec.counts.aborted, 1);
  assert.match(rec.first_aborts[0].text, /vars/);
});

test('built-in functions in a run: randomDigits, sequence, uuid, substring, now', async () => {
  const t0 = Date.now();
  const rec = await runToCompletion(svc.port, {
    run_id: 'expr-functions',
    distribution: { type: 'load', total: 3, backlog: 1 },
    vars: {
      digits: "{ '0211' + randomDigits(6) }",
      seq: "{ sequence('expr-functions-e2e', 1000) }",
      id: '{ uuid() }',
      tail: "{ substring('0211123456', 4) }",
      at: '{ now() }',
    },
    operations: [
      { type: 'set', arguments: { globals: { seqs: "{ $g.seqs ? $g.seqs + ',' + $v.seq : '' + $v.seq }" } } },
    ],
  });
  const t1 = Date.now();
  const v = rec.first_call.vars;
  assert.match(v.digits, /^0211\d{6}$/);
  assert.match(v.id, /^[0-9a-f-]{36}$/);
  assert.equal(v.tail, '123456');
  assert.ok(v.at >= t0 && v.at <= t1, `now() ${v.at} not within the run`);
  assert.equal(v.seq, 1000);
  assert.deepEqual(String(rec.globals.seqs).split(',').map(Number), [1000, 1001, 1002]);
});

test('lock keys are evaluated with the initial vars', async () => {
  const rec = await runToCompletion(svc.port, { run_id: 'expr-lock', vars: { sub: '42' }, locks: [{ key: "{ 'sub-' + $v.sub }" }], operations: [{ type: 'comment' }] });
  assert.equal(rec.counts.passed, 1);
});

test('a lock key over $v locks the value the first instance actually uses (vars are evaluated once)', async () => {
  // With a side-effecting var (a sequence, random digits), evaluating the vars once for the lock and again for
  // instance 0 would lock one subscriber and test another.
  const seq = `lock-seq-${process.pid}`;
  const r = await call(svc.port, 'ExecuteTest', {
    run_id: 'expr-lock-same-value',
    vars: { sub: `{ '0211' + pad(sequence('${seq}', 1), 6) }` },
    locks: [{ key: "{ 'sub-' + $v.sub }" }],
    operations: [{ type: 'set', arguments: { globals: { used: '{ $v.sub }' } } }, { type: 'wait', arguments: { seconds: 0.5 } }],
  });
  assert.equal(r.result, 'ok');
  let used: string | undefined;
  for (let i = 0; i < 100 && used === undefined; i++) {
    used = (await call(svc.port, 'QueryTest', { run_id: 'expr-lock-same-value' })).result.globals.used;
    if (used === undefined) await new Promise((res) => setTimeout(res, 10));
  }
  assert.ok(used, 'instance 0 did not record its subscriber');
  const second = await call(svc.port, 'ExecuteTest', { run_id: 'expr-lock-same-value-2', locks: [{ key: `sub-${used}` }], operations: [{ type: 'comment' }] });
  assert.equal(second.error?.code, 2003, `instance 0 uses ${used} but the lock 'sub-${used}' was free: the run locked another value`);
  await waitForRun(svc.port, 'expr-lock-same-value');
});
