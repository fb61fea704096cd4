// Embedded SQLite instance (better-sqlite3): a file in the plugin's data directory, created on first start, so a
// demo needs no database server. The database lives in a process of its own (sqlite-process.ts, started by
// sqlite-fork.ts when the instance starts): a slow statement never holds the service's event loop, and one that runs
// past timeout_ms (or whose test instance ends) is stopped by ending that process, which is then started again.
// Statements run one at a time in arrival order; a transaction holds the connection for its test instance until
// COMMIT/ROLLBACK or the instance's end (rolled back), while other instances' statements wait (at most timeout_ms).
// What queues while the process runs statements goes to it in one message (a batch; issue 29: one IPC message per
// statement was most of a db step's cost in the service), and each statement is answered on its own.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { GatewayState, Json, JsonObject } from '../../../sdk/index.js';
import { bindValues, parseSql } from '../sql/placeholders.js';
import { sqliteFileAccess } from '../sql/sqlite-guard.js';
import { forkSqlite } from './sqlite-fork.js';
import type { FromSqlite, Tagged, ToSqlite } from './sqlite-process.js';
import { SQLITE_DEFAULTS, type DbInstanceOptions } from './options.js';
import { CANCELLED, DbError, POOL_TIMEOUT, QUERY_TIMEOUT, namedQueries, type DbInstance, type DbResult, type DbSession, type NamedQuery, type QueryOptions } from './types.js';

/** Statements one message to the process may carry (a batch): a statement waits behind at most this many others there. */
const MAX_BATCH = 128;

/** A bind value as SQLite takes it, in the JSON the IPC channel carries: bytes, bigints and non-finite numbers tagged. */
function liteValue(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return Number.isFinite(v) ? v : ({ f: String(v) } satisfies Tagged);
  if (typeof v === 'bigint') return { n: v.toString() } satisfies Tagged;
  if (v instanceof Uint8Array) return { b: Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64') } satisfies Tagged;
  if (typeof v === 'object') return JSON.stringify(v);
  return v;
}

export class SqliteSession implements DbSession {
  /** Its statements not answered yet (queued or sent): with none, its end has nothing to drop from the queue. */
  pending = 0;
  constructor(private readonly db: SqliteDb) {}
  end(): Promise<void> {
    return this.db.endSession(this);
  }
}

/** The holder of the connection for the rollback of a transaction that no test instance owns. */
const NOBODY = new SqliteSession(undefined as unknown as SqliteDb);

const DONE = Promise.resolve();

type Answer = Extract<FromSqlite, { t: 'result' }>;

interface Job {
  sql: string;
  values: unknown[];
  session: SqliteSession | undefined;
  /** The service's own statement (the ROLLBACK of an ended instance's transaction): not counted as a query. */
  internal: boolean;
  signal: QueryOptions['signal'];
  resolve(r: DbResult): void;
  reject(e: DbError): void;
  /** The end of its wait in the queue (performance.now(), ms): timeout_ms after it was queued or the process came up. */
  deadline: number;
  onAbort?: () => void;
  /** Its instance ended after it was sent, before it ran: it is stopped when its turn comes. */
  cancelled?: boolean;
}

function answer(m: Answer): DbResult {
  return m.affected === null ? { rows: m.rows, columns: m.columns, affected: null, command: 'SELECT' } : { rows: [], columns: [], affected: m.affected, last_insert_id: m.lastInsertId as number | string };
}

export class SqliteDb implements DbInstance {
  readonly name: string;
  readonly driver = 'sqlite' as const;
  readonly queries: ReadonlyMap<string, NamedQuery>;
  readonly file: string;
  private readonly timeoutMs: number;
  private child: ChildProcess | undefined;
  /** The last line the process wrote to its stderr, for the reason it ended. */
  private childError = () => '';
  /** The process has the file open and answers statements. */
  private ready = false;
  private opened = false;
  private starting: Promise<void> | undefined;
  private stopped = true;
  private readonly queue: Job[] = [];
  /** The batch the process has, in order: the first runs (or is about to), each answer takes one off. */
  private sent: Job[] = [];
  /** timeout_ms of the statement that runs: set when a batch is sent, from each answer again. */
  private runTimer: NodeJS.Timeout | undefined;
  /** The earliest wait deadline of the queue: one timer for every queued statement, not one each. */
  private waitTimer: NodeJS.Timeout | undefined;
  /** The test instance whose transaction holds the connection. */
  private owner: SqliteSession | undefined;
  private lastError: string | undefined;
  private count = 0;
  private failures = 0;
  private restarts = 0;
  private version: string | undefined;

  constructor(
    private readonly opts: DbInstanceOptions,
    dataDir: string,
  ) {
    this.name = opts.name;
    this.queries = namedQueries(opts);
    this.timeoutMs = Math.max(1, Math.floor(opts.timeout_ms ?? SQLITE_DEFAULTS.timeout_ms));
    const f = opts.file ?? `${opts.name}.sqlite`;
    this.file = f === ':memory:' || isAbsolute(f) ? f : join(dataDir, f);
  }

  state(): GatewayState {
    return this.opened && !this.stopped ? 'up' : 'down';
  }

  describe(): Json {
    const d: JsonObject = { driver: 'sqlite', file: this.file, queries: this.count, failures: this.failures, named_queries: [...this.queries.keys()], queued: this.queue.length + Math.max(0, this.sent.length - 1) };
    if (this.version) d.sqlite_version = this.version;
    // the statement the process runs now (the start of its text), and the process's id
    if (this.sent[0]) d.running = this.sent[0].sql.slice(0, 80);
    if (this.child?.pid !== undefined) d.process_pid = this.child.pid;
    if (this.restarts) d.process_restarts = this.restarts;
    if (this.lastError) d.last_error = this.lastError;
    return d;
  }

  /** Start the process, open (creating the file) and run init_sql. A failure leaves the instance 'down' with the reason. */
  async start(): Promise<void> {
    if (this.opened && !this.stopped) return;
    this.stopped = false;
    await this.spawn();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.opened = false;
    const err = new DbError(`db instance ${this.name} stopped`, undefined, true);
    this.clearWaits();
    clearTimeout(this.runTimer);
    for (const j of this.queue.splice(0)) this.settle(j, err);
    for (const j of this.sent.splice(0)) this.settle(j, err);
    this.owner = undefined;
    await this.kill();
  }

  private kill(): Promise<void> {
    const c = this.child;
    this.child = undefined;
    this.ready = false;
    if (!c || c.exitCode !== null || c.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      c.ref(); // held until it has exited
      c.once('exit', () => resolve());
      c.kill('SIGKILL');
    });
  }

  /** A new process with the file open (init_sql run again: `CREATE ... IF NOT EXISTS` keeps a file as it is). */
  private spawn(): Promise<void> {
    this.starting ??= this.openProcess().finally(() => this.started());
    return this.starting;
  }

  /** Up (or down for good): the queued statements' waits start from now. */
  private started(): void {
    this.starting = undefined;
    const deadline = performance.now() + this.timeoutMs;
    for (const j of this.queue) j.deadline = deadline;
    this.armWaits();
    this.pump();
  }

  private async openProcess(): Promise<void> {
    try {
      if (this.file !== ':memory:') mkdirSync(dirname(this.file), { recursive: true });
      const initSql = this.opts.init_sql === undefined ? [] : Array.isArray(this.opts.init_sql) ? this.opts.init_sql : [this.opts.init_sql];
      const forked = (child: ChildProcess, lastError: () => string) => {
        this.child = child;
        this.childError = lastError;
        child.on('message', (m: FromSqlite) => this.onMessage(child, m));
        child.on('exit', (code, signal) => this.onExit(child, code, signal));
      };
      this.version = (await forkSqlite({ file: this.file, busyTimeoutMs: this.timeoutMs, initSql, forked })) || undefined;
      this.ready = true;
      this.opened = true;
      this.lastError = undefined;
    } catch (e) {
      // left 'down': a run that needs it is refused (2003) naming it, and describe() gives the reason
      this.lastError = `cannot open ${this.file}: ${(e as Error).message}`;
      this.opened = false;
      await this.kill();
      const err = new DbError(`db instance ${this.name} is not open: ${this.lastError}`, undefined, true);
      for (const j of this.queue.splice(0)) this.settle(j, err);
    }
  }

  /** End the process (a statement past its limit, or cancelled) and start another; queued statements wait for it. */
  private restart(): void {
    this.restarts++;
    // a transaction dies with its process: SQLite rolls it back when the file is opened again
    this.owner = undefined;
    this.requeueSent();
    this.starting ??= this.kill()
      .then(() => (this.stopped ? undefined : this.openProcess()))
      .finally(() => this.started());
  }

  /**
   * The rest of the batch was not run (the process is gone, or a transaction ended the batch): back to the head of
   * the queue, but for the statements whose instance ended meanwhile.
   */
  private requeueSent(): void {
    clearTimeout(this.runTimer);
    this.clearWaits();
    const rest = this.sent;
    this.sent = [];
    const back: Job[] = [];
    for (const j of rest) {
      if (j.cancelled) this.settle(j, new DbError(`db instance ${this.name}: cancelled before the statement ran (the instance ended)`, CANCELLED));
      else back.push(j);
    }
    this.queue.unshift(...back);
  }

  private onExit(child: ChildProcess, code: number | null, signal: string | null): void {
    if (child !== this.child) return; // a process this instance already let go of
    this.child = undefined;
    this.ready = false;
    if (this.stopped || this.starting) return;
    this.lastError = `the SQLite process ended (${signal ?? `exit code ${code}`})${this.childError()}`;
    const running = this.sent.shift();
    if (running) this.settle(running, new DbError(`db instance ${this.name}: ${this.lastError}`, undefined));
    this.restarts++;
    this.owner = undefined;
    this.requeueSent();
    void this.spawn();
  }

  private onMessage(child: ChildProcess, m: FromSqlite): void {
    if (child !== this.child || (m.t !== 'result' && m.t !== 'error')) return;
    const job = this.sent.shift();
    if (!job) return;
    // a transaction opened by an instance that ended meanwhile is nobody's: rolled back below
    if (m.inTransaction) this.owner = job.session && !job.cancelled ? job.session : NOBODY;
    else if (this.owner === job.session || this.owner === NOBODY) this.owner = undefined;
    if (m.inTransaction && this.sent.length) {
      // the process ended the batch there (sqlite-process.ts): the rest wait for the transaction's end in the queue
      this.requeueSent();
      this.armWaits();
    }
    // a transaction nobody owns (a statement without a test instance) is rolled back before anything else runs
    if (this.owner === NOBODY && job.session !== NOBODY) this.queue.unshift(this.internal('ROLLBACK', NOBODY));
    if (m.t === 'result') this.settle(job, undefined, m);
    else this.settle(job, new DbError(m.message, m.code));
    const next = this.sent[0];
    if (!next) {
      clearTimeout(this.runTimer);
      this.pump();
    } else if (next.cancelled) this.stopRunning(new DbError(`db instance ${this.name}: statement stopped (the instance ended)`, CANCELLED));
    else this.runTimer?.refresh(); // the next statement's timeout_ms starts now
  }

  /** Settle the statement that runs with `err`, and end its process. */
  private stopRunning(err: DbError): void {
    const job = this.sent.shift();
    if (!job) return;
    this.settle(job, err);
    this.restart();
  }

  private readonly onRunTimeout = (): void => this.stopRunning(new DbError(`db instance ${this.name}: the statement ran past timeout_ms (${this.timeoutMs} ms) and was stopped`, QUERY_TIMEOUT));

  private internal(sql: string, session: SqliteSession): Job {
    return { sql, values: [], session, internal: true, signal: undefined, resolve: () => undefined, reject: () => undefined, deadline: Infinity };
  }

  private settle(job: Job, err: DbError | undefined, m?: Answer): void {
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (job.internal) {
      if (err) job.reject(err);
      else job.resolve(undefined as unknown as DbResult);
      return;
    }
    if (job.session) job.session.pending--;
    if (!err) return job.resolve(answer(m!));
    this.failures++;
    if (!err.connection) this.lastError = err.message;
    job.reject(err);
  }

  /**
   * Send what may run now, as one batch: the queue's head (up to MAX_BATCH), or while a transaction holds the
   * connection its owner's next statement alone. One batch at a time: what queues meanwhile goes with the next.
   */
  private pump(): void {
    if (this.sent.length || !this.ready || !this.child || this.queue.length === 0) return;
    let batch: Job[];
    if (this.owner) {
      const i = this.queue.findIndex((j) => j.session === this.owner);
      if (i < 0) return;
      batch = this.queue.splice(i, 1);
    } else batch = this.queue.splice(0, MAX_BATCH);
    if (this.queue.length === 0) this.clearWaits();
    this.sent = batch;
    const sql = new Array<string>(batch.length);
    const values = new Array<unknown[]>(batch.length);
    for (let i = 0; i < batch.length; i++) {
      sql[i] = batch[i]!.sql;
      values[i] = batch[i]!.values;
    }
    this.runTimer = setTimeout(this.onRunTimeout, this.timeoutMs);
    this.child.send({ t: 'run', sql, values } satisfies ToSqlite);
  }

  /** A run needs the instance: wait for a start in progress, or try to open the file again after a failure. */
  reconnect(): Promise<void> | void {
    if (this.starting) return this.starting;
    if (!this.opened && !this.stopped) return this.spawn();
  }

  /**
   * Bound the queued statements' waits by timeout_ms: the timer for the earliest deadline. The clock runs while the
   * database serves others; while its process starts again it is stopped (and restarted from zero once it is up),
   * bounded by the open's own limit.
   */
  private armWaits(): void {
    if (this.waitTimer || this.starting || this.queue.length === 0) return;
    let first = Infinity;
    for (const j of this.queue) if (j.deadline < first) first = j.deadline;
    if (first !== Infinity) this.waitTimer = setTimeout(this.onWaitTimeout, Math.max(0, first - performance.now()));
  }

  private clearWaits(): void {
    clearTimeout(this.waitTimer);
    this.waitTimer = undefined;
  }

  private readonly onWaitTimeout = (): void => {
    this.waitTimer = undefined;
    const now = performance.now();
    const why = this.owner ? "another test instance's transaction holds the database" : 'the database was busy with other statements';
    for (let i = 0; i < this.queue.length; ) {
      const j = this.queue[i]!;
      if (j.deadline > now) i++;
      else {
        this.queue.splice(i, 1);
        this.settle(j, new DbError(`db instance ${this.name}: not run within timeout_ms (${this.timeoutMs} ms): ${why}`, POOL_TIMEOUT));
      }
    }
    this.armWaits();
  };

  /** Take a queued statement out (cancelled, or its instance ended). */
  private unqueue(i: number): Job {
    const job = this.queue.splice(i, 1)[0]!;
    if (this.queue.length === 0) this.clearWaits();
    return job;
  }

  session(): SqliteSession {
    return new SqliteSession(this);
  }

  /** The test instance ended: drop what it still queued, roll back the transaction it holds. */
  endSession(session: SqliteSession): Promise<void> {
    for (let i = this.queue.length - 1; session.pending > 0 && i >= 0; i--) {
      if (this.queue[i]!.session === session) this.settle(this.unqueue(i), new DbError(`db instance ${this.name}: the instance ended before the statement ran`, CANCELLED));
    }
    if (this.owner !== session) return DONE;
    return new Promise<void>((resolve) => {
      const job = this.internal('ROLLBACK', session);
      job.resolve = () => resolve();
      job.reject = () => {
        if (this.owner === session) this.owner = undefined;
        resolve();
      };
      this.queue.unshift(job);
      this.pump();
    });
  }

  query(sql: string, params: unknown[] | Record<string, unknown> | undefined, opts: QueryOptions = {}): Promise<DbResult> {
    if (!this.opened || this.stopped) return Promise.reject(new DbError(`db instance ${this.name} is not open${this.lastError ? `: ${this.lastError}` : ''}`, undefined, true));
    this.count++;
    const refused = sqliteFileAccess(sql);
    if (refused) {
      this.failures++;
      return Promise.reject(new DbError(`db instance ${this.name}: ${refused}`, 'SQLITE_AUTH'));
    }
    let values: unknown[];
    const parsed = parseSql(sql);
    try {
      values = bindValues(parsed, params, 'lite').map(liteValue);
    } catch (e) {
      this.failures++;
      return Promise.reject(new DbError((e as Error).message, undefined));
    }
    const signal = opts.signal;
    if (signal?.aborted) return Promise.reject(new DbError(`db instance ${this.name}: the instance ended before the statement ran`, CANCELLED));
    const session = opts.session instanceof SqliteSession ? opts.session : undefined;
    return new Promise<DbResult>((resolve, reject) => {
      const job: Job = { sql: parsed.lite, values, session, internal: false, signal, resolve, reject, deadline: performance.now() + this.timeoutMs };
      if (session) session.pending++;
      if (signal) {
        job.onAbort = () => this.cancel(job);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.pump();
      if (this.queue.length && !this.waitTimer && !this.starting) this.armWaits();
    });
  }

  /** A statement's instance ended: out of the queue, stopped if it runs, marked to be stopped if it was sent. */
  private cancel(job: Job): void {
    const i = this.queue.indexOf(job);
    if (i >= 0) this.settle(this.unqueue(i), new DbError(`db instance ${this.name}: cancelled before the statement ran (the instance ended)`, CANCELLED));
    else if (this.sent[0] === job) this.stopRunning(new DbError(`db instance ${this.name}: statement stopped (the instance ended)`, CANCELLED));
    else if (this.sent.includes(job)) job.cancelled = true;
  }
}
