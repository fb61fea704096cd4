// core/engine/instance.ts: the OperationContext as plugins see it, through a fixture plugin's operations over the
// real service: match/received/$i, messages and traces per trace_level, state and defer, aborts, signals.
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { startTestService, call, runToCompletion, waitForRun } from '../../helpers/service.js';
import type { RunningService } from '../../../core/service.js';

const module = fileURLToPath(new URL('../plugins/fixtures/context-ops.ts', import.meta.url));
let svc: RunningService;
let n = 0;
const run = (params: Record<string, unknown>) => runToCompletion(svc.port, { run_id: `ctx-${++n}`, ...params }, { timeoutMs: 10_000 });
before(async () => {
  svc = await startTestService([{ name: 'logic' }, { module }]);
});
after(async () => {
  await svc.close();
});

const recv = (args: Record<string, unknown>) => ({ type: 'fx_ctx.peer_to_tester.Receive', arguments: args });

describe('match and received', () => {
  test('equal fields pass, one pass per field, numeric strings equal numbers', async () => {
    const rec = await run({ operations: [recv({ cause: 31, name: 'release' })] });
    assert.equal(rec.counts.passed, 1, JSON.stringify(rec.first_fails));
    assert.deepEqual(rec.first_call.check_log.map((c: any) => [c.status, c.text]), [
      ['pass', 'Msg.cause: is 31'],
      ['pass', 'Msg.name: is "release"'],
    ]);
  });

  test('a different value fails naming the field, expected and got', async () => {
    const rec = await run({ operations: [recv({ cause: 16 }), { type: 'set', arguments: { vars: { after: 1 } } }] });
    assert.equal(rec.counts.failed, 1);
    assert.equal(rec.first_fails[0].text, 'Msg.cause: expected 16, got 31');
    assert.equal(rec.first_call.vars.after, 1, 'a mismatch is a fail, not an abort');
  });

  test('null means absent; !field means not equal; !field null means present; dotted fields reach inside', async () => {
    const ok = await run({ operations: [recv({ cause: 31, '!name': 'other', 'deep.value': 'x' }), recv({ message: { cause: 1 }, name: null, '!cause': null })] });
    assert.equal(ok.counts.passed, 1, JSON.stringify(ok.first_fails));
    const bad = await run({ operations: [recv({ name: null, '!cause': 31 }), recv({ message: { name: 'x' }, '!cause': null })] });
    assert.deepEqual(bad.first_fails.map((f: any) => f.text), [
      'Msg.name: expected absent, got "release"',
      'Msg.cause: expected anything but 31',
      'Msg.cause: expected present, got absent',
    ]);
  });

  test('receive arguments are schema-checked with null and !name allowed, control arguments are not nullable', async () => {
    const bad = await call(svc.port, 'ExecuteTest', { run_id: `ctx-bad-${++n}`, operations: [recv({ cause: 'many' })] });
    assert.equal(bad.error?.code, 2002);
    assert.match(bad.error!.message, /operations\[0\]\.arguments\.cause/);
    const badNeg = await call(svc.port, 'ExecuteTest', { run_id: `ctx-bad-${++n}`, operations: [recv({ '!cause': 'many' })] });
    assert.equal(badNeg.error?.code, 2002);
    const nullControl = await call(svc.port, 'ExecuteTest', { run_id: `ctx-bad-${++n}`, operations: [recv({ message: null })] });
    assert.equal(nullControl.error?.code, 2002);
  });

  test('received messages are in $i for later expressions', async () => {
    const rec = await run({ operations: [recv({}), { type: 'assert', arguments: { expression: "$i.Msg.cause == 31 && $i.Msg.deep.value == 'x'", abort: 'no $i' } }, { type: 'set', arguments: { vars: { cause: '{ $i.Msg.cause }' } } }] });
    assert.equal(rec.counts.passed, 1, JSON.stringify(rec.first_aborts));
    assert.equal(rec.first_call.vars.cause, 31);
  });

  test('$v and $i as an expression sees them: written after its scope was made, and again after a wait', async () => {
    // no vars: they are made at the first write, into the scope an expression already used; a wait lets the scope go
    const wrote = { type: 'assert', arguments: { expression: '$v.a == 1 && $v.stateN == 1 && $i.Msg.cause == 31', abort: 'stale scope' } };
    const ops = [{ type: 'set', arguments: { vars: { a: '{ $n + 1 }' } } }, recv({}), { type: 'fx_ctx.local.InitCleanups' }, { type: 'fx_ctx.local.Defer' }, wrote, { type: 'wait', arguments: { seconds: 0.01 } }, wrote, { type: 'set', arguments: { vars: { cause: '{ $i.Msg.cause }' } } }];
    const rec = await run({ operations: ops });
    assert.equal(rec.counts.passed, 1, JSON.stringify(rec.first_aborts));
    assert.equal(rec.first_call.vars.cause, 31);
    assert.equal(rec.first_call.vars.a, 1);
  });

  test('turbo skips matching on instances after the first', async () => {
    const rec = await run({ turbo: 1, distribution: { type: 'load', total: 4, backlog: 2 }, operations: [recv({ cause: 99 })] });
    assert.equal(rec.counts.failed, 1);
    assert.equal(rec.counts.passed, 3);
  });
});

describe('messages and traces', () => {
  const msgOp = { type: 'fx_ctx.local.Message' };

  test('trace_level 0: no messages, no trace', async () => {
    const rec = await run({ operations: [msgOp] });
    assert.deepEqual(rec.first_call.messages, []);
    assert.deepEqual(rec.first_call.trace_log, []);
  });

  test('trace_messages 1 records messages at trace_level 0, without hex', async () => {
    const rec = await run({ trace_messages: 1, operations: [msgOp] });
    assert.equal(rec.first_call.messages.length, 2);
    assert.equal(rec.first_call.messages[0].hex, undefined);
  });

  test('trace_level 1: messages with fields and peer, no hex; debug traces only', async () => {
    const rec = await run({ trace_level: 1, operations: [msgOp] });
    const [sent, received] = rec.first_call.messages;
    assert.deepEqual({ ...sent, time: undefined }, { time: undefined, step: 1, op_idx: 0, direction: 'sent', protocol: 'fx', name: 'Hello', peer: 'peer-1', fields: { a: 1 } });
    assert.equal(received.name, 'Bye');
    const texts = rec.first_call.trace_log.map((t: any) => t.msg);
    assert.ok(texts.includes('debug text'));
    assert.ok(!texts.includes('dump text'));
  });

  test('trace_level 2 adds hex and dissector; trace_level 3 adds spam', async () => {
    const rec2 = await run({ trace_level: 2, operations: [msgOp] });
    assert.equal(rec2.first_call.messages[0].hex, '0102ff');
    assert.equal(rec2.first_call.messages[0].dissector, 'fx');
    const t2 = rec2.first_call.trace_log.map((t: any) => `${t.path}:${t.msg}`);
    assert.ok(t2.includes('trace.dump:dump text') && !t2.some((t: string) => t.includes('spam')));
    const rec3 = await run({ trace_level: 3, operations: [msgOp] });
    assert.ok(rec3.first_call.trace_log.some((t: any) => t.path === 'trace.spam' && t.msg === 'spam text'));
  });

  test('only the first instance is recorded in detail', async () => {
    const rec = await run({ trace_level: 2, distribution: { type: 'load', total: 3, backlog: 3 }, operations: [msgOp] });
    assert.equal(rec.first_call.index, 0);
    assert.equal(rec.first_call.messages.length, 2);
  });
});

describe('state, defer, aborts and signals', () => {
  test('state is per instance; deferred cleanups run in reverse order even when one throws', async () => {
    const rec = await run({
      distribution: { type: 'load', total: 2, backlog: 1 },
      operations: [{ type: 'fx_ctx.local.InitCleanups' }, { type: 'fx_ctx.local.Defer' }, { type: 'fx_ctx.local.Defer' }],
    });
    assert.equal(rec.counts.passed, 2, JSON.stringify(rec.first_aborts));
    assert.equal(rec.first_call.vars.stateN, 2);
    assert.deepEqual(rec.globals.cleanups, ['0:second', '0:first', '0:second', '0:first', '1:second', '1:first', '1:second', '1:first']);
  });

  test('deferred cleanups run after an abort too', async () => {
    const rec = await run({ operations: [{ type: 'fx_ctx.local.InitCleanups' }, { type: 'fx_ctx.local.Defer' }, { type: 'fx_ctx.local.Abort' }] });
    assert.equal(rec.counts.aborted, 1);
    assert.deepEqual(rec.globals.cleanups, ['0:second', '0:first']);
  });

  test('ctx.abort ends the instance with its text; a plain throw aborts naming the operation type', async () => {
    const a = await run({ operations: [{ type: 'fx_ctx.local.Abort' }] });
    assert.equal(a.first_aborts[0].text, 'a readable reason');
    const t = await run({ operations: [{ type: 'comment' }, { type: 'fx_ctx.local.Throw' }] });
    assert.equal(t.counts.aborted, 1);
    assert.equal(t.first_aborts[0].op_idx, 1);
    assert.match(t.first_aborts[0].text, /fx_ctx\.local\.Throw/);
    assert.match(t.first_aborts[0].text, /plain failure/);
  });

  test('CancelTest aborts the signal of every in-flight instance', async () => {
    const id = `ctx-signal-${++n}`;
    await call(svc.port, 'ExecuteTest', { run_id: id, distribution: { type: 'load', total: 4, backlog: 4 }, operations: [{ type: 'fx_ctx.local.WaitSignal' }] });
    const c = await call(svc.port, 'CancelTest', { run_id: id });
    assert.equal(c.result.counts.cancelled, 4);
    await new Promise((r) => setTimeout(r, 50));
    const q = await call(svc.port, 'QueryTest', { run_id: id });
    assert.equal(q.result.globals.signalled, 4);
  });

  test("an instance's signal aborts when it ends with reason 'instance ended', its endSignal fires first; neither before", async () => {
    const rec = await run({ distribution: { type: 'load', total: 3, backlog: 1 }, operations: [{ type: 'fx_ctx.local.RecordSignal' }] });
    assert.equal(rec.counts.passed, 3, JSON.stringify(rec.first_aborts));
    assert.equal(rec.globals.abortedEarly, 0);
    assert.deepEqual(rec.globals.reasons, ['instance ended', 'instance ended', 'instance ended']);
    assert.deepEqual(rec.globals.order, ['signal', 'end:true', 'signal', 'end:true', 'signal', 'end:true']);
    const ab = await run({ operations: [{ type: 'fx_ctx.local.RecordSignal' }, { type: 'fx_ctx.local.Abort' }] });
    assert.equal(ab.counts.aborted, 1);
    assert.deepEqual(ab.globals.reasons, ['instance ended']);
  });

  test('CancelTest ends instances waiting on an operation that never settles and ignores its signals; the first waited before', async () => {
    const id = `ctx-hang-${++n}`;
    await call(svc.port, 'ExecuteTest', { run_id: id, distribution: { type: 'load', total: 3, backlog: 3 }, operations: [{ type: 'comment' }, { type: 'fx_ctx.local.Hang' }] });
    await new Promise((r) => setTimeout(r, 50));
    const c = await call(svc.port, 'CancelTest', { run_id: id });
    assert.equal(c.result.counts.cancelled, 3);
    assert.equal(c.result.counts.aborted, 0);
    const q = await waitForRun(svc.port, id, { timeoutMs: 5000 });
    assert.equal(q.completed, 1);
    assert.equal(q.state, 'cancelled');
  });

  test('CancelTest on instances waiting on a settlesOnEnd operation: it rejects with its own abort once the end signal fires, and they count as cancelled', async () => {
    const id = `ctx-settles-${++n}`;
    await call(svc.port, 'ExecuteTest', { run_id: id, distribution: { type: 'load', total: 3, backlog: 3 }, operations: [{ type: 'comment' }, { type: 'fx_ctx.local.AbortOnEndSignal' }] });
    await new Promise((r) => setTimeout(r, 50));
    const c = await call(svc.port, 'CancelTest', { run_id: id });
    const q = await waitForRun(svc.port, id, { timeoutMs: 5000 });
    assert.equal(q.state, 'cancelled');
    assert.equal(q.counts.cancelled, 3, JSON.stringify(q.first_aborts));
    assert.equal(q.counts.aborted, 0);
    assert.equal(c.result.counts.aborted, 0);
  });

  test('ctx.later(): the operation settles from a callback of its own, or at once from execute(); its result is tested; halt halts', async () => {
    const tests = (how: string) => [{ kpath: 'how', type: 'string', value: how }];
    const rec = await run({
      distribution: { type: 'load', total: 20, backlog: 10 },
      operations: [
        { type: 'fx_ctx.local.Later', arguments: { how: 'later' }, tests: tests('later') },
        { type: 'fx_ctx.local.Later', arguments: { how: 'now' }, tests: tests('now') },
        { type: 'fx_ctx.local.Later', arguments: { how: 'twice' }, tests: [{ kpath: 'n', type: 'integer', value: 1 }] },
        { type: 'set', arguments: { vars: { reached: 1 } } },
        { type: 'fx_ctx.local.Later', arguments: { how: 'halt' } },
        { type: 'fx_ctx.local.Later', arguments: { how: 'abort' } },
      ],
    });
    assert.equal(rec.counts.passed, 20, JSON.stringify([rec.first_fails, rec.first_aborts]));
    assert.equal(rec.counts.aborted, 0);
  });

  test('ctx.later(): settleError aborts the instance with its text; an operation not declared settlesOnEnd is told so', async () => {
    const rec = await run({ distribution: { type: 'load', total: 4, backlog: 4 }, operations: [{ type: 'fx_ctx.local.Later', arguments: { how: 'abort' } }] });
    assert.equal(rec.counts.aborted, 4);
    assert.match(JSON.stringify(rec.first_aborts), /Later: gave up/);
    const bad = await run({ operations: [{ type: 'fx_ctx.local.LaterUndeclared' }] });
    assert.equal(bad.counts.aborted, 1);
    assert.match(JSON.stringify(bad.first_aborts), /ctx\.later\(\) is for execute\(\) of an operation declared settlesOnEnd \(fx_ctx\.local\.LaterUndeclared\)/);
  });

  test('CancelTest on instances waiting in ctx.later(): they settle with their abort on the end signal and count as cancelled', async () => {
    const id = `ctx-later-${++n}`;
    await call(svc.port, 'ExecuteTest', { run_id: id, distribution: { type: 'load', total: 3, backlog: 3 }, operations: [{ type: 'comment' }, { type: 'fx_ctx.local.Later', arguments: { how: 'end' } }] });
    await new Promise((r) => setTimeout(r, 50));
    await call(svc.port, 'CancelTest', { run_id: id });
    const q = await waitForRun(svc.port, id, { timeoutMs: 5000 });
    assert.equal(q.state, 'cancelled');
    assert.equal(q.counts.cancelled, 3, JSON.stringify(q.first_aborts));
    assert.equal(q.counts.aborted, 0);
  });

  test("CancelTest fires the endSignal of every in-flight instance; their signals' reason is 'run cancelled'", async () => {
    const id = `ctx-end-signal-${++n}`;
    await call(svc.port, 'ExecuteTest', { run_id: id, distribution: { type: 'load', total: 3, backlog: 3 }, operations: [{ type: 'fx_ctx.local.WaitEndSignal' }] });
    const c = await call(svc.port, 'CancelTest', { run_id: id });
    assert.equal(c.result.counts.cancelled, 3);
    await new Promise((r) => setTimeout(r, 50));
    const q = await call(svc.port, 'QueryTest', { run_id: id });
    assert.equal(q.result.globals.endSignalled, 3);
    assert.deepEqual(q.result.globals.reasons, ['run cancelled', 'run cancelled', 'run cancelled']);
  });

  test('the context describes the instance, the operation and the run', async () => {
    const rec = await run({
      trace_level: '1',
      fx_ctx: { dssn: '146', mode: 'given' },
      distribution: { type: 'load', total: 2, backlog: 1 },
      operations: [{ type: 'comment' }, { type: 'fx_ctx.local.Info', tests: [{ kpath: 'index', type: 'integer', value: '{ $n }' }] }],
    });
    assert.equal(rec.counts.passed, 2, JSON.stringify(rec.first_fails));
    const info = await run({ run_id: 'ctx-info-detail', fx_ctx: { dssn: '146', mode: 'given' }, operations: [{ type: 'comment' }, { type: 'fx_ctx.local.Info', tests: [
      { kpath: 'opIndex', type: 'integer', value: 1 },
      { kpath: 'step', type: 'integer', value: 2 },
      { kpath: 'type', type: 'string', value: 'fx_ctx.local.Info' },
      { kpath: 'detailed', type: 'boolean', value: true },
      { kpath: 'mode', type: 'string', value: 'given' },
      { kpath: 'runId', type: 'string', value: 'ctx-info-detail' },
      { kpath: 'dssn', type: 'integer', value: 146 },
    ] }] });
    assert.equal(info.counts.passed, 1, JSON.stringify(info.first_fails));
    const dflt = await run({ operations: [{ type: 'fx_ctx.local.Info', tests: [{ kpath: 'mode', type: 'string', value: 'default' }, { kpath: 'dssn', type: 'string', value: null }] }] });
    assert.equal(dflt.counts.passed, 1, JSON.stringify(dflt.first_fails));
  });

  test('CancelTest ends a run whose instance cleanup never settles, and frees its locks', async () => {
    // A plugin cleanup that hangs (a socket close that never comes) must leave the user a way out.
    const id = `ctx-hang-${++n}`;
    const r = await call(svc.port, 'ExecuteTest', { run_id: id, locks: [{ key: `${id}-key` }], operations: [{ type: 'fx_ctx.local.HangCleanup' }, { type: 'wait', arguments: { seconds: 0.05 } }] });
    assert.equal(r.result, 'ok');
    await call(svc.port, 'CancelTest', { run_id: id });
    let rec: any;
    try {
      rec = await waitForRun(svc.port, id, { timeoutMs: 5000, pollMs: 100 });
    } catch {
      const q = (await call(svc.port, 'QueryTest', { run_id: id })).result;
      assert.fail(`the cancelled run never ended: state ${q.state}, in_progress ${q.in_progress}, counts ${JSON.stringify(q.counts)}`);
    }
    assert.equal(rec.state, 'cancelled');
    const again = await call(svc.port, 'ExecuteTest', { run_id: `${id}-2`, locks: [{ key: `${id}-key` }], operations: [{ type: 'comment' }] });
    assert.equal(again.error, null, JSON.stringify(again.error));
  });
});
