// The process an embedded SQLite database runs in (one per SQLite instance, started by gateway/sqlite.ts with
// fork(), sqlite-fork.ts): better-sqlite3 is synchronous, so a slow statement here never holds the service's event loop, and a
// statement past its time limit is stopped by ending this process (better-sqlite3 cannot interrupt a running
// statement; a worker thread cannot be terminated while one runs). SQLite's journal keeps the file consistent
// across such an end. Messages over the IPC channel as JSON (a fifth of the advanced serialization's cost per
// message; the values JSON cannot carry are tagged, see Tagged, and results are JSON already); statements in batches (what the service queued meanwhile: one message for many), run one at a time in the
// order they arrive, each answered by a message of its own as soon as it ran (the service's timeout_ms clock of the
// next one starts from that answer).
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import type { Json, JsonObject } from '../../../sdk/index.js';
import { toJson } from './types.js';

export type ToSqlite =
  | { t: 'open'; file: string; busyTimeoutMs: number; initSql: string[] }
  /** Statements to run in order, one answer each (a batch: what the service queued while the last one ran). */
  | { t: 'run'; sql: string[]; values: unknown[][] };

/**
 * The answer to one statement of a batch, in the batch's order. One that leaves a transaction open (inTransaction)
 * ends its batch: the statements after it are not run (the service sends them again when the transaction's owner
 * allows), so that none lands in another instance's transaction.
 */
export type FromSqlite =
  | { t: 'opened'; version: string }
  | { t: 'open-failed'; message: string }
  | { t: 'result'; rows: JsonObject[]; columns: string[]; affected: null; inTransaction: boolean }
  | { t: 'result'; affected: number; lastInsertId: Json; inTransaction: boolean }
  | { t: 'error'; message: string; code?: string; inTransaction: boolean };

/** Set in the environment of the process gateway/sqlite.ts forks: only that process runs the loop below. */
export const CHILD_MARK = 'TESTER_SQLITE_PROCESS';

const MAX_CACHED_STATEMENTS = 500;

/** Rows one statement may return (docs/limits.md): more is an error asking for a LIMIT, not a huge message. */
export const MAX_RESULT_ROWS = 100_000;
/** Bytes one statement's rows may hold (text and blobs by their length, other values 8): the same. */
export const MAX_RESULT_BYTES = 16 * 1024 * 1024;
/** The code of the error a result over either bound gives. */
export const RESULT_TOO_LARGE = 'RESULT_TOO_LARGE';

/** How often the watchdog looks whether the service is still this process's parent. */
const WATCHDOG_MS = 250;

/**
 * End this process when the service that started it is gone, even while a statement holds its thread (the IPC
 * 'disconnect' event waits for the statement): a thread of its own compares the parent process id with the
 * service's, which changes when the service ends (the process is handed to init or a subreaper), whatever the
 * way it ended (SIGKILL included).
 */
function watchParent(): void {
  const source = `const { workerData } = require('node:worker_threads');
setInterval(() => { if (process.ppid !== workerData) process.kill(process.pid, 'SIGKILL'); }, ${WATCHDOG_MS});`;
  new Worker(source, { eval: true, workerData: process.ppid }).unref();
}

function size(v: unknown): number {
  if (typeof v === 'string') return v.length;
  if (v instanceof Uint8Array) return v.byteLength;
  return 8;
}

class TooLarge extends Error {
  readonly code = RESULT_TOO_LARGE;
}

/** The rows of a reading statement, within MAX_RESULT_ROWS and MAX_RESULT_BYTES. */
function readRows(st: Database.Statement, values: unknown[]): JsonObject[] {
  const rows: JsonObject[] = [];
  let bytes = 0;
  for (const r of st.iterate(...values) as IterableIterator<Record<string, unknown>>) {
    // leaving the loop early ends the iteration (the statement is reset)
    if (rows.length >= MAX_RESULT_ROWS) throw new TooLarge(`the result has more than ${MAX_RESULT_ROWS} rows (the bound per statement): select fewer (LIMIT)`);
    for (const k in r) bytes += k.length + size(r[k]);
    if (bytes > MAX_RESULT_BYTES) throw new TooLarge(`the result holds more than ${MAX_RESULT_BYTES / 1024 / 1024} MiB (the bound per statement): select fewer rows or columns (LIMIT)`);
    rows.push(toJson(r) as JsonObject);
  }
  return rows;
}

/**
 * A bind value that JSON cannot carry, tagged by the service (gateway/sqlite.ts liteValue): bytes as base64 (bound
 * as a BLOB), a bigint as its decimal text, a non-finite number as its text. Every other object value arrives as
 * JSON text already, so an object here is a tag.
 */
export interface Tagged {
  b?: string;
  n?: string;
  f?: string;
}

function bindable(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  const t = v as Tagged;
  if (t.b !== undefined) return Buffer.from(t.b, 'base64');
  if (t.n !== undefined) return BigInt(t.n);
  return Number(t.f);
}

function serve(): void {
  let db: Database.Database | undefined;
  const statements = new Map<string, Database.Statement>();
  const send = (m: FromSqlite) => process.send!(m);

  const statement = (text: string): Database.Statement => {
    let st = statements.get(text);
    if (!st) {
      st = db!.prepare(text);
      if (statements.size >= MAX_CACHED_STATEMENTS) statements.delete(statements.keys().next().value!);
      statements.set(text, st);
    }
    return st;
  };

  /** Run one statement and send its answer; true when it left a transaction open (its batch ends there). */
  const runOne = (sql: string, params: unknown[]): boolean => {
    try {
      const st = statement(sql);
      const values = params.map(bindable);
      if (st.reader) {
        const rows = readRows(st, values);
        send({ t: 'result', rows, columns: st.columns().map((c) => c.name), affected: null, inTransaction: db!.inTransaction });
      } else {
        const info = st.run(...values);
        send({ t: 'result', affected: Number(info.changes), lastInsertId: toJson(info.lastInsertRowid), inTransaction: db!.inTransaction });
      }
    } catch (e) {
      const err = e as Error & { code?: string };
      send({ t: 'error', message: err.message, ...(err.code ? { code: err.code } : {}), inTransaction: db?.inTransaction ?? false });
    }
    return db?.inTransaction ?? false;
  };

  process.on('message', (m: ToSqlite) => {
    if (m.t === 'open') {
      try {
        const Driver = createRequire(import.meta.url)('better-sqlite3') as typeof Database;
        db = new Driver(m.file);
        if (m.file !== ':memory:') db.pragma('journal_mode = WAL');
        db.pragma(`busy_timeout = ${m.busyTimeoutMs}`);
        db.pragma('foreign_keys = ON');
        // every integer as a bigint, so none above 2^53 is rounded; toJson() gives the JSON form
        db.defaultSafeIntegers(true);
        for (const sql of m.initSql) db.exec(sql);
        send({ t: 'opened', version: String((db.prepare('SELECT sqlite_version() AS v').get() as { v: string }).v) });
      } catch (e) {
        send({ t: 'open-failed', message: (e as Error).message });
      }
      return;
    }
    if (m.t === 'run') {
      for (let i = 0; i < m.sql.length; i++) if (runOne(m.sql[i]!, m.values[i]!)) break;
    }
  });
  // the service went away (or closed the channel): nothing is left to answer
  process.on('disconnect', () => {
    db?.close();
    process.exit(0);
  });
}

if (process.env[CHILD_MARK] === '1' && process.send) {
  watchParent();
  serve();
}
