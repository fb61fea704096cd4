// The db plugin end to end: the real service on loopback, a throwaway PostgreSQL cluster and an SQLite file;
// labelled operations picked by db_<label> params and label defaults; failures as checks, never a crash.
import { describe, test, before, after } from '../../helpers/suite.js';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService, runToCompletion, call, waitForRun } from '../../helpers/service.js';
import { needsTool } from '../../helpers/tools.js';
import { freePort, initdbTool, startTempPg, type TempPg } from '../../fixtures/db/pg-temp.js';
import type { RunningService } from '../../../core/service.js';
import pgDriver from 'pg';

/** Poll until `probe` is true (or throw with `what` after `ms`). A bound for a wait, not a timing assertion. */
async function until(what: string, probe: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const opts = needsTool(initdbTool(), 'apt-get install postgresql');

describe('db plugin end to end', opts, () => {
  let pg: TempPg;
  let svc: RunningService;
  let dataDir: string;
  before(async () => {
    pg = await startTempPg();
    dataDir = mkdtempSync(join(tmpdir(), 'tester-db-e2e-'));
    const downPort = await freePort();
    svc = await startTestService(
      [
        { name: 'logic' },
        {
          name: 'db',
          options: {
            instances: [
              { name: 'local', driver: 'sqlite', file: 'demo.sqlite', init_sql: 'CREATE TABLE IF NOT EXISTS note (id INTEGER PRIMARY KEY, text TEXT)' },
              {
                name: 'SMF-A',
                driver: 'postgres',
                connection: pg.url,
                pool_size: 3,
                init_sql: ['CREATE TABLE IF NOT EXISTS acct (be_acct_id integer PRIMARY KEY, msisdn text UNIQUE, balance integer NOT NULL)'],
                queries: {
                  CcsAcctExists: 'SELECT count(*) AS "Exists" FROM acct WHERE be_acct_id = :be_acct_id',
                  AcctBalance: { sql: 'SELECT balance FROM acct WHERE msisdn = :msisdn', description: 'balance of a subscriber' },
                },
              },
              { name: 'SMF-B', driver: 'postgres', connection: pg.url, queries: { CcsAcctExists: 'SELECT 0 AS "Exists" WHERE :be_acct_id::int IS NOT NULL' } },
              { name: 'SMF-DOWN', driver: 'postgres', host: '127.0.0.1', port: downPort, user: 'postgres', connect_timeout_ms: 1000 },
              // one connection: a transaction left in the pool would certainly catch the next run's statements
              { name: 'TX-ONE', driver: 'postgres', connection: pg.url, pool_size: 1, init_sql: ['CREATE TABLE IF NOT EXISTS tx_probe (who text NOT NULL, n integer NOT NULL)'] },
              // a pool that fills up: waiting for a connection (longer than connect_timeout_ms) is no connection failure
              { name: 'SMALL-POOL', driver: 'postgres', connection: pg.url, pool_size: 2, connect_timeout_ms: 200 },
              { name: 'CANCEL', driver: 'postgres', connection: pg.url, pool_size: 3 },
            ],
            default: 'local',
            label_defaults: { smf: 'SMF-A' },
          },
        },
      ],
      { dataDir },
    );
  });
  after(async () => {
    await svc?.close();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the SQLite default instance is a file the service created on start', () => {
    assert.ok(existsSync(join(dataDir, 'db', 'demo.sqlite')));
  });

  test('seed, named queries and tests[] on PostgreSQL by label default; the unlabelled op uses the default SQLite', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'db-ok',
      vars: { msisdn: '0211000001' },
      operations: [
        { type: 'db.smf.Query', arguments: { sql: 'DELETE FROM acct' } },
        { type: 'db.smf.Query', arguments: { sql: 'INSERT INTO acct VALUES (:id, :m, :b)', params: { id: 42, m: '{ $v.msisdn }', b: 1500 } }, tests: [{ kpath: 'affected', type: 'integer', value: 1 }] },
        { type: 'db.smf.CcsAcctExists', arguments: { be_acct_id: 42 }, tests: [{ kpath: 'row.Exists', type: 'integer', value: 1 }, { kpath: 'rows[0].Exists', type: 'integer', value: 1 }, { kpath: 'rows.Exists', type: 'integer', value: 1 }, { kpath: 'rows', type: 'size', value: 1 }] },
        { type: 'assert', arguments: { expression: '$i.CcsAcctExists.rows.Exists == 1' } },
        { type: 'db.smf.Query', arguments: { sql: 'SELECT balance FROM acct WHERE be_acct_id = ?', parameters: [42] }, tests: [{ kpath: 'rows.balance', type: 'integer', value: 1500 }] },
        { type: 'db.smf.Query', arguments: { sql: 'SELECT balance, $2::text AS tag FROM acct WHERE be_acct_id = $1', params: [42, 'pg-native'] }, tests: [{ kpath: 'row.balance', type: 'integer', value: 1500 }, { kpath: 'row.tag', type: 'string', value: 'pg-native' }] },
        { type: 'db.Query', arguments: { sql: 'SELECT $1 + $1 AS twice', params: [21] }, tests: [{ kpath: 'row.twice', type: 'integer', value: 42 }] },
        { type: 'db.smf.AcctBalance', arguments: { msisdn: '{ $v.msisdn }' }, tests: [{ kpath: 'row_count', type: 'integer', value: 1 }] },
        { type: 'assert', arguments: { expression: '$i.AcctBalance.row.balance == 1500 && $i.DB.row.balance == 1500' } },
        { type: 'db.Query', arguments: { sql: 'INSERT INTO note (text) VALUES (?)', params: ['hello'] } },
        { type: 'db.Query', arguments: { sql: 'SELECT text FROM note WHERE id = :id', params: { id: '{ $i.DB.last_insert_id }' } }, tests: [{ kpath: 'row.text', type: 'string', value: 'hello' }] },
      ],
    });
    assert.equal(r.counts.passed, 1, JSON.stringify(r.first_call?.check_log ?? r.first_aborts));
  });

  test('db_<label> picks another instance; its own version of the named query answers', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'db-label',
      db_smf: 'SMF-B',
      operations: [{ type: 'db.smf.CcsAcctExists', arguments: { be_acct_id: 42 }, tests: [{ kpath: 'row.Exists', type: 'integer', value: 0 }] }],
    });
    assert.equal(r.counts.passed, 1, JSON.stringify(r.first_call?.check_log));
  });

  test('a named query the chosen instance does not define is refused with 2002 naming it', async () => {
    const r = await call(svc.port, 'ExecuteTest', { run_id: 'db-noquery', db_smf: 'SMF-B', operations: [{ type: 'db.smf.AcctBalance', arguments: { msisdn: '1' } }] });
    assert.equal(r.error?.code, 2002);
    assert.match(r.error!.message, /operations\[0\]\.type/);
    assert.match(r.error!.message, /SMF-B.*defines no query 'AcctBalance'/);
    const r2 = await call(svc.port, 'ExecuteTest', { run_id: 'db-badargs', operations: [{ type: 'db.smf.AcctBalance', arguments: { msisdm: '1' } }] });
    assert.equal(r2.error?.code, 2002);
    assert.match(r2.error!.message, /no value for :msisdn/);
    const r3 = await call(svc.port, 'ExecuteTest', { run_id: 'db-unknown', db: 'NOPE', operations: [{ type: 'db.Query', arguments: { sql: 'SELECT 1' } }] });
    assert.equal(r3.error?.code, 2002);
    assert.match(r3.error!.message, /unknown db instance 'NOPE'/);
  });

  test('an instance whose server refuses connections is refused with 2003 naming it', async () => {
    const r = await call(svc.port, 'ExecuteTest', { run_id: 'db-down', db_smf: 'SMF-DOWN', operations: [{ type: 'db.smf.Query', arguments: { sql: 'SELECT 1' } }] });
    assert.equal(r.error?.code, 2003);
    assert.match(r.error!.message, /SMF-DOWN/);
  });

  test('bad SQL aborts the instance with the database message; abort_on_error false makes it a failed check', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'db-bad',
      operations: [{ type: 'db.smf.Query', arguments: { sql: 'SELECT * FROM missing_table' } }, { type: 'comment', arguments: { text: 'not reached' } }],
    });
    assert.equal(r.counts.aborted, 1);
    assert.match(r.first_aborts[0].text, /db\.smf\.Query on SMF-A failed: .*missing_table.*SQLSTATE 42P01/);
    const r2 = await runToCompletion(svc.port, {
      run_id: 'db-bad-fail',
      operations: [
        { type: 'db.smf.Query', arguments: { sql: 'INSERT INTO acct VALUES (42, :m, 1)', params: { m: 'dup' }, abort_on_error: false }, tests: [{ kpath: 'error.code', type: 'string', value: '23505' }] },
        { type: 'db.smf.Query', arguments: { sql: 'SELECT 1 AS one' }, tests: [{ kpath: 'row.one', type: 'integer', value: 1 }] },
      ],
    });
    assert.equal(r2.counts.failed, 1);
    const log = r2.first_call.check_log.map((c: { status: string; text: string }) => `${c.status} ${c.text}`);
    assert.ok(log.some((l: string) => /^fail .*duplicate key/.test(l)), log.join('\n'));
    assert.ok(log.some((l: string) => l.startsWith('pass test error.code')), log.join('\n'));
    assert.ok(log.some((l: string) => l.startsWith('pass test row.one')), log.join('\n'));
  });

  test('expect_error: an expected unique violation passes the instance (negative test); a query that succeeds then fails', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'db-expect-error',
      operations: [
        { type: 'db.smf.Query', arguments: { sql: 'INSERT INTO acct VALUES (42, :m, 1)', params: { m: 'dup' }, expect_error: true }, tests: [{ kpath: 'error.code', type: 'string', value: '23505' }] },
        { type: 'db.smf.CcsAcctExists', arguments: { be_acct_id: 'x', expect_error: true }, tests: [{ kpath: 'error.code', type: 'string', value: '22P02' }] },
        { type: 'db.Query', arguments: { sql: 'SELEC 1', expect_error: true }, tests: [{ kpath: 'error.message', type: 'regex', pattern: 'syntax error' }] },
      ],
    });
    assert.equal(r.counts.passed, 1, JSON.stringify(r.first_call?.check_log ?? r.first_aborts));
    const log = r.first_call.check_log.map((c: { status: string; text: string }) => `${c.status} ${c.text}`);
    assert.ok(log.some((l: string) => /^pass db\.smf\.Query on SMF-A failed: .*duplicate key.*\(expected\)/.test(l)), log.join('\n'));
    const r2 = await runToCompletion(svc.port, { run_id: 'db-expect-error-ok', operations: [{ type: 'db.smf.Query', arguments: { sql: 'SELECT 1 AS one', expect_error: true } }] });
    assert.equal(r2.counts.failed, 1, JSON.stringify(r2.counts));
    assert.match(r2.first_call.check_log.find((c: { status: string }) => c.status === 'fail').text, /db\.smf\.Query on SMF-A: expected an error \(expect_error\), the query succeeded \(1 row\(s\)\)/);
  });

  /** What an independent session sees: rows per writer, and the service's connections by state. */
  async function observe(sql: string, params: unknown[] = []): Promise<any[]> {
    const c = new pgDriver.Client({ connectionString: pg.url });
    await c.connect();
    try {
      return (await c.query(sql, params)).rows;
    } finally {
      await c.end();
    }
  }
  const rowsOf = async (who: string) => Number((await observe('SELECT count(*)::int AS n FROM tx_probe WHERE who = $1', [who]))[0].n);
  const idleInTransaction = async () => Number((await observe("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'tester-service' AND state LIKE 'idle in transaction%'"))[0].n);

  test("two concurrent runs: one's transaction never takes the other's autocommit inserts; an open transaction is rolled back when its instance ends", async () => {
    // run A: BEGIN, insert, wait, ROLLBACK; run B inserts while A's transaction is open
    const a = await call(svc.port, 'ExecuteTest', {
      run_id: 'tx-a',
      db: 'TX-ONE',
      operations: [
        { type: 'db.Query', arguments: { sql: 'BEGIN' } },
        { type: 'db.Query', arguments: { sql: "INSERT INTO tx_probe VALUES ('A', 0)" } },
        { type: 'wait', arguments: { seconds: 0.8 } },
        { type: 'db.Query', arguments: { sql: 'ROLLBACK' } },
      ],
    });
    assert.ok(!a.error, JSON.stringify(a.error));
    await until("run A's transaction is open", async () => (await idleInTransaction()) === 1);
    const b = await runToCompletion(svc.port, {
      run_id: 'tx-b',
      db: 'TX-ONE',
      operations: [0, 1, 2, 3, 4].map((n) => ({ type: 'db.Query', arguments: { sql: "INSERT INTO tx_probe VALUES ('B', :n)", params: { n } }, tests: [{ kpath: 'affected', type: 'integer', value: 1 }] })),
    });
    const ra = await waitForRun(svc.port, 'tx-a');
    assert.equal(ra.counts.passed, 1, JSON.stringify(ra.first_aborts));
    assert.equal(b.counts.passed, 1, JSON.stringify(b.first_aborts));
    assert.equal(await rowsOf('A'), 0, "A's insert was rolled back");
    assert.equal(await rowsOf('B'), 5, "every insert B was told succeeded is there (none went into A's transaction)");
    // run C opens a transaction and ends without COMMIT; run D, later, inserts on the same (only) connection
    const c = await runToCompletion(svc.port, { run_id: 'tx-c', db: 'TX-ONE', operations: [{ type: 'db.Query', arguments: { sql: 'BEGIN' } }, { type: 'db.Query', arguments: { sql: "INSERT INTO tx_probe VALUES ('C', 1)" } }] });
    assert.equal(c.counts.passed, 1);
    const d = await runToCompletion(svc.port, { run_id: 'tx-d', db: 'TX-ONE', operations: [{ type: 'db.Query', arguments: { sql: "INSERT INTO tx_probe VALUES ('D', 1)" } }] });
    assert.equal(d.counts.passed, 1);
    assert.equal(await rowsOf('C'), 0, "C's transaction was rolled back when its instance ended");
    assert.equal(await rowsOf('D'), 1, "D's insert is committed, not swallowed by C's transaction");
    assert.equal(await idleInTransaction(), 0, 'no pooled connection is left idle in transaction');
  });

  test('a full pool is a wait for a free connection, not a lost database: pool_size 2, 12 concurrent pg_sleep(0.3)', async () => {
    const r = await runToCompletion(
      svc.port,
      {
        run_id: 'pool-full',
        db: 'SMALL-POOL',
        distribution: { type: 'load', total: 12, backlog: 12 },
        operations: [{ type: 'db.Query', arguments: { sql: 'SELECT 1 AS one FROM pg_sleep(0.3)' }, tests: [{ kpath: 'row.one', type: 'integer', value: 1 }] }],
      },
      { timeoutMs: 60_000 },
    );
    assert.equal(r.counts.passed, 12, JSON.stringify({ counts: r.counts, aborts: r.first_aborts }));
    const list = await call(svc.port, 'ListTests', {});
    const gw = JSON.stringify(list.result).match(/"name":"SMALL-POOL","state":"(\w+)"/);
    assert.equal(gw?.[1], 'up', 'the instance stays up');
    const again = await call(svc.port, 'ExecuteTest', { run_id: 'pool-full-after', db: 'SMALL-POOL', operations: [{ type: 'db.Query', arguments: { sql: 'SELECT 1' } }] });
    assert.ok(!again.error, `runs are not refused with 2003: ${JSON.stringify(again.error)}`);
    await waitForRun(svc.port, 'pool-full-after');
  });

  test('CancelTest cancels the statements on the server and frees every connection', async () => {
    const sleeping = async () => Number((await observe("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'tester-service' AND state = 'active' AND query LIKE '%pg_sleep(30)%'"))[0].n);
    const r = await call(svc.port, 'ExecuteTest', {
      run_id: 'cancel-sleep',
      db: 'CANCEL',
      distribution: { type: 'load', total: 3, backlog: 3 },
      operations: [{ type: 'db.Query', arguments: { sql: 'SELECT pg_sleep(30)' } }],
    });
    assert.ok(!r.error, JSON.stringify(r.error));
    await until('three statements sleep on the server', async () => (await sleeping()) === 3);
    const c = await call(svc.port, 'CancelTest', { run_id: 'cancel-sleep' });
    assert.ok(!c.error, JSON.stringify(c.error));
    await waitForRun(svc.port, 'cancel-sleep');
    await until('no statement of the cancelled run runs on the server', async () => (await sleeping()) === 0, 10_000);
    // all three connections are free again: three statements at once run on them
    const after = await runToCompletion(svc.port, { run_id: 'cancel-after', db: 'CANCEL', distribution: { type: 'load', total: 3, backlog: 3 }, operations: [{ type: 'db.Query', arguments: { sql: 'SELECT 1 AS one' } }] });
    assert.equal(after.counts.passed, 3);
  });

  test('a load run shares the pool: every instance passes', async () => {
    const r = await runToCompletion(
      svc.port,
      {
        run_id: 'db-load',
        distribution: { type: 'load', total: 60, backlog: 6 },
        operations: [{ type: 'db.smf.AcctBalance', arguments: { msisdn: '0211000001' }, tests: [{ kpath: 'row.balance', type: 'integer', value: 1500 }] }],
      },
      { timeoutMs: 60_000 },
    );
    assert.equal(r.counts.passed, 60, JSON.stringify(r.counts));
  });
});

describe('db: the first run after a PostgreSQL outage', opts, () => {
  let pg: TempPg;
  let svc: RunningService;
  let dataDir: string;
  before(async () => {
    pg = await startTempPg();
    dataDir = mkdtempSync(join(tmpdir(), 'tester-db-outage-'));
    svc = await startTestService([{ name: 'logic' }, { name: 'db', options: { instances: [{ name: 'OUTAGE', driver: 'postgres', connection: pg.url, retry_max_ms: 30_000, connect_timeout_ms: 1000 }] } }], { dataDir });
  });
  after(async () => {
    await svc?.close();
    await pg?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('is accepted as soon as the server is back: ExecuteTest tries to reconnect instead of waiting for the next retry', async () => {
    const run = (id: string) => call(svc.port, 'ExecuteTest', { run_id: id, operations: [{ type: 'db.Query', arguments: { sql: 'SELECT 1 AS one' }, tests: [{ kpath: 'row.one', type: 'integer', value: 1 }] }] });
    await pg.stopServer();
    // runs fail (connection refused) until the instance knows it lost the server; then they are refused with 2003
    let n = 0;
    await until('the instance is connecting', async () => {
      const r = await run(`outage-${n++}`);
      return r.error?.code === 2003;
    });
    // the retries back off (1 s, 2 s, 4 s, ...): the next one is seconds away when the server comes back
    await new Promise((r) => setTimeout(r, 2500));
    await pg.startServer();
    const r = await run('after-outage');
    assert.ok(!r.error, `refused: ${JSON.stringify(r.error)}`);
    const done = await waitForRun(svc.port, 'after-outage');
    assert.equal(done.counts.passed, 1, JSON.stringify(done.first_aborts));
  });
});
