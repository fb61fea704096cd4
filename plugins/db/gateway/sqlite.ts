// Embedded SQLite instance (better-sqlite3): a file in the plugin's data directory, created on first start, so a
// demo needs no database server. The database lives in a process of its own (sqlite-process.ts), started when the
// instance starts: a slow statement never holds the service's event loop, and one that runs past timeout_ms (or
// whose test instance ends) is stopped by ending that process, which is then started again. Statements run one at
// a time in arrival order; a transaction holds the connection for its test instance until COMMIT/ROLLBACK or the
// instance's end (rolled back), while other instances' statements wait (at most timeout_ms).
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import { dirname, extname, isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GatewayState, Json, JsonObject } from '../../../sdk/index.js';
import { bindValues, parseSql } from '../sql/placeholders.js';
import { sqliteFileAccess } from '../sql/sqlite-guard.js';
import { CHILD_MARK, type FromSqlite, type ToSqlite } from './sqlite-process.js';
import { SQLITE_DEFAULTS, type DbInstanceOptions } from './options.js';
import { CANCELLED, DbError, POOL_TIMEOUT, QUERY_TIMEOUT, namedQueries, type DbInstance, type DbResult, type DbSession, type NamedQuery, type QueryOptions } from './types.js';

/** How long the SQLite process may take to open the file and run init_sql. */
const OPEN_TIMEOUT_MS = 30_000;

function liteValue(v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'object' && !(v instanceof Uint8Array)) return JSON.stringify(v);
  return v;
}

/**
 * The process's program: the .js beside this file in the build. When the sources run through tsx (tests, npx tsx),
 * the build's copy if it is at least as new as the source (scripts/test.mjs builds first; a process started
 * through tsx takes seconds more on a busy machine), else the .ts itself through tsx.
 */
function childProgram(): { file: string; execArgv: string[] } {
  const here = fileURLToPath(import.meta.url);
  const dir = dirname(here);
  if (extname(here) !== '.ts') return { file: join(dir, 'sqlite-process.js'), execArgv: [] };
  const source = join(dir, 'sqlite-process.ts');
  const built = join(dir, '../../../dist/plugins/db/gateway/sqlite-process.js');
  const fresh = (f: string) => {
    try {
      return statSync(f).mtimeMs >= statSync(source).mtimeMs && statSync(f).mtimeMs >= statSync(join(dir, 'types.ts')).mtimeMs;
    } catch {
      return false;
    }
  };
  if (fresh(built)) return { file: built, execArgv: [] };
  const execArgv = process.execArgv.filter((a) => !/^--(test|inspect|watch|prof)/.test(a));
  if (!execArgv.some((a) => a.includes('tsx'))) execArgv.push('--import', 'tsx');
  return { file: source, execArgv };
}

export class SqliteSession implements DbSession {
  constructor(private readonly db: SqliteDb) {}
  end(): Promise<void> {
    return this.db.endSession(this);
  }
}

/** The holder of the connection for the rollback of a transaction that no test instance owns. */
const NOBODY = new SqliteSession(undefined as unknown as SqliteDb);

interface Job {
  sql: string;
  values: unknown[];
  session: SqliteSession | undefined;
  signal: QueryOptions['signal'];
  resolve(r: FromSqlite & { t: 'result' }): void;
  reject(e: DbError): void;
  /** Bounds the wait in the queue, then (reset) the statement's run. */
  timer?: NodeJS.Timeout;
  onAbort?: () => void;
}

export class SqliteDb implements DbInstance {
  readonly name: string;
  readonly driver = 'sqlite' as const;
  readonly queries: ReadonlyMap<string, NamedQuery>;
  readonly file: string;
  private readonly timeoutMs: number;
  private child: ChildProcess | undefined;
  /** The process has the file open and answers statements. */
  private ready = false;
  private opened = false;
  private starting: Promise<void> | undefined;
  private stopped = true;
  private readonly queue: Job[] = [];
  private current: Job | undefined;
  private nextId = 1;
  /** The test instance whose transaction holds the connection. */
  private owner: SqliteSession | undefined;
  private lastError: string | undefined;
  private stderr = '';
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
    const d: JsonObject = { driver: 'sqlite', file: this.file, queries: this.count, failures: this.failures, named_queries: [...this.queries.keys()], queued: this.queue.length };
    if (this.version) d.sqlite_version = this.version;
    // the statement the process runs now (the start of its text), and the process's id
    if (this.current) d.running = this.current.sql.slice(0, 80);
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
    for (const j of this.queue.splice(0)) this.settle(j, err);
    if (this.current) this.settle(this.current, err);
    this.current = undefined;
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

  private started(): void {
    this.starting = undefined;
    for (const j of this.queue) this.armWait(j);
    this.pump();
  }

  private async openProcess(): Promise<void> {
    try {
      if (this.file !== ':memory:') mkdirSync(dirname(this.file), { recursive: true });
      const { file, execArgv } = childProgram();
      const child = fork(file, [], { execArgv, serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'], env: { ...process.env, [CHILD_MARK]: '1' } });
      this.child = child;
      this.stderr = '';
      child.stderr?.on('data', (b: Buffer) => (this.stderr = (this.stderr + b.toString('utf8')).slice(-2000)));
      child.on('message', (m: FromSqlite) => this.onMessage(child, m));
      child.on('exit', (code, signal) => this.onExit(child, code, signal));
      child.on('error', () => undefined); // reported through 'exit' or the open timeout
      const opened = await new Promise<FromSqlite>((resolve) => {
        const t = setTimeout(() => resolve({ t: 'open-failed', message: `no answer from the SQLite process within ${OPEN_TIMEOUT_MS} ms` }), OPEN_TIMEOUT_MS);
        const onMsg = (m: FromSqlite) => {
          if (m.t !== 'opened' && m.t !== 'open-failed') return;
          clearTimeout(t);
          child.off('message', onMsg);
          child.off('exit', onExit);
          resolve(m);
        };
        const onExit = (code: number | null, signal: string | null) => {
          clearTimeout(t);
          child.off('message', onMsg);
          resolve({ t: 'open-failed', message: `the SQLite process ended (${signal ?? `exit code ${code}`})${this.stderr ? `: ${this.stderr.trim().split('\n').pop()}` : ''}` });
        };
        child.on('message', onMsg);
        child.once('exit', onExit);
        const init = this.opts.init_sql === undefined ? [] : Array.isArray(this.opts.init_sql) ? this.opts.init_sql : [this.opts.init_sql];
        child.send({ t: 'open', file: this.file, busyTimeoutMs: this.timeoutMs, initSql: init } satisfies ToSqlite);
      });
      if (opened.t === 'open-failed') throw new Error(opened.message);
      if (opened.t === 'opened') this.version = opened.version;
      // the process must not keep the service alive by itself; pending statements hold timers that do
      child.unref();
      (child.channel as { unref?: () => void } | undefined)?.unref?.();
      (child.stderr as { unref?: () => void } | null)?.unref?.();
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
    for (const j of this.queue) clearTimeout(j.timer);
    this.starting ??= this.kill()
      .then(() => (this.stopped ? undefined : this.openProcess()))
      .finally(() => this.started());
  }

  private onExit(child: ChildProcess, code: number | null, signal: string | null): void {
    if (child !== this.child) return; // a process this instance already let go of
    this.child = undefined;
    this.ready = false;
    if (this.stopped || this.starting) return;
    this.lastError = `the SQLite process ended (${signal ?? `exit code ${code}`})${this.stderr ? `: ${this.stderr.trim().split('\n').pop()}` : ''}`;
    if (this.current) {
      this.settle(this.current, new DbError(`db instance ${this.name}: ${this.lastError}`, undefined));
      this.current = undefined;
    }
    this.restarts++;
    this.owner = undefined;
    for (const j of this.queue) clearTimeout(j.timer);
    void this.spawn();
  }

  private onMessage(child: ChildProcess, m: FromSqlite): void {
    if (child !== this.child || (m.t !== 'result' && m.t !== 'error')) return;
    const job = this.current;
    if (!job) return;
    this.current = undefined;
    if (m.inTransaction) this.owner = job.session ?? NOBODY;
    else if (this.owner === job.session || this.owner === NOBODY) this.owner = undefined;
    // a transaction nobody owns (a statement without a test instance) is rolled back before anything else runs
    if (this.owner === NOBODY && job.session !== NOBODY) this.queue.unshift(this.internal('ROLLBACK', NOBODY));
    if (m.t === 'result') this.settle(job, undefined, m);
    else this.settle(job, new DbError(m.message, m.code));
    this.pump();
  }

  private internal(sql: string, session: SqliteSession): Job {
    return { sql, values: [], session, signal: undefined, resolve: () => undefined, reject: () => undefined };
  }

  private settle(job: Job, err: DbError | undefined, res?: FromSqlite & { t: 'result' }): void {
    clearTimeout(job.timer);
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (err) job.reject(err);
    else job.resolve(res!);
  }

  /** Send the next statement that may run: the transaction's owner goes first while it holds the connection. */
  private pump(): void {
    if (this.current || !this.ready || !this.child) return;
    const i = this.owner ? this.queue.findIndex((j) => j.session === this.owner) : 0;
    if (i < 0 || i >= this.queue.length) return;
    const job = this.queue.splice(i, 1)[0]!;
    this.current = job;
    clearTimeout(job.timer);
    job.timer = setTimeout(() => {
      if (this.current !== job) return;
      this.current = undefined;
      this.settle(job, new DbError(`db instance ${this.name}: the statement ran past timeout_ms (${this.timeoutMs} ms) and was stopped`, QUERY_TIMEOUT));
      this.restart();
    }, this.timeoutMs);
    this.child.send({ t: 'query', id: this.nextId++, sql: job.sql, values: job.values } satisfies ToSqlite);
  }

  /** A run needs the instance: wait for a start in progress, or try to open the file again after a failure. */
  reconnect(): Promise<void> | void {
    if (this.starting) return this.starting;
    if (!this.opened && !this.stopped) return this.spawn();
  }

  /**
   * Bound a queued statement's wait by timeout_ms. The clock runs while the database serves others; while its
   * process starts again it is stopped (and restarted from zero once it is up), bounded by the open's own limit.
   */
  private armWait(job: Job): void {
    clearTimeout(job.timer);
    job.timer = setTimeout(() => {
      const i = this.queue.indexOf(job);
      if (i < 0) return;
      this.queue.splice(i, 1);
      const why = this.owner ? "another test instance's transaction holds the database" : 'the database was busy with other statements';
      this.settle(job, new DbError(`db instance ${this.name}: not run within timeout_ms (${this.timeoutMs} ms): ${why}`, POOL_TIMEOUT));
    }, this.timeoutMs);
  }

  session(): SqliteSession {
    return new SqliteSession(this);
  }

  /** The test instance ended: drop what it still queued, roll back the transaction it holds. */
  async endSession(session: SqliteSession): Promise<void> {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      const j = this.queue[i]!;
      if (j.session === session) {
        this.queue.splice(i, 1);
        this.settle(j, new DbError(`db instance ${this.name}: the instance ended before the statement ran`, CANCELLED));
      }
    }
    if (this.owner !== session) return;
    await new Promise<void>((resolve) => {
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
      const job: Job = {
        sql: parsed.lite,
        values,
        session,
        signal,
        resolve: (m) => {
          resolve(m.affected === null ? { rows: m.rows, columns: m.columns, affected: null, command: 'SELECT' } : { rows: [], columns: [], affected: m.affected, last_insert_id: m.lastInsertId as number | string });
        },
        reject: (e) => {
          this.failures++;
          if (!e.connection) this.lastError = e.message;
          reject(e);
        },
      };
      if (!this.starting) this.armWait(job);
      if (signal) {
        job.onAbort = () => {
          const i = this.queue.indexOf(job);
          if (i >= 0) {
            this.queue.splice(i, 1);
            this.settle(job, new DbError(`db instance ${this.name}: cancelled before the statement ran (the instance ended)`, CANCELLED));
          } else if (this.current === job) {
            this.current = undefined;
            this.settle(job, new DbError(`db instance ${this.name}: statement stopped (the instance ended)`, CANCELLED));
            this.restart();
          }
        };
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.queue.push(job);
      this.pump();
    });
  }
}
