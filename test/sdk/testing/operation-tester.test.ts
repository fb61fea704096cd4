// sdk/testing/operation-tester.ts: compileOperation compiles like ExecuteTest; testOperation's tables really fail
// when a case is wrong (checked by running a deliberately wrong table in a child test process).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { defineOperation, TesterError, type GatewayInstance } from '../../../sdk/index.js';
import { compileOperation } from '../../../sdk/testing/index.js';

const op = defineOperation({
  type: 'fx.tester_to_peer.Send',
  direction: 'send',
  gateway: 'fx',
  description: 'fixture',
  arguments: { type: 'object', required: ['code'], properties: { code: { type: 'integer', minimum: 0, maximum: 9 }, text: { type: 'string' } } },
  execute() {},
});

test('compileOperation returns the compiled definition for valid arguments', () => {
  const def = compileOperation(op, { code: '7' });
  assert.equal(def.ops.length, 1);
  assert.deepEqual(def.ops[0]!.staticArgs, { code: 7 }, 'numeric strings coerced');
  assert.equal(def.ops[0]!.gateway?.name, 'test');
});

test('compileOperation throws the 2002 ExecuteTest would answer, naming the path', () => {
  assert.throws(() => compileOperation(op, { code: 10 }), (e: unknown) => e instanceof TesterError && e.code === 2002 && e.message.includes('operations[0].arguments.code'));
  assert.throws(() => compileOperation(op, { code: 1, extra: 1 }), /operations\[0\]\.arguments\.extra/);
});

test('compileOperation uses the given gateway instance and params', () => {
  const gw: GatewayInstance = { name: 'GW-X', state: () => 'down' };
  const def = compileOperation(op, { code: 1 }, { gateway: gw, params: { trace_level: 2 } });
  assert.equal(def.ops[0]!.gateway, gw);
  assert.equal(def.traceLevel, 2);
});

test('expressions in arguments are left for run time', () => {
  const def = compileOperation(op, { code: '{ $n % 10 }' });
  assert.equal(def.ops[0]!.staticArgs, undefined);
  assert.ok(def.ops[0]!.template);
});

test('a wrong table makes testOperation fail (valid case refused, valid case resolved otherwise, invalid case accepted, wrong path)', async () => {
  const fixture = fileURLToPath(new URL('./fixtures/wrong-table.ts', import.meta.url));
  // The child must be a test run of its own, not a subtest reporting to our runner.
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const { code, out } = await new Promise<{ code: number; out: string }>((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=tap', fixture], { cwd: fileURLToPath(new URL('../../../', import.meta.url)), timeout: 30_000, env }, (err, stdout, stderr) => {
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr });
    });
  });
  assert.notEqual(code, 0, 'a wrong table must fail');
  assert.match(out, /# pass 2\b/, out.slice(-800));
  assert.match(out, /# fail 4\b/, out.slice(-800));
  assert.match(out, /not ok \d+ - valid: wrongly resolved/);
});
