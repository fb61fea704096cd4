// Two slices of one INAP load run, each service with its own M3UA association to its own reference SCP
// (scp-sim): the merged record counts every IDP→ReleaseCall instance once, the called numbers ($n) are unique
// across the slices, and the merged percentiles are those of the slices' histograms added.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startStack, type Stack } from './helpers/stack.js';
import { runToCompletion } from '../../helpers/service.js';
import { mergeRecords } from '../../../builtins/workers/merge.js';
import { LatencyHistogram } from '../../../core/engine/histogram.js';
import { repoRoot } from '../../cli/helpers.js';

const stacks: Stack[] = [];
after(async () => {
  await Promise.all(stacks.map((s) => s.close()));
});

test('INAP load.json as slices 0/2 and 1/2 against two scp-sims: merged counts, unique $n, merged percentiles', async () => {
  const script = JSON.parse(readFileSync(join(repoRoot, 'examples/inap/scp-sim.json'), 'utf8'));
  stacks.push(...(await Promise.all([startStack(script), startStack(script)])));
  const def = JSON.parse(readFileSync(join(repoRoot, 'examples/inap/load.json'), 'utf8'));
  const total = 15;
  const recs = await Promise.all(
    stacks.map((s, index) =>
      runToCompletion(
        s.port,
        {
          ...def,
          run_id: 'inap-sliced',
          slice: { index, count: 2 },
          distribution: { type: 'load', total, backlog: 4 },
          // every called number this slice sent, in its globals
          operations: [...def.operations, { type: 'set', arguments: { globals: { called: "{($g.called || '') + ' ' + $v.called}" } } }],
        },
        { timeoutMs: 60_000 },
      ),
    ),
  );
  for (const r of recs) assert.deepEqual([r.counts.failed, r.counts.aborted], [0, 0], JSON.stringify(r.first_fails.concat(r.first_aborts)));
  const called = recs.map((r) => String(r.globals.called).trim().split(' '));
  assert.deepEqual(called.map((c) => c.length), [8, 7]);
  const all = called.flat().sort();
  assert.deepEqual(all, [...Array(total).keys()].map((n) => `0211${String(n).padStart(6, '0')}`), 'each $n once across the slices');
  const m: any = mergeRecords(recs.map((rec, i) => ({ name: `slice-${i}`, rec })));
  assert.deepEqual([m.counts.started, m.counts.passed], [total, total]);
  assert.equal(m.latency.operations['inap.ssp_to_scp.InitialDP'].count, total);
  const union = new LatencyHistogram();
  for (const r of recs) union.addEncoded(r.latency.hdr.instance);
  const s = union.summary();
  assert.deepEqual([m.latency.instance.count, m.latency.instance.p50, m.latency.instance.p90, m.latency.instance.p99, m.latency.instance.mean], [s.count, s.p50, s.p90, s.p99, s.mean]);
});
