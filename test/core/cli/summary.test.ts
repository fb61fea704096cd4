// core/cli/summary.ts: the verdict `tester run` exits with, the summary text and the progress line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { passed, summarize, progressLine } from '../../../core/cli/summary.js';

const rec = (counts: Record<string, number>, extra: Record<string, unknown> = {}) => ({
  run_id: 'r1',
  state: 'completed',
  counts: { started: 10, finished: 10, passed: 10, failed: 0, aborted: 0, cancelled: 0, dropped: 0, ...counts },
  distribution: { type: 'load', total: 10 },
  ...extra,
});

test('passed: completed, something started, nothing failed, aborted, cancelled or dropped', () => {
  assert.equal(passed(rec({})), true);
  for (const k of ['failed', 'aborted', 'cancelled', 'dropped']) assert.equal(passed(rec({ [k]: 1 })), false, k);
  assert.equal(passed(rec({ started: 0 })), false);
  assert.equal(passed(rec({}, { state: 'cancelled' })), false);
  assert.equal(passed(rec({}, { state: 'running' })), false);
});

test('summarize names the run, the verdict, the counts and the first problems', () => {
  const text = summarize(rec({ failed: 2, passed: 8 }, { first_fails: [{ idx: 3, op_idx: 1, text: 'wrong balance' }], duration: 1.5, rate: 6.67 }));
  assert.match(text, /Run r1: COMPLETED — NOT PASSED/);
  assert.match(text, /failed 2/);
  assert.match(text, /instance 3 op 1: wrong balance/);
  assert.match(summarize(rec({})), /PASSED/);
});

test('summarize lists the checks of a single run and the message flow', () => {
  const text = summarize({
    run_id: 'one',
    state: 'completed',
    counts: { started: 1, passed: 1 },
    distribution: { type: 'single' },
    first_call: { check_log: [{ status: 'pass', op_idx: 0, text: 'balance charged' }], messages: [{ direction: 'sent', protocol: 'inap', name: 'InitialDP' }] },
  });
  assert.match(text, /PASS\s+op 0: balance charged/);
  assert.match(text, /→ inap InitialDP/);
});

test('progressLine shows percent scheduled, counts and rate', () => {
  const line = progressLine({ counts: { started: 40, finished: 30, failed: 1, aborted: 0, dropped: 10 }, in_progress: 10, distribution: { total: 100 } }, 10);
  assert.match(line, /\[ 50%\]/);
  assert.match(line, /started 40\/100/);
  assert.match(line, /dropped 10/);
  assert.match(line, /4\.0\/s/);
});
