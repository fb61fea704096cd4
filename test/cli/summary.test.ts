// cli/summary.ts: the verdict `tester run` exits with, the summary text and the progress line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { passed, summarize, progressLine, listTable } from '../../cli/summary.js';
import type { RunRecord } from '../../core/api/index.js';
import type { ListTestsAnswer } from '../../core/hooks.js';

/** A record with only the fields a test is about (the summaries read each field as possibly absent). */
const partial = (r: object) => r as RunRecord;
const partialList = (l: object) => l as ListTestsAnswer;

const rec = (counts: Record<string, number>, extra: Record<string, unknown> = {}) =>
  partial({
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

test('summarize lists each operation type\'s latency: count, mean, p50, p99, max (a wait\'s achieved holding times)', () => {
  const wait = { count: 100, mean: 95.5, p50: 90.25, p90: 150, p99: 310.5, max: 400 };
  const text = summarize(rec({}, { latency: { instance: { count: 0 }, operations: { wait } } }));
  const line = text.split('\n').find((l) => l.trim().startsWith('wait'));
  assert.ok(line, text);
  assert.match(line, /n +100 +mean +95\.5 ms +p50 +90\.3 ms +p99 +311 ms +max +400 ms/);
});

test('summarize lists the checks of a single run and the message flow', () => {
  const text = summarize(partial({
    run_id: 'one',
    state: 'completed',
    counts: { started: 1, passed: 1 },
    distribution: { type: 'single' },
    first_call: { check_log: [{ status: 'pass', op_idx: 0, text: 'balance charged' }], messages: [{ direction: 'sent', protocol: 'inap', name: 'InitialDP' }] },
  }));
  assert.match(text, /PASS\s+op 0: balance charged/);
  assert.match(text, /→ inap InitialDP/);
});

const t = (secs: number): [number, number] => [1_700_000_000 + Math.floor(secs), Math.round((secs % 1) * 1e6)];

test('progressLine: scheduled share and counts; the rate of the last whole second, not an average', () => {
  const line = progressLine(
    partial({
      counts: { started: 40, finished: 30, failed: 1, aborted: 0, dropped: 10 },
      in_progress: 10,
      distribution: { type: 'load', total: 100 },
      time_start: t(0),
      time_now: t(3.5),
      buckets: [
        { second: 0, started: 30, finished: 20, p99: 1.5 },
        { second: 1, started: 2, finished: 5, p99: 3.25 },
        { second: 2, started: 7, finished: 4, p99: 12.5 },
        { second: 3, started: 1, finished: 1, p99: 99 },
      ],
    }),
    3.5,
  );
  assert.match(line, /\[ 50%\]/);
  assert.match(line, /started 40\/100/);
  assert.match(line, /rate 7\/s/, 'second 2, the last whole one');
  assert.match(line, /in flight 10/);
  assert.match(line, /failed 1/);
  assert.match(line, /dropped 10/);
  assert.match(line, /p99 12\.5 ms/);
});

test('progressLine: no rate before a whole second has passed (the first tick)', () => {
  const line = progressLine(partial({ counts: { started: 5 }, in_progress: 5, distribution: { type: 'load', total: 100 }, time_start: t(0), time_now: t(0.0003), buckets: [{ second: 0, started: 5, finished: 0, p99: 0 }] }), 0);
  assert.match(line, /rate -\/s/);
  assert.match(line, /p99 -/);
  assert.match(line, /ETA \?/);
});

test('progressLine: a linear run shows its target rate on the ramp, and a second without starts as 0/s', () => {
  const line = progressLine(partial({
    counts: { started: 100 },
    in_progress: 3,
    distribution: { type: 'linear', total: 1000, cps: { start: 100, rate: 300, ramp_secs: 10 } },
    time_start: t(0),
    time_now: t(5.2),
    buckets: [{ second: 0, started: 100, finished: 97, p99: 1 }],
  }));
  assert.match(line, /rate 0\/s \(target 204\/s\)/);
});

test('summarize of a running run: no verdict, elapsed time instead of a duration', () => {
  const text = summarize(partial({ run_id: 'r2', state: 'running', completed: 0, counts: { started: 3 }, time_start: t(0), time_now: t(12.4) }));
  assert.match(text, /Run r2: RUNNING — 12 s so far, no verdict yet/);
  assert.doesNotMatch(text, /PASSED/);
  assert.match(text, /elapsed\s+12\.4 s/);
  assert.doesNotMatch(text, /duration/);
});

test('summarize groups first fails of the same text', () => {
  const fails = [3, 5, 9].map((idx) => ({ idx, op_idx: 1, text: 'wrong balance' })).concat([{ idx: 4, op_idx: 2, text: 'no answer' }]);
  const text = summarize(rec({ failed: 4, passed: 6 }, { first_fails: fails }));
  assert.match(text, /3× op 1: wrong balance \(instances 3, 5, 9\)/);
  assert.match(text, /instance 4 op 2: no answer/);
  assert.equal(text.match(/wrong balance/g)!.length, 1);
});

test('listTable: runs newest first with their counts, the gateways and their states', () => {
  const text = listTable(partialList({
    runs: [
      { run_id: 'old', state: 'completed', counts: { started: 1, passed: 1 }, in_progress: 0, time_start: t(0), rate: 1 },
      { run_id: 'new', state: 'running', counts: { started: 5, passed: 2, failed: 1 }, in_progress: 2, time_start: t(60), rate: 12.5 },
    ],
    locks_held: 1,
    gateways: [{ kind: 'sigtran', name: 'ss7', state: 'up', default: true }],
  }));
  const lines = text.split('\n');
  assert.match(lines[0]!, /^RUN\s+STATE\s+STARTED \(UTC\)\s+INSTANCES\s+PASSED\s+FAILED/);
  assert.match(lines[1]!, /^new\s+running\s+2023-11-14 22:14:20\s+5\s+2\s+1\s+0\s+0\s+2\s+12\.5\/s$/);
  assert.match(lines[2]!, /^old\s+completed/);
  assert.match(text, /^sigtran\s+ss7\s+up\s+yes$/m);
  assert.match(text, /2 runs, 1 lock held/);
});

test('listTable: gateways that report reconnects, attempts and a last error get those columns', () => {
  const text = listTable(partialList({
    runs: [],
    locks_held: 0,
    gateways: [
      { kind: 'diameter', name: 'OCS', state: 'up', default: true, detail: { reconnects: 2, reconnect_attempts: 5, last_error: 'connection closed by the peer' } },
      { kind: 'sigtran', name: 'ss7', state: 'up', default: true },
    ],
  }));
  assert.match(text, /^GATEWAY\s+INSTANCE\s+STATE\s+DEFAULT\s+RECONNECTS\s+ATTEMPTS\s+LAST ERROR$/m);
  assert.match(text, /^diameter\s+OCS\s+up\s+yes\s+2\s+5\s+connection closed by the peer$/m);
  assert.match(text, /^sigtran\s+ss7\s+up\s+yes$/m);
});
