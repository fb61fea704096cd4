// core/rpc/methods/discover.ts: rpc.discover answers the OpenRPC 1.2 document of the service's methods, made from
// the params schema the service validates with and the error catalogue, on the framed TCP port.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, startTestService } from '../../../helpers/service.js';
import { errorCatalogue } from '../../../../core/errors.js';
import { openRpcDocument } from '../../../../core/rpc/methods/discover.js';
import type { RunningService } from '../../../../core/service.js';

let svc: RunningService;
before(async () => {
  svc = await startTestService();
});
after(async () => svc?.close());

test('rpc.discover: an OpenRPC 1.2 document naming every method the dispatcher serves, itself included', async () => {
  const r = await call(svc.port, 'rpc.discover', {});
  assert.equal(r.error, null);
  const doc = r.result;
  assert.match(doc.openrpc, /^1\.2\.\d+$/);
  assert.equal(doc.info.title, 'tester service');
  assert.match(doc.info.version, /^\d+\.\d+\.\d+/);
  assert.deepEqual(doc.methods.map((m: { name: string }) => m.name), svc.dispatcher.methodNames);
  assert.deepEqual(svc.dispatcher.methodNames.slice().sort(), ['CancelTest', 'DescribeOperations', 'ExecuteTest', 'ListTests', 'QueryTest', 'rpc.discover']);
});

test('ExecuteTest\'s params are the params schema\'s properties, required ones marked, with their schemas', async () => {
  const doc = (await call(svc.port, 'rpc.discover', {})).result;
  const described = (await call(svc.port, 'DescribeOperations', {})).result;
  const exec = doc.methods.find((m: { name: string }) => m.name === 'ExecuteTest');
  const byName = Object.fromEntries(exec.params.map((p: { name: string }) => [p.name, p]));
  assert.deepEqual(Object.keys(byName).sort(), Object.keys(described.params_schema.properties).sort());
  assert.equal(byName.run_id.required, true);
  assert.equal(byName.operations.required, true);
  assert.equal(byName.vars.required, false);
  assert.deepEqual(byName.distribution.schema, described.params_schema.properties.distribution);
  assert.equal(exec.paramStructure, 'by-name');
  const query = doc.methods.find((m: { name: string }) => m.name === 'QueryTest');
  assert.deepEqual(query.params.map((p: { name: string }) => p.name), ['run_id']);
  assert.equal(query.result.schema.title, 'Test Run result record');
});

test('each method\'s errors come from the catalogue: 1000 for all, the run codes where they apply', async () => {
  const doc = (await call(svc.port, 'rpc.discover', {})).result;
  const codes = (name: string) => doc.methods.find((m: { name: string }) => m.name === name).errors.map((e: { code: number }) => e.code);
  assert.deepEqual(codes('ExecuteTest'), [1000, 2000, 2001, 2002, 2003]);
  assert.deepEqual(codes('QueryTest'), [1000, 2000, 2004]);
  assert.deepEqual(codes('ListTests'), [1000]);
  const meaning = errorCatalogue.find((e) => e.code === 2002)!.meaning;
  assert.equal(doc.methods[0].errors.find((e: { code: number }) => e.code === 2002).message, meaning);
});

test('a labelled gateway selector is described by its name pattern; a method the table does not know still gets an entry', () => {
  const doc = openRpcDocument(['ExecuteTest', 'Other'], { type: 'object', required: ['run_id'], properties: { run_id: { type: 'string', description: 'id' } }, patternProperties: { '^db_[a-z]+$': { type: 'string', description: 'a db instance' } } }, '1.2.3');
  assert.deepEqual(doc.methods[0]!.params.map((p) => [p.name, p.required]), [['run_id', true], ['^db_[a-z]+$', false]]);
  assert.match(doc.methods[0]!.params[1]!.description!, /matches \^db_\[a-z\]\+\$: a db instance/);
  assert.deepEqual(doc.methods[1]!.errors.map((e) => e.code), [1000]);
});
