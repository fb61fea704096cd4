import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDb } from '../../../../plugins/db/gateway/sqlite.js';
import { CANCELLED, DbError, POOL_TIMEOUT, QUERY_TIMEOUT } from '../../../../plugins/db/gateway/types.js';
import { MAX_RESULT_BYTES, MAX_RESULT_ROWS, RESULT_TOO_LARGE } from '../../../../plugins/db/gateway/sqlite-process.js';

/** A statement that never ends by itself (SQLite counts for ever). */
const ENDLESS = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) AS n FROM c';

const dir = mkdtempSync(join(tmpdir(), 'tester-sqlite-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('db sqlite instance', () => {
  test('creates its file on first start, runs init_sql, answers queries with bound values', async () => {
    const db = new SqliteDb(
      {
        name: 'L',
        driver: 'sqlite',
        file: 'sub/demo.sqlite',
        init_sql: ['CREATE TABLE IF NOT EXISTS acct (id INTEGER PRIMARY KEY, msisdn TEXT UNIQUE, balance INTEGER, active INTEGER, blob BLOB)'],
        queries: { ByMsisdn: 'SELECT * FROM acct WHERE msisdn = :msisdn' },
      },
      dir,
    );
    assert.equal(db.state(), 'down');
    await db.start();
    assert.equal(db.state(), 'up');
    assert.ok(existsSync(join(dir, 'sub/demo.sqlite')));
    const ins = await db.query('INSERT INTO acct (msisdn, balance, active, blob) VALUES (?, ?, ?, ?)', ['0211', 250, true, Buffer.from([1, 2])]);
    assert.equal(ins.affected, 1);
    assert.equal(ins.last_insert_id, 1);
    const sel = await db.query(db.queries.get('ByMsisdn')!.sql, { msisdn: '0211' });
    assert.deepEqual(sel.rows, [{ id: 1, msisdn: '0211', balance: 250, active: 1, blob: '0102' }]);
    assert.deepEqual(sel.columns, ['id', 'msisdn', 'balance', 'active', 'blob']);
    assert.equal(sel.affected, null);
    // a hostile value is data, not SQL
    const none = await db.query('SELECT * FROM acct WHERE msisdn = :m', { m: "0211' OR '1'='1" });
    assert.equal(none.rows.length, 0);
    await db.stop();
    // reopening the same file keeps the data (the file persists between service starts)
    const again = new SqliteDb({ name: 'L', driver: 'sqlite', file: 'sub/demo.sqlite' }, dir);
    await again.start();
    assert.equal((await again.query('SELECT count(*) AS n FROM acct', undefined)).rows[0]!.n, 1);
    await again.stop();
  });

  test('bad SQL and constraint violations are DbErrors with the database message and code', async () => {
    const db = new SqliteDb({ name: 'M', driver: 'sqlite', file: ':memory:', init_sql: 'CREATE TABLE t (k TEXT PRIMARY KEY)' }, dir);
    await db.start();
    await assert.rejects(db.query('SELEC 1', undefined), (e: unknown) => e instanceof DbError && /syntax error/.test(e.message) && e.code === 'SQLITE_ERROR');
    await db.query('INSERT INTO t VALUES (:k)', { k: 'a' });
    await assert.rejects(db.query('INSERT INTO t VALUES (:k)', { k: 'a' }), (e: unknown) => e instanceof DbError && /UNIQUE/.test(e.message) && /CONSTRAINT/.test(e.code ?? ''));
    await assert.rejects(db.query('SELECT :a', {}), (e: unknown) => e instanceof DbError && /no value for :a/.test(e.message));
    await assert.rejects(db.query('SELECT 1; SELECT 2', undefined), DbError);
    assert.equal(db.state(), 'up');
    await db.stop();
  });

  test('a file that cannot be opened leaves the instance down with the reason', async () => {
    writeFileSync(join(dir, 'plain-file'), 'not a directory');
    const db = new SqliteDb({ name: 'B', driver: 'sqlite', file: 'plain-file/sub/x.sqlite' }, dir);
    await db.start();
    assert.equal(db.state(), 'down');
    assert.match(JSON.stringify(db.describe()), /cannot open/);
    await assert.rejects(db.query('SELECT 1', undefined), (e: unknown) => e instanceof DbError && e.connection && /is not open: cannot open/.test(e.message));
    // the obstacle goes away: a run asking for the instance (reconnect) opens the file this time
    rmSync(join(dir, 'plain-file'));
    await db.reconnect();
    assert.equal(db.state(), 'up');
    assert.equal((await db.query('SELECT 1 AS one', undefined)).rows[0]!.one, 1);
    await db.stop();
  });

  test('integers are exact beyond 2^53: JSON numbers up to 2^53-1, decimal strings beyond (values, last_insert_id)', async () => {
    const db = new SqliteDb({ name: 'BIG', driver: 'sqlite', file: ':memory:', init_sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, v INTEGER, r REAL)' }, dir);
    await db.start();
    const r = await db.query('SELECT 9007199254740993 AS above, -9007199254740993 AS below, 9007199254740991 AS max_safe, 9223372036854775807 AS i64, 1.5 AS real', undefined);
    assert.deepEqual(r.rows[0], { above: '9007199254740993', below: '-9007199254740993', max_safe: 9007199254740991, i64: '9223372036854775807', real: 1.5 });
    const ins = await db.query('INSERT INTO t (id, v, r) VALUES (?, ?, ?)', ['9007199254740993', '9223372036854775806', 2.25]);
    assert.equal(ins.last_insert_id, '9007199254740993');
    assert.deepEqual((await db.query('SELECT id, v, v + 1 AS w, r FROM t', undefined)).rows[0], { id: '9007199254740993', v: '9223372036854775806', w: '9223372036854775807', r: 2.25 });
    await db.stop();
  });

  test('values JSON cannot carry reach SQLite as they are: bigints, byte arrays, infinities', async () => {
    const db = new SqliteDb({ name: 'VALS', driver: 'sqlite', file: ':memory:' }, dir);
    await db.start();
    const r = await db.query('SELECT ? AS big, typeof(?) AS big_type, hex(?) AS bytes, typeof(?) AS bytes_type, ? AS inf, ? > 1e308 AS huge', [
      9223372036854775807n,
      -9007199254740993n,
      new Uint8Array([0, 255, 16]).subarray(1),
      new Uint8Array([1]),
      -Infinity,
      Infinity,
    ]);
    assert.deepEqual(r.rows[0], { big: '9223372036854775807', big_type: 'integer', bytes: 'FF10', bytes_type: 'blob', inf: '-Infinity', huge: 1 });
    await db.stop();
  });

  test("a slow statement runs off the service's event loop and is stopped at timeout_ms; the database goes on", async () => {
    const db = new SqliteDb({ name: 'SLOW', driver: 'sqlite', file: 'slow.sqlite', timeout_ms: 600, init_sql: 'CREATE TABLE IF NOT EXISTS t (k TEXT)' }, dir);
    await db.start();
    await db.query("INSERT INTO t VALUES ('kept')", undefined);
    let settled = false;
    const slow = db.query(ENDLESS, undefined).finally(() => (settled = true));
    // while the statement runs, this process's timers still fire (in-process SQLite would hold them until it ends)
    let ticks = 0;
    while (ticks < 5) {
      await new Promise((r) => setTimeout(r, 10));
      if (!settled) ticks++;
      else break;
    }
    assert.equal(ticks, 5, 'the event loop turned while the statement ran');
    await assert.rejects(slow, (e: unknown) => e instanceof DbError && e.code === QUERY_TIMEOUT && /ran past timeout_ms \(600 ms\) and was stopped/.test(e.message));
    assert.equal(db.state(), 'up');
    // the process is starting again: a statement queued meanwhile waits for it (its timeout_ms counts once it is up)
    assert.deepEqual((await db.query('SELECT k FROM t', undefined)).rows, [{ k: 'kept' }], 'the file and its data are intact');
    assert.match(JSON.stringify(db.describe()), /"process_restarts":1/);
    await db.stop();
  });

  test('a result is bounded in rows and bytes: past either bound the statement is an error asking for fewer rows', async () => {
    const db = new SqliteDb({ name: 'ROWS', driver: 'sqlite', file: ':memory:', timeout_ms: 60_000 }, dir);
    await db.start();
    const upTo = (n: number) => `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${n}) SELECT x FROM c`;
    const all = await db.query(upTo(MAX_RESULT_ROWS), undefined);
    assert.equal(all.rows.length, MAX_RESULT_ROWS);
    assert.deepEqual(all.rows.at(-1), { x: MAX_RESULT_ROWS });
    await assert.rejects(db.query(upTo(MAX_RESULT_ROWS + 1), undefined), (e: unknown) => e instanceof DbError && e.code === RESULT_TOO_LARGE && new RegExp(`more than ${MAX_RESULT_ROWS} rows`).test(e.message));
    const blobs = Math.floor(MAX_RESULT_BYTES / (1024 * 1024)) + 1;
    await assert.rejects(
      db.query(`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${blobs}) SELECT zeroblob(1048576) AS b FROM c`, undefined),
      (e: unknown) => e instanceof DbError && e.code === RESULT_TOO_LARGE && /MiB/.test(e.message),
    );
    // the statement was reset, the database answers on
    assert.equal((await db.query(upTo(3), undefined)).rows.length, 3);
    await db.stop();
  });

  test("an instance's signal stops its running statement, and drops a queued one", async () => {
    const db = new SqliteDb({ name: 'CANCEL', driver: 'sqlite', file: ':memory:', timeout_ms: 60_000 }, dir);
    await db.start();
    const a = new AbortController();
    const b = new AbortController();
    const running = db.query(ENDLESS, undefined, { signal: a.signal });
    const queued = db.query('SELECT 1', undefined, { signal: b.signal });
    b.abort();
    await assert.rejects(queued, (e: unknown) => e instanceof DbError && e.code === CANCELLED && /before the statement ran/.test(e.message));
    a.abort();
    await assert.rejects(running, (e: unknown) => e instanceof DbError && e.code === CANCELLED && /stopped/.test(e.message));
    assert.equal((await db.query('SELECT 2 AS two', undefined)).rows[0]!.two, 2);
    await db.stop();
  });

  test("a transaction holds the database for its test instance: other instances' statements wait (bounded by timeout_ms) and never land in it", async () => {
    const db = new SqliteDb({ name: 'TX', driver: 'sqlite', file: 'tx.sqlite', timeout_ms: 2000, init_sql: 'CREATE TABLE IF NOT EXISTS t (who TEXT)' }, dir);
    await db.start();
    const a = db.session();
    const b = db.session();
    await db.query('BEGIN', undefined, { session: a });
    await db.query("INSERT INTO t VALUES ('a')", undefined, { session: a });
    const bInsert = db.query("INSERT INTO t VALUES ('b')", undefined, { session: b });
    assert.equal((await db.query("SELECT count(*) AS n FROM t WHERE who = 'a'", undefined, { session: a })).rows[0]!.n, 1, 'the owner goes on while b waits');
    await db.query('ROLLBACK', undefined, { session: a });
    assert.equal((await bInsert).affected, 1);
    assert.deepEqual((await db.query('SELECT who FROM t', undefined, { session: b })).rows, [{ who: 'b' }], "b's insert is committed; a's rolled back");
    // a transaction left open is rolled back when its instance ends
    const c = db.session();
    await db.query('BEGIN', undefined, { session: c });
    await db.query("INSERT INTO t VALUES ('c')", undefined, { session: c });
    await c.end();
    assert.deepEqual((await db.query('SELECT who FROM t', undefined, { session: b })).rows, [{ who: 'b' }]);
    // one that is never ended keeps others waiting only up to timeout_ms
    const d = db.session();
    await db.query('BEGIN', undefined, { session: d });
    await assert.rejects(db.query('SELECT 1', undefined, { session: b }), (e: unknown) => e instanceof DbError && e.code === POOL_TIMEOUT && /another test instance's transaction/.test(e.message));
    await d.end();
    // without a session a transaction is rolled back at once
    await db.query('BEGIN', undefined);
    await db.query("INSERT INTO t VALUES ('e')", undefined);
    assert.deepEqual((await db.query('SELECT who FROM t ORDER BY who', undefined, { session: b })).rows, [{ who: 'b' }, { who: 'e' }], 'the insert after a session-less BEGIN autocommitted');
    await db.stop();
  });
});

describe('db sqlite instance: batches (what queues while a statement runs goes to the process in one message)', () => {
  /** A statement that takes a while (SQLite counts to two million), so that others queue behind it. */
  const SLOW = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000000) SELECT count(*) AS n FROM c';

  test('statements queued together run in the order they were queued, each with its own answer', async () => {
    const db = new SqliteDb({ name: 'ORDER', driver: 'sqlite', file: ':memory:', timeout_ms: 60_000, init_sql: 'CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT UNIQUE)' }, dir);
    await db.start();
    const slow = db.query(SLOW, undefined);
    const inserts = Array.from({ length: 300 }, (_, i) => db.query('INSERT INTO t (v) VALUES (:v)', { v: `v${i % 250}` }));
    const settled = await Promise.allSettled(inserts);
    assert.equal((await slow).rows[0]!.n, 2_000_000);
    // the first 250 are rows 1..250 in order; the 50 after them break the UNIQUE constraint, each on its own
    settled.slice(0, 250).forEach((s, i) => assert.deepEqual(s.status === 'fulfilled' && [s.value.affected, s.value.last_insert_id], [1, i + 1]));
    for (const s of settled.slice(250)) assert.ok(s.status === 'rejected' && s.reason instanceof DbError && /UNIQUE/.test(s.reason.message));
    assert.equal((await db.query('SELECT count(*) AS n FROM t', undefined)).rows[0]!.n, 250);
    await db.stop();
  });

  test("a BEGIN inside a batch ends it: the statements after it wait for the transaction's end and never land in it", async () => {
    const db = new SqliteDb({ name: 'TXB', driver: 'sqlite', file: 'txb.sqlite', timeout_ms: 60_000, init_sql: 'CREATE TABLE IF NOT EXISTS t (who TEXT)' }, dir);
    await db.start();
    const [a, b, c] = [db.session(), db.session(), db.session()];
    const order: string[] = [];
    const slow = db.query(SLOW, undefined);
    // queued behind the slow statement: sent together once it is answered
    const begin = db.query('BEGIN', undefined, { session: a });
    const bInsert = db.query("INSERT INTO t VALUES ('b')", undefined, { session: b }).then(() => order.push('b'));
    const cInsert = db.query("INSERT INTO t VALUES ('c')", undefined, { session: c }).then(() => order.push('c'));
    await slow;
    await begin;
    await db.query("INSERT INTO t VALUES ('a')", undefined, { session: a });
    await db.query('ROLLBACK', undefined, { session: a }).then(() => order.push('rollback'));
    await Promise.all([bInsert, cInsert]);
    assert.deepEqual(order, ['rollback', 'b', 'c'], "b and c ran after a's transaction, in their order");
    assert.deepEqual((await db.query('SELECT who FROM t ORDER BY who', undefined)).rows, [{ who: 'b' }, { who: 'c' }], "a's insert rolled back, b's and c's committed");
    await db.stop();
  });

  test('a statement sent after a BEGIN in one batch, whose instance ends meanwhile, is dropped when the batch ends there, never run', async () => {
    const db = new SqliteDb({ name: 'TXC', driver: 'sqlite', file: 'txc.sqlite', timeout_ms: 60_000, init_sql: 'CREATE TABLE IF NOT EXISTS t (who TEXT)' }, dir);
    await db.start();
    const [a, c] = [db.session(), db.session()];
    const slow = db.query(SLOW, undefined);
    const begin = db.query('BEGIN', undefined, { session: a });
    const x = new AbortController();
    const cancelled = db.query("INSERT INTO t VALUES ('x')", undefined, { session: c, signal: x.signal });
    const after = db.query("INSERT INTO t VALUES ('y')", undefined);
    await slow; // BEGIN and the two inserts were sent as one batch when it was answered
    x.abort();
    await begin;
    await assert.rejects(cancelled, (e: unknown) => e instanceof DbError && e.code === CANCELLED && /before the statement ran/.test(e.message));
    await db.query('COMMIT', undefined, { session: a });
    assert.equal((await after).affected, 1);
    assert.deepEqual((await db.query('SELECT who FROM t', undefined)).rows, [{ who: 'y' }], 'the cancelled insert never ran');
    await db.stop();
  });

  test('a statement whose instance ends after it was sent, before it ran, is stopped when its turn comes; the rest of its batch runs', async () => {
    const db = new SqliteDb({ name: 'CANCELB', driver: 'sqlite', file: ':memory:', timeout_ms: 60_000 }, dir);
    await db.start();
    const first = db.query(SLOW, undefined);
    const second = db.query(SLOW, undefined);
    const x = new AbortController();
    const cancelled = db.query('SELECT 1 AS one', undefined, { signal: x.signal });
    const after = db.query('SELECT 2 AS two', undefined);
    await first; // the others were sent as one batch when it was answered
    x.abort();
    assert.equal((await second).rows[0]!.n, 2_000_000, 'the statement before it in the batch is answered');
    await assert.rejects(cancelled, (e: unknown) => e instanceof DbError && e.code === CANCELLED);
    assert.equal((await after).rows[0]!.two, 2, 'the statement after it runs, in the next process');
    await db.stop();
  });
});
