// views/compare/rows.ts: the comparison's rows (tester compare's table, the web client's compare view): values,
// changes in % or pp, per-operation rows, the failure reasons with their counts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compareRows, showChange, showValue, changeOf } from '../../../views/compare/rows.js';
import { findMeasure } from '../../../views/compare/measures.js';
import { record } from './records.js';

test('run measures, both percentiles of each operation type either run has, a gate\'s measure added', () => {
  const rows = compareRows(record({ ops: { x: 2, y: 4 } }), record({ id: 'new', ops: { y: 6, z: 8 } }), [findMeasure('y.p90_ms')!, findMeasure('p99_ms')!]);
  const names = rows.map((r) => r.name);
  assert.deepEqual(names.slice(0, 4), ['state', 'distribution', 'started', 'finished']);
  assert.deepEqual(names.filter((n) => n.includes('.')), ['x.p50_ms', 'x.p99_ms', 'y.p50_ms', 'y.p99_ms', 'z.p50_ms', 'z.p99_ms', 'y.p90_ms']);
  assert.equal(names.filter((n) => n === 'p99_ms').length, 1, 'a default measure is not repeated');
  const y = rows.find((r) => r.name === 'y.p99_ms')!;
  assert.deepEqual([y.label, y.base, y.new, y.change], ['y p99 ms', 4, 6, { diff: 2, pct: 50 }]);
  const x = rows.find((r) => r.name === 'x.p99_ms')!;
  assert.deepEqual([x.base, x.new, x.change], [2, undefined, undefined]);
});

test('ratios change in percentage points, other measures by their difference and in %', () => {
  const rows = compareRows(record({ failed: 1, rate: 100 }), record({ id: 'new', failed: 3, rate: 90 }));
  const row = (n: string) => rows.find((r) => r.name === n)!;
  assert.deepEqual(row('failed_rate').change, { diff: 0.2, pct: 200 });
  assert.equal(showValue('ratio', row('failed_rate').new), '0.3%');
  assert.equal(showChange(row('failed_rate')), '+0.2pp');
  assert.equal(showChange(row('rate')), '-10 (-10%)');
  assert.equal(showChange(row('started')), '=');
  assert.equal(showChange(row('state')), '');
  assert.deepEqual(changeOf('count', 0, 3), { diff: 3, pct: undefined });
  assert.equal(showChange({ name: 'failed', label: 'failed', unit: 'count', base: 0, new: 3, change: changeOf('count', 0, 3) }), '+3 (from 0)');
  assert.equal(showChange({ name: 'state', label: 'state', unit: 'text', base: 'completed', new: 'cancelled', change: undefined }), 'differs');
  assert.equal(showValue('ms', undefined), '-');
  assert.equal(showValue('count', 12345.6789), '12,345.679');
});

test('failure reasons: counted by kind, operation and text as each record holds them, 0 where one has none', () => {
  const base = record({ fails: [[1, 'wrong balance'], [1, 'wrong balance']], aborts: [[0, 'no answer']] });
  const next = record({ id: 'new', fails: [[1, 'wrong balance'], [2, 'timeout'], [2, 'timeout'], [2, 'timeout']] });
  const reasons = compareRows(base, next).filter((r) => r.name === 'reason').map((r) => [r.label, r.base, r.new]);
  assert.deepEqual(reasons, [
    ['fail op 1: wrong balance', 2, 1],
    ['abort op 0: no answer', 1, 0],
    ['fail op 2: timeout', 0, 3],
  ]);
});
