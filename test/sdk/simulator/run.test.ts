// The simulator run loop as a process: refused before start (exit 2) or at start (exit 1) with the name first; the
// ready line, log and statistics lines, and on SIGTERM the final statistics as one JSON line (exit 0); with
// --workers 2 one ready line for both processes and the sum of their statistics beside each one's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const fixture = join(import.meta.dirname, 'fixtures/counting-sim.ts');

/** Start the fixture; `until` (on stdout + stderr) decides when to send SIGTERM (never: it ends by itself). */
function sim(values: object, until?: RegExp): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, JSON.stringify(values)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '', err = '', sent = false;
  const check = () => {
    if (until && !sent && until.test(out + err)) {
      sent = true;
      child.kill('SIGTERM');
    }
  };
  child.stdout.on('data', (d) => ((out += d), check()));
  child.stderr.on('data', (d) => ((err += d), check()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out, err })));
}

test('a prepare error exits 2, a start error 1, each named', async () => {
  const [a, b, c] = await Promise.all([sim({ fail: 'prepare' }), sim({ fail: 'start' }), sim({ workers: 2, transport: 'sctp' })]);
  assert.equal(a.code, 2);
  assert.equal(a.err, 'counting-sim: rules[0]: a bad script\n');
  assert.equal(b.code, 1);
  assert.equal(b.err, 'counting-sim: address in use\n');
  assert.equal(c.code, 2);
  assert.match(c.err, /^counting-sim: --workers needs --transport tcp/);
});

test('ready line, log, statistics lines, then on SIGTERM the final statistics', async () => {
  const r = await sim({ stats: 0.02 }, /counting-sim: served 1\n[^]*counting-sim: served 1\n/);
  assert.equal(r.code, 0, r.err);
  const lines = r.out.trim().split('\n');
  assert.equal(lines[0], 'counting-sim listening on 127.0.0.1:1');
  assert.deepEqual(JSON.parse(lines[1]!), { counting_sim: { served: 2, byKind: { a: 1 }, last: JSON.parse(lines[1]!).counting_sim.last } });
  assert.equal(lines.length, 2);
  assert.match(r.err, /^started\n/);
});

test('--quiet: no log line', async () => {
  const r = await sim({ quiet: true }, /listening/);
  assert.equal(r.code, 0);
  assert.equal(r.err, '');
});

test('--workers 2: one ready line, the sum and each process\'s statistics', async () => {
  const r = await sim({ workers: 2 }, /\(2 workers\)/);
  assert.equal(r.code, 0, r.err);
  const lines = r.out.trim().split('\n');
  assert.equal(lines[0], 'counting-sim listening on 127.0.0.1:1 (2 workers)');
  const last = JSON.parse(lines[1]!);
  assert.equal(last.workers.length, 2);
  assert.equal(last.counting_sim.served, 4, 'two processes, each stopped once');
  assert.deepEqual(last.counting_sim.byKind, { a: 2 });
  assert.ok(last.workers.every((w: { served: number }) => w.served === 2));
  assert.match(r.err, /^\[counting-sim \d\] started\n\[counting-sim \d\] started\n$/);
});
