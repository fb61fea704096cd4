// PostgreSQL instance: a pg connection pool. The instance is 'up' once a connection succeeds (a probe at start,
// then init_sql); while the server cannot be reached it is 'connecting' and probes again with a growing delay
// (1 s doubling up to retry_max_ms), so runs are refused with 2003 naming it instead of failing query by query.
// A query that fails because the connection broke marks the instance 'connecting' and starts the probes again.
import { connectTls, redactText } from '../../../sdk/index.js';
import pg from 'pg';
import type { GatewayState, Json, JsonObject } from '../../../sdk/index.js';
import { bindValues, parseSql } from '../sql/placeholders.js';
import { DbError, namedQueries, toJson, type DbInstance, type DbInstanceOptions, type DbResult, type NamedQuery } from './types.js';

const INT8 = 20;
const NUMERIC = 1700;
const DATE_TIME = new Set([1082, 1083, 1114, 1184, 1266]); // date, time, timestamp, timestamptz, timetz: kept as text

const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
    if (format === 'binary') return pg.types.getTypeParser(oid, 'binary') as (v: string) => unknown;
    if (oid === INT8) return (v) => (Number.isSafeInteger(Number(v)) ? Number(v) : v);
    if (oid === NUMERIC) return (v) => {
      const n = Number(v);
      return Number.isFinite(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER && String(n).replace('.', '').replace(/^-/, '').length <= 15 ? n : v;
    };
    if (DATE_TIME.has(oid)) return (v) => v;
    return pg.types.getTypeParser(oid, 'text') as (v: string) => unknown;
  },
};

// Errors of the connection rather than of the statement.
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

function isConnectionError(e: Error & { code?: string }): boolean {
  if (e.code && CONNECTION_CODES.has(e.code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e.message);
}

function describePgError(e: Error & { code?: string; detail?: string; hint?: string; position?: string }): string {
  let m = e.message || String(e);
  if (e.code === 'ECONNREFUSED') m = `connection refused (${(e as { address?: string }).address ?? ''}:${(e as { port?: number }).port ?? ''})`;
  if (e.detail) m += ` — ${e.detail}`;
  if (e.hint) m += ` (hint: ${e.hint})`;
  if (e.code && /^[0-9A-Z]{5}$/.test(e.code)) m += ` [SQLSTATE ${e.code}]`;
  return m;
}

/** The `ssl` option as node-postgres takes it (files read at boot, so a missing one is a boot error). */
export function sslConfig(name: string, ssl: NonNullable<DbInstanceOptions['ssl']>): boolean | pg.ConnectionConfig['ssl'] {
  if (typeof ssl === 'boolean') return ssl;
  return { rejectUnauthorized: true, ...connectTls(ssl, `db instance ${name}: `) } as pg.ConnectionConfig['ssl'];
}

function pgValue(v: unknown): unknown {
  return v === undefined ? null : v;
}

export class PostgresDb implements DbInstance {
  readonly name: string;
  readonly driver = 'postgres' as const;
  readonly queries: ReadonlyMap<string, NamedQuery>;
  private pool: pg.Pool | undefined;
  private st: GatewayState = 'down';
  private lastError: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private delay = 1000;
  private probing = false;
  private initDone = false;
  private stopped = false;
  private count = 0;
  private failures = 0;
  private readonly statementNames = new Map<string, string>();
  readonly target: string;

  constructor(private readonly opts: DbInstanceOptions) {
    this.name = opts.name;
    if (opts.ssl !== undefined) sslConfig(opts.name, opts.ssl); // fail at boot on an unreadable file
    this.queries = namedQueries(opts);
    const safe = opts.connection ? redactText(opts.connection) : `postgres://${opts.user ?? ''}@${opts.host ?? 'localhost'}:${opts.port ?? 5432}/${opts.database ?? ''}`;
    this.target = safe;
  }

  state(): GatewayState {
    return this.st;
  }

  describe(): Json {
    const pool = this.pool;
    const d: JsonObject = { driver: 'postgres', target: this.target, state: this.st, queries: this.count, failures: this.failures, named_queries: [...this.queries.keys()] };
    if (pool) d.pool = { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
    if (this.lastError) d.last_error = this.lastError;
    return d;
  }

  private makePool(): pg.Pool {
    const o = this.opts;
    const timeout = o.timeout_ms ?? 30_000;
    const cfg: pg.PoolConfig = {
      max: o.pool_size ?? 4,
      connectionTimeoutMillis: o.connect_timeout_ms ?? 5_000,
      idleTimeoutMillis: 30_000,
      query_timeout: timeout,
      statement_timeout: timeout,
      application_name: 'tester-service',
      types: typeParsers as unknown as pg.CustomTypesConfig,
    };
    if (o.connection) cfg.connectionString = o.connection;
    if (o.host !== undefined) cfg.host = o.host;
    if (o.port !== undefined) cfg.port = o.port;
    if (o.user !== undefined) cfg.user = o.user;
    if (o.password !== undefined) cfg.password = o.password;
    if (o.database !== undefined) cfg.database = o.database;
    if (o.ssl !== undefined) cfg.ssl = sslConfig(o.name, o.ssl);
    const pool = new pg.Pool(cfg);
    // An idle client losing its server emits 'error' on the pool: without a listener that would end the process.
    pool.on('error', (e) => {
      this.lastError = describePgError(e);
      this.lost();
    });
    return pool;
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.pool ??= this.makePool();
    this.st = 'connecting';
    await this.probe();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.st = 'down';
    const p = this.pool;
    this.pool = undefined;
    this.statementNames.clear();
    if (p) await p.end().catch(() => undefined);
  }

  /** One connection attempt (and init_sql the first time); schedules the next one on failure. */
  private async probe(): Promise<void> {
    if (this.probing || this.stopped || !this.pool) return;
    this.probing = true;
    try {
      const client = await this.pool.connect();
      try {
        if (!this.initDone) {
          const init = this.opts.init_sql === undefined ? [] : Array.isArray(this.opts.init_sql) ? this.opts.init_sql : [this.opts.init_sql];
          for (const sql of init) await client.query(sql);
          this.initDone = true;
        } else await client.query('SELECT 1');
      } finally {
        client.release();
      }
      this.st = 'up';
      this.delay = 1000;
      this.lastError = undefined;
    } catch (e) {
      this.lastError = describePgError(e as Error);
      this.st = 'connecting';
      this.schedule();
    } finally {
      this.probing = false;
    }
  }

  private schedule(): void {
    if (this.stopped || this.timer) return;
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, this.opts.retry_max_ms ?? 30_000);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.probe();
    }, wait);
    this.timer.unref();
  }

  private lost(): void {
    if (this.stopped) return;
    this.st = 'connecting';
    this.schedule();
  }

  private statementName(text: string): string | undefined {
    let n = this.statementNames.get(text);
    if (n === undefined) {
      if (this.statementNames.size >= 500) return undefined; // unnamed (parsed every time) past the cache size
      n = `tq${this.statementNames.size}`;
      this.statementNames.set(text, n);
    }
    return n;
  }

  async query(sql: string, params: unknown[] | Record<string, unknown> | undefined): Promise<DbResult> {
    const pool = this.pool;
    if (!pool || this.st === 'down') throw new DbError(`db instance ${this.name} is not started`, undefined, true);
    this.count++;
    const parsed = parseSql(sql);
    let values: unknown[];
    try {
      values = bindValues(parsed, params, 'pg').map(pgValue);
    } catch (e) {
      this.failures++;
      throw new DbError((e as Error).message, undefined);
    }
    try {
      const cfg: pg.QueryConfig = { text: parsed.pg, values };
      const name = this.statementName(parsed.pg);
      if (name) cfg.name = name;
      const res = await pool.query(cfg);
      const rows = (res.rows as Record<string, unknown>[]).map((r) => toJson(r) as JsonObject);
      const isSelect = res.command === 'SELECT' || (res.fields?.length ?? 0) > 0;
      return { rows, columns: (res.fields ?? []).map((f) => f.name), affected: isSelect ? null : res.rowCount, command: res.command };
    } catch (e) {
      this.failures++;
      const err = e as Error & { code?: string };
      const conn = isConnectionError(err);
      this.lastError = describePgError(err);
      if (conn) this.lost();
      throw new DbError(this.lastError, err.code, conn);
    }
  }
}
