// Load-sized: an INAP IDP→ReleaseCall load run of 20,000 instances against one scp-sim, by a service on 1 worker
// and by one on 2 workers (docs/workers.md): the same counts, every instance passed, each latency recorded once,
// the bucket sums equal to the counts, every worker ran its share.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { oneAndTwoWorkers } from './helpers/stack.js';
import { runWhenUp } from '../../helpers/service.js';
import { repoRoot } from '../../cli/helpers.js';

const w = oneAndTwoWorkers();

test('20,000 IDP→ReleaseCall on 1 and on 2 workers: the same counts, each latency once', async () => {
  const def = JSON.parse(readFileSync(join(repoRoot, 'examples/inap/load.json'), 'utf8'));
  const total = 20_000;
  const params = { ...def, run_id: 'w-long', distribution: { type: 'load', total, backlog: 200 } };
  const r1 = await runWhenUp(w.one.port, params, { timeoutMs: 300_000, pollMs: 500 });
  const r2 = await runWhenUp(w.two.port, params, { timeoutMs: 300_000, pollMs: 500 });
  for (const r of [r1, r2]) {
    assert.deepEqual(r.counts, { started: total, finished: total, passed: total, failed: 0, aborted: 0, cancelled: 0, dropped: 0 }, JSON.stringify(r.first_aborts));
    assert.equal(r.latency.instance.count, total);
    assert.equal(r.buckets.reduce((a: number, b: any) => a + b.finished, 0), total);
    assert.equal(r.first_call_summary.idx, '0');
  }
  assert.deepEqual(r2.workers.map((w: any) => w.counts.passed), [total / 2, total / 2]);
});
