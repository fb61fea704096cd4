// core/validation/record.ts: a JSON value checked against the result record's schema with the kernel's ajv: a
// record of a real run is one; anything else is refused with the JSON path at fault.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { asRunRecord } from '../../../core/validation/record.js';
import type { RunningService } from '../../../core/service.js';
import { runToCompletion, startTestService } from '../../helpers/service.js';

let svc: RunningService;
let rec: Record<string, unknown>;
before(async () => {
  svc = await startTestService();
  rec = await runToCompletion(svc.port, { run_id: 'record-check', distribution: { type: 'load', total: 3, backlog: 2 }, operations: [{ type: 'assert', arguments: { expression: '$n != 1', fail: 'one' } }] });
});
after(async () => {
  await svc?.close();
});

test('the record of a run is a record', () => {
  const r = asRunRecord(structuredClone(rec));
  assert.equal(r.problem, undefined);
  assert.equal(r.record?.run_id, 'record-check');
  assert.deepEqual(r.record, rec);
});

test('what is not a record is refused, naming the JSON path at fault', () => {
  const problem = (v: unknown) => asRunRecord(v).problem;
  assert.equal(problem([]), 'the value: must be object');
  assert.equal(problem('{"run_id": "x"}'), 'the value: must be object');
  const { run_id: _id, ...noId } = rec;
  assert.equal(problem(noId), 'run_id: is required');
  assert.equal(problem({ ...rec, counts: { ...(rec.counts as object), started: 'many' } }), 'counts.started: must be integer');
  assert.equal(problem({ ...rec, state: 'done' }), 'state: must be one of "running", "completed", "cancelled", "aborted", "interrupted"');
  const fails = structuredClone(rec.first_fails) as Array<Record<string, unknown>>;
  fails[0]!.time = 'yesterday';
  assert.equal(problem({ ...rec, first_fails: fails }), 'first_fails[0].time: must be array');
});
