// Every examples/logic definition runs to completion over TCP and passes (load-sized ones at the fast tier's size,
// see test/helpers/examples.ts; examples.long.test.ts runs them as written); the lock example refuses a second run.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { startTestService, call, runToCompletion, waitForRun } from '../helpers/service.js';
import type { RunningService } from '../../core/service.js';
import { fastTierCopy, totalOf } from '../helpers/examples.js';

const dir = fileURLToPath(new URL('../../examples/logic/', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
let svc: RunningService;
before(async () => {
  svc = await startTestService();
});
after(async () => {
  await svc.close();
});

test('the examples run concurrently and every instance of each passes', async () => {
  assert.ok(files.length >= 4, files.join(', '));
  const recs = await Promise.all(
    files.map(async (f) => {
      const params = fastTierCopy(JSON.parse(readFileSync(join(dir, f), 'utf8')));
      const rec = await runToCompletion(svc.port, { ...params, run_id: `example-${f}` }, { timeoutMs: 60_000, pollMs: 250 });
      return [f, params, rec] as const;
    }),
  );
  for (const [f, params, rec] of recs) {
    const total = totalOf(params);
    assert.equal(rec.state, 'completed', f);
    assert.equal(rec.counts.passed, total, `${f}: ${JSON.stringify(rec.counts)} ${JSON.stringify(rec.first_fails.concat(rec.first_aborts)).slice(0, 300)}`);
    assert.equal(rec.counts.dropped, 0, f);
  }
});

test('single.json: the documented flow (charged 380, branch skips the abort, tests[] pass)', async () => {
  const params = JSON.parse(readFileSync(join(dir, 'single.json'), 'utf8'));
  const rec = await runToCompletion(svc.port, { ...params, run_id: 'example-single-detail' });
  assert.equal(rec.first_call.vars.charged, 380);
  assert.equal(rec.first_call.vars.done, true);
  assert.equal(rec.globals.last_msisdn, '0211000000');
  assert.deepEqual(rec.first_call.check_log.map((c: any) => c.status), ['pass', 'pass']);
  assert.ok(rec.first_call.trace_log.length > 0, 'trace_level 1 in the file');
});

test('lock.json: a second run with the same subscriber is refused with 2003 while the first runs', async () => {
  const params = JSON.parse(readFileSync(join(dir, 'lock.json'), 'utf8'));
  const first = await call(svc.port, 'ExecuteTest', { ...params, run_id: 'example-lock-1' });
  assert.equal(first.result, 'ok');
  const second = await call(svc.port, 'ExecuteTest', { ...params, run_id: 'example-lock-2' });
  assert.equal(second.error?.code, 2003);
  assert.match(second.error!.message, /subscriber-0211000001/);
  await call(svc.port, 'CancelTest', { run_id: 'example-lock-1' });
  const third = await call(svc.port, 'ExecuteTest', { ...params, run_id: 'example-lock-3', operations: [{ type: 'comment' }] });
  assert.equal(third.result, 'ok');
  await waitForRun(svc.port, 'example-lock-3');
});
