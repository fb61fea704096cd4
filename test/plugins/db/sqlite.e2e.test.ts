// SQLite off the service's event loop (issue 11, item 15), end to end on the real service: a statement that
// never ends by itself is stopped at timeout_ms with a clear error while another client's ListTests is answered,
// the database goes on after the stop, and a write committed before it survives.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService, runToCompletion, call, waitForRun } from '../../helpers/service.js';
import type { RunningService } from '../../../core/service.js';

/** SQLite counts for ever: only the time limit ends it. */
const ENDLESS = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS n FROM c';
const STOPPED = /db\.Query on LITE failed: db instance LITE: the statement ran past timeout_ms \(300 ms\) and was stopped/;

describe('SQLite end to end: slow statements', () => {
  let svc: RunningService;
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tester-sqlite-e2e-'));
    svc = await startTestService(
      [{ name: 'logic' }, { name: 'db', options: { instances: [{ name: 'LITE', driver: 'sqlite', file: 'lite.sqlite', timeout_ms: 300, init_sql: 'CREATE TABLE IF NOT EXISTS kept (k TEXT)' }] } }],
      { dataDir },
    );
  });
  after(async () => {
    await svc?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a statement past timeout_ms ends with a timeout error while ListTests is answered; the database goes on and keeps a committed write', async () => {
    const slow = { type: 'db.Query', arguments: { sql: ENDLESS, expect_error: true }, tests: [{ kpath: 'error.code', type: 'string', value: 'QUERY_TIMEOUT' }] };
    const r = await call(svc.port, 'ExecuteTest', {
      run_id: 'lite-slow',
      db: 'LITE',
      operations: [
        { type: 'db.Query', arguments: { sql: "INSERT INTO kept VALUES ('before')" } },
        // five stops: five windows in which ListTests must find a statement running
        ...Array(5).fill(slow),
        // the same database after five stopped statements: the committed row is there
        { type: 'db.Query', arguments: { sql: "SELECT count(*) AS n FROM kept WHERE k = 'before'" }, tests: [{ kpath: 'row.n', type: 'integer', value: 1 }] },
      ],
    });
    assert.ok(!r.error, JSON.stringify(r.error));
    // another client asks while the run's statements run: the answer comes while SQLite is busy, showing the
    // run running and the statement in progress (in-process SQLite would answer only after the statement)
    let seen: any;
    let last: any;
    for (;;) {
      const list = await call(svc.port, 'ListTests', {});
      assert.ok(!list.error, JSON.stringify(list.error));
      const run = list.result.runs.find((t: { run_id: string }) => t.run_id === 'lite-slow');
      const lite = list.result.gateways.find((g: { kind: string; name: string }) => g.kind === 'db' && g.name === 'LITE');
      last = { run, lite };
      if (run?.state === 'running' && typeof lite?.detail?.running === 'string' && lite.detail.running.startsWith('WITH RECURSIVE')) {
        seen = { run, lite };
        break;
      }
      if (run?.state !== 'running' && run !== undefined) break;
      await new Promise((res) => setTimeout(res, 5));
    }
    assert.ok(seen, `ListTests was answered while the slow statement ran; the last answer: ${JSON.stringify(last)}`);
    const done = await waitForRun(svc.port, 'lite-slow');
    assert.equal(done.counts.passed, 1, JSON.stringify(done.first_fails ?? done.first_aborts));
    const log = done.first_call.check_log as { status: string; text: string }[];
    assert.equal(log.filter((c) => c.status === 'pass' && STOPPED.test(c.text)).length, 5, JSON.stringify(log));
    // another run, a fresh read of the file: the row written before the stops, and exact big integers
    const after = await runToCompletion(svc.port, {
      run_id: 'lite-after',
      db: 'LITE',
      operations: [{ type: 'db.Query', arguments: { sql: 'SELECT k, 9007199254740993 AS big FROM kept' }, tests: [{ kpath: 'row.k', type: 'string', value: 'before' }, { kpath: 'row.big', type: 'string', value: '9007199254740993' }] }],
    });
    assert.equal(after.counts.passed, 1, JSON.stringify(after.first_call?.check_log ?? after.first_aborts));
    const list = await call(svc.port, 'ListTests', {});
    const lite = list.result.gateways.find((g: { name: string }) => g.name === 'LITE');
    assert.equal(lite.state, 'up');
    assert.equal(lite.detail.process_restarts, 5, JSON.stringify(lite.detail));
  });

  test('a run that aborts on the stopped statement says why', async () => {
    const done = await runToCompletion(svc.port, { run_id: 'lite-abort', db: 'LITE', operations: [{ type: 'db.Query', arguments: { sql: ENDLESS } }] });
    assert.equal(done.counts.aborted, 1);
    assert.match(done.first_aborts[0].text, STOPPED);
  });
});
