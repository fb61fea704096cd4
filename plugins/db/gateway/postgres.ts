// PostgreSQL instance: a pg connection pool shared by every run, with three rules that keep runs apart and the
// state honest (docs/plugins/db.md, "Sessions, pool and cancel"):
// - Connections are counted permits (slots.ts): waiting for a free one is bounded by timeout_ms and is never taken
//   for a lost database.
// - A connection that opens a transaction (the server's transaction status after a statement) or changes its
//   session (sql/session-state.ts) stays with that test instance until COMMIT/ROLLBACK, or to the instance's end,
//   which rolls back; a changed session is closed rather than pooled. No other run's statement can land in it.
// - An instance that ends (CancelTest, abort) cancels its statement on the server (pg-cancel.ts) and frees the
//   connection.
// The instance is 'up' once a connection succeeds (a probe on a connection of its own at start, running init_sql
// the first time); while the server cannot be reached it is 'connecting' and probes again with a growing delay
// (1 s doubling up to retry_max_ms), and at once when a run asks for it (reconnect()).
import { redactText } from '../../../sdk/index.js';
import pg from 'pg';
import type { EndSignal, GatewayState, Json, JsonObject } from '../../../sdk/index.js';
import { bindValues, parseSql } from '../sql/placeholders.js';
import { sessionChange } from '../sql/session-state.js';
import { sendCancel } from './pg-cancel.js';
import { clientConfig, describePgError, isConnectionError, pgValue } from './pg-driver.js';
import { POSTGRES_DEFAULTS, type DbInstanceOptions } from './options.js';
import { Slots, SlotWaitError } from './slots.js';
import { CANCELLED, DbError, POOL_TIMEOUT, QUERY_TIMEOUT, namedQueries, toJson, type DbInstance, type DbResult, type DbSession, type NamedQuery, type QueryOptions } from './types.js';

/** How long a cancelled statement may take to stop before its connection is closed instead. */
const CANCEL_GRACE_MS = 2000;
/** Past timeout_ms (the server's statement_timeout), how long the client waits before it closes the connection. */
const CLIENT_TIMEOUT_GRACE_MS = 1000;
/** A run asking for a 'connecting' instance probes it at once, unless a probe ended less than this ago. */
const MIN_PROBE_INTERVAL_MS = 250;

/** The connection of the pool a query runs on, with the permit that goes with it. */
interface Lease {
  client: pg.PoolClient;
  /** Set once the connection is given back (or closed): a lease is released once. */
  released: boolean;
  /** The session changed (SET, temp table, ...): close it rather than pool it. */
  dirty: boolean;
  /** The connection failed or was closed by the client: it is closed, never kept or pooled. */
  broken: boolean;
}

/** One test instance's hold on the instance: the connection of its open transaction or changed session. */
export class PgSession implements DbSession {
  lease: Lease | undefined;
  /** The statement in flight (an instance runs one at a time), so end() can wait for it. */
  inflight: Promise<unknown> | undefined;
  ended = false;

  constructor(private readonly db: PostgresDb) {}

  end(): Promise<void> {
    this.ended = true;
    return this.db.endSession(this);
  }
}

export class PostgresDb implements DbInstance {
  readonly name: string;
  readonly driver = 'postgres' as const;
  readonly queries: ReadonlyMap<string, NamedQuery>;
  private pool: pg.Pool | undefined;
  private slots: Slots;
  private st: GatewayState = 'down';
  private lastError: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private delay = 1000;
  private probing: Promise<void> | undefined;
  private lastProbeEnd = 0;
  private initDone = false;
  private stopped = false;
  private count = 0;
  private failures = 0;
  private pinned = 0;
  private cancels = 0;
  private readonly statementNames = new Map<string, string>();
  private readonly timeoutMs: number;
  /** What every connection of the instance is opened with (the pool's and the probes'). */
  private readonly clientConfig: pg.ClientConfig;
  readonly target: string;

  constructor(private readonly opts: DbInstanceOptions) {
    this.name = opts.name;
    this.queries = namedQueries(opts);
    this.timeoutMs = opts.timeout_ms ?? POSTGRES_DEFAULTS.timeout_ms;
    // here, at boot: an unreadable TLS file fails the start rather than each connection attempt
    this.clientConfig = clientConfig(opts, this.timeoutMs);
    this.slots = new Slots(opts.pool_size ?? POSTGRES_DEFAULTS.pool_size);
    const safe = opts.connection ? redactText(opts.connection) : `postgres://${opts.user ?? ''}@${opts.host ?? POSTGRES_DEFAULTS.host}:${opts.port ?? POSTGRES_DEFAULTS.port}/${opts.database ?? ''}`;
    this.target = safe;
  }

  state(): GatewayState {
    return this.st;
  }

  describe(): Json {
    const pool = this.pool;
    const d: JsonObject = { driver: 'postgres', target: this.target, state: this.st, queries: this.count, failures: this.failures, named_queries: [...this.queries.keys()] };
    if (pool) {
      d.pool = { size: this.slots.size, in_use: this.slots.inUse, waiting: this.slots.waiting, held_by_instances: this.pinned, open: pool.totalCount, idle: pool.idleCount };
    }
    if (this.cancels) d.cancelled_statements = this.cancels;
    if (this.lastError) d.last_error = this.lastError;
    return d;
  }

  private makePool(): pg.Pool {
    // max = the permits: a query holding a permit never queues inside pg-pool, so pg-pool's connect timeout is a
    // connect timeout only
    const pool = new pg.Pool({ ...this.clientConfig, max: this.slots.size, idleTimeoutMillis: 30_000 });
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
    this.slots.close();
    const p = this.pool;
    this.pool = undefined;
    this.slots = new Slots(this.slots.size);
    this.statementNames.clear();
    if (p) await p.end().catch(() => undefined);
  }

  /**
   * A run needs the instance and it is not up: probe now instead of at the next scheduled attempt (after an outage
   * that can be retry_max_ms away). The background probes go on as before if this one fails.
   */
  reconnect(): Promise<void> {
    if (this.st === 'up' || this.stopped || !this.pool) return Promise.resolve();
    if (this.probing) return this.probing;
    if (performance.now() - this.lastProbeEnd < MIN_PROBE_INTERVAL_MS) return Promise.resolve();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    return this.probe();
  }

  /** One connection attempt on a connection of its own (and init_sql the first time); schedules the next one on failure. */
  private probe(): Promise<void> {
    if (this.probing) return this.probing;
    if (this.stopped || !this.pool) return Promise.resolve();
    this.probing = (async () => {
      const client = new pg.Client(this.clientConfig);
      client.on('error', () => undefined); // a failure mid-probe is reported by the awaited call
      try {
        await client.connect();
        if (!this.initDone) {
          const init = this.opts.init_sql === undefined ? [] : Array.isArray(this.opts.init_sql) ? this.opts.init_sql : [this.opts.init_sql];
          for (const sql of init) await client.query(sql);
          this.initDone = true;
        } else await client.query('SELECT 1');
        if (this.stopped) return;
        this.st = 'up';
        this.delay = 1000;
        this.lastError = undefined;
      } catch (e) {
        this.lastError = describePgError(e as Error);
        if (this.stopped) return;
        this.st = 'connecting';
        this.schedule();
      } finally {
        await client.end().catch(() => undefined);
        this.probing = undefined;
        this.lastProbeEnd = performance.now();
      }
    })();
    return this.probing;
  }

  private schedule(): void {
    if (this.stopped || this.timer) return;
    const wait = this.delay;
    this.delay = Math.min(this.delay * 2, this.opts.retry_max_ms ?? POSTGRES_DEFAULTS.retry_max_ms);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.probe();
    }, wait);
    this.timer.unref();
  }

  /** A connection broke: 'connecting' until a probe (started now) gets through. */
  private lost(): void {
    if (this.stopped) return;
    this.st = 'connecting';
    if (!this.probing && !this.timer) void this.probe();
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

  session(): PgSession {
    return new PgSession(this);
  }

  /** A free connection, with its permit: waiting for the permit is bounded by timeout_ms and is not a connection failure. */
  private async lease(pool: pg.Pool, signal: EndSignal | undefined): Promise<Lease> {
    const slots = this.slots;
    try {
      await slots.acquire(this.timeoutMs, signal);
    } catch (e) {
      if (e instanceof SlotWaitError) throw new DbError(`db instance ${this.name}: ${e.message}`, e.reason === 'timeout' ? POOL_TIMEOUT : CANCELLED);
      throw e;
    }
    try {
      return { client: await pool.connect(), released: false, dirty: false, broken: false };
    } catch (e) {
      slots.release();
      const err = e as Error & { code?: string };
      this.lastError = describePgError(err);
      this.lost();
      throw new DbError(this.lastError, err.code, true);
    }
  }

  /** Give the connection back to the pool (or close it) and its permit to the next waiter. */
  private giveBack(lease: Lease, close: boolean): void {
    if (lease.released) return;
    lease.released = true;
    try {
      lease.client.release(close || lease.dirty);
    } catch {
      /* already closed by the pool */
    }
    this.slots.release();
  }

  /** Run one statement on a connection; the instance's signal cancels it on the server, timeouts close the connection. */
  private async run(lease: Lease, cfg: pg.QueryConfig, signal: EndSignal | undefined): Promise<pg.QueryResult> {
    const client = lease.client;
    let graceTimer: NodeJS.Timeout | undefined;
    const close = () => {
      lease.broken = true;
      void client.end().catch(() => undefined);
    };
    const closeIfStuck = () => {
      graceTimer ??= setTimeout(close, CANCEL_GRACE_MS);
    };
    const onAbort = () => {
      this.cancels++;
      const c = client as unknown as { processID?: number; secretKey?: number; host: string; port: number };
      if (c.processID !== undefined && c.secretKey !== undefined) void sendCancel(c.host, c.port, c.processID, c.secretKey);
      closeIfStuck();
    };
    // statement_timeout ends a slow statement on the server; a server that does not answer at all gets its connection closed
    let timedOut = false;
    const clientTimer = setTimeout(() => {
      timedOut = true;
      close();
    }, this.timeoutMs + CLIENT_TIMEOUT_GRACE_MS);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await client.query(cfg);
    } catch (e) {
      if (timedOut) throw new DbError(`db instance ${this.name}: no answer within timeout_ms (${this.timeoutMs} ms) + ${CLIENT_TIMEOUT_GRACE_MS} ms; the connection was closed`, QUERY_TIMEOUT, true);
      throw e;
    } finally {
      clearTimeout(clientTimer);
      clearTimeout(graceTimer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  async query(sql: string, params: unknown[] | Record<string, unknown> | undefined, opts: QueryOptions = {}): Promise<DbResult> {
    const pool = this.pool;
    if (!pool || this.st === 'down') throw new DbError(`db instance ${this.name} is not started`, undefined, true);
    const signal = opts.signal;
    const session = opts.session instanceof PgSession ? opts.session : undefined;
    this.count++;
    const parsed = parseSql(sql);
    let values: unknown[];
    try {
      values = bindValues(parsed, params, 'pg').map(pgValue);
    } catch (e) {
      this.failures++;
      throw new DbError((e as Error).message, undefined);
    }
    if (signal?.aborted) throw new DbError(`db instance ${this.name}: the instance ended before the query ran`, CANCELLED);
    let lease: Lease | undefined = session?.lease;
    const work = (async () => {
      lease ??= await this.lease(pool, signal);
      const cfg: pg.QueryConfig = { text: parsed.pg, values };
      const name = this.statementName(parsed.pg);
      if (name) cfg.name = name;
      return this.run(lease, cfg, signal);
    })();
    if (session) session.inflight = work.catch(() => undefined);
    try {
      const res = await work;
      const rows = (res.rows as Record<string, unknown>[]).map((r) => toJson(r) as JsonObject);
      const isSelect = res.command === 'SELECT' || (res.fields?.length ?? 0) > 0;
      return { rows, columns: (res.fields ?? []).map((f) => f.name), affected: isSelect ? null : res.rowCount, command: res.command };
    } catch (e) {
      this.failures++;
      if (signal?.aborted) {
        throw new DbError(`db instance ${this.name}: statement cancelled (the instance ended): ${e instanceof DbError ? e.message : describePgError(e as Error)}`, (e as { code?: string }).code ?? CANCELLED);
      }
      if (e instanceof DbError) {
        if (e.connection) {
          this.lastError = e.message;
          if (lease) lease.broken = true;
          this.lost();
        }
        throw e;
      }
      const err = e as Error & { code?: string };
      const conn = isConnectionError(err);
      this.lastError = describePgError(err);
      if (conn) {
        if (lease) lease.broken = true;
        this.lost();
      }
      throw new DbError(this.lastError, err.code, conn);
    } finally {
      if (session) session.inflight = undefined;
      if (lease) this.settle(lease, parsed.pg, session);
    }
  }

  /**
   * After a statement: a connection in a transaction, or whose session the statement changed, stays with the
   * instance's session; one back to plain autocommit goes back to the pool (closed if its session was changed).
   */
  private settle(lease: Lease, text: string, session: PgSession | undefined): void {
    if (lease.released) return;
    if (sessionChange(text)) lease.dirty = true;
    const alive = !lease.broken;
    const inTransaction = alive && lease.client.getTransactionStatus() !== 'I';
    if (alive && session && !session.ended && (inTransaction || lease.dirty)) {
      if (session.lease !== lease) {
        session.lease = lease;
        this.pinned++;
      }
      return;
    }
    if (session?.lease === lease) {
      session.lease = undefined;
      this.pinned--;
    }
    // no session to keep it for (or the instance already ended): a transaction left open is never pooled
    this.giveBack(lease, !alive || inTransaction);
  }

  /** The instance ended: wait for its statement (cancelled by the signal), roll back what it left open, free the connection. */
  async endSession(session: PgSession): Promise<void> {
    if (session.inflight) {
      let t: NodeJS.Timeout | undefined;
      await Promise.race([session.inflight, new Promise((r) => (t = setTimeout(r, CANCEL_GRACE_MS + 500)))]);
      clearTimeout(t);
    }
    const lease = session.lease;
    if (!lease || lease.released) return;
    session.lease = undefined;
    this.pinned--;
    let close = lease.dirty || lease.broken;
    if (!lease.broken && lease.client.getTransactionStatus() !== 'I') {
      try {
        await this.run(lease, { text: 'ROLLBACK' }, undefined);
      } catch {
        close = true;
      }
    }
    this.giveBack(lease, close);
  }
}
