// views/compare/gates.ts: the gate language (a measure, a signed threshold in %, pp or the measure's unit) and its
// verdict on two records: each kind of gate crossed and not crossed, the edge, missing values, bad gates.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseGate, evaluateGates, unknownOperations, showGateChange, GateError } from '../../../views/compare/gates.js';
import { record, type Shape } from './records.js';

/** The verdict of one gate on a base and a new record. */
function verdict(gate: string, base: Shape, next: Shape) {
  const [r] = evaluateGates([parseGate(gate)], record(base), record({ id: 'new', ...next }));
  return r!;
}

test('relative (%): crossed beyond the threshold in the direction of its sign, not at it, not the other way', () => {
  assert.equal(verdict('p99_ms +10%', { p99: 10 }, { p99: 11.5 }).crossed, true);
  assert.equal(verdict('p99_ms +10%', { p99: 10 }, { p99: 11 }).crossed, false, 'exactly +10% does not cross +10%');
  assert.equal(verdict('p99_ms +10%', { p99: 10 }, { p99: 5 }).crossed, false, 'faster is no regression');
  assert.equal(verdict('rate -5%', { rate: 100 }, { rate: 94 }).crossed, true);
  assert.equal(verdict('rate -5%', { rate: 100 }, { rate: 96 }).crossed, false);
  assert.equal(verdict('rate -5%', { rate: 100 }, { rate: 200 }).crossed, false);
  const r = verdict('p99_ms +10%', { p99: 10 }, { p99: 12 });
  assert.deepEqual({ base: r.base, new: r.new, change: r.change, unit: r.unit }, { base: 10, new: 12, change: 20, unit: '%' });
  assert.equal(showGateChange(r), '+20%');
});

test('percentage points (pp) on the ratios', () => {
  assert.equal(verdict('failed_rate +0.1pp', { failed: 1 }, { failed: 3 }).crossed, true, '0.1% → 0.3%: +0.2pp');
  assert.equal(verdict('failed_rate +0.1pp', { failed: 1 }, { failed: 2 }).crossed, false, '0.1% → 0.2%: +0.1pp, at the threshold');
  assert.equal(verdict('dropped_rate +1pp', {}, { dropped: 20 }).crossed, true);
  assert.equal(verdict('passed_rate -0.5pp', {}, { failed: 4 }).crossed, false, '100% → 99.6%');
  assert.equal(verdict('passed_rate -0.5pp', {}, { failed: 6 }).crossed, true, '100% → 99.4%');
  assert.equal(showGateChange(verdict('failed_rate +0.1pp', { failed: 1 }, { failed: 3 })), '+0.2pp');
});

test('absolute, in the measure\'s own unit (a unit word may say it)', () => {
  assert.equal(verdict('failed +0', {}, { failed: 1 }).crossed, true, 'one more failed instance');
  assert.equal(verdict('failed +0', { failed: 2 }, { failed: 2 }).crossed, false);
  assert.equal(verdict('p99_ms +2ms', { p99: 10 }, { p99: 12.5 }).crossed, true);
  assert.equal(verdict('p99_ms +2', { p99: 10 }, { p99: 12 }).crossed, false);
  assert.equal(verdict('rate -10/s', { rate: 100 }, { rate: 89 }).crossed, true);
  assert.equal(showGateChange(verdict('rate -10/s', { rate: 100 }, { rate: 89 })), '-11');
});

test('per operation type: its latency, the operation named with its dots', () => {
  const ops = (x: number) => ({ ops: { 'inap.ssp_to_scp.InitialDP': x, wait: 1 } });
  assert.equal(verdict('inap.ssp_to_scp.InitialDP.p99_ms +20%', ops(5), ops(6.5)).crossed, true);
  assert.equal(verdict('inap.ssp_to_scp.InitialDP.p99_ms +20%', ops(5), ops(5.5)).crossed, false);
  assert.equal(verdict('wait.max_ms +0.5ms', ops(5), ops(5)).crossed, false);
  assert.deepEqual(unknownOperations([parseGate('nope.p99_ms +1%'), parseGate('wait.p50_ms +1%'), parseGate('p99_ms +1%')], record()), ['nope']);
});

test('a value missing in either record crosses the gate, saying which; a change from 0 is infinite', () => {
  const missing = verdict('inap.ssp_to_scp.InitialDP.p99_ms +20%', {}, { ops: { wait: 1 } });
  assert.equal(missing.crossed, true);
  assert.equal(missing.change, undefined);
  assert.match(missing.note!, /no inap\.ssp_to_scp\.InitialDP\.p99_ms in the new record/);
  const fromZero = verdict('failed +100%', {}, { failed: 1 });
  assert.equal(fromZero.crossed, true);
  assert.equal(fromZero.change, Infinity);
  assert.equal(showGateChange(fromZero), '+∞%');
  assert.equal(verdict('failed -10%', {}, { failed: 1 }).crossed, false, 'a rise from 0 is no fall');
  assert.equal(verdict('failed +0%', {}, {}).crossed, false, '0 → 0 is no change');
});

test('bad gates are refused with what was expected', () => {
  const refused = (text: string, message: RegExp) => assert.throws(() => parseGate(text), (e: Error) => e instanceof GateError && message.test(e.message), text);
  refused('p99_ms', /'p99_ms' is not a gate: expected MEASURE \+N% \| -N% \| \+Npp \| -N \(e\.g\. 'p99_ms \+10%'/);
  refused('', /is not a gate/);
  refused('p99_ms 10%', /the threshold has no sign: \+10% when an increase is the regression, -10% when a decrease is/);
  refused('p98_ms +10%', /unknown measure 'p98_ms' \(known: started, .*p99_ms.*<operation type>\.\{p50,p90,p99,max,mean\}_ms\)/);
  refused('wait.p98_ms +10%', /unknown measure 'wait\.p98_ms'/);
  refused('p99_ms +1pp', /pp \(percentage points\) is for the ratios \(passed_rate, failed_rate, aborted_rate, dropped_rate, error_rate\)/);
  refused('failed_rate +0.001', /failed_rate is a fraction: give its threshold in pp/);
  refused('failed +2ms', /failed is not measured in ms \(a count: give a plain number\)/);
  refused('p99_ms +2s', /p99_ms is not measured in s but in ms/);
  refused('p99_ms +ten%', /is not a gate/);
  refused('p99_ms +10%%', /is not a gate/);
});

test('a gate as written, trimmed; the sign gives the direction', () => {
  const g = parseGate('  rate   -  5% ');
  assert.deepEqual({ text: g.text, measure: g.measure.name, direction: g.direction, threshold: g.threshold, unit: g.unit }, { text: 'rate   -  5%', measure: 'rate', direction: -1, threshold: 5, unit: '%' });
  assert.equal(parseGate('p99_ms +1.5e1%').threshold, 15);
});
