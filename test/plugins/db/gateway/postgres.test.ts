// The PostgreSQL instance against a real server (a throwaway cluster on 127.0.0.1, started here).
import { describe, test, before, after } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { PostgresDb } from '../../../../plugins/db/gateway/postgres.js';
import { DbError, POOL_TIMEOUT } from '../../../../plugins/db/gateway/types.js';
import pgDriver from 'pg';
import { needsTool } from '../../../helpers/tools.js';
import { freePort, initdbTool, startTempPg, type TempPg } from '../../../fixtures/db/pg-temp.js';
import { makeCertificate } from '../../../fixtures/rest/http-server.js';

const opts = needsTool(initdbTool(), 'apt-get install postgresql');

describe('db postgres instance', opts, () => {
  let pg: TempPg;
  before(async () => {
    pg = await startTempPg();
  });
  after(async () => {
    await pg?.stop();
  });

  test('comes up, runs init_sql once, binds values, maps types to JSON', async () => {
    const db = new PostgresDb({
      name: 'P',
      driver: 'postgres',
      connection: pg.url,
      pool_size: 2,
      init_sql: ['CREATE TABLE IF NOT EXISTS acct (id bigserial PRIMARY KEY, msisdn text UNIQUE, balance numeric(12,2), big bigint, active boolean, doc jsonb, at timestamptz DEFAULT now())'],
    });
    await db.start();
    assert.equal(db.state(), 'up');
    const ins = await db.query('INSERT INTO acct (msisdn, balance, big, active, doc) VALUES (:m, :b, :big, :a, :d)', { m: '0211', b: 12.5, big: 9007199254740993n.toString(), a: true, d: { tier: 'gold' } });
    assert.equal(ins.affected, 1);
    assert.equal(ins.command, 'INSERT');
    const sel = await db.query('SELECT id, msisdn, balance, big, active, doc, at FROM acct WHERE msisdn = ?', ['0211']);
    const row = sel.rows[0]!;
    assert.equal(row.id, 1);
    assert.equal(row.balance, 12.5);
    assert.equal(row.big, '9007199254740993'); // beyond 2^53: kept exact, as text
    assert.equal(row.active, true);
    assert.deepEqual(row.doc, { tier: 'gold' });
    assert.equal(typeof row.at, 'string');
    assert.equal(sel.affected, null);
    assert.deepEqual(sel.columns, ['id', 'msisdn', 'balance', 'big', 'active', 'doc', 'at']);
    // the same SQL again runs as the prepared statement
    const again = await db.query('SELECT id, msisdn, balance, big, active, doc, at FROM acct WHERE msisdn = ?', ['nobody']);
    assert.equal(again.rows.length, 0);
    await db.stop();
    assert.equal(db.state(), 'down');
  });

  test('bad SQL is a DbError with the server message and SQLSTATE; the instance stays up', async () => {
    const db = new PostgresDb({ name: 'P2', driver: 'postgres', connection: pg.url });
    await db.start();
    await assert.rejects(db.query('SELECT * FROM no_such_table', undefined), (e: unknown) => e instanceof DbError && /no_such_table/.test(e.message) && e.code === '42P01' && /SQLSTATE 42P01/.test(e.message));
    await assert.rejects(db.query('SELEC 1', undefined), (e: unknown) => e instanceof DbError && e.code === '42601');
    await assert.rejects(db.query('SELECT :a::int', { a: 'x' }), (e: unknown) => e instanceof DbError && e.code === '22P02');
    assert.equal(db.state(), 'up');
    assert.equal((await db.query('SELECT 1 AS one', undefined)).rows[0]!.one, 1);
    await db.stop();
  });

  test('a refused connection leaves the instance connecting with the reason, and it comes up once the server is there', async () => {
    const port = await freePort();
    const db = new PostgresDb({ name: 'P3', driver: 'postgres', host: '127.0.0.1', port, user: 'postgres', database: 'postgres', connect_timeout_ms: 2000, retry_max_ms: 200 });
    await db.start();
    assert.equal(db.state(), 'connecting');
    assert.match(JSON.stringify(db.describe()), /refused/);
    await assert.rejects(db.query('SELECT 1', undefined), DbError);
    await db.stop();
  });

  test('a server that goes away marks the instance connecting; it recovers when the server is back', async () => {
    const db = new PostgresDb({ name: 'P4', driver: 'postgres', connection: pg.url, retry_max_ms: 200, connect_timeout_ms: 2000 });
    await db.start();
    assert.equal(db.state(), 'up');
    await pg.stopServer();
    await assert.rejects(db.query('SELECT 1', undefined), (e: unknown) => e instanceof DbError && e.connection);
    assert.equal(db.state(), 'connecting');
    await pg.startServer();
    const deadline = Date.now() + 20_000;
    while (db.state() !== 'up' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.equal(db.state(), 'up');
    assert.equal((await db.query('SELECT 2 AS two', undefined)).rows[0]!.two, 2);
    await db.stop();
  });
});

describe('db postgres instance: sessions, pool slots, cancel, reconnect', opts, () => {
  let pg: TempPg;
  let observer: pgDriver.Client;
  before(async () => {
    pg = await startTempPg();
    observer = new pgDriver.Client({ connectionString: pg.url });
    await observer.connect();
    await observer.query('CREATE TABLE t (who text, n int)');
  });
  after(async () => {
    await observer?.end();
    await pg?.stop();
  });
  const count = async (who: string) => Number((await observer.query('SELECT count(*)::int AS n FROM t WHERE who = $1', [who])).rows[0].n);
  const backends = async () => Number((await observer.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'tester-service'")).rows[0].n);
  // a closed connection's backend leaves pg_stat_activity a moment after the client has gone (the server reaps it
  // asynchronously): the count the moment it reaches 0, or what it still is after 10 s
  const backendsSettled = async () => {
    const deadline = Date.now() + 10_000;
    let n = await backends();
    while (n > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      n = await backends();
    }
    return n;
  };

  test('a session keeps the connection of its transaction; another query waits for a free one (bounded by timeout_ms, code POOL_TIMEOUT) and the instance stays up', async () => {
    const db = new PostgresDb({ name: 'S1', driver: 'postgres', connection: pg.url, pool_size: 1, timeout_ms: 300 });
    await db.start();
    const s = db.session();
    await db.query('BEGIN', undefined, { session: s });
    await db.query("INSERT INTO t VALUES ('s1', 1)", undefined, { session: s });
    await assert.rejects(db.query('SELECT 1', undefined, { session: db.session() }), (e: unknown) => e instanceof DbError && e.code === POOL_TIMEOUT && !e.connection && /all are busy/.test(e.message));
    assert.equal(db.state(), 'up');
    assert.equal((await db.query('SELECT count(*)::int AS n FROM t WHERE who = $1', ['s1'], { session: s })).rows[0]!.n, 1, 'the session sees its own insert');
    await s.end();
    assert.equal(await count('s1'), 0, 'ending the session rolled the transaction back');
    assert.equal((await db.query('SELECT 2 AS two', undefined, { session: db.session() })).rows[0]!.two, 2, 'the connection is free again');
    await db.stop();
  });

  test('COMMIT gives the connection back; a query without a session that leaves a transaction open gets its connection closed, not pooled', async () => {
    const db = new PostgresDb({ name: 'S2', driver: 'postgres', connection: pg.url, pool_size: 1 });
    await db.start();
    const s = db.session();
    await db.query('BEGIN', undefined, { session: s });
    await db.query("INSERT INTO t VALUES ('s2', 1)", undefined, { session: s });
    await db.query('COMMIT', undefined, { session: s });
    assert.equal(await count('s2'), 1);
    await db.query("INSERT INTO t VALUES ('s2', 2)", undefined, { session: db.session() }); // the only connection is free again
    await db.query('BEGIN', undefined);
    await db.query("INSERT INTO t VALUES ('s2', 3)", undefined);
    assert.equal(await count('s2'), 3, 'the insert after a session-less BEGIN autocommitted on a fresh connection');
    await db.stop();
  });

  test('a statement that changes its session (SET, temp table, advisory lock) keeps the connection to the instance, which is closed at its end', async () => {
    const db = new PostgresDb({ name: 'S3', driver: 'postgres', connection: pg.url, pool_size: 2 });
    await db.start();
    const s = db.session();
    const pid = (await db.query("SELECT pg_backend_pid() AS pid, set_config('application_name', 'tester-service', false) AS x", undefined, { session: s })).rows[0]!.pid;
    await db.query('SET search_path TO pg_catalog', undefined, { session: s });
    await db.query('CREATE TEMP TABLE mine (x int)', undefined, { session: s });
    assert.equal((await db.query('SELECT pg_backend_pid() AS pid', undefined, { session: s })).rows[0]!.pid, pid, 'the same connection for the whole instance');
    const other = (await db.query('SHOW search_path', undefined, { session: db.session() })).rows[0]!.search_path;
    assert.match(String(other), /public/, "another instance does not see the first one's SET");
    await s.end();
    const deadline = Date.now() + 10_000;
    while (Number((await observer.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1', [pid])).rows[0].n) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal(Number((await observer.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1', [pid])).rows[0].n), 0, 'its connection was closed');
    await db.stop();
  });

  test("the instance's signal cancels its statement on the server and frees the connection", async () => {
    const db = new PostgresDb({ name: 'S4', driver: 'postgres', connection: pg.url, pool_size: 1 });
    await db.start();
    const ac = new AbortController();
    const s = db.session();
    const q = db.query('SELECT pg_sleep(30)', undefined, { session: s, signal: ac.signal });
    const sleeping = async () => Number((await observer.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()")).rows[0].n);
    while ((await sleeping()) === 0) await new Promise((r) => setTimeout(r, 20));
    ac.abort();
    await assert.rejects(q, (e: unknown) => e instanceof DbError && e.code === '57014' && /cancelled/.test(e.message));
    await s.end();
    assert.equal(await sleeping(), 0);
    assert.equal((await db.query('SELECT 3 AS three', undefined, { session: db.session() })).rows[0]!.three, 3);
    assert.equal(db.state(), 'up');
    await db.stop();
    assert.equal(await backendsSettled(), 0, 'stop() closes every connection');
  });

  test('reconnect() probes at once: back up without waiting for the next retry (retry_max_ms 30 s)', async () => {
    const db = new PostgresDb({ name: 'S5', driver: 'postgres', connection: pg.url, retry_max_ms: 30_000, connect_timeout_ms: 1000 });
    await db.start();
    await observer.end();
    await pg.stopServer();
    await assert.rejects(db.query('SELECT 1', undefined), (e: unknown) => e instanceof DbError && e.connection);
    assert.equal(db.state(), 'connecting');
    await db.reconnect();
    assert.equal(db.state(), 'connecting', 'still down');
    await pg.startServer();
    await new Promise((r) => setTimeout(r, 300)); // past the minimum interval between probes
    await db.reconnect();
    assert.equal(db.state(), 'up');
    await db.stop();
    observer = new pgDriver.Client({ connectionString: pg.url });
    await observer.connect();
  });
});

describe('db postgres instance over TLS', needsTool(initdbTool(), 'apt-get install postgresql'), () => {
  let pg: TempPg;
  let cert: { cert: string; key: string };
  before(async () => {
    cert = makeCertificate();
    pg = await startTempPg({ tls: cert });
  });
  after(async () => {
    await pg?.stop();
  });

  test('ssl with the server CA: the session is encrypted', async () => {
    const db = new PostgresDb({ name: 'T', driver: 'postgres', connection: pg.url, ssl: { ca: cert.cert } });
    await db.start();
    assert.equal(db.state(), 'up', JSON.stringify(db.describe()));
    const r = await db.query('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()', undefined);
    assert.equal(r.rows[0]!.ssl, true);
    await db.stop();
  });

  test('an untrusted server certificate keeps the instance connecting, with the reason', async () => {
    const db = new PostgresDb({ name: 'U', driver: 'postgres', connection: pg.url, ssl: true, retry_max_ms: 200 });
    await db.start();
    assert.equal(db.state(), 'connecting');
    assert.match(JSON.stringify(db.describe()), /self[- ]signed|certificate/i);
    await db.stop();
  });
});
