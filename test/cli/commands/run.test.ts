// cli/commands/run.ts (and query/cancel/list in cli/main.ts): against a service started in the test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { rmSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { startTestService, call } from '../../helpers/service.js';
import { tester, scratch, repoRoot } from '../helpers.js';
import { record } from '../../views/compare/records.js';
import type { RunningService } from '../../../core/service.js';

let svc: RunningService;
const s = scratch();
let n = 0;
const id = (p: string) => `cli-${p}-${process.pid}-${++n}`;

before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc.close();
  rmSync(s.dir, { recursive: true, force: true });
});

test('run examples/logic/single.json exits 0 and prints a passed summary', async () => {
  const r = await tester(['run', 'examples/logic/single.json', '--port', String(svc.port), '--run-id', id('single')]);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /COMPLETED/);
  assert.match(r.stdout, /PASSED/);
  assert.doesNotMatch(r.stdout, /NOT PASSED/);
});

test('run of a definition with a failing assert exits 1 and shows the failure', async () => {
  const f = s.file('fail.json', { operations: [{ type: 'assert', arguments: { expression: '1 == 2', fail: 'one is not two' } }] });
  const r = await tester(['run', f, '--port', String(svc.port), '--run-id', id('fail')]);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /NOT PASSED/);
  assert.match(r.stdout, /one is not two/);
});

test('run of a definition whose instances abort or are dropped exits 1', async () => {
  const a = s.file('abort.json', { operations: [{ type: 'assert', arguments: { expression: 'false', abort: 'stop' } }] });
  assert.equal((await tester(['run', a, '--port', String(svc.port), '--run-id', id('abort')])).code, 1);
  const d = s.file('drop.json', { distribution: { type: 'linear', total: 20, backlog: 1, cps: { rate: 200 } }, operations: [{ type: 'wait', arguments: { seconds: 0.05 } }] });
  const r = await tester(['run', d, '--port', String(svc.port), '--run-id', id('drop'), '--json', '--poll-ms', '50']);
  assert.equal(r.code, 1);
  assert.ok(JSON.parse(r.stdout).counts.dropped > 0);
});

test('run of a definition the service refuses exits 2 with the error', async () => {
  const f = s.file('refused.json', { operations: [{ type: 'comment', arguments: { colour: 'red' } }] });
  const r = await tester(['run', f, '--port', String(svc.port), '--run-id', id('refused')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /2002/);
  assert.match(r.stderr, /operations\[0\]\.arguments\.colour/);
});

test('run against a port where nothing listens exits 2', async () => {
  const srv = net.createServer();
  await new Promise<void>((res) => srv.listen(0, '127.0.0.1', () => res()));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((res) => srv.close(() => res()));
  const r = await tester(['run', 'examples/logic/single.json', '--port', String(port), '--run-id', id('nobody')]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /cannot reach/);
});

test('run of a file that is not JSON exits 2', async () => {
  const r = await tester(['run', s.file('broken.json', '{'), '--port', String(svc.port)]);
  assert.equal(r.code, 2);
});

test('--json prints the final record with counts', async () => {
  const f = s.file('load.json', { distribution: { type: 'load', total: 6, backlog: 3 }, operations: [{ type: 'wait', arguments: { seconds: 0.01 } }] });
  const runId = id('json');
  const r = await tester(['run', f, '--port', String(svc.port), '--run-id', runId, '--json', '--poll-ms', '50']);
  assert.equal(r.code, 0, r.stderr);
  const rec = JSON.parse(r.stdout);
  assert.equal(rec.run_id, runId);
  assert.equal(rec.completed, 1);
  assert.equal(rec.counts.started, 6);
  assert.equal(rec.counts.passed, 6);
  assert.match(r.stderr, /\[100%\] started 6\/6/, 'the final progress line of a load run');
  const quiet = await tester(['run', f, '--port', String(svc.port), '--run-id', id('json-quiet'), '--json', '--no-progress', '--poll-ms', '50']);
  assert.equal(quiet.code, 0);
  assert.doesNotMatch(quiet.stderr, /%\]/);
});

test('SIGINT cancels the run and exits 1', async () => {
  const { spawn } = await import('node:child_process');
  // A load run, so that the client prints a progress line after its first QueryTest: by then its SIGINT handler is set.
  const f = s.file('sigint.json', { distribution: { type: 'load', total: 1, backlog: 1 }, operations: [{ type: 'wait', arguments: { seconds: 60 } }] });
  const runId = id('sigint');
  const child = spawn(process.execPath, [join(repoRoot, 'bin/tester.js'), 'run', f, '--port', String(svc.port), '--run-id', runId, '--poll-ms', '50'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  try {
    await new Promise<void>((resolve, reject) => {
      let err = '';
      child.stderr.on('data', (d) => {
        err += d;
        if (/%\]/.test(err)) resolve();
      });
      child.on('exit', (c) => reject(new Error(`tester run exited ${c} early: ${err}`)));
    });
    const exited = new Promise<number | null>((r) => child.on('exit', (c) => r(c)));
    child.kill('SIGINT');
    assert.equal(await exited, 1);
    const q = await call(svc.port, 'QueryTest', { run_id: runId });
    assert.equal(q.result.state, 'cancelled');
  } finally {
    clearTimeout(killer);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});

test('--trace-level overrides the file', async () => {
  const f = s.file('trace.json', { operations: [{ type: 'comment', arguments: { text: 'traced-text' } }] });
  const r = await tester(['run', f, '--port', String(svc.port), '--run-id', id('trace'), '--json', '--trace-level', '1']);
  const rec = JSON.parse(r.stdout);
  assert.ok(rec.first_call.trace_log.some((t: any) => t.msg === 'traced-text'));
});

test('--timeout cancels a run that takes too long and exits 1', async () => {
  const f = s.file('long.json', { operations: [{ type: 'wait', arguments: { seconds: 60 } }] });
  const runId = id('timeout');
  const r = await tester(['run', f, '--port', String(svc.port), '--run-id', runId, '--timeout', '0.3', '--poll-ms', '50']);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const q = await call(svc.port, 'QueryTest', { run_id: runId });
  assert.equal(q.result.state, 'cancelled');
});

test('without run_id in the file or --run-id, the run is named after the file', async () => {
  const f = s.file('unnamed-def.json', { operations: [{ type: 'comment' }] });
  const r = await tester(['run', f, '--port', String(svc.port), '--json']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(JSON.parse(r.stdout).run_id, /^unnamed-def-/);
});

test('an example without run_id runs twice in a row, each run under an id of its own', async () => {
  assert.equal(JSON.parse(readFileSync(join(repoRoot, 'examples/logic/single.json'), 'utf8')).run_id, undefined, 'the example fixes no run_id');
  const a = await tester(['run', 'examples/logic/single.json', '--port', String(svc.port), '--json']);
  const b = await tester(['run', 'examples/logic/single.json', '--port', String(svc.port), '--json']);
  assert.equal(a.code, 0, a.stderr);
  assert.equal(b.code, 0, b.stderr);
  const [ra, rb] = [JSON.parse(a.stdout).run_id, JSON.parse(b.stdout).run_id];
  assert.match(ra, /^single-/);
  assert.notEqual(ra, rb);
});

test('a run_id in use: 2001, and the message says how to pick another', async () => {
  const f = s.file('fixed-id.json', { run_id: id('fixed'), operations: [{ type: 'comment' }] });
  assert.equal((await tester(['run', f, '--port', String(svc.port)])).code, 0);
  const again = await tester(['run', f, '--port', String(svc.port)]);
  assert.equal(again.code, 2);
  assert.match(again.stderr, /2001/);
  assert.match(again.stderr, /--run-id/);
  assert.match(again.stderr, /leave run_id out of/);
  const other = await tester(['run', f, '--port', String(svc.port), '--run-id', id('other')]);
  assert.equal(other.code, 0, other.stderr);
});

test('thresholds from the definition and --threshold: each shown with its measured value; exit 1 when one is crossed', async () => {
  const f = s.file('thr.json', { distribution: { type: 'load', total: 10, backlog: 5 }, thresholds: ['failed_rate < 0.5'], operations: [{ type: 'comment' }] });
  const ok = await tester(['run', f, '--port', String(svc.port), '--run-id', id('thr-ok'), '--no-progress']);
  assert.equal(ok.code, 0, ok.stdout + ok.stderr);
  assert.match(ok.stdout, /thresholds\n\s+✓ failed_rate < 0\.5\s+failed_rate = 0\n/);
  const crossed = await tester(['run', f, '--port', String(svc.port), '--run-id', id('thr-crossed'), '--no-progress', '--threshold', 'passed > total', 'max_in_progress <= 5']);
  assert.equal(crossed.code, 1, crossed.stdout + crossed.stderr);
  assert.match(crossed.stdout, /NOT PASSED \(1 threshold crossed\)/);
  assert.match(crossed.stdout, /✗ passed > total\s+passed = 10\s+CROSSED/);
  assert.match(crossed.stdout, /✓ max_in_progress <= 5\s+max_in_progress = \d/);
  const bad = await tester(['run', f, '--port', String(svc.port), '--run-id', id('thr-bad'), '--threshold', 'speed > 1']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /thresholds\[1\]: unknown metric 'speed'/);
});

test('--baseline with --gate: the comparison after the summary; exit 1 when a gate is crossed, even if every instance passed', async () => {
  // The base: a run whose instances and waits took a microsecond; this run's wait takes 20 ms.
  const base = s.file('baseline.json', record({ id: 'fast', p99: 0.001, ops: { wait: 0.001, comment: 0.001 } }));
  const f = s.file('slow.json', { distribution: { type: 'load', total: 4, backlog: 4 }, operations: [{ type: 'wait', arguments: { seconds: 0.02 } }] });
  const junit = join(s.dir, 'baseline.xml');
  const args = ['run', f, '--port', String(svc.port), '--no-progress', '--baseline', base, '--junit', junit, '--gate', 'wait.p99_ms +50%', 'failed +0'];
  const r = await tester([...args, '--run-id', id('slow')]);
  assert.equal(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /PASSED/, 'every instance passed');
  assert.ok(r.stdout.indexOf('PASSED') < r.stdout.indexOf('GATES CROSSED'), 'the comparison after the summary');
  assert.match(r.stdout, /^base {2}fast \(.*baseline\.json\)\nnew {3}cli-slow-\d+-\d+ \(this run\)$/m);
  assert.match(r.stdout, /^wait\.p99_ms +0\.001 +[\d.]+ .* {2}CROSSED wait\.p99_ms \+50%$/m);
  assert.match(r.stdout, /^GATES CROSSED: 1 of 2\n {2}CROSSED {2}wait\.p99_ms \+50%: base 0\.001, new [\d.]+, change \+[\d,.]+%\n {2}ok {7}failed \+0: base 0, new 0, change 0$/m);
  const xml = readFileSync(junit, 'utf8');
  assert.match(xml, /<testsuite name="tester\.cli-slow-[\d-]+" tests="3" failures="1" errors="0"/, 'the instances and a case per gate');
  assert.match(xml, /<testcase name="gate wait\.p99_ms \+50%" classname="tester\.cli-slow-[\d-]+\.gates" time="0\.000">\n\s+<failure type="gate" message="wait\.p99_ms \+50% crossed: base 0\.001, new /);
  assert.match(xml, /<testcase name="gate failed \+0" [^>]*>\n\s+<system-out>failed \+0 holds: base 0, new 0, change 0<\/system-out>/);

  // --json: the record alone on stdout, the comparison on stderr; a baseline that is a run id of the service
  const slowId = id('slow-json');
  const json = await tester([...args.slice(0, 7), '--json', '--gate', 'failed +0', '--run-id', slowId]);
  assert.equal(JSON.parse(json.stdout).run_id, slowId);
  assert.match(json.stderr, /^gates hold: 1 of 1$/m);
  assert.equal(json.code, 0, json.stderr);
  const again = await tester(['run', f, '--port', String(svc.port), '--no-progress', '--run-id', id('again'), '--baseline', slowId, '--gate', 'failed +0', 'started -0%']);
  assert.equal(again.code, 0, again.stdout + again.stderr);
  assert.match(again.stdout, new RegExp(`^base {2}${slowId} \\(run ${slowId} of the service at 127\\.0\\.0\\.1:${svc.port}\\)$`, 'm'));
});

test('--baseline and --gate: bad input exits 2 before the run starts', async () => {
  const base = s.file('baseline2.json', record());
  const f = s.file('never.json', { operations: [{ type: 'comment' }] });
  const cases: Array<[string[], RegExp]> = [
    [['--gate', 'failed +0'], /--gate compares with a baseline: give --baseline RECORD\.json or --baseline RUN_ID/],
    [['--baseline', base, '--gate', 'failed 0'], /--gate 'failed 0': the threshold has no sign/],
    [['--baseline', base, '--gate', 'comment.p99_ms +1%'], /--gate names operation type 'comment', which .*baseline2\.json has not measured/],
    [['--baseline', 'no-such-run'], /BASE 'no-such-run' is neither a file nor a run of the service/],
  ];
  for (const [extra, message] of cases) {
    const runId = id('never');
    const r = await tester(['run', f, '--port', String(svc.port), '--run-id', runId, ...extra]);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, message);
    assert.equal((await call(svc.port, 'QueryTest', { run_id: runId })).error?.code, 2004, 'no run started');
  }
});

test('--pcap writes a pcap file (global header, no records for logic operations)', async () => {
  const pcap = join(s.dir, 'out.pcap');
  const r = await tester(['run', 'examples/logic/single.json', '--port', String(svc.port), '--run-id', id('pcap'), '--pcap', pcap]);
  assert.equal(r.code, 0, r.stderr);
  const b = readFileSync(pcap);
  assert.ok(b.length >= 24, `pcap of ${b.length} bytes`);
  assert.ok([0xa1b2c3d4, 0xd4c3b2a1, 0xa1b23c4d, 0x4d3cb2a1].includes(b.readUInt32LE(0)), `magic ${b.readUInt32LE(0).toString(16)}`);
  assert.match(r.stderr, /wrote 0 messages/);
});

test("--pcap with failures: each failure's pcap slice written beside as FILE.instance-<n>.pcap, its path in JUnit", async () => {
  // a service whose fixture operation sends a message with bytes (01 02 ff) in every instance; instance 2 fails
  const module = fileURLToPath(new URL('../../core/plugins/fixtures/context-ops.ts', import.meta.url));
  const fx = await startTestService([{ name: 'logic' }, { module }]);
  try {
    const def = join(s.dir, 'failing.json');
    writeFileSync(def, JSON.stringify({ distribution: { type: 'load', total: 4, backlog: 1 }, operations: [{ type: 'fx_ctx.local.Message' }, { type: 'assert', arguments: { expression: '{ $n != 2 }', fail: 'two' } }] }));
    const pcap = join(s.dir, 'evidence.pcap');
    const junit = join(s.dir, 'evidence.xml');
    const r = await tester(['run', def, '--port', String(fx.port), '--run-id', id('slices'), '--pcap', pcap, '--junit', junit, '--no-progress']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    const slice = join(s.dir, 'evidence.instance-2.pcap');
    assert.match(r.stderr, new RegExp(`wrote 1 messages of instance 2 \\(failed\\) to ${slice.replace(/[.]/g, '\\.')}`));
    const b = readFileSync(slice);
    assert.equal(b.readUInt32LE(0), 0xa1b2c3d4);
    assert.equal(b.subarray(-3).toString('hex'), '0102ff', 'the Hello of instance 2');
    assert.ok(readFileSync(junit, 'utf8').includes(`pcap slice: ${slice}`), 'JUnit names the slice written');
  } finally {
    await fx.close();
  }
});

test('watch follows a run started by another client: live line, summary, the verdict as exit code', async () => {
  const runId = id('watched');
  const started = await call(svc.port, 'ExecuteTest', { run_id: runId, distribution: { type: 'load', total: 12, backlog: 3 }, operations: [{ type: 'wait', arguments: { seconds: 0.1 } }] });
  assert.equal(started.result, 'ok');
  const w = await tester(['watch', runId, '--port', String(svc.port), '--poll-ms', '50']);
  assert.equal(w.code, 0, w.stdout + w.stderr);
  assert.match(w.stderr, /\[100%\] started 12\/12  rate (\d+|-)\/s  in flight 0  finished 12  failed 0  aborted 0  dropped 0  p99 /);
  assert.match(w.stdout, new RegExp(`Run ${runId}: COMPLETED — PASSED`));
  const failing = id('watched-fail');
  await call(svc.port, 'ExecuteTest', { run_id: failing, operations: [{ type: 'wait', arguments: { seconds: 0.2 } }, { type: 'assert', arguments: { expression: 'false', fail: 'nope' } }] });
  const wf = await tester(['watch', failing, '--port', String(svc.port), '--poll-ms', '50', '--json']);
  assert.equal(wf.code, 1);
  assert.equal(JSON.parse(wf.stdout).counts.failed, 1);
  const unknown = await tester(['watch', 'no-such-run', '--port', String(svc.port)]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /2004/);
});

test('query, cancel and list', async () => {
  const runId = id('qcl');
  await call(svc.port, 'ExecuteTest', { run_id: runId, operations: [{ type: 'wait', arguments: { seconds: 30 } }] });
  const q = await tester(['query', runId, '--port', String(svc.port), '--json']);
  assert.equal(q.code, 0, q.stderr);
  assert.equal(JSON.parse(q.stdout).state, 'running');
  const [l, lt] = await Promise.all([tester(['list', '--port', String(svc.port), '--json']), tester(['list', '--port', String(svc.port)])]);
  assert.equal(l.code, 0);
  assert.ok(JSON.parse(l.stdout).runs.some((x: any) => x.run_id === runId));
  assert.equal(lt.code, 0);
  assert.match(lt.stdout, /^RUN\s+STATE/);
  assert.match(lt.stdout, new RegExp(`^${runId}\\s+running\\s`, 'm'));
  const running = await tester(['query', runId, '--port', String(svc.port)]);
  assert.match(running.stdout, new RegExp(`Run ${runId}: RUNNING — \\d+ s so far, no verdict yet`));
  assert.doesNotMatch(running.stdout, /PASSED|duration/);
  const c = await tester(['cancel', runId, '--port', String(svc.port), '--json']);
  assert.equal(c.code, 0, c.stderr);
  assert.equal(JSON.parse(c.stdout).state, 'cancelled');
  const summary = await tester(['query', runId, '--port', String(svc.port)]);
  assert.match(summary.stdout, new RegExp(`Run ${runId}: CANCELLED`));
  const unknown = await tester(['query', 'no-such-run', '--port', String(svc.port)]);
  assert.equal(unknown.code, 2);
  assert.match(unknown.stderr, /2004/);
});
