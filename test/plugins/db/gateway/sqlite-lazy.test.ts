// better-sqlite3 (a native addon) is loaded only where a SQLite instance runs: in the process the instance starts
// for its database (gateway/sqlite-process.ts), never in the service's own process. Loading the db plugin, or
// configuring an instance, starts nothing. Its own file: node --test runs each file in a fresh process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const loaded = () => Object.keys(require.cache).some((k) => k.includes(`${'/'}better-sqlite3${'/'}`));

test('the db plugin loads without better-sqlite3; a started SQLite instance runs it in a process of its own', async () => {
  await import('../../../../plugins/db/index.js');
  const { SqliteDb } = await import('../../../../plugins/db/gateway/sqlite.js');
  assert.equal(loaded(), false, 'better-sqlite3 loaded with the plugin');
  const db = new SqliteDb({ name: 'LAZY', driver: 'sqlite', file: ':memory:' } as never, '/nonexistent');
  assert.equal(loaded(), false, 'better-sqlite3 loaded by configuring an instance');
  assert.equal(db.state(), 'down');
  await db.start();
  assert.equal(db.state(), 'up');
  const v = (await db.query('SELECT sqlite_version() AS v', undefined)).rows[0]!.v;
  assert.match(String(v), /^3\.\d+\.\d+$/, 'SQLite answers');
  assert.equal((db.describe() as { sqlite_version?: string }).sqlite_version, v);
  assert.equal(loaded(), false, "better-sqlite3 runs in the instance's process, not in the service's");
  await db.stop();
  assert.equal(db.state(), 'down');
});
