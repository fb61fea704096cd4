// plugins/db/sql/sqlite-guard.ts on a real SQLite file: a client's SQL cannot reach another file (issue 10,
// fault 5: ATTACH DATABASE '/any/path' and VACUUM INTO '/any/path' created files outside the data directory).
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDb } from '../../../../plugins/db/gateway/sqlite.js';
import { DbError } from '../../../../plugins/db/gateway/types.js';
import { sqliteFileAccess } from '../../../../plugins/db/sql/sqlite-guard.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tester-guard-data-'));
const outside = mkdtempSync(join(tmpdir(), 'tester-guard-outside-'));
after(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('SQLite statements stay inside the configured database', () => {
  const db = new SqliteDb({ name: 'G', driver: 'sqlite', file: 'g.sqlite', init_sql: ['CREATE TABLE IF NOT EXISTS t (x TEXT)'] }, dataDir);
  before(() => db.start());
  after(() => db.stop());

  for (const [what, sql] of [
    ['ATTACH DATABASE', `ATTACH DATABASE '${outside}/a.db' AS x`],
    ['ATTACH in lower case after a comment', `/* hi */ -- there\n attach '${outside}/b.db' as y`],
    ['VACUUM INTO', `VACUUM INTO '${outside}/c.db'`],
    ['VACUUM main INTO', `vacuum main into '${outside}/d.db'`],
    ['EXPLAIN ATTACH', `EXPLAIN ATTACH '${outside}/e.db' AS z`],
    ['load_extension()', `SELECT load_extension('${outside}/f.so')`],
    ['PRAGMA temp_store_directory', `PRAGMA temp_store_directory = '${outside}'`],
    ['PRAGMA main.journal_mode', 'PRAGMA main.journal_mode = DELETE'],
    ['DETACH', 'DETACH DATABASE main'],
    ['ATTACH after whitespace, in mixed case', ` \n\t aTtAcH '${outside}/g.db' AS w`],
    ['VACUUM INTO with a comment between', `VACUUM/**/INTO '${outside}/h.db'`],
    ['load_extension() under WITH', `WITH a AS (SELECT 1) SELECT load_extension('${outside}/i.so') FROM a`],
    ['ATTACH as a second statement', `SELECT 1; ATTACH '${outside}/j.db' AS v`],
    ['writefile()', `SELECT writefile('${outside}/k.txt', 'x')`],
    ['setting a pragma of the shared connection', 'PRAGMA foreign_keys = OFF'],
    ['setting it with comments around =', 'PRAGMA main.query_only/**/=/**/1'],
    ['setting it by call', 'pragma busy_timeout(1)'],
    ['a temporary table', 'CREATE TEMP TABLE t (x TEXT)'],
    ['a temporary view, after a comment', '/* c */ create temporary view v AS SELECT 1'],
    ['a table in the temp schema', 'CREATE TABLE IF NOT EXISTS "temp" . t (x TEXT)'],
    ['a trigger in the temp schema', 'CREATE TRIGGER temp.tr AFTER INSERT ON t BEGIN SELECT 1; END'],
  ] as const) {
    test(`${what} is refused and creates no file`, async () => {
      await assert.rejects(db.query(sql, undefined), (e: unknown) => e instanceof DbError && /refused|more than one statement/.test((e as Error).message));
      assert.deepEqual(readdirSync(outside), []);
    });
  }

  test('the words inside strings, quoted names and comments are data, not commands', async () => {
    await db.query("INSERT INTO t (x) VALUES ('ATTACH DATABASE ''/tmp/x'' AS y; VACUUM INTO ''/tmp/y''')", undefined);
    const r = await db.query('SELECT x AS "attach", count(*) AS [vacuum] FROM t -- load_extension(1)', undefined);
    assert.equal(r.rows.length, 1);
  });

  test('tables whose names start with temp are ordinary tables', async () => {
    await db.query('CREATE TABLE IF NOT EXISTS temporal (x TEXT)', undefined);
    await db.query('CREATE TABLE IF NOT EXISTS main.temp_x (x TEXT)', undefined);
    const r = await db.query("SELECT name FROM sqlite_schema WHERE name LIKE 'temp%' ORDER BY name", undefined);
    assert.deepEqual(r.rows, [{ name: 'temp_x' }, { name: 'temporal' }]);
  });

  test('schema pragmas and pragma functions still work', async () => {
    const info = await db.query('PRAGMA table_info(t)', undefined);
    assert.equal(info.rows[0]!.name, 'x');
    const uv = await db.query('PRAGMA main.user_version', undefined);
    assert.equal(uv.rows.length, 1);
    const fn = await db.query("SELECT name FROM pragma_table_info('t')", undefined);
    assert.equal(fn.rows[0]!.name, 'x');
    const fk = await db.query('PRAGMA foreign_keys -- read, not set', undefined);
    assert.equal(fk.rows[0]!.foreign_keys, 1, 'reading a connection pragma is allowed, and it is still on');
  });

  test('nothing was written beside the database file except its own journal', () => {
    assert.ok(existsSync(join(dataDir, 'g.sqlite')));
    for (const f of readdirSync(dataDir)) assert.match(f, /^g\.sqlite(-wal|-shm|-journal)?$/);
  });
});

test('sqliteFileAccess names what it refuses', () => {
  assert.match(sqliteFileAccess("ATTACH 'x' AS y")!, /^ATTACH is refused/);
  assert.match(sqliteFileAccess('PRAGMA writable_schema = 1')!, /PRAGMA writable_schema is refused/);
  assert.equal(sqliteFileAccess('SELECT 1'), undefined);
  assert.equal(sqliteFileAccess('VACUUM'), undefined);
});
