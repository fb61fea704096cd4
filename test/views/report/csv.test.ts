// views/report/csv.ts: per-second statistics as CSV, one row per bucket, running totals that end at the counts.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { statsCsv } from '../../../views/report/csv.js';
import { startTestService } from '../../helpers/service.js';
import { tester } from '../../cli/helpers.js';
import type { RunningService } from '../../../core/service.js';
import type { RunRecord } from '../../../core/api/index.js';

const parse = (csv: string) => {
  const [head, ...rows] = csv.trimEnd().split('\n').map((l) => l.split(','));
  return rows.map((r) => Object.fromEntries(head!.map((h, i) => [h, r[i]])));
};

test('one row per second: counts, percentiles of the finished, a linear target on its ramp, running totals', () => {
  const rec = {
    time_start: [1_700_000_000, 0],
    distribution: { type: 'linear', total: 30, backlog: 5, cps: { start: 10, rate: 20, ramp_secs: 2, arrival: 'uniform' } },
    buckets: [
      { second: 0, started: 10, finished: 8, failed: 1, aborted: 0, dropped: 0, p50: 1.5, p99: 4 },
      { second: 1, started: 15, finished: 16, failed: 0, aborted: 1, dropped: 2, p50: 2, p99: 9.25 },
      { second: 2, started: 3, finished: 0, failed: 0, aborted: 0, dropped: 0, p50: 0, p99: 0 },
    ],
  };
  const rows = parse(statsCsv(rec as RunRecord)); // the fields statsCsv reads
  assert.equal(rows.length, 3);
  assert.deepEqual(rows[0], {
    second: '0', time_utc: '2023-11-14T22:13:20.000Z', started: '10', finished: '8', passed: '7', failed: '1', aborted: '0', dropped: '0',
    p50_ms: '1.5', p99_ms: '4', target_rate: '12.5', total_started: '10', total_finished: '8', total_failed: '1', total_aborted: '0', total_dropped: '0',
  });
  assert.equal(rows[1]!.target_rate, '17.5');
  assert.equal(rows[1]!.total_dropped, '2');
  assert.equal(rows[2]!.p99_ms, '', 'nothing finished in that second: no percentile');
  assert.equal(rows[2]!.target_rate, '20');
  assert.equal(rows[2]!.total_started, '28');
});

let svc: RunningService;
const dir = mkdtempSync(join(tmpdir(), 'tester-csv-'));
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc.close();
  rmSync(dir, { recursive: true, force: true });
});

test('tester run --csv: the totals of the last row are the run\'s counts', async () => {
  const def = join(dir, 'def.json');
  writeFileSync(def, JSON.stringify({ distribution: { type: 'load', total: 40, backlog: 4 }, operations: [{ type: 'wait', arguments: { seconds: 0.01 } }] }));
  const csv = join(dir, 'stats.csv');
  const r = await tester(['run', def, '--port', String(svc.port), '--run-id', `csv-${process.pid}`, '--csv', csv, '--json', '--no-progress']);
  assert.equal(r.code, 0, r.stderr);
  const rec = JSON.parse(r.stdout);
  const rows = parse(readFileSync(csv, 'utf8'));
  assert.equal(rows.length, rec.buckets.length);
  const last = rows.at(-1)!;
  assert.equal(Number(last.total_started), rec.counts.started);
  assert.equal(Number(last.total_finished), rec.counts.finished);
  assert.equal(rows.reduce((a, r) => a + Number(r.started), 0), 40);
});
