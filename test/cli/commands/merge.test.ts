// tester run --slice k/N (validated before anything is sent) and tester merge RESULT... (the merged summary,
// the record with --json / -o, exit codes).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestService, runToCompletion } from '../../helpers/service.js';
import { tester, scratch } from '../helpers.js';
import { parseSlice } from '../../../cli/commands/run.js';
import { UsageError } from '../../../cli/usage-error.js';
import type { RunningService } from '../../../core/service.js';

let svc: RunningService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc.close();
});

test('parseSlice: k/N with k from 0 to N-1; anything else is a usage error naming --slice', () => {
  assert.deepEqual(parseSlice('0/1'), { index: 0, count: 1 });
  assert.deepEqual(parseSlice('3/4'), { index: 3, count: 4 });
  assert.deepEqual(parseSlice(' 2 / 10 '), { index: 2, count: 10 });
  for (const bad of ['4/4', '1/0', '-1/2', '1', '1/2/3', 'a/b', '1.5/2', '', '0/100000']) {
    assert.throws(() => parseSlice(bad), (e: Error) => e instanceof UsageError && e.message.startsWith('--slice:'), bad);
  }
});

test('tester run --slice with a bad value exits 2 before contacting the service', async () => {
  const s = scratch();
  const file = s.file('load.json', { distribution: { type: 'load', total: 4 }, operations: [{ type: 'comment' }] });
  const r = await tester(['run', file, '--slice', '2/2', '--port', String(svc.port)]);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /--slice: k must be 0 to N-1 = 1 \(got 2\)/);
});

test('tester merge: the summary and the merged record of two slices; exit 1 when the merged run failed; 2 on a missing slice', async () => {
  const s = scratch();
  const files: string[] = [];
  for (const index of [0, 1]) {
    const rec = await runToCompletion(svc.port, {
      run_id: `cli-merge-${index}`,
      slice: { index, count: 2 },
      distribution: { type: 'load', total: 9, backlog: 2 },
      operations: [{ type: 'assert', arguments: { expression: '$n != 7', fail: 'seven' } }],
    });
    files.push(s.file(`result-${index}.json`, rec));
  }
  const out = join(s.dir, 'merged.json');
  const r = await tester(['merge', ...files, '-o', out]);
  assert.equal(r.code, 1, `instance 7 failed: ${r.stderr}`);
  assert.match(r.stdout, /seven/);
  const m = JSON.parse(readFileSync(out, 'utf8'));
  assert.deepEqual([m.counts.started, m.counts.passed, m.counts.failed], [9, 8, 1]);
  assert.equal(m.first_fails[0].idx, 7);
  assert.equal(typeof m.latency.hdr.instance, 'string');
  const missing = await tester(['merge', files[1]!]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot merge: slice 0 of 2 missing/);
});
