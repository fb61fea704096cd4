// A run split across worker threads (builtins/workers) with a data set: each part reads the rows of its own $n, so
// a unique set's rows are taken once across the parts, and `on_exhausted: "end"` cuts the whole run to the rows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { runWhenUp, startTestService } from '../../helpers/service.js';
import type { RunningService } from '../../../core/service.js';

const ROWS = 40;
let svc: RunningService;
let dir: string;
before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tester-workers-data-'));
  mkdirSync(join(dir, 'data'));
  writeFileSync(join(dir, 'data', 'subs.csv'), ['msisdn', ...Array.from({ length: ROWS }, (_, i) => `0211${String(i).padStart(6, '0')}`)].join('\n'));
  svc = await startTestService([{ name: 'logic' }], { workers: 2, dataDir: dir });
});
after(async () => {
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

const run = (runId: string, onExhausted: string) =>
  runWhenUp(svc.port, {
    run_id: runId,
    distribution: { type: 'load', total: 100, backlog: 10 },
    data: { subs: { file: 'subs.csv', mode: 'unique', on_exhausted: onExhausted } },
    operations: [{ type: 'assert', arguments: { expression: "$d.subs.msisdn == '0211' + pad($n, 6)" } }],
  });

test('unique rows across worker threads: each instance reads the row of its $n; "end" runs as many instances as rows', async () => {
  const rec = await run('workers-data-end', 'end');
  assert.ok((rec.workers?.length ?? 0) >= 2, `the run was split: ${JSON.stringify(rec.workers)}`);
  assert.deepEqual([rec.counts.started, rec.counts.passed], [ROWS, ROWS], JSON.stringify(rec.first_fails));
});

test('"fail": the instances past the last row abort, in every part', async () => {
  const rec = await run('workers-data-fail', 'fail');
  assert.deepEqual([rec.counts.passed, rec.counts.aborted], [ROWS, 100 - ROWS]);
  for (const a of rec.first_aborts) assert.match(a.text, /^data\.subs: no row left for instance (\d+)/);
  assert.ok(rec.first_aborts.every((a: { text: string }) => Number(/instance (\d+)/.exec(a.text)![1]) >= ROWS));
});
