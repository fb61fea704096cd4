// plugins/db/gateway/sqlite-process.ts: the SQLite process ends with the service that started it, even while a
// statement holds its thread and the service was killed (SIGKILL: no chance to stop it), so no orphan keeps a CPU.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = mkdtempSync(join(tmpdir(), 'tester-sqlite-orphan-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** The process is gone (or a zombie nobody reaps: it runs nothing). */
function ended(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return true;
  }
}

/** User + system CPU time of a process, in clock ticks. */
function cpuTicks(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(f[11]) + Number(f[12]);
}

/** Start the stand-in service and read its first line. */
async function standIn(mode: 'endless' | 'idle'): Promise<{ parent: ChildProcess; first: any; exited: Promise<number | null> }> {
  const fixture = fileURLToPath(new URL('../../../fixtures/db/sqlite-parent.ts', import.meta.url));
  const parent = spawn(process.execPath, ['--import', 'tsx', fixture, dir, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((r) => parent.once('exit', (code) => r(code)));
  let out = '';
  const first = await new Promise<string>((resolve, reject) => {
    parent.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]!);
    });
    void exited.then((code) => reject(new Error(`the stand-in ended first (${code}): ${out}`)));
  });
  return { parent, first: JSON.parse(first), exited };
}

/** Wait (bounded: a bound for the wait, not a timing assertion) until the process ended; kill it if it did not. */
async function orphaned(pid: number): Promise<boolean> {
  const deadline = Date.now() + 20_000;
  while (!ended(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  const orphan = !ended(pid);
  if (orphan) process.kill(pid, 'SIGKILL');
  return orphan;
}

test('a service that never stops its SQLite instance still exits by itself, and the SQLite process with it', async () => {
  const { parent, first, exited } = await standIn('idle');
  assert.equal(first.one, 1);
  assert.ok(Number.isInteger(first.pid) && first.pid !== parent.pid, JSON.stringify(first));
  const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('still running'), 20_000).unref())]);
  if (code === 'still running') parent.kill('SIGKILL');
  assert.equal(code, 0, 'the SQLite process kept the service alive');
  assert.equal(await orphaned(first.pid), false, 'the SQLite process outlived the service by 20 s');
});

test('the SQLite process ends when the service is killed while a statement runs', async () => {
  const { parent, first, exited } = await standIn('endless');
  const { pid, running } = first as { pid: number; running: string | null };
  assert.ok(Number.isInteger(pid) && pid !== parent.pid, JSON.stringify(first));
  assert.match(String(running), /^WITH RECURSIVE/, 'the statement was under way');
  // the statement holds the process's thread (CPU time grows): its IPC channel is not read meanwhile
  while (cpuTicks(pid) < 20) await new Promise((r) => setTimeout(r, 20));
  parent.kill('SIGKILL');
  await exited;
  assert.equal(await orphaned(pid), false, 'the SQLite process outlived the service by 20 s (the watchdog looks every 250 ms)');
});
