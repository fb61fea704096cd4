// core/api/record.ts: every kind of record the service answers validates against the record's JSON Schema, checked
// with an independent validator (@cfworker/json-schema, not the service's ajv): a running run's, a finished single
// run's with its detailed first instance (checks, traces, vars, a failure), a load run's with thresholds, a linear
// slice's, a cancelled run's (CancelTest), a run split across worker threads, the merge of two slices, a run read
// back from the store after a restart. And the schema is strict where it should be: a record missing a key, or
// with a wrong type, is refused.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Validator } from '@cfworker/json-schema';
import { RunRecordSchema } from '../../../core/api/record.js';
import { mergeRecords } from '../../../builtins/workers/merge.js';
import type { RunningService } from '../../../core/service.js';
import { call, runToCompletion, startTestService, waitForRun } from '../../helpers/service.js';

const validator = new Validator(JSON.parse(JSON.stringify(RunRecordSchema)), '7', false);

function assertRecord(rec: unknown, what: string): void {
  const r = validator.validate(rec);
  assert.ok(r.valid, `${what}: ${r.errors.map((e) => `${e.instanceLocation}: ${e.error}`).join('; ')}`);
}

let dir: string;
let svc: RunningService;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tester-record-'));
  svc = await startTestService([{ name: 'logic' }], { store: join(dir, 'runs.db'), dataDir: dir });
});
after(async () => {
  await svc?.close();
  rmSync(dir, { recursive: true, force: true });
});

const slow = [{ type: 'wait', arguments: { seconds: 30 } }];

test('a running run, then the same run cancelled (CancelTest answers cancelled: 1)', async () => {
  assert.equal((await call(svc.port, 'ExecuteTest', { run_id: 'rec-running', distribution: { type: 'load', total: 4, backlog: 2 }, operations: slow })).result, 'ok');
  const q = await call(svc.port, 'QueryTest', { run_id: 'rec-running' });
  assert.equal(q.result.completed, 0);
  assertRecord(q.result, 'running');
  const c = await call(svc.port, 'CancelTest', { run_id: 'rec-running' });
  assert.equal(c.result.cancelled, 1);
  assertRecord(c.result, 'cancelled');
});

test('a single run with its detailed first instance: checks, traces, vars, a failure', async () => {
  const rec = await runToCompletion(svc.port, {
    run_id: 'rec-single',
    trace_level: 3,
    vars: { a: 1 },
    operations: [
      { type: 'set', arguments: { vars: { b: '{ $v.a + 1 }' } } },
      { type: 'assert', arguments: { expression: '{ $v.b == 3 }' } },
      { type: 'comment', arguments: { text: 'done' } },
    ],
  });
  assert.equal(rec.counts.failed, 1);
  assert.ok(rec.first_call.check_log.length > 0 && rec.first_fails.length === 1);
  assert.deepEqual(rec.failures.map((f: any) => [f.instance, f.outcome]), [[0, 'failed']], 'the failure in detail too');
  assertRecord(rec, 'single');
  assert.equal(validator.validate({ ...rec, failures: [{ ...rec.failures[0], outcome: 'passed' }] }).valid, false, 'a failure is failed or aborted');
  const { reason: _reason, ...noReason } = rec.failures[0];
  assert.equal(validator.validate({ ...rec, failures: [noReason] }).valid, false, 'a failure has its reason');
});

test('a load run with thresholds, and a linear slice', async () => {
  const load = await runToCompletion(svc.port, { run_id: 'rec-load', distribution: { type: 'load', total: 20, backlog: 5 }, thresholds: ['p99_ms < 10000', 'failed_rate == 0'], operations: [{ type: 'comment' }] });
  assert.equal(load.thresholds.length, 2);
  assertRecord(load, 'load');
  const slice = await runToCompletion(svc.port, { run_id: 'rec-slice', slice: { index: 1, count: 2 }, distribution: { type: 'linear', total: 20, backlog: 5, cps: { rate: 200 } }, operations: [{ type: 'comment' }] });
  assert.equal(slice.slice.index, 1);
  assertRecord(slice, 'linear slice');
});

test('a run with protocol messages (a REST exchange with a real HTTP server at trace_level 2: decoded fields and hex)', async () => {
  const server = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ path: req.url })));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const rest = await startTestService([{ name: 'logic' }, { name: 'rest', options: { instances: [{ name: 'R', base_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }] } }], { dataDir: dir });
  try {
    const rec = await runToCompletion(rest.port, {
      run_id: 'rec-messages',
      trace_level: 2,
      operations: [
        { type: 'rest.SendRequest', arguments: { method: 'GET', path: '/x' } },
        { type: 'rest.ExpectResponse', arguments: { status: 200, json: { path: '/x' } } },
      ],
    });
    assert.equal(rec.counts.passed, 1, JSON.stringify(rec.first_fails));
    const messages = rec.first_call.messages;
    assert.ok(messages.length >= 2 && messages.every((m: { hex?: string }) => typeof m.hex === 'string'), JSON.stringify(messages).slice(0, 300));
    assertRecord(rec, 'messages');
  } finally {
    await rest.close();
    server.close();
  }
});

/** Fails for $n 3 and 4 (a slice or a worker each, whichever way the run is split). */
const failing34 = [{ type: 'assert', arguments: { expression: '{ $n != 3 && $n != 4 }', fail: "{ 'fail of ' + $n }" } }];

test('the merge of two slices (tester merge), with their failures in detail', async () => {
  const recs = [];
  for (const index of [0, 1]) recs.push({ name: `s${index}`, rec: await runToCompletion(svc.port, { run_id: `rec-merge-${index}`, slice: { index, count: 2 }, distribution: { type: 'load', total: 10, backlog: 2 }, operations: failing34 }) });
  const merged = mergeRecords(recs);
  assert.equal((merged.counts as { started: number }).started, 10);
  assert.deepEqual((merged.failures ?? []).map((f) => f.instance).sort(), [3, 4], "every slice's failures");
  const ends = (merged.failures ?? []).map((f) => f.time_finish![0] * 1e6 + f.time_finish![1]);
  assert.deepEqual(ends, [...ends].sort((a, b) => a - b), 'earliest end first');
  assertRecord(merged, 'merged');
});

test('a run split across two worker threads', async () => {
  const w = await startTestService([{ name: 'logic' }], { workers: 2, dataDir: dir });
  try {
    const rec = await runToCompletion(w.port, { run_id: 'rec-workers', distribution: { type: 'load', total: 10, backlog: 4 }, operations: failing34 });
    assert.equal(rec.workers.length, 2);
    assert.deepEqual(rec.failures.map((f: any) => f.instance).sort(), [3, 4], "every part's failures in detail");
    assertRecord(rec, 'workers');
  } finally {
    await w.close();
  }
});

test('a run read back from the store after a restart (interrupted while it ran)', async () => {
  const store = join(dir, 'restart.db');
  const a = await startTestService([{ name: 'logic' }], { store, dataDir: dir });
  await call(a.port, 'ExecuteTest', { run_id: 'rec-past', distribution: { type: 'load', total: 2, backlog: 2 }, operations: slow });
  await a.close();
  const b = await startTestService([{ name: 'logic' }], { store, dataDir: dir });
  try {
    const rec = await waitForRun(b.port, 'rec-past');
    assert.equal(rec.state, 'interrupted');
    assertRecord(rec, 'past');
  } finally {
    await b.close();
  }
});

test('the schema refuses what is not a record: a key missing, a wrong type, a wrong state', async () => {
  const rec = await runToCompletion(svc.port, { run_id: 'rec-strict', operations: [{ type: 'comment' }] });
  assertRecord(rec, 'strict');
  const { counts: _counts, ...noCounts } = rec;
  assert.equal(validator.validate(noCounts).valid, false, 'counts is required');
  assert.equal(validator.validate({ ...rec, rate: 'fast' }).valid, false, 'rate is a number');
  assert.equal(validator.validate({ ...rec, state: 'done' }).valid, false, 'state is one of the five');
  assert.equal(validator.validate({ ...rec, time_start: [1, 2, 3] }).valid, false, 'a time is [sec, usec]');
});
