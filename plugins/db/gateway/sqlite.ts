// Embedded SQLite instance (better-sqlite3): a file in the plugin's data directory, created on first start, so a
// demo needs no database server. Queries run synchronously on the service thread: SQLite answers in microseconds
// for the small tables tests use, and a prepared-statement cache keeps repeated SQL off the parser.
import type Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join } from 'node:path';
import type { GatewayState, Json, JsonObject } from '../../../sdk/index.js';
import { bindValues, parseSql } from '../sql/placeholders.js';
import { sqliteFileAccess } from '../sql/sqlite-guard.js';
import { DbError, namedQueries, toJson, type DbInstance, type DbInstanceOptions, type DbResult, type DbSession, type NamedQuery } from './types.js';

const MAX_CACHED_STATEMENTS = 500;

/** better-sqlite3 (a native addon) is loaded when the first SQLite instance opens, not when the plugin loads. */
let driver: typeof Database | undefined;
function sqliteDriver(): typeof Database {
  driver ??= createRequire(import.meta.url)('better-sqlite3') as typeof Database;
  return driver;
}

function liteValue(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'object' && !Buffer.isBuffer(v)) return JSON.stringify(v);
  return v;
}

export class SqliteDb implements DbInstance {
  readonly name: string;
  readonly driver = 'sqlite' as const;
  readonly queries: ReadonlyMap<string, NamedQuery>;
  readonly file: string;
  private db: Database.Database | undefined;
  private readonly statements = new Map<string, Database.Statement>();
  private lastError: string | undefined;
  private count = 0;
  private failures = 0;

  constructor(
    private readonly opts: DbInstanceOptions,
    dataDir: string,
  ) {
    this.name = opts.name;
    this.queries = namedQueries(opts);
    const f = opts.file ?? `${opts.name}.sqlite`;
    this.file = f === ':memory:' || isAbsolute(f) ? f : join(dataDir, f);
  }

  state(): GatewayState {
    return this.db ? 'up' : 'down';
  }

  describe(): Json {
    const d: JsonObject = { driver: 'sqlite', file: this.file, queries: this.count, failures: this.failures, named_queries: [...this.queries.keys()] };
    if (this.lastError) d.last_error = this.lastError;
    return d;
  }

  /** Open (creating the file) and run init_sql. A failure leaves the instance 'down' with the reason. */
  start(): void {
    if (this.db) return;
    try {
      if (this.file !== ':memory:') mkdirSync(dirname(this.file), { recursive: true });
      const db = new (sqliteDriver())(this.file);
      if (this.file !== ':memory:') db.pragma('journal_mode = WAL');
      db.pragma(`busy_timeout = ${Math.max(0, Math.floor(this.opts.timeout_ms ?? 5000))}`);
      db.pragma('foreign_keys = ON');
      const init = this.opts.init_sql === undefined ? [] : Array.isArray(this.opts.init_sql) ? this.opts.init_sql : [this.opts.init_sql];
      for (const sql of init) db.exec(sql);
      this.db = db;
      this.lastError = undefined;
    } catch (e) {
      // left 'down': a run that needs it is refused (2003) naming it, and describe() gives the reason
      this.lastError = `cannot open ${this.file}: ${(e as Error).message}`;
    }
  }

  stop(): void {
    this.statements.clear();
    const db = this.db;
    this.db = undefined;
    db?.close();
  }

  private statement(text: string): Database.Statement {
    let st = this.statements.get(text);
    if (!st) {
      st = this.db!.prepare(text);
      if (this.statements.size >= MAX_CACHED_STATEMENTS) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(text, st);
    }
    return st;
  }

  session(): DbSession {
    return { end: async () => undefined };
  }

  async query(sql: string, params: unknown[] | Record<string, unknown> | undefined): Promise<DbResult> {
    if (!this.db) throw new DbError(`db instance ${this.name} is not open${this.lastError ? `: ${this.lastError}` : ''}`, undefined, true);
    this.count++;
    const parsed = parseSql(sql);
    const refused = sqliteFileAccess(sql);
    if (refused) {
      this.failures++;
      throw new DbError(`db instance ${this.name}: ${refused}`, 'SQLITE_AUTH');
    }
    try {
      const values = bindValues(parsed, params, 'lite').map(liteValue);
      const st = this.statement(parsed.lite);
      if (st.reader) {
        const raw = st.all(...values) as Record<string, unknown>[];
        const rows = raw.map((r) => toJson(r) as JsonObject);
        return { rows, columns: st.columns().map((c) => c.name), affected: null, command: 'SELECT' };
      }
      const info = st.run(...values);
      return { rows: [], columns: [], affected: info.changes, last_insert_id: toJson(info.lastInsertRowid) as number | string };
    } catch (e) {
      this.failures++;
      const err = e as Error & { code?: string };
      this.lastError = err.message;
      throw new DbError(err.message, err.code);
    }
  }
}
