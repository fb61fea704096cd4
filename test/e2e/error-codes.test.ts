// Every error code of the catalogue, end to end over real TCP, with the JSON path / key / method the message
// must name. Also the wire tolerances of DESIGN §2 (numeric strings, ids as strings, params as a JSON string,
// anchor params).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, call, runToCompletion, waitForRun } from '../helpers/service.js';
import { rawExchange } from '../../cli/rpc-client.js';
import { encodeFrame } from '../../core/framing/frame-decoder.js';
import type { RunningService } from '../../core/service.js';

let svc: RunningService;
let seq = 0;
const rid = (p: string) => `${p}-${process.pid}-${++seq}`;
const comment = [{ type: 'comment', arguments: { text: 'x' } }];

async function expectError(method: string, params: unknown, code: number, ...mustName: Array<string | RegExp>): Promise<string> {
  const r = await call(svc.port, method, params);
  assert.ok(r.error, `expected error ${code}, got result ${JSON.stringify(r.result)?.slice(0, 200)}`);
  assert.equal(r.error.code, code, `expected ${code}, got ${r.error.code}: ${r.error.message}`);
  assert.equal(r.result, null);
  for (const m of mustName) {
    if (typeof m === 'string') assert.ok(r.error.message.includes(m), `message '${r.error.message}' should name ${m}`);
    else assert.match(r.error.message, m);
  }
  return r.error.message;
}

async function expectOk(params: Record<string, unknown>): Promise<void> {
  const r = await call(svc.port, 'ExecuteTest', params);
  assert.equal(r.error, null, `ExecuteTest refused: ${JSON.stringify(r.error)}`);
  assert.equal(r.result, 'ok');
}

before(async () => {
  // sigtran (no instances) and inap declare scp, ssp_ac and inap: the wire contract's params are validated as the spec says.
  svc = await startTestService([{ name: 'logic' }, { name: 'sigtran', options: { instances: [] } }, { name: 'inap' }], { maxRuns: 20 });
});
after(async () => {
  await svc.close();
});

describe('1000 general', () => {
  test('unparsable JSON', async () => {
    const text = await rawExchange({ port: svc.port }, encodeFrame('{"jsonrpc": "2.0", "method": '));
    const r = JSON.parse(text!);
    assert.equal(r.error.code, 1000);
    assert.equal(r.result, null);
    assert.equal(r.jsonrpc, '2.0');
  });
  test('not JSON-RPC 2.0', async () => {
    const text = await rawExchange({ port: svc.port }, encodeFrame(JSON.stringify({ jsonrpc: '1.0', method: 'QueryTest', params: {}, id: 1 })));
    assert.equal(JSON.parse(text!).error.code, 1000);
  });
});

describe('1001 unknown method', () => {
  for (const method of ['NoSuchMethod', 'executetest', 'constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
    test(`'${method}' is 1001 and the message names it`, async () => {
      await expectError(method, {}, 1001, `'${method}'`);
    });
  }
  test('the known methods are not 1001', async () => {
    for (const m of ['ListTests', 'DescribeOperations']) {
      const r = await call(svc.port, m, {});
      assert.equal(r.error, null, m);
      assert.equal(typeof r.result, 'object');
    }
  });
});

describe('2000 run_id missing', () => {
  test('ExecuteTest without run_id', async () => {
    await expectError('ExecuteTest', { operations: comment }, 2000, 'run_id');
  });
  test('ExecuteTest with an empty run_id', async () => {
    await expectError('ExecuteTest', { run_id: '', operations: comment }, 2000, 'run_id');
  });
  test('ExecuteTest with run_id null', async () => {
    await expectError('ExecuteTest', { run_id: null, operations: comment }, 2000, 'run_id');
  });
  test('QueryTest and CancelTest without run_id', async () => {
    await expectError('QueryTest', {}, 2000, 'run_id');
    await expectError('CancelTest', {}, 2000, 'run_id');
    await expectError('QueryTest', { run_id: '' }, 2000, 'run_id');
  });
});

describe('2001 run_id in use', () => {
  test('the same run_id twice while running', async () => {
    const id = rid('dup');
    await expectOk({ run_id: id, operations: [{ type: 'wait', arguments: { seconds: 0.3 } }] });
    await expectError('ExecuteTest', { run_id: id, operations: comment }, 2001, `'${id}'`);
    await waitForRun(svc.port, id);
  });
  test('the same run_id after completion, while the run is retained', async () => {
    const id = rid('dup-done');
    const rec = await runToCompletion(svc.port, { run_id: id, operations: comment });
    assert.equal(rec.completed, 1);
    await expectError('ExecuteTest', { run_id: id, operations: comment }, 2001, `'${id}'`);
  });
  test('a numeric run_id collides with the same digits as a string', async () => {
    const n = 900000 + process.pid;
    await runToCompletion(svc.port, { run_id: String(n), operations: comment });
    await expectError('ExecuteTest', { run_id: n, operations: comment }, 2001);
  });
});

describe('2002 cannot create', () => {
  const cases: Array<[string, Record<string, unknown>, ...Array<string | RegExp>]> = [
    ['unknown operation type', { operations: [{ type: 'inap.nowhere.Nothing' }] }, 'operations[0].type', 'inap.nowhere.Nothing'],
    ['bad expression syntax', { operations: [{ type: 'wait', arguments: { seconds: '{ 1 + }' } }] }, 'operations[0].arguments.seconds'],
    ['unknown name in an expression', { operations: [{ type: 'set', arguments: { vars: { a: '{ foo + 1 }' } } }] }, 'operations[0].arguments.vars.a', 'foo'],
    ['unknown function in an expression', { operations: [{ type: 'assert', arguments: { expression: 'nosuchfn(1) == 1' } }] }, 'operations[0].arguments.expression', 'nosuchfn'],
    ['a bad expression in vars', { vars: { x: '{ $v. }' }, operations: comment }, 'vars.x'],
    ['an unknown name in a lock key', { locks: [{ key: '{ bogus }' }], operations: comment }, 'locks[0].key'],
    ['unknown branch label', { operations: [{ type: 'branch', arguments: { expression: 'true', on_true: 'nowhere' } }] }, 'operations[0].arguments.on_true', 'nowhere'],
    ['duplicate label', { operations: [{ type: 'comment', label: 'a' }, { type: 'comment', label: 'a' }] }, 'operations[1].label', "'a'"],
    ['scp.dssn 0', { scp: { dssn: 0 }, operations: comment }, 'scp.dssn'],
    ['scp.dssn 256', { scp: { dssn: 256 }, operations: comment }, 'scp.dssn'],
    ['scp.dpc above 24 bits', { scp: { dpc: 0x1000000 }, operations: comment }, 'scp.dpc'],
    ['scp.dgt_noa 128', { scp: { dgt_noa: 128 }, operations: comment }, 'scp.dgt_noa'],
    ['scp.dgt_np 8', { scp: { dgt_np: 8 }, operations: comment }, 'scp.dgt_np'],
    ['scp.dgt_tt 256', { scp: { dgt_tt: 256 }, operations: comment }, 'scp.dgt_tt'],
    ['scp unknown field', { scp: { dssn: 146, colour: 'red' }, operations: comment }, 'scp.colour'],
    ['trace_level 4', { trace_level: 4, operations: comment }, 'trace_level'],
    ['trace_level "4" (numeric string, out of range)', { trace_level: '4', operations: comment }, 'trace_level'],
    ['unknown top-level param', { frobnicate: 1, operations: comment }, 'frobnicate'],
    ['unknown argument name', { operations: [{ type: 'comment', arguments: { foo: 1 } }] }, 'operations[0].arguments.foo'],
    ['unknown argument name of a later operation', { operations: [...comment, { type: 'wait', arguments: { seconds: 0, sconds: 1 } }] }, 'operations[1].arguments.sconds'],
    ['missing required argument', { operations: [{ type: 'wait', arguments: {} }] }, 'operations[0].arguments.seconds'],
    ['argument of the wrong type', { operations: [{ type: 'wait', arguments: { seconds: 'soon' } }] }, 'operations[0].arguments.seconds'],
    ['unknown field of an operation', { operations: [{ type: 'comment', argumnts: {} }] }, 'operations[0].argumnts'],
    ['an operation without type', { operations: [{ arguments: {} }] }, 'operations[0].type'],
    ['operations missing', {}, 'operations'],
    ['operations empty', { operations: [] }, 'operations'],
    ['linear distribution without cps', { distribution: { type: 'linear', total: 10, backlog: 2 }, operations: comment }, 'distribution.cps'],
    ['load distribution without total', { distribution: { type: 'load', backlog: 2 }, operations: comment }, 'distribution.total'],
    ['linear distribution without total', { distribution: { type: 'linear', cps: { rate: 5 } }, operations: comment }, 'distribution.total'],
    ['unknown distribution type', { distribution: { type: 'burst', total: 1 }, operations: comment }, 'distribution.type'],
    ['cps rate 0', { distribution: { type: 'linear', total: 1, cps: { rate: 0 } }, operations: comment }, 'distribution.cps'],
    ['unknown arrival', { distribution: { type: 'linear', total: 1, cps: { rate: 1, arrival: 'bursty' } }, operations: comment }, 'distribution.cps'],
    ['a bad tests[] type', { operations: [{ type: 'comment', tests: [{ kpath: 'a', type: 'colour' }] }] }, 'operations[0].tests[0].type'],
    ['a bad tests[] regex', { operations: [{ type: 'comment', tests: [{ kpath: 'a', type: 'regex', pattern: '([' }] }] }, 'operations[0].tests[0].pattern'],
    ['a lock without key', { locks: [{}], operations: comment }, 'locks[0].key'],
    ['arguments that are not an object', { operations: [{ type: 'comment', arguments: ['x'] }] }, 'operations[0].arguments'],
    ['vars that are not an object', { vars: [1, 2], operations: comment }, 'vars'],
    ['an empty lock key', { locks: [{ key: '' }], operations: comment }, 'locks[0].key'],
    ['a lock key evaluating to nothing', { locks: [{ key: '{ $v.nope }' }], operations: comment }, 'locks[0].key'],
    ['a label with spaces', { operations: [{ type: 'comment', label: 'a b' }] }, 'operations[0].label'],
    ['total 0', { distribution: { type: 'load', total: 0 }, operations: comment }, 'distribution.total'],
    ['backlog above the service max_backlog', { distribution: { type: 'load', total: 10, backlog: 200_000 }, operations: comment }, 'distribution.backlog'],
    ['a gateway param that is not a string', { sigtran: { name: 'x' }, operations: comment }, 'sigtran'],
    ['a db_<label> param that is empty', { db_smf: '', operations: comment }, 'db_smf'],
  ];
  for (const [name, params, ...names] of cases) {
    test(`${name} → 2002 naming ${names.join(', ')}`, async () => {
      await expectError('ExecuteTest', { run_id: rid('bad'), ...params }, 2002, ...names);
    });
  }

  test('a refused definition does not take its run_id: the same id is accepted once fixed', async () => {
    const id = rid('refused-then-ok');
    await expectError('ExecuteTest', { run_id: id, operations: [{ type: 'comment', arguments: { foo: 1 } }] }, 2002);
    await expectError('QueryTest', { run_id: id }, 2004);
    await runToCompletion(svc.port, { run_id: id, operations: comment });
  });
});

describe('concurrent requests', () => {
  test('ten concurrent ExecuteTests with one run_id: exactly one is accepted, the others are 2001', async () => {
    const id = rid('race');
    const rs = await Promise.all(Array.from({ length: 10 }, () => call(svc.port, 'ExecuteTest', { run_id: id, operations: [{ type: 'wait', arguments: { seconds: 0.05 } }] })));
    assert.equal(rs.filter((r) => r.result === 'ok').length, 1);
    assert.deepEqual(rs.filter((r) => r.error).map((r) => r.error!.code), Array(9).fill(2001));
    await waitForRun(svc.port, id);
  });

  test('ten concurrent runs wanting one lock: exactly one is accepted, the others are 2003', async () => {
    const key = rid('race-key');
    const ids = Array.from({ length: 10 }, () => rid('race-lock'));
    // the holder waits far longer than the ten requests can take on any machine, and is cancelled at the end: the
    // outcome does not depend on how fast the requests arrive
    const rs = await Promise.all(ids.map((id) => call(svc.port, 'ExecuteTest', { run_id: id, locks: [{ key }], operations: [{ type: 'wait', arguments: { seconds: 120 } }] })));
    const holder = ids[rs.findIndex((r) => r.result === 'ok')];
    try {
      assert.equal(rs.filter((r) => r.result === 'ok').length, 1);
      assert.deepEqual(rs.filter((r) => r.error).map((r) => r.error!.code), Array(9).fill(2003));
    } finally {
      for (const [i, r] of rs.entries()) if (r.result === 'ok') await call(svc.port, 'CancelTest', { run_id: ids[i] });
    }
    await waitForRun(svc.port, holder!);
  });
});

describe('2003 cannot start', () => {
  test('a lock held by a running run is refused naming the key; after completion the key is free again', async () => {
    const a = rid('lock-a');
    // held until cancelled below: the refusals do not depend on the machine's speed
    await expectOk({ run_id: a, vars: { sub: '0211000042' }, locks: [{ key: "{ 'subscriber-' + $v.sub }" }], operations: [{ type: 'wait', arguments: { seconds: 120 } }] });
    const msg = await expectError('ExecuteTest', { run_id: rid('lock-b'), locks: [{ key: 'subscriber-0211000042' }], operations: comment }, 2003, "'subscriber-0211000042'");
    assert.ok(msg.includes(a), `the message should name the holder ${a}: ${msg}`);
    // All or none: a run asking for a free key and the held one takes neither.
    const c = rid('lock-c');
    await expectError('ExecuteTest', { run_id: c, locks: [{ key: 'free-key-1' }, { key: 'subscriber-0211000042' }], operations: comment }, 2003);
    await expectOk({ run_id: rid('lock-d'), locks: [{ key: 'free-key-1' }], operations: comment });
    // The refused run_id was not taken either.
    await expectError('QueryTest', { run_id: c }, 2004);
    assert.ok(!(await call(svc.port, 'CancelTest', { run_id: a })).error);
    await waitForRun(svc.port, a);
    await expectOk({ run_id: rid('lock-e'), locks: [{ key: 'subscriber-0211000042' }], operations: comment });
  });

  test('the same key twice in one run is not a conflict with itself', async () => {
    // runToCompletion throws when ExecuteTest is refused (a 2003 here); the run must also end with its instance passed
    const rec = await runToCompletion(svc.port, { run_id: rid('lock-self'), locks: [{ key: 'self' }, { key: 'self' }], operations: comment });
    assert.equal(rec.counts.finished, 1, JSON.stringify(rec.counts));
    assert.equal(rec.counts.passed, 1, JSON.stringify(rec.counts));
    // and the key is released with the run
    await expectOk({ run_id: rid('lock-self-after'), locks: [{ key: 'self' }], operations: comment });
  });

  test('too many runs in progress is 2003', async () => {
    const small = await startTestService([{ name: 'logic' }], { maxRuns: 1 });
    try {
      const r1 = await call(small.port, 'ExecuteTest', { run_id: 'busy-1', operations: [{ type: 'wait', arguments: { seconds: 0.3 } }] });
      assert.equal(r1.result, 'ok');
      const r2 = await call(small.port, 'ExecuteTest', { run_id: 'busy-2', operations: comment });
      assert.equal(r2.error?.code, 2003);
      assert.match(r2.error!.message, /max_runs/);
      await waitForRun(small.port, 'busy-1');
      const r3 = await call(small.port, 'ExecuteTest', { run_id: 'busy-2', operations: comment });
      assert.equal(r3.result, 'ok', JSON.stringify(r3.error));
    } finally {
      await small.close();
    }
  });
});

describe('2004 run_id unknown', () => {
  test('QueryTest and CancelTest of an unknown id', async () => {
    await expectError('QueryTest', { run_id: 'never-started-xyz' }, 2004, 'never-started-xyz');
    await expectError('CancelTest', { run_id: 'never-started-xyz' }, 2004, 'never-started-xyz');
  });
});

describe('wire tolerances', () => {
  test('anchor fields trace_messages, turbo, inap, ssp_ac are accepted', async () => {
    const rec = await runToCompletion(svc.port, { run_id: rid('anchor'), trace_messages: 1, turbo: 0, inap: { extensions: { 400: 'OCTET STRING' } }, ssp_ac: 'camel3', operations: comment });
    assert.equal(rec.counts.passed, 1);
  });

  test('pi (the anchor\'s PI gateway) is an unknown param: no enabled plugin offers a pi gateway', async () => {
    await expectError('ExecuteTest', { run_id: rid('pi'), pi: 'PI01', operations: comment }, 2002, 'pi');
  });

  test('numeric strings are accepted where numbers are expected', async () => {
    const rec = await runToCompletion(svc.port, {
      run_id: rid('numstr'),
      trace_level: '1',
      scp: { dssn: '146', dpc: '1234' },
      distribution: { type: 'load', total: '3', backlog: '2' },
      operations: [{ type: 'wait', arguments: { seconds: '0.01' } }, { type: 'comment', arguments: { text: 'traced' } }],
    });
    assert.equal(rec.counts.passed, 3);
    assert.equal(rec.distribution.total, 3);
    // trace_level "1" took effect: the comment text is in the trace log.
    assert.ok(rec.first_call.trace_log.some((t: any) => t.msg.includes('traced')), JSON.stringify(rec.first_call.trace_log));
  });

  test('the id comes back as a string, for numeric and string ids', async () => {
    const { rpcCall } = await import('../../cli/rpc-client.js');
    for (const id of [42, 0, 'abc', '17']) {
      const r = await rpcCall({ port: svc.port }, 'QueryTest', { run_id: 'nope' }, { id });
      assert.equal(r.id, String(id));
      assert.equal(typeof r.id, 'string');
    }
    const ok = await rpcCall({ port: svc.port }, 'ListTests', {}, { id: 5 });
    assert.equal(ok.id, '5');
    assert.equal(ok.error, null);
  });

  test('params given as a string holding a JSON object is tolerated', async () => {
    const id = rid('strparams');
    const text = await rawExchange({ port: svc.port }, encodeFrame(JSON.stringify({ jsonrpc: '2.0', method: 'ExecuteTest', params: JSON.stringify({ run_id: id, operations: comment }), id: 3 })));
    const r = JSON.parse(text!);
    assert.equal(r.error, null, JSON.stringify(r.error));
    assert.equal(r.result, 'ok');
    assert.equal(r.id, '3');
    await waitForRun(svc.port, id);
  });

  test('a success response has result "ok" and error null (or absent)', async () => {
    const r = await call(svc.port, 'ExecuteTest', { run_id: rid('okshape'), operations: comment });
    assert.equal(r.result, 'ok');
    assert.ok(r.error === null || r.error === undefined);
    assert.equal(r.jsonrpc, '2.0');
  });
});
