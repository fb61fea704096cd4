// cli/commands/compare.ts: `tester compare BASE NEW` on record files and on the stored runs of a real `tester serve`:
// the table, --json, the gates' exit codes (0 held, 1 crossed, 2 bad input) and --junit.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { tester, scratch, repoRoot } from '../helpers.js';
import { rpcCall } from '../../../cli/rpc-client.js';
import { waitForRun } from '../../helpers/service.js';
import { record } from '../../views/compare/records.js';

const s = scratch();
after(() => rmSync(s.dir, { recursive: true, force: true }));

const base = s.file('base.json', record({ failed: 1, p99: 10, rate: 100, fails: [[1, 'wrong balance']] }));
const worse = s.file('worse.json', record({ id: 'worse', failed: 3, p99: 12, rate: 96, ops: { 'inap.ssp_to_scp.InitialDP': 7, wait: 1 }, fails: [[1, 'wrong balance'], [2, 'timeout']] }));

test('two record files: an aligned table of every measure with its change, the failure reasons; exit 0 without gates', async () => {
  const r = await tester(['compare', base, worse]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^base {2}base \(.*base\.json\)\nnew {3}worse \(.*worse\.json\)\n/);
  const lines = r.stdout.split('\n');
  const row = (name: string) => lines.find((l) => l.startsWith(`${name} `)) ?? '';
  assert.match(row('p99_ms'), /^p99_ms +10 +12 +\+2 \(\+20%\)$/);
  assert.match(row('failed_rate'), /^failed_rate +0\.1% +0\.3% +\+0\.2pp$/);
  assert.match(row('inap.ssp_to_scp.InitialDP.p99_ms'), /5 +7 +\+2 \(\+40%\)$/);
  assert.match(row('fail op 2: timeout'), / 0 +1 +\+1 \(from 0\)$/);
  // aligned: the figures of every row end in the same columns
  const header = lines.find((l) => l.startsWith('measure '))!;
  assert.equal(row('started').length, header.indexOf('change') + 'change'.length);
  assert.equal(row('rate').indexOf('100') + 3, row('p99_ms').indexOf(' 10 ') + 3);
});

test('gates crossed and held: marked in the table, listed with their verdict, exit 1; JUnit has one case per gate', async () => {
  const junit = join(s.dir, 'gates.xml');
  const gates = ['p99_ms +10%', 'rate -5%', 'failed_rate +0.1pp', 'inap.ssp_to_scp.InitialDP.p99_ms +2ms', 'failed +1'];
  const r = await tester(['compare', base, worse, '--gate', ...gates, '--junit', junit]);
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout, /^p99_ms .* \+2 \(\+20%\) {2}CROSSED p99_ms \+10%$/m);
  assert.match(r.stdout, /^rate .* {2}ok rate -5%$/m);
  assert.match(r.stdout, /^GATES CROSSED: 3 of 5$/m);
  assert.match(r.stdout, /^ {2}CROSSED {2}failed_rate \+0\.1pp: base 0\.1%, new 0\.3%, change \+0\.2pp$/m);
  assert.match(r.stdout, /^ {2}ok {7}inap\.ssp_to_scp\.InitialDP\.p99_ms \+2ms: base 5, new 7, change \+2$/m);
  assert.match(r.stdout, /^ {2}CROSSED {2}failed \+1: base 1, new 3, change \+2$/m);
  const xml = readFileSync(junit, 'utf8');
  assert.equal(XMLValidator.validate(xml), true);
  const cases = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (n) => n === 'testcase' }).parse(xml).testsuites.testsuite.testcase;
  assert.deepEqual(cases.map((c: any) => [c.name, c.failure !== undefined]), gates.map((g, i) => [`gate ${g}`, [0, 2, 4].includes(i)]));
  assert.equal(cases[1]['system-out'], 'rate -5% holds: base 100, new 96, change -4%');

  const held = await tester(['compare', base, worse, '--gate', 'p99_ms +20%', 'rate -5%', 'failed +2']);
  assert.equal(held.code, 0, held.stdout);
  assert.match(held.stdout, /^gates hold: 3 of 3$/m);
});

test('--json: the rows and the gates for machines, the same exit code', async () => {
  const r = await tester(['compare', base, worse, '--json', '--gate', 'p99_ms +10%']);
  assert.equal(r.code, 1);
  const out = JSON.parse(r.stdout);
  assert.equal(out.base.run_id, 'base');
  assert.equal(out.new.run_id, 'worse');
  assert.equal(out.crossed, 1);
  assert.deepEqual(out.gates[0], { gate: 'p99_ms +10%', measure: 'p99_ms', measureUnit: 'ms', base: 10, new: 12, unit: '%', change: 20, crossed: true });
  assert.deepEqual(out.rows.find((x: any) => x.name === 'failed_rate').change, { diff: 0.2, pct: 200 });
});

test('--help explains the gates, the measures and the exit codes', async () => {
  const r = await tester(['compare', '--help']);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /failed_rate \+0\.1pp +crossed when the failed fraction grows by more than 0\.1 percentage points/);
  assert.match(r.stdout, /<operation type>\.p50_ms \.\.\. \.mean_ms/);
  assert.match(r.stdout, /Exit: 0 no gate crossed, 1 a gate crossed, 2 bad input/);
  assert.match((await tester(['run', '--help'])).stdout, /--baseline <record\|run_id>/);
});

test('bad input exits 2 naming what is wrong: a gate, an operation type the base lacks, a file that is no record', async () => {
  const bad = async (args: string[], message: RegExp) => {
    const r = await tester(['compare', ...args]);
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, message);
    assert.equal(r.stdout, '', 'nothing compared');
  };
  await bad([base, worse, '--gate', 'p99_ms 10%'], /--gate 'p99_ms 10%': the threshold has no sign/);
  await bad([base, worse, '--gate', 'rate -5%', 'p98_ms +1%'], /--gate 'p98_ms \+1%': unknown measure 'p98_ms' \(known: started,/);
  await bad([base, worse, '--gate', 'p99_ms +1pp'], /pp \(percentage points\) is for the ratios/);
  await bad([base, worse, '--gate', 'p99_ms'], /'p99_ms' is not a gate: expected MEASURE \+N%/);
  await bad([base, worse, '--gate', 'InitialDP.p99_ms +1%'], /--gate names operation type 'InitialDP', which .*base\.json has not measured \(it has: inap\.ssp_to_scp\.InitialDP, wait\)/);
  await bad([s.config, worse], /plugins\.json is not a result record/);
  await bad([base, 'no-such-run', '--port', '1'], /NEW 'no-such-run' is no file, and the service at 127\.0\.0\.1:1 \(for a run id\) cannot be reached/);
});

/** `tester serve --port 0` with a run store in `data`: its port once it listens. */
async function serve(data: string): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [join(repoRoot, 'bin/tester.js'), 'serve', '--port', '0', '--config', s.config, '--data-dir', data, '--quiet'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d;
      const m = /listening 127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code} before listening: ${out}`)));
  });
  return { child, port };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise((resolve) => {
    child.on('exit', resolve);
    child.kill('SIGTERM');
  });
}

test('stored run ids of a real tester serve, read back after a restart; a file against a run id', async () => {
  const data = join(s.dir, 'data');
  const ops = (fail: string) => [{ type: 'assert', arguments: { expression: fail, fail: 'odd instance' } }, { type: 'comment' }];
  const first = await serve(data);
  try {
    for (const [run_id, fail] of [['nightly-1', 'true'], ['nightly-2', '$n % 2 == 0']]) {
      const r = await rpcCall({ port: first.port }, 'ExecuteTest', { run_id, distribution: { type: 'load', total: 10, backlog: 5 }, operations: ops(fail) });
      assert.equal(r.result, 'ok', JSON.stringify(r.error));
      await waitForRun(first.port, run_id);
    }
  } finally {
    await stop(first.child);
  }
  const again = await serve(data);
  try {
    const port = String(again.port);
    const r = await tester(['compare', 'nightly-1', 'nightly-2', '--port', port, '--gate', 'failed +0', 'started -0%']);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, new RegExp(`^base {2}nightly-1 \\(run nightly-1 of the service at 127\\.0\\.0\\.1:${port}\\)$`, 'm'));
    assert.match(r.stdout, /^failed +0 +5 +\+5 \(from 0\) {2}CROSSED failed \+0$/m);
    assert.match(r.stdout, /^fail op 0: odd instance +0 +5/m);
    assert.match(r.stdout, /^ {2}ok {7}started -0%: base 10, new 10, change 0%$/m);
    const saved = s.file('nightly-1.json', (await tester(['query', 'nightly-1', '--port', port, '--json'])).stdout);
    const mixed = await tester(['compare', saved, 'nightly-1', '--port', port, '--gate', 'failed +0', 'p99_ms +0%', 'assert.p99_ms +0%']);
    assert.equal(mixed.code, 0, mixed.stdout + mixed.stderr);
    const unknown = await tester(['compare', 'nightly-1', 'nightly-9', '--port', port]);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /NEW 'nightly-9' is neither a file nor a run of the service at 127\.0\.0\.1:\d+ \(QueryTest 2004:/);
  } finally {
    await stop(again.child);
  }
});
