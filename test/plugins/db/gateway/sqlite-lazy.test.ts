// better-sqlite3 (a native addon) is loaded only when a SQLite instance opens: loading the db plugin, or running
// with PostgreSQL instances only, never loads it. Its own file: node --test runs each file in a fresh process.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const loaded = () => Object.keys(require.cache).some((k) => k.includes(`${'/'}better-sqlite3${'/'}`));

test('the db plugin loads without better-sqlite3; the first SQLite instance that opens loads it', async () => {
  await import('../../../../plugins/db/index.js');
  const { SqliteDb } = await import('../../../../plugins/db/gateway/sqlite.js');
  assert.equal(loaded(), false, 'better-sqlite3 loaded with the plugin');
  const db = new SqliteDb({ name: 'LAZY', driver: 'sqlite', file: ':memory:' } as never, '/nonexistent');
  assert.equal(loaded(), false, 'better-sqlite3 loaded by configuring an instance');
  db.start();
  assert.equal(db.state(), 'up');
  assert.equal(loaded(), true);
  await db.stop?.();
});
