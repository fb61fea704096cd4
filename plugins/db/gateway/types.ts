// What every DB gateway instance offers the operations, whatever its driver.
import type { EndSignal, GatewayInstance, Json, JsonObject } from '../../../sdk/index.js';
import { parseSql, type ParsedSql } from '../sql/placeholders.js';
import type { DbInstanceOptions } from './options.js';

export interface NamedQuery {
  name: string;
  sql: string;
  parsed: ParsedSql;
  description?: string;
}

export interface DbResult {
  rows: JsonObject[];
  columns: string[];
  /** Rows inserted / updated / deleted (null for a SELECT). */
  affected: number | null;
  command?: string;
  last_insert_id?: number | string;
}

/** Error codes of failures the service reports itself (no SQLSTATE / SQLITE_* code applies). */
export const POOL_TIMEOUT = 'POOL_TIMEOUT';
export const QUERY_TIMEOUT = 'QUERY_TIMEOUT';
export const CANCELLED = 'CANCELLED';

/** A query the database refused or could not run: its message and code (SQLSTATE or SQLITE_*) when known. */
export class DbError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly connection = false,
  ) {
    super(message);
    this.name = 'DbError';
  }
}

/**
 * What one test instance holds of a database instance: the connection its open transaction (or changed session
 * state) is bound to. Every query of the instance goes through it; end() runs when the instance ends and rolls
 * back a transaction left open, so nothing an instance does reaches another's queries.
 */
export interface DbSession {
  end(): Promise<void>;
}

export interface QueryOptions {
  /** The instance's session (without one, a query that opens a transaction is rolled back at once). */
  session?: DbSession;
  /**
   * The instance's end (ctx.endSignal, or an AbortSignal): firing it cancels the query. An EndSignal, not ctx.signal:
   * that one costs an AbortController, an Event and an Error per instance (issue 29: most of a db step's cost).
   */
  signal?: EndSignal;
}

export interface DbInstance extends GatewayInstance {
  readonly driver: 'sqlite' | 'postgres';
  readonly queries: ReadonlyMap<string, NamedQuery>;
  /** A new session for one test instance. */
  session(): DbSession;
  query(sql: string, params: unknown[] | Record<string, unknown> | undefined, opts?: QueryOptions): Promise<DbResult>;
}

export function namedQueries(opts: DbInstanceOptions): Map<string, NamedQuery> {
  const out = new Map<string, NamedQuery>();
  for (const [name, q] of Object.entries(opts.queries ?? {})) {
    const sql = typeof q === 'string' ? q : q.sql;
    const nq: NamedQuery = { name, sql, parsed: parseSql(sql) };
    if (typeof q !== 'string' && q.description) nq.description = q.description;
    out.set(name, nq);
  }
  return out;
}

/** A driver value as JSON: Buffers as hex, Dates as ISO text, bigints as numbers when safe. */
export function toJson(v: unknown): Json {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      return Number.isFinite(v) ? v : String(v);
    case 'bigint':
      return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : v.toString();
    case 'object':
      if (Buffer.isBuffer(v) || v instanceof Uint8Array) return Buffer.from(v as Uint8Array).toString('hex');
      if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString();
      if (Array.isArray(v)) return v.map(toJson);
      {
        const o: JsonObject = {};
        for (const [k, x] of Object.entries(v as Record<string, unknown>)) o[k] = toJson(x);
        return o;
      }
    default:
      return String(v);
  }
}
