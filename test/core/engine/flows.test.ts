// core/engine/flows.ts, flow-frames.ts, leg.ts: flows (call, repeat, choose, parallel) as behaviour tables over the
// real service with the logic operations and the context fixture's: input definition → record.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService, call, runToCompletion, waitForRun } from '../../helpers/service.js';
import type { RunningService } from '../../../core/service.js';

const module = fileURLToPath(new URL('../plugins/fixtures/context-ops.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'flows-'));
let svc: RunningService;
let n = 0;
const run = (params: Record<string, unknown>) => runToCompletion(svc.port, { run_id: `flows-${++n}`, ...params }, { timeoutMs: 10_000 });
const refused = async (params: Record<string, unknown>) => {
  const r = await call(svc.port, 'ExecuteTest', { run_id: `flows-bad-${++n}`, ...params });
  assert.equal(r.error?.code, 2002, JSON.stringify(r));
  return r.error!.message;
};
before(async () => {
  mkdirSync(join(dataDir, 'flows'));
  writeFileSync(join(dataDir, 'flows', 'lib.json'), JSON.stringify({ flows: { libflow: { args: ['x'], operations: [{ type: 'set', arguments: { vars: { y: '{ $v.x * 2 }' } } }] } } }));
  writeFileSync(join(dataDir, 'flows', 'broken.json'), '{"flows": ');
  svc = await startTestService([{ name: 'logic' }, { module }], { dataDir });
});
after(async () => {
  await svc.close();
});

const set = (vars: Record<string, unknown>) => ({ type: 'set', arguments: { vars } });
const assertOp = (expression: string) => ({ type: 'assert', arguments: { expression, abort: `not ${expression}` } });
const callOp = (flow: string, args?: Record<string, unknown>, save?: Record<string, string>) => ({ type: 'call', arguments: { flow, ...(args ? { args } : {}), ...(save ? { save } : {}) } });

describe('call', () => {
  test('a flow runs with its args as locals; save copies locals back; the caller keeps its vars; the result is tested', async () => {
    const rec = await run({
      vars: { a: 5, keep: 'me' },
      flows: { add: { args: { x: null, y: 10 }, operations: [assertOp('$v.keep == null'), set({ sum: '{ $v.x + $v.y }' })] } },
      operations: [{ ...callOp('add', { x: '{ $v.a }' }, { total: 'sum' }), tests: [{ kpath: 'sum', type: 'integer', value: 15 }] }, assertOp('$v.total == 15 && $v.keep == "me" && $v.sum == null')],
    });
    assert.equal(rec.counts.passed, 1, JSON.stringify([rec.first_aborts, rec.first_fails]));
    assert.deepEqual(rec.first_call.vars, { a: 5, keep: 'me', total: 15 });
  });

  test('flows nest; branches jump within a flow; the detail tags entries with the flow and traces its entry and exit', async () => {
    const rec = await run({
      trace_level: 1,
      flows: {
        outer: [callOp('inner', {}, {}), { type: 'branch', arguments: { expression: true, on_true: 'end' } }, assertOp('false'), { type: 'fx_ctx.local.Message', label: 'end' }],
        inner: [{ type: 'fx_ctx.local.Message' }],
      },
      operations: [callOp('outer'), { type: 'fx_ctx.local.Message' }],
    });
    assert.equal(rec.counts.passed, 1, JSON.stringify(rec.first_aborts));
    // the fixture's Message records two messages
    assert.deepEqual(rec.first_call.messages.map((m: any) => m.flow ?? '-'), ['outer/inner', 'outer/inner', 'outer', 'outer', '-', '-']);
    const flowLines = rec.first_call.trace_log.map((t: any) => t.msg).filter((m: string) => /flow/.test(m));
    assert.deepEqual(flowLines.filter((m: string) => !m.startsWith('operation')), ['enter flow outer', 'enter flow outer/inner', 'leave flow outer/inner', 'leave flow outer']);
  });

  test('halt inside a flow ends the instance, which keeps its own vars', async () => {
    const rec = await run({ vars: { top: 1 }, flows: { f: { args: ['q'], operations: [{ type: 'halt' }] } }, operations: [callOp('f', { q: 1 }), assertOp('false')] });
    assert.equal(rec.counts.passed, 1);
    assert.deepEqual(rec.first_call.vars, { top: 1 });
  });

  test('bounded recursion runs; past its max_depth the instance aborts with a clear reason', async () => {
    const countdown = { max_depth: 5, args: ['k'], operations: [{ type: 'branch', arguments: { expression: '{ $v.k <= 0 }', on_true: 'done' } }, callOp('down', { k: '{ $v.k - 1 }' }), { type: 'comment', label: 'done', arguments: { text: 'bottom' } }] };
    const ok = await run({ flows: { down: countdown }, operations: [callOp('down', { k: 4 })] });
    assert.equal(ok.counts.passed, 1, JSON.stringify(ok.first_aborts));
    const deep = await run({ flows: { down: countdown }, operations: [callOp('down', { k: 9 })] });
    assert.equal(deep.counts.aborted, 1);
    assert.match(deep.first_aborts[0].text, /flow 'down': recursion deeper than its max_depth 5/);
  });

  test('library flows from <data-dir>/flows/ by include', async () => {
    const rec = await run({ include: ['lib'], operations: [callOp('libflow', { x: 21 }, { y: 'y' })] });
    assert.equal(rec.first_call.vars.y, 42);
  });
});

describe('repeat', () => {
  test('count runs the flow n times with repeat_index; while stops it, checked before each run over the caller vars', async () => {
    const flows = { inc: { args: { i: 0 }, operations: [set({ i: '{ $v.i + 1 }', last: '{ $v.repeat_index }' })] } };
    const counted = await run({ flows, vars: { i: 0 }, operations: [{ type: 'repeat', arguments: { flow: 'inc', count: 3, save: { last: 'last' } } }] });
    assert.equal(counted.first_call.vars.last, 2);
    const whiled = await run({
      flows: { step: { args: ['i'], operations: [set({ i: '{ $v.i + 1 }' })] } },
      vars: { i: 0 },
      operations: [{ type: 'repeat', arguments: { flow: 'step', args: { i: '{ $v.i }' }, while: '{ $v.i < 4 }', count: 10, save: { i: 'i' } } }],
    });
    // args are evaluated once, at the repeat: i goes 0 → 1 each run, so only the count ends it
    assert.equal(whiled.first_call.vars.i, 1);
    const none = await run({ flows, vars: { i: 0 }, operations: [{ type: 'repeat', arguments: { flow: 'inc', while: '{ $v.i > 0 }', save: { last: 'last' } } }, assertOp('$v.last == null')] });
    assert.equal(none.counts.passed, 1, JSON.stringify(none.first_aborts));
  });

  test('a while loop that saves its progress ends when the expression turns false', async () => {
    const rec = await run({ flows: { tick: [set({ done: true })] }, vars: { done: false }, operations: [{ type: 'repeat', arguments: { flow: 'tick', while: '{ !$v.done }', save: { done: 'done' } } }] });
    assert.equal(rec.first_call.vars.done, true);
  });
});

describe('choose', () => {
  test('picks flows by weight per instance; the record counts each flow and each failure names its pick', async () => {
    const rec = await run({
      distribution: { type: 'load', total: 400, backlog: 20 },
      detail: { failures: 3 },
      flows: { answered: [comment()], busy: [{ type: 'assert', arguments: { expression: false, fail: 'busy' } }], never: [comment()] },
      operations: [{ type: 'choose', arguments: { weights: { answered: 3, busy: 1, never: 0 } } }],
    });
    const counts = rec.choices['operations[0]'];
    assert.equal(counts.answered + counts.busy, 400);
    assert.equal(counts.never, 0);
    assert.ok(counts.busy > 50 && counts.busy < 150, `busy about a quarter: ${counts.busy}`);
    assert.equal(rec.counts.failed, counts.busy);
    assert.ok(rec.failures.length >= 1);
    for (const f of rec.failures) assert.deepEqual(f.choices, [{ op: 'operations[0]', flow: 'busy' }]);
  });
});

describe('parallel', () => {
  test('legs run at once with their own locals, tagged by leg; join all gives each outcome and locals; save copies', async () => {
    const rec = await run({
      trace_messages: 1,
      flows: {
        slow: { args: ['t'], operations: [{ type: 'wait', arguments: { seconds: '{ $v.t }' } }, { type: 'fx_ctx.local.Message' }, set({ done: 'slow' })] },
        fast: [{ type: 'fx_ctx.local.Message' }, set({ done: 'fast' })],
      },
      operations: [
        { type: 'parallel', arguments: { legs: [{ flow: 'slow', args: { t: 0.05 } }, { flow: 'fast', name: 'quick' }], save: { s: 'slow.done', q: 'quick.done' } }, tests: [{ kpath: 'legs.slow.outcome', type: 'string', value: 'passed' }] },
      ],
    });
    assert.equal(rec.counts.passed, 1, JSON.stringify([rec.first_aborts, rec.first_fails]));
    assert.deepEqual(rec.first_call.messages.map((m: any) => m.leg), ['quick', 'quick', 'slow', 'slow'], 'the fast leg sent first');
    assert.deepEqual(rec.first_call.vars, { s: 'slow', q: 'fast' });
  });

  test('join first stops the other legs and names the first', async () => {
    const rec = await run({
      flows: { hang: [{ type: 'fx_ctx.local.WaitEndSignal' }, set({ reached: true })], quick: [set({ ok: 1 })] },
      operations: [{ type: 'parallel', arguments: { join: 'first', legs: [{ flow: 'hang' }, { flow: 'quick' }] }, tests: [{ kpath: 'first', type: 'string', value: 'quick' }, { kpath: 'legs.hang.outcome', type: 'string', value: 'cancelled' }] }],
    });
    assert.equal(rec.counts.passed, 1, JSON.stringify([rec.first_aborts, rec.first_fails]));
  });

  test('an abort in one leg cancels the others and aborts the instance with its reason', async () => {
    const rec = await run({
      detail: { failures: 1 },
      flows: { hang: [{ type: 'fx_ctx.local.Hang' }], bad: [{ type: 'fx_ctx.local.Abort' }] },
      operations: [{ type: 'parallel', arguments: { legs: [{ flow: 'hang' }, { flow: 'bad' }] } }, set({ after: 1 })],
    });
    assert.equal(rec.counts.aborted, 1);
    assert.equal(rec.first_aborts.length, 1, 'one abort: the cancelled leg adds none');
    assert.match(rec.first_aborts[0].text, /operations\[0\]: leg 'bad' aborted: a readable reason/);
    assert.equal(rec.first_call.vars.after, undefined);
  });

  test('a stop reaches the legs of a leg: an abort ends nested legs that wait forever', async () => {
    const rec = await run({
      detail: { failures: 1 },
      flows: { hang: [{ type: 'fx_ctx.local.Hang' }], inner: [{ type: 'parallel', arguments: { legs: [{ flow: 'hang', name: 'h1' }, { flow: 'hang', name: 'h2' }] } }], bad: [{ type: 'wait', arguments: { seconds: 0.02 } }, { type: 'fx_ctx.local.Abort' }] },
      operations: [{ type: 'parallel', arguments: { legs: [{ flow: 'inner' }, { flow: 'bad' }] } }],
    });
    assert.equal(rec.counts.aborted, 1);
    assert.match(rec.first_aborts[0].text, /leg 'bad' aborted: a readable reason/);
  });

  test('a choose inside a leg is recorded in its instance\'s failure', async () => {
    const rec = await run({
      detail: { failures: 1 },
      flows: { pick: [{ type: 'choose', arguments: { weights: { no: 1 } } }], no: [{ type: 'assert', arguments: { expression: false, fail: 'no' } }], other: [comment()] },
      operations: [{ type: 'parallel', arguments: { legs: [{ flow: 'pick' }, { flow: 'other' }] } }],
    });
    assert.equal(rec.counts.failed, 1);
    assert.deepEqual(rec.failures[0].choices, [{ op: 'flows.pick[0]', flow: 'no' }]);
    assert.deepEqual(rec.choices, { 'flows.pick[0]': { no: 1 } });
  });

  test('halt inside a leg (in a flow it called) ends the leg alone, with its own locals', async () => {
    const rec = await run({
      flows: { stop: [{ type: 'halt' }], a: { args: ['q'], operations: [callOp('stop'), set({ q: 'not reached' })] }, b: [set({ r: 2 })] },
      operations: [{ type: 'parallel', arguments: { legs: [{ flow: 'a', args: { q: 1 } }, { flow: 'b' }], save: { q: 'a.q', r: 'b.r' } } }, set({ after: true })],
    });
    assert.equal(rec.counts.passed, 1, JSON.stringify(rec.first_aborts));
    assert.deepEqual(rec.first_call.vars, { q: 1, r: 2, after: true });
  });

  test('a fail in a leg fails the instance, whose checks carry the leg', async () => {
    const rec = await run({ flows: { a: [{ type: 'assert', arguments: { expression: false, fail: 'leg a failed' } }], b: [comment()] }, operations: [{ type: 'parallel', arguments: { legs: [{ flow: 'a' }, { flow: 'b' }] } }] });
    assert.equal(rec.counts.failed, 1);
    assert.deepEqual(rec.first_call.check_log.filter((c: any) => c.status === 'fail').map((c: any) => [c.leg, c.flow, c.text]), [['a', 'a', 'leg a failed']]);
  });

  test('CancelTest ends instances waiting in their legs as cancelled', async () => {
    const id = `flows-cancel-${++n}`;
    const started = await call(svc.port, 'ExecuteTest', { run_id: id, distribution: { type: 'load', total: 4, backlog: 4 }, flows: { h: [{ type: 'fx_ctx.local.Hang' }], w: [{ type: 'fx_ctx.local.WaitEndSignal' }] }, operations: [{ type: 'parallel', arguments: { legs: [{ flow: 'h' }, { flow: 'w' }] } }] });
    assert.ok(!started.error, JSON.stringify(started.error));
    await new Promise((r) => setTimeout(r, 50));
    await call(svc.port, 'CancelTest', { run_id: id });
    const rec = await waitForRun(svc.port, id, { timeoutMs: 10_000 });
    assert.equal(rec.counts.started, 4);
    assert.equal(rec.counts.cancelled, 4, JSON.stringify(rec.counts));
  });
});

describe('misuse is a 2002 naming the path', () => {
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['unknown flow', { operations: [callOp('nope')] }, /operations\[0\]\.arguments\.flow: unknown flow "nope" \(the definition has no flows\)/],
    ['unknown flow among flows', { flows: { a: [comment()] }, operations: [callOp('b')] }, /unknown flow "b" \(flows: a\)/],
    ['an arg the flow does not take', { flows: { a: [comment()] }, operations: [callOp('a', { x: 1 })] }, /operations\[0\]\.arguments\.args\.x: flow 'a' has no arg 'x' \(it declares none\)/],
    ['a required arg missing', { flows: { a: { args: ['x'], operations: [comment()] } }, operations: [callOp('a')] }, /operations\[0\]\.arguments\.args: flow 'a' needs arg 'x'/],
    ['a branch out of its flow', { flows: { a: [{ type: 'branch', arguments: { expression: true, on_true: 'top' } }] }, operations: [{ type: 'comment', label: 'top', arguments: { text: '' } }, callOp('a')] }, /flows\.a\[0\]\.arguments\.on_true: unknown label 'top'/],
    ['recursion without a bound', { flows: { a: [callOp('b')], b: [callOp('a')] }, operations: [callOp('a')] }, /flows\.a: flow 'a' recurses \(a → b → a\) without a bound/],
    ['a negative weight', { flows: { a: [comment()] }, operations: [{ type: 'choose', arguments: { weights: { a: -1 } } }] }, /operations\[0\]\.arguments\.weights\.a/],
    ['weights all zero', { flows: { a: [comment()] }, operations: [{ type: 'choose', arguments: { weights: { a: 0 } } }] }, /operations\[0\]\.arguments\.weights: needs at least one flow with a weight > 0/],
    ['a weight on an unknown flow', { flows: { a: [comment()] }, operations: [{ type: 'choose', arguments: { weights: { a: 1, z: 1 } } }] }, /operations\[0\]\.arguments\.weights\.z: unknown flow "z"/],
    ['one leg', { flows: { a: [comment()] }, operations: [{ type: 'parallel', arguments: { legs: [{ flow: 'a' }] } }] }, /operations\[0\]\.arguments\.legs/],
    ['two legs of one name', { flows: { a: [comment()] }, operations: [{ type: 'parallel', arguments: { legs: [{ flow: 'a' }, { flow: 'a' }] } }] }, /legs\[1\]\.name: leg 'a' is named twice/],
    ['a count that is an expression', { flows: { a: [comment()] }, operations: [{ type: 'repeat', arguments: { flow: 'a', count: '{ $v.n }' } }] }, /operations\[0\]\.arguments\.count: is a number, not an expression/],
    ['a flow name that is an expression', { flows: { a: [comment()] }, operations: [callOp('{ $v.f }')] }, /operations\[0\]\.arguments\.flow: unknown flow "\{ \$v\.f \}"/],
    ['repeat without a bound', { flows: { a: [comment()] }, operations: [{ type: 'repeat', arguments: { flow: 'a' } }] }, /operations\[0\]\.arguments: repeat needs a count, a while expression or both/],
    ['an error inside a flow', { flows: { a: [{ type: 'nosuch' }] }, operations: [callOp('a')] }, /flows\.a\[0\]\.type: unknown operation type 'nosuch'/],
    ['a bad flow name', { flows: { 'a b': [comment()] }, operations: [comment()] }, /flows/],
    ['an unknown library', { include: ['nope'], operations: [comment()] }, /include\[0\]: no library flows 'nope'/],
    ['a library that is not JSON', { include: ['broken'], operations: [comment()] }, /include\[0\]: library 'broken' is not JSON/],
    ['a library path', { include: ['../x'], operations: [comment()] }, /include/],
    ['a library flow defined twice', { include: ['lib'], flows: { libflow: [comment()] }, operations: [comment()] }, /include\[0\]: flow 'libflow' of library 'lib' is already defined in the definition's flows/],
  ];
  for (const [what, params, re] of cases) {
    test(what, async () => assert.match(await refused(params), re));
  }
});

function comment() {
  return { type: 'comment', arguments: { text: 'x' } };
}
