// A run split in two: two real services on this machine run slice 0/2 and 1/2 of one load run over TCP; their
// records merge into the record of the whole run (counts sum, $n unique across the slices, percentiles of the
// merged histogram). Also: the slice param's errors name the field.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, call, runToCompletion } from '../helpers/service.js';
import { mergeRecords } from '../../builtins/workers/merge.js';
import { LatencyHistogram } from '../../core/engine/histogram.js';
import type { RunningService } from '../../core/service.js';

let services: RunningService[] = [];
before(async () => {
  services = await Promise.all([startTestService(), startTestService()]);
});
after(async () => {
  await Promise.all(services.map((s) => s.close()));
});

const TOTAL = 23;
const definition = (slice: { index: number; count: number }) => ({
  run_id: 'sliced-run',
  slice,
  distribution: { type: 'load', total: TOTAL, backlog: 4 },
  vars: { me: '{$n}' },
  thresholds: ['finished == total', 'failed_rate < 0.1'],
  operations: [
    { type: 'wait', arguments: { seconds: 0.002 } },
    // every $n this slice used, in the slice's globals
    { type: 'set', arguments: { globals: { seen: "{($g.seen || '') + ' ' + $v.me}" } } },
    { type: 'assert', arguments: { expression: '$n % 5 != 0', fail: "{'n=' + $n}" } },
  ],
});

test('two services run slices 0/2 and 1/2 of one run; the merged record is the whole run', async () => {
  const recs = await Promise.all(services.map((s, index) => runToCompletion(s.port, definition({ index, count: 2 }), { timeoutMs: 60_000 })));
  // each slice ran its share: 12 and 11 of 23
  assert.deepEqual(recs.map((r) => r.counts.started), [12, 11]);
  assert.deepEqual(recs.map((r) => r.distribution.total), [12, 11]);
  assert.deepEqual(recs.map((r) => r.distribution.backlog), [2, 2]);
  assert.deepEqual(recs[1].slice, { index: 1, count: 2, distribution: { type: 'load', total: TOTAL, backlog: 4 } });
  assert.equal(recs[1].first_call_summary.idx, '1', "slice 1's first instance is $n 1");
  assert.equal(recs[1].first_call.vars.me, 1);
  // $n: slice k used k, k+2, k+4, ...; together 0 … 22, each once
  const seen = recs.map((r) => String(r.globals.seen).trim().split(' ').map(Number).sort((a, b) => a - b));
  assert.deepEqual(seen[0], [...Array(12).keys()].map((j) => 2 * j));
  assert.deepEqual(seen[1], [...Array(11).keys()].map((j) => 2 * j + 1));
  // the fails of $n % 5 == 0 (0, 5, 10, 15, 20) in the slice that ran them, idx = $n
  assert.deepEqual(recs.map((r) => r.first_fails.map((f: any) => f.idx).sort((a: number, b: number) => a - b)), [[0, 10, 20], [5, 15]]);
  for (const r of recs) for (const f of r.first_fails) assert.equal(f.text, `n=${f.idx}`);
  // a slice's thresholds are measured against its share: finished == its total
  assert.ok(recs.every((r) => r.thresholds[0].ok && r.thresholds[0].bound === r.distribution.total));

  const m: any = mergeRecords(recs.map((rec, i) => ({ name: `slice-${i}`, rec })));
  assert.deepEqual(m.counts, { started: 23, finished: 23, passed: 18, failed: 5, aborted: 0, cancelled: 0, dropped: 0 });
  assert.deepEqual(m.distribution, { type: 'load', total: TOTAL, backlog: 4 });
  assert.equal(m.state, 'completed');
  assert.deepEqual(m.first_fails.map((f: any) => f.idx).sort((a: number, b: number) => a - b), [0, 5, 10, 15, 20]);
  assert.equal(m.first_call_summary.idx, '0');
  assert.deepEqual(
    m.thresholds.map((t: any) => [t.expr, t.value, t.bound, t.ok]),
    [
      ['finished == total', 23, 23, true],
      ['failed_rate < 0.1', 0.217391, 0.1, false],
    ],
  );
  assert.equal(m.buckets.reduce((a: number, b: any) => a + b.started, 0), 23, 'the buckets count every start once');
  // percentiles from the merged histogram: those of the slices' histograms added, with the slices' exact max
  const union = new LatencyHistogram();
  for (const r of recs) union.addEncoded(r.latency.hdr.instance);
  const { max, ...percentiles } = union.summary();
  assert.equal(m.latency.instance.count, 23);
  assert.deepEqual({ ...m.latency.instance, max: undefined }, { ...percentiles, max: undefined });
  assert.equal(m.latency.instance.max, Math.max(recs[0].latency.instance.max, recs[1].latency.instance.max));
  assert.ok(m.latency.instance.max <= max, 'the exact max is within its histogram bucket');
  assert.ok(m.latency.instance.p50 > 1, 'every instance waited 2 ms');
  assert.equal(m.latency.operations.wait.count, 23);
});

test('the slice param: errors name the field (2002)', async () => {
  const port = services[0]!.port;
  const refused = async (params: Record<string, unknown>, path: string) => {
    const r = await call(port, 'ExecuteTest', { run_id: `bad-slice-${path}-${Math.random()}`, operations: [{ type: 'comment' }], ...params });
    assert.equal(r.error?.code, 2002, JSON.stringify(r));
    assert.ok(r.error!.message.startsWith(`${path}:`), r.error!.message);
  };
  const load = { distribution: { type: 'load', total: 4 } };
  await refused({ ...load, slice: { index: 2, count: 2 } }, 'slice.index');
  await refused({ ...load, slice: { index: 0, count: 0 } }, 'slice.count');
  await refused({ ...load, slice: { index: -1, count: 2 } }, 'slice.index');
  await refused({ ...load, slice: { index: 0 } }, 'slice.count');
  await refused({ ...load, slice: { index: 0, count: 2, extra: 1 } }, 'slice.extra');
  await refused({ ...load, slice: { index: 0, count: 5 } }, 'slice.count');
  await refused({ slice: { index: 0, count: 1 } }, 'slice');
});
