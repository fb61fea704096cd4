// sdk/define.ts and sdk/index.ts: the identity helpers and the public surface plugins rely on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as sdk from '../../sdk/index.js';

test('definePlugin, defineOperation and defineGateway return their argument unchanged', () => {
  const p = { name: 'x', version: '1.0.0', setup() {} };
  assert.equal(sdk.definePlugin(p), p);
  const o = { type: 'x.local.Y', direction: 'local' as const, description: '', arguments: {}, execute() {} };
  assert.equal(sdk.defineOperation(o), o);
  const g = { kind: 'x', instances: [] };
  assert.equal(sdk.defineGateway(g), g);
});

test('the sdk exports the error helpers with the catalogue codes', () => {
  assert.equal(sdk.ErrorCode.CannotCreate, 2002);
  assert.equal(sdk.invalid('a.b', 'bad').code, 2002);
  assert.equal(sdk.cannotStart('busy').code, 2003);
  assert.ok(new sdk.TesterError(2004, 'x') instanceof Error);
  assert.equal(sdk.isInstanceAbort(new sdk.InstanceAbort('x')), true);
});

test('the sdk exports the pcap writer and the expression rule; the testing helpers are in sdk/testing only', async () => {
  for (const name of ['writePcap', 'PcapWriter', 'isExpression']) assert.equal(typeof (sdk as Record<string, unknown>)[name], 'function', name);
  for (const name of ['testOperation', 'compileOperation']) assert.equal((sdk as Record<string, unknown>)[name], undefined, `${name} must not be loaded with the sdk`);
  const testing = await import('../../sdk/testing/index.js');
  for (const name of ['testOperation', 'compileOperation']) assert.equal(typeof (testing as Record<string, unknown>)[name], 'function', name);
  assert.equal(sdk.isExpression('{ $n }'), true);
  assert.equal(sdk.isExpression(' { $n }'), false, 'no trimming: the first character must be {');
  assert.equal(sdk.isExpression('\\{ literal }'), false);
});
