import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TESTER_NODE_FLAGS, commandFlags, root } from '../../bench/processes.js';

test('the flags of a shebang line are those after node', () => {
  assert.deepEqual(commandFlags('#!/usr/bin/env -S node --max-semi-space-size=32 --foo'), ['--max-semi-space-size=32', '--foo']);
  assert.deepEqual(commandFlags('#!/usr/bin/env node'), []);
  assert.deepEqual(commandFlags('// not a shebang'), []);
});

test('the bench starts tester processes with the flags bin/tester.js runs with, and Node takes them', () => {
  assert.ok(TESTER_NODE_FLAGS.includes('--max-semi-space-size=32'), TESTER_NODE_FLAGS.join(' '));
  assert.ok(TESTER_NODE_FLAGS.includes('--no-concurrent-marking'), TESTER_NODE_FLAGS.join(' '));
  const r = spawnSync(process.execPath, [...TESTER_NODE_FLAGS, '-e', "process.stdout.write(String(require('v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space') !== undefined))"]);
  assert.equal(r.status, 0, r.stderr.toString());
  assert.equal(r.stdout.toString(), 'true');
});

/** A process that is gone (reaped, or a zombie waiting for a parent that does not reap it). */
function gone(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return true;
  }
}

/** `npm run perf` until it names the service's and scp-sim's pids; then `interrupt` it and wait for its exit code. */
async function interrupted(interrupt: (child: ChildProcess) => void): Promise<{ code: number | null; pids: number[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'bench/perf.ts'), '--no-memory', '--total', '10000000', '--runs', '1'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const pids = await new Promise<number[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`perf named no pids within 60 s: ${out}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /service pid (\d+), scp-sim pid (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve([Number(m[1]), Number(m[2])]);
      }
    });
  });
  assert.ok(pids.every((p) => !gone(p)), 'the service and scp-sim run');
  const code = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  interrupt(child);
  return { code: await code, pids };
}

test('a bench interrupted with Ctrl-C (SIGINT) stops the service and scp-sim it started, and exits 130', async () => {
  const { code, pids } = await interrupted((c) => c.kill('SIGINT'));
  assert.equal(code, 130);
  assert.deepEqual(pids.filter((p) => !gone(p)), [], 'no process of the bench left running');
});

test('a bench whose output pipe closes (`npm run bench | head`) stops what it started, and exits 141', async () => {
  const { code, pids } = await interrupted((c) => c.stdout!.destroy());
  assert.equal(code, 141);
  assert.deepEqual(pids.filter((p) => !gone(p)), [], 'no process of the bench left running');
});
