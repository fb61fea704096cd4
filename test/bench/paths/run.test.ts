// bench/paths/run.ts: the pure parts (a step's size, the log lines); the runs themselves are the bench's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BACKLOGS_PER_STEP, MIN_STEP_TOTAL, stepLine, stepTotal, summaryLine, type PathResult, type PathStep } from '../../../bench/paths/run.js';

test('a step lasts about `secs` seconds at the best rate so far, rounded to 1,000, within its bounds', () => {
  assert.equal(stepTotal(7_640, 4, 20_000, 50), 20_000);
  assert.equal(stepTotal(7_640, 2, 20_000, 50), 15_000);
  assert.equal(stepTotal(2_634, 4, 20_000, 200), 11_000);
  assert.equal(stepTotal(100, 4, 20_000, 50), MIN_STEP_TOTAL);
  assert.equal(stepTotal(0, 8, 60_000, 50), MIN_STEP_TOTAL);
});

test('a step holds its backlog several times over: a slow path at a large backlog gets more than its seconds', () => {
  assert.equal(stepTotal(815, 4, 20_000, 3200), BACKLOGS_PER_STEP * 3200);
  assert.equal(stepTotal(815, 4, 10_000, 3200), 10_000);
});

const step: PathStep = {
  name: 'load backlog 200', backlog: 200, total: 11_000, passed: 11_000, aborted: 0, failed: 0, dropped: 0, failures: 0, duration_s: 2.1, rate: 5_238, start_rate: 5_300,
  p50_ms: 36.5, p99_ms: 53.1, cpu_service_pct: 66, us_per_message_service: 33, us_per_message_service_children: 0, rss_service_mb: 164, peers: [{ name: 'diameter-ocs', cpu_pct: 30, us_per_message: 15.1, rss_mb: 121 }],
};

test('a step line: rate, latency, failures, and the CPU of the service and of each peer', () => {
  assert.match(stepLine(step), /load backlog 200 +5238\/s {2}p50 +36\.50 ms {2}p99 +53\.10 ms {2}aborted 0 {2}failed 0 {2}dropped 0 {2}service 66% 33 µs\/msg 164 MB {2}diameter-ocs 30% 15\.1 µs\/msg 121 MB$/);
  assert.match(stepLine({ ...step, us_per_message_service_children: 12.5 }), /service 66% 33 µs\/msg \(12\.5 in its child processes\) 164 MB/);
  assert.match(stepLine({ ...step, aborted: 2, first_abort: '{"reason":"timeout"}' }), /aborted 2 .* first abort: \{"reason":"timeout"\}$/);
});

test('a summary line: the maximum, its backlog, p99 and CPU per message; the share of TCP; or why not measured', () => {
  const r: PathResult = { id: 'inap-sctp', title: 't', messages_per_instance: 2, load: { steps: [], best_step: 200, max_rate: 27_185, stopped: 'every backlog up to 800 ran' }, max_rate: 27_185, max_rate_backlog: 200, p99_ms: 16.6, us_per_message_service: 13.25, peers_us_per_message: { 'scp-sim': 6 }, of_inap_tcp: 0.68 };
  assert.equal(summaryLine(r), '  inap-sctp load maximum: 27185/s (backlog 200), p99 16.6 ms there, service 13.25 µs/msg, scp-sim 6 µs/msg (2 messages per instance; stopped at every backlog up to 800 ran); 68% of INAP over M3UA/TCP');
  assert.equal(summaryLine({ id: 'mixed', title: 't', messages_per_instance: 6, error: 'scp-sim exited (1)' }), '  mixed: not measured: scp-sim exited (1)');
});
