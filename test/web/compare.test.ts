// The comparison's parts: the measures two records are compared by (views/compare/rows.ts, which the web's compare
// table shows), and their latency distributions on one axis.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareRows } from '../../views/compare/rows.js';
import { alignDistributions } from '../../web/src/charts/align.js';

const lat = (p99: number) => ({ count: 10, p50: p99 / 2, p90: p99 * 0.9, p99, max: p99, mean: p99 / 2 });
const record = (run_id: string, passed: number, p99: number, ops: Record<string, number>) =>
  ({
    run_id,
    state: 'completed',
    completed: 1,
    time_start: [1, 0],
    duration: 2,
    counts: { started: 10, finished: 10, passed, failed: 10 - passed, aborted: 0, cancelled: 0, dropped: 0 },
    in_progress: 0,
    max_in_progress: 3,
    distribution: { type: 'load', total: 10, backlog: 3 },
    rate: 5,
    first_fails: [],
    first_aborts: [],
    globals: {},
    buckets: [],
    latency: { instance: lat(p99), operations: Object.fromEntries(Object.entries(ops).map(([k, v]) => [k, lat(v)])), distribution: [] },
  }) as const;

test('counts, rates, percentiles and the p99 of every operation type either run has', () => {
  const rows = new Map(compareRows(record('a', 10, 20, { x: 1, y: 2 }) as never, record('b', 8, 30, { y: 3, z: 4 }) as never).map((r) => [r.label, [r.base, r.new]]));
  assert.deepEqual(rows.get('passed instances'), [10, 8]);
  assert.deepEqual(rows.get('failed instances'), [0, 2]);
  assert.deepEqual(rows.get('instance latency p99 ms'), [20, 30]);
  assert.deepEqual(rows.get('achieved rate /s'), [5, 5]);
  assert.deepEqual([...rows.keys()].filter((k) => k.endsWith(' p99 ms') && !k.startsWith('instance')), ['x p99 ms', 'y p99 ms', 'z p99 ms']);
  assert.deepEqual(rows.get('x p99 ms'), [1, undefined], 'an operation type only one run has');
});

test('distributions on one axis: every percentile either gives, in order, null where a run has none', () => {
  const { percentiles, values } = alignDistributions([
    { label: 'a', points: [[0, 1], [50, 2], [100, 9]] },
    { label: 'b', points: [[0, 2], [99, 5], [100, 7]] },
  ]);
  assert.deepEqual(percentiles, [0, 50, 99, 100]);
  assert.deepEqual(values, [[1, 2, null, 9], [2, null, 5, 7]]);
});
