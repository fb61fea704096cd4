// cli/record-file.ts: `tester report` and `tester merge` read a saved record and check it against the record's
// schema: a file that is not a record is refused (exit 2) with the JSON path at fault, before any report is written.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readRecordFile } from '../../cli/record-file.js';
import { UsageError } from '../../cli/usage-error.js';
import type { RunningService } from '../../core/service.js';
import { runToCompletion, startTestService } from '../helpers/service.js';
import { tester, scratch } from './helpers.js';

let svc: RunningService;
let rec: Record<string, unknown>;
before(async () => {
  svc = await startTestService();
  rec = await runToCompletion(svc.port, { run_id: 'record-file', slice: { index: 0, count: 2 }, distribution: { type: 'load', total: 4, backlog: 2 }, operations: [{ type: 'comment' }] });
});
after(async () => {
  await svc?.close();
});

test('a saved record is read back as it was saved', () => {
  const s = scratch();
  assert.deepEqual(readRecordFile(s.file('result.json', rec)), rec);
});

test('a file that is not JSON, or JSON that is not a record, is a usage error naming the file and the path', () => {
  const s = scratch();
  const refused = (content: unknown, re: RegExp) => {
    const file = s.file('bad.json', content);
    assert.throws(() => readRecordFile(file), (e: Error) => e instanceof UsageError && e.message.includes(file) && re.test(e.message), String(content));
  };
  refused('{"run_id": ', /cannot read a result record from .*bad\.json: /);
  refused({ operations: [{ type: 'comment' }] }, /bad\.json is not a result record \(tester run --json, tester query --json\): run_id: is required$/);
  refused({ ...rec, buckets: [{ second: 0 }] }, /: buckets\[0\]\.started: is required$/);
  refused({ ...rec, latency: { ...(rec.latency as object), distribution: 'flat' } }, /: latency\.distribution: must be array$/);
});

test('tester report and tester merge refuse a file that is not a record with the JSON path, exit 2, nothing written', async () => {
  const s = scratch();
  const bad = s.file('result.json', { ...rec, counts: { ...(rec.counts as object), passed: -1 } });
  const html = join(s.dir, 'report.html');
  const report = await tester(['report', bad, '-o', html]);
  assert.equal(report.code, 2, report.stderr);
  assert.match(report.stderr, /result\.json is not a result record \(tester run --json, tester query --json\): counts\.passed: must be >= 0/);
  assert.equal(existsSync(html), false);
  const merge = await tester(['merge', s.file('slice-0.json', rec), bad]);
  assert.equal(merge.code, 2, merge.stderr);
  assert.match(merge.stderr, /result\.json is not a result record .*: counts\.passed: must be >= 0/);
});
