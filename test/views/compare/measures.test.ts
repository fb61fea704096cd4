// views/compare/measures.ts: the measures a comparison and its gates read, named and computed as thresholds are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RUN_MEASURES, findMeasure, operationTypes } from '../../../views/compare/measures.js';
import { compileThresholds, evaluateThresholds } from '../../../core/engine/thresholds.js';
import { record } from './records.js';

test('every run measure has the value a threshold of the same name measures', () => {
  const rec = record({ failed: 7, aborted: 3, dropped: 40, rate: 97.5, p99: 12 });
  const d = { type: 'load', total: 1000, backlog: 10 } as const;
  for (const m of RUN_MEASURES) {
    const [t] = evaluateThresholds(compileThresholds([`${m.name} >= 0`], d as never), rec);
    const v = m.value(rec);
    // thresholds keep 6 decimals of what they measured
    assert.equal(v === undefined ? undefined : Math.round(v * 1e6) / 1e6, t!.value ?? undefined, m.name);
  }
  assert.equal(findMeasure('failed_rate')!.value(rec), 0.007);
  assert.equal(findMeasure('dropped_rate')!.value(rec), 40 / 1040, 'dropped of due (started + dropped)');
});

test('an operation type with dots of its own: the statistic is what follows the last one', () => {
  const m = findMeasure('inap.ssp_to_scp.InitialDP.p90_ms')!;
  assert.equal(m.op, 'inap.ssp_to_scp.InitialDP');
  assert.equal(m.unit, 'ms');
  assert.equal(m.value(record()), 4.5);
  assert.equal(findMeasure('p90_ms[inap.ssp_to_scp.InitialDP]')!.name, 'inap.ssp_to_scp.InitialDP.p90_ms', "a threshold's spelling");
  assert.equal(findMeasure('inap.ssp_to_scp.InitialDP.p98_ms'), undefined);
  assert.equal(findMeasure('p98_ms'), undefined);
  assert.deepEqual(operationTypes(record()), ['inap.ssp_to_scp.InitialDP', 'wait']);
});

test('nothing measured is undefined, not 0: latency without instances, ratios without finished instances', () => {
  const rec = record({ started: 0 });
  rec.latency.instance = { ...rec.latency.instance, count: 0 };
  assert.equal(findMeasure('p99_ms')!.value(rec), undefined);
  assert.equal(findMeasure('failed_rate')!.value(rec), undefined);
  assert.equal(findMeasure('started')!.value(rec), 0);
  assert.equal(findMeasure('nope.p99_ms')!.value(rec), undefined);
});
