// bench/markdown.ts: the README's performance table from a bench report.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markdown, scaleMarkdown, type BenchReport } from '../../bench/markdown.js';
import { scaleFigures, scaleShape } from '../../bench/scale-figures.js';

const run = (name: string, step: number, rate: number, held: boolean) => ({ name, step, rate, held, ...(held ? {} : { why: '3 failed' }), p50_ms: 1.25, p99_ms: 9.5, cpu_service_pct: 100, cpu_scp_pct: 20, us_per_message_service: 40, aborted: 0, failed: held ? 0 : 3, dropped: 0, failures: held ? 0 : 3 });
const report: BenchReport = {
  date: '2026-11-25T12:00:00.000Z',
  machine: { cpus: 2, cpu_model: 'AMD EPYC', node: 'v20.20.2', loadavg: { min: 1.5, max: 3, mean: 2.2 } },
  options: { quick: false, secs_per_step: 8, load_total: 60_000 },
  tester: { max_rate: 12_000, max_rate_backlog: 200, us_per_message: 40, us_per_instance: 80, linear_ceiling: 10_000, bytes_per_inflight: 6144 },
  load: { steps: [run('load backlog 200', 200, 12_000, true)], best_step: 200, max_rate: 12_000, stopped: 'x' },
  linear: { steps: [run('linear 10000/s for 8s', 10_000, 9_990, true), run('linear 20000/s for 8s', 20_000, 12_000, false)], best_step: 10_000, max_rate: 9_990, stopped: 'x' },
  sipp: { search: { steps: [{ step: 20_000, target: 20_000, rate: 19_800, ok: 160_000, failed: 0, failures: 0, cpu_uas_pct: 60, cpu_uac_pct: 55, uas_us_per_message: 10, uac_us_per_message: 8, held: true }], best_step: 20_000, max_rate: 19_800, stopped: 'x' }, max_rate: 19_800, uas_us_per_message: 10, uac_us_per_message: 8 },
  ratios: { max_rate: 0.61, cpu_per_message: 4.44, cpu_per_message_vs_uas: 4, cpu_per_message_vs_uac: 5 },
};

test('date, machine and the load average during the run come first', () => {
  assert.match(markdown(report).split('\n')[0]!, /^Measured 2026-11-25 on 2 cores \(AMD EPYC\), Node v20\.20\.2, 8 s per rated step.*shared: 1-minute load average 1\.5–3 \(mean 2\.2\)/);
});

test('one table row per step of each search, SIPp included, with whether it held', () => {
  const rows = markdown(report).split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| step'));
  assert.equal(rows.length, 4);
  assert.match(rows[0]!, /^\| load backlog 200 \| 12,000\/s \| 1\.3 \/ 9\.5 ms \| 100% \/ 20% \| 40 \| 0, 0, 0 \| yes \|$/);
  assert.match(rows[2]!, /\| 3, 0, 0 \| no: 3 failed \|$/);
  assert.match(rows[3]!, /^\| SIPp uac\/uas \(TCP\) 20,000\/s \| 19,800\/s .* 10 uas \/ 8 uac .* yes \|$/);
});

test('maxima, ratios and memory below the table', () => {
  const md = markdown(report);
  assert.match(md, /tester `load` \*\*12,000 instances\/s\*\* \(backlog 200\), SIPp \*\*19,800 calls\/s\*\*: ratio tester\/SIPp \*\*0\.61\*\*/);
  assert.match(md, /service \*\*40 µs\*\* \(80 µs per instance.*ratio tester\/SIPp \*\*4\.44\*\*/);
  assert.match(md, /\*\*6\.0 KB of service RSS per in-flight instance\*\*/);
  assert.match(md, /in-flight instance\*\* \(10,000 calls held open by the SCP\)/);
  assert.match(markdown({ ...report, tester: { ...report.tester, inflight_measured: 7_500 } }), /\(7,500 in flight at most: the machine did not start 10,000/);
  assert.match(markdown({ ...report, sipp: { skipped: 'sipp not installed' } }), /SIPp \*\*sipp not installed\*\*/);
});

test('the alternated CPU pairs after the ratio, each pair and their median; nothing when they did not run', () => {
  const cpu_pairs = { backlog: 800, sipp_rate: 20_000, pairs: [{ ratio: 0.93 }, { ratio: null }, { ratio: 1.02 }], median_ratio: 0.98 };
  assert.match(markdown({ ...report, cpu_pairs }), /ratio tester\/SIPp \*\*4\.44\*\* \(vs uas 4, vs uac 5\)\. Again in 3 alternated pairs \(the service at backlog 800, then SIPp at 20,000\/s\): ratios 0\.93, –, 1\.02, median \*\*0\.98\*\*\./);
  assert.doesNotMatch(markdown(report), /alternated pairs/);
});

test('the linear target run: a row of its own, and its verdict below the table (not judged under --quick)', () => {
  const target = { ...run('linear 20000/s for 30s (target)', 20_000, 19_990, true), start_rate: 19_996, cpu_scp_pct: 33, us_per_message_scp: 8 };
  const met = { met: true, misses: [], seconds_judged: 30, worst_second: { second: 4, started: 19_640, off_pct: -1.8 }, overall_off_pct: -0.02 };
  const md = markdown({ ...report, linear_target: { run: target, verdict: met } });
  const rows = md.split('\n').filter((l) => l.startsWith('| linear'));
  assert.match(rows[rows.length - 1]!, /^\| linear 20000\/s for 30s \(target\) \| 19,990\/s .* \| yes \|$/);
  assert.match(md, /`linear` target \(issue 14: 20,000\/s for 30 s.*\): \*\*met\*\*\. Started 19,996\/s \(-0\.02% off\), worst second 19,640 \(-1\.8%\), p50 \/ p99 1\.3 \/ 9\.5 ms; CPU service 100%, SCP 33% beside it\./);
  const missed = { ...met, met: false, misses: ['p99 71.7 ms, not below 50 ms'] };
  const md2 = markdown({ ...report, linear_target: { run: target, verdict: missed } });
  assert.match(md2, /\*\*not met\*\* \(p99 71\.7 ms, not below 50 ms\)/);
  assert.match(md2, /\| no: p99 71\.7 ms, not below 50 ms \|/);
  assert.match(markdown({ ...report, options: { ...report.options, quick: true }, linear_target: { run: target, verdict: missed } }), /not judged \(`--quick`: a shorter run\)/);
  assert.doesNotMatch(markdown(report), /`linear` target/);
});

test('host stalls: beside the linear target and at rest, when measured; nothing when not', () => {
  const target = { ...run('linear 20000/s for 30s (target)', 20_000, 19_990, true), start_rate: 19_996, cpu_scp_pct: 33, us_per_message_scp: 8 };
  const verdict = { met: false, misses: ['p99 61 ms, not below 50 ms'], seconds_judged: 30, worst_second: null, overall_off_pct: 0 };
  const stalls = { secs: 31.2, samples: 6100, median_us: 97, slow: 240, stalls: 23, longest_ms: 88.4, stalled_ms_per_s: 31.5 };
  const rest = { ...stalls, secs: 10, stalls: 9, longest_ms: 63, stalled_ms_per_s: 28.5 };
  const md = markdown({ ...report, linear_target: { run: target, verdict, host_stalls: stalls }, host_at_rest: rest });
  assert.match(md, /SCP 33% beside it\. Host stalls during it: 23 of 20 ms or more in 31\.2 s \(longest 88\.4 ms; 31\.5 ms stalled per second\)\./);
  assert.match(md, /before anything of ours ran: 9 of 20 ms or more in 10 s \(longest 63 ms; 28\.5 ms stalled per second\)\./);
  const none = markdown({ ...report, linear_target: { run: target, verdict } });
  assert.doesNotMatch(none, /Host stalls/);
});

test('the linear target run several times in a row (--linear-target-runs): each p99, verdict and host probe in one line; none for one run', () => {
  const target = (p99: number) => ({ ...run('linear 20000/s for 30s (target)', 20_000, 19_990, true), p99_ms: p99, start_rate: 19_996, cpu_scp_pct: 33, us_per_message_scp: 8 });
  const met = { met: true, misses: [], seconds_judged: 30, worst_second: null, overall_off_pct: 0 };
  const missed = { ...met, met: false, misses: ['p99 52 ms, not below 50 ms'] };
  const stalls = { secs: 30.5, samples: 6000, median_us: 97, slow: 20, stalls: 4, longest_ms: 31.5, stalled_ms_per_s: 3.2 };
  const runs = [{ run: target(21.5), verdict: met, host_stalls: stalls }, { run: target(52), verdict: missed, host_stalls: stalls }, { run: target(30.25), verdict: met }];
  const md = markdown({ ...report, linear_target: runs[0], linear_target_runs: runs });
  assert.match(md, /- The `linear` target 3 times in a row: 1\. p99 21\.5 ms, met \(host: 4 of 20 ms or more in 30\.5 s \(longest 31\.5 ms; 3\.2 ms stalled per second\)\); 2\. p99 52\.0 ms, not met \(host: .*\); 3\. p99 30\.3 ms, met\./);
  assert.doesNotMatch(markdown({ ...report, linear_target: runs[0], linear_target_runs: [runs[0]!] }), /times in a row/);
});

test('memory: the growth between two held plateaus when measured, with the growth to the first beside it', () => {
  const md = markdown({ ...report, tester: { ...report.tester, bytes_per_inflight: 41, inflight_measured: 10_000, bytes_per_inflight_marginal: 1812, marginal_from_to: [10_000, 30_000] } });
  assert.match(md, /- Memory: \*\*1\.8 KB of service RSS per in-flight instance\*\* \(the growth from 10,000 to 30,000 held open by the SCP at once, one process\); the growth to the first 10,000 alone read 0\.0 KB per instance/);
  // without the second plateau, the single figure as before
  assert.match(markdown({ ...report, tester: { ...report.tester, bytes_per_inflight_marginal: null } }), /\*\*6\.0 KB of service RSS per in-flight instance\*\* \(10,000 calls held open/);
});

test('the protocol paths: a second table, a row per path with its maximum, p99, CPU per message of each side, the share of TCP', () => {
  const sctp = { id: 'inap-sctp', title: 'INAP over M3UA/SCTP', messages_per_instance: 2, load: { steps: [], best_step: 200, max_rate: 27_185, stopped: 'x' }, max_rate: 27_185, max_rate_backlog: 200, p99_ms: 16.64, us_per_message_service: 13.25, peers_us_per_message: { 'scp-sim': 6 }, of_inap_tcp: 0.68 };
  const mixed = { id: 'mixed', title: 'mixed', messages_per_instance: 6, load: { steps: [], best_step: 800, max_rate: 1_855, stopped: 'x' }, max_rate: 1_855, max_rate_backlog: 800, p99_ms: 580.6, us_per_message_service: 73.67, us_per_message_service_children: 14.5, peers_us_per_message: { 'scp-sim': 11.33, 'diameter-ocs': 12.67 } };
  const failed = { id: 'map-ati', title: 'MAP ATI', messages_per_instance: 2, error: 'hlr-sim exited | (1)' };
  const md = markdown({ ...report, paths: { 'inap-sctp': sctp, mixed, 'map-ati': failed } });
  const table = md.split('\n').slice(md.split('\n').findIndex((l) => l.startsWith('| path |')));
  assert.equal(table[0], '| path | messages per instance | `load` maximum | p99 there | service µs/msg | peers µs/msg | of INAP over M3UA/TCP |');
  assert.equal(table[2], '| INAP over M3UA/SCTP (`inap-sctp`) | 2 | 27,185/s (backlog 200) | 16.6 ms | 13.25 | scp-sim 6 | 68% |');
  assert.equal(table[3], '| mixed (`mixed`) | 6 | 1,855/s (backlog 800) | 580.6 ms | 73.67 (14.5 in its child processes) | scp-sim 11.33, diameter-ocs 12.67 | – |');
  assert.equal(table[4], '| MAP ATI (`map-ati`) | 2 | not measured: hlr-sim exited / (1) | – | – | – | – |');
  assert.doesNotMatch(markdown(report), /Protocol paths/);
  assert.doesNotMatch(markdown({ ...report, paths: null }), /Protocol paths/);
});

test('--scale: the shape and the load average above, one row of in flight, RSS, per-instance bytes, QueryTest and counts', () => {
  const figures = scaleFigures([{ t_s: 60, query_ms: 12.5, inflight: 510_000, rss_kb: 900 * 1024 }], 100 * 1024);
  const targets = { inflight_500000: true, rss_within_1gb: true, query_within_100ms: true, nothing_lost: true };
  const scale = { shape: scaleShape(8500, 75, 60), figures, passed: 637_500, failed: 0, aborted: 0, dropped: 0, nothing_lost: true, max_in_progress: 511_000, duration_s: 135.2, wall_s: 136, p50_ms: 60_001, p99_ms: 60_050, cpu_service_s: 50, cpu_scp_s: 60, rss_scp_peak_mb: 2000, heap_at_peak_mb: null, loadavg: { start: 0.5, max: 2.5, at_peak: 2.1 }, timeline: [], slow_queries: [], targets };
  const md = scaleMarkdown({ date: '2026-11-28T15:00:00.000Z', machine: { cpus: 2, cpu_model: 'AMD EPYC', node: 'v20.20.2' }, scale });
  assert.match(md, /^Long calls at scale, measured 2026-11-28 on 2 cores .*holds 60 s.*`linear` 8,500\/s for 75 s, TCAP timeout 90 s.*load average 0\.5 at the start, 2\.5 at most/);
  // 800 MB growth over 510,000: 1,645 bytes, 1.61 KB
  assert.match(md, /\| 511,000 \| 100 MB \/ 900 MB \/ 900 MB \| 1\.61 KB \| 12\.5 \/ 12\.5 ms \| 637,500, 0, 0, 0 \| 135\.2 s \|/);
});
