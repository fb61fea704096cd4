import { describe, test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDb } from '../../../../plugins/db/gateway/sqlite.js';
import { DbError } from '../../../../plugins/db/gateway/types.js';

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
    db.start();
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
    db.stop();
    // reopening the same file keeps the data (the file persists between service starts)
    const again = new SqliteDb({ name: 'L', driver: 'sqlite', file: 'sub/demo.sqlite' }, dir);
    again.start();
    assert.equal((await again.query('SELECT count(*) AS n FROM acct', undefined)).rows[0]!.n, 1);
    again.stop();
  });

  test('bad SQL and constraint violations are DbErrors with the database message and code', async () => {
    const db = new SqliteDb({ name: 'M', driver: 'sqlite', file: ':memory:', init_sql: 'CREATE TABLE t (k TEXT PRIMARY KEY)' }, dir);
    db.start();
    await assert.rejects(db.query('SELEC 1', undefined), (e: unknown) => e instanceof DbError && /syntax error/.test(e.message) && e.code === 'SQLITE_ERROR');
    await db.query('INSERT INTO t VALUES (:k)', { k: 'a' });
    await assert.rejects(db.query('INSERT INTO t VALUES (:k)', { k: 'a' }), (e: unknown) => e instanceof DbError && /UNIQUE/.test(e.message) && /CONSTRAINT/.test(e.code ?? ''));
    await assert.rejects(db.query('SELECT :a', {}), (e: unknown) => e instanceof DbError && /no value for :a/.test(e.message));
    await assert.rejects(db.query('SELECT 1; SELECT 2', undefined), DbError);
    assert.equal(db.state(), 'up');
    db.stop();
  });

  test('a file that cannot be opened leaves the instance down with the reason', () => {
    writeFileSync(join(dir, 'plain-file'), 'not a directory');
    const db = new SqliteDb({ name: 'B', driver: 'sqlite', file: 'plain-file/sub/x.sqlite' }, dir);
    db.start();
    assert.equal(db.state(), 'down');
    assert.match(JSON.stringify(db.describe()), /cannot open/);
  });
});
