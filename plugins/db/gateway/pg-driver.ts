// What node-postgres is told and what it says, for the PostgreSQL instance: the client configuration from the
// instance's options, the type parsers (int8 and numeric as numbers when exact, dates and times as text), which
// errors are the connection's rather than the statement's, and their readable text.
import { connectTls } from '../../../sdk/index.js';
import pg from 'pg';
import { POSTGRES_DEFAULTS, type DbInstanceOptions } from './options.js';

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

export function isConnectionError(e: Error & { code?: string }): boolean {
  if (e.code && CONNECTION_CODES.has(e.code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed/i.test(e.message);
}

export function describePgError(e: Error & { code?: string; detail?: string; hint?: string; position?: string }): string {
  let m = e.message || String(e);
  if (e.code === 'ECONNREFUSED') m = `connection refused (${(e as { address?: string }).address ?? ''}:${(e as { port?: number }).port ?? ''})`;
  if (e.detail) m += ` — ${e.detail}`;
  if (e.hint) m += ` (hint: ${e.hint})`;
  if (e.code && /^[0-9A-Z]{5}$/.test(e.code)) m += ` [SQLSTATE ${e.code}]`;
  return m;
}

/** The `ssl` option as node-postgres takes it (PEM files read here). */
function sslConfig(name: string, ssl: NonNullable<DbInstanceOptions['ssl']>): boolean | pg.ConnectionConfig['ssl'] {
  if (typeof ssl === 'boolean') return ssl;
  return { rejectUnauthorized: true, ...connectTls(ssl, `db instance ${name}: `) } as pg.ConnectionConfig['ssl'];
}

/** A bound value as node-postgres takes it (undefined is NULL). */
export function pgValue(v: unknown): unknown {
  return v === undefined ? null : v;
}

/** The configuration of every connection of the instance (the pool's and the probes'); reads the TLS files. */
export function clientConfig(o: DbInstanceOptions, statementTimeoutMs: number): pg.ClientConfig {
  const cfg: pg.ClientConfig = {
    connectionTimeoutMillis: o.connect_timeout_ms ?? POSTGRES_DEFAULTS.connect_timeout_ms,
    statement_timeout: statementTimeoutMs,
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
  return cfg;
}
