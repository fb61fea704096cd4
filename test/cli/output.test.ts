// cli/output.ts: every command writes its whole output to a real pipe (a shell `|`, 64 KiB of pipe buffer,
// a reader that starts late) and exits quietly when the reader closes early (`| head`).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { startTestService } from '../helpers/service.js';
import { repoRoot, scratch } from './helpers.js';
import type { RunningService } from '../../core/service.js';

const bin = join(repoRoot, 'bin/tester.js');
let svc: RunningService;
const s = scratch();

before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc.close();
  rmSync(s.dir, { recursive: true, force: true });
});

/** `tester ARGS | READER` in bash; stdout is the reader's, stderr the tester's, code the tester's exit status. */
function piped(args: string[], reader: string): Promise<{ out: string; err: string; code: number }> {
  const cmd = `"${process.execPath}" "${bin}" ${args.map((a) => `'${a}'`).join(' ')} 2>"$ERRFILE" | ${reader}; echo "exit=\${PIPESTATUS[0]}" >&2; cat "$ERRFILE" >&2`;
  const errFile = join(s.dir, `err-${Math.random().toString(36).slice(2)}`);
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', cmd], { cwd: repoRoot, env: { ...process.env, ERRFILE: errFile }, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 }, (e, out, err) => {
      if (e) return reject(e);
      const m = /exit=(\d+)/.exec(err);
      resolve({ out, err: err.replace(/exit=\d+\n/, ''), code: Number(m?.[1]) });
    });
  });
}

test('ops --json through a pipe whose reader starts late: the whole JSON (more than 64 KiB)', async () => {
  const r = await piped(['ops', '--json'], '(sleep 1; cat)');
  assert.equal(r.code, 0, r.err);
  assert.ok(r.out.length > 64 * 1024, `${r.out.length} bytes`);
  assert.ok(JSON.parse(r.out).operations.length > 20);
});

test('run --json and query --json of a record larger than 64 KiB through a pipe', async () => {
  const text = 'x'.repeat(400);
  const f = s.file('big.json', { trace_level: 1, operations: Array.from({ length: 400 }, (_, i) => ({ type: 'comment', arguments: { text: `${i} ${text}` } })) });
  const runId = `pipe-big-${process.pid}`;
  const r = await piped(['run', f, '--json', '--port', String(svc.port), '--run-id', runId], '(sleep 1; cat)');
  assert.equal(r.code, 0, r.err);
  assert.ok(r.out.length > 150_000, `${r.out.length} bytes`);
  const texts = (rec: any) => rec.first_call.trace_log.filter((t: any) => t.msg.endsWith(text)).length;
  assert.equal(texts(JSON.parse(r.out)), 400);
  const q = await piped(['query', runId, '--json', '--port', String(svc.port)], '(sleep 1; cat)');
  assert.equal(q.code, 0, q.err);
  assert.equal(texts(JSON.parse(q.out)), 400);
});

test('a reader that closes early (| head): exit status 0, no EPIPE trace', async () => {
  for (const args of [['ops'], ['ops', '--json']]) {
    const r = await piped(args, 'head -c 100 >/dev/null');
    assert.equal(r.code, 0, `${args.join(' ')}: ${r.err}`);
    assert.doesNotMatch(r.err, /EPIPE|Error/, args.join(' '));
  }
});
