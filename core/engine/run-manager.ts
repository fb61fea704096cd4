// Every Test Run the service knows: running ones, and completed ones kept for retention_secs (at most
// max_retained_runs, oldest forgotten first). Locks are taken here, all or none, and released at the end.
// With a run store, records are also written to disk (core/store/run-store.ts) and read back at start as
// past runs, so results survive a restart.
import type { JsonObject } from '../api/index.js';
import { ErrorCode, TesterError, cannotStart } from '../errors.js';
import { LockTable } from './locks.js';
import { TestRun } from './run.js';
import { checkGatewaysUp, compileDefinitionSliced, type CompiledDefinition, type CompileLimits } from './definition.js';
import type { Registry } from '../plugins/registry.js';
import { reconnectGateways } from '../plugins/gateway-lifecycle.js';
import type { ServiceHookSet } from '../hooks.js';
import { PastRun } from './past-run.js';
import type { RunStore } from '../store/run-store.js';
import { MultiRun, partRecord } from './multi-run.js';
import type { WorkerPool, WorkerThread } from './workers.js';
import type { JsonObject as Params } from '../api/index.js';

/** A run the service can answer for: one of this process (on one worker or several), or one read back from the store. */
export type KnownRun = TestRun | MultiRun | PastRun;

/** How often running runs' records are saved to the store. */
const SNAPSHOT_MS = 5000;

export interface RunManagerOptions extends CompileLimits {
  maxRuns: number;
  retentionSecs: number;
  maxRetainedRuns: number;
  forgetOnRead: boolean;
  /** Byte budget of each run's detailed first_call record. */
  maxRecordBytes?: number;
  /** Where records are kept across restarts (none: memory only). */
  store?: RunStore;
  /**
   * `tester serve --workers N` (docs/workers.md): worker threads 1 … N-1, and the plugins they load (a run whose
   * operation types all belong to these is split across the workers; any other runs on the main thread alone).
   */
  workers?: {
    /** The threads that are up now (one being restarted is not among them). */
    readonly threads: readonly WorkerThread[];
    multiplied: ReadonlySet<string>;
    /** Every worker thread's state and restarts (ListTests, the metrics). */
    pool?: WorkerPool;
  };
}

export class RunManager {
  readonly runs = new Map<string, TestRun>();
  /** Runs split across worker threads (`--workers N`). */
  readonly multi = new Map<string, MultiRun>();
  /** Runs read back from the store at start (they ended before this process began). */
  readonly past = new Map<string, PastRun>();
  readonly locks = new LockTable();
  /** Called when a run on several workers has ended (every part's final record in), before it can be forgotten. */
  readonly multiEnded: Array<(run: MultiRun) => void> = [];
  private sweeper: NodeJS.Timeout;
  private snapshots: NodeJS.Timeout | undefined;

  constructor(
    private readonly registry: Registry,
    private readonly hooks: ServiceHookSet,
    readonly opts: RunManagerOptions,
    private readonly log: (level: string, text: string) => void = () => {},
  ) {
    this.sweeper = setInterval(() => this.sweep(), 5000);
    this.sweeper.unref();
    const store = opts.store;
    if (store) {
      for (const stored of store.all()) {
        const p = new PastRun(stored);
        this.past.set(p.runId, p);
        if (stored.state !== p.state) store.put(p.stored());
      }
      this.sweep();
      this.snapshots = setInterval(() => this.snapshot(), SNAPSHOT_MS);
      this.snapshots.unref();
    }
  }

  /** Every run known: this process's, then the past ones. */
  *all(): IterableIterator<KnownRun> {
    yield* this.runs.values();
    yield* this.multi.values();
    yield* this.past.values();
  }

  /** Save the records of running runs (off the hot path: the store writes them on its own timer). */
  private snapshot(): void {
    for (const r of this.runs.values()) if (r.state === 'running') this.save(r);
    for (const r of this.multi.values()) if (r.state === 'running') this.save(r);
  }

  private save(r: TestRun | MultiRun): void {
    const rec = r.record();
    this.opts.store?.put({ runId: r.runId, state: rec.state as string, completedAt: rec.completed === 1 ? Date.now() : undefined, record: rec });
  }

  get running(): number {
    let n = 0;
    for (const r of this.runs.values()) if (r.state === 'running') n++;
    for (const r of this.multi.values()) if (r.state === 'running') n++;
    return n;
  }

  private expired(r: KnownRun, now = performance.now()): boolean {
    return r.completedAt !== undefined && now - r.completedAt > this.opts.retentionSecs * 1000;
  }

  /** The run with this id, unless it is unknown or its retention has expired. */
  find(runId: string): KnownRun | undefined {
    const r = this.runs.get(runId) ?? this.multi.get(runId) ?? this.past.get(runId);
    if (r && this.expired(r)) {
      this.forget(runId);
      return undefined;
    }
    return r;
  }

  /** Validate-compile-lock-start. Throws TesterError with the catalogue's code. */
  async execute(params: JsonObject): Promise<TestRun | MultiRun> {
    const runId = params.run_id as string;
    const known = this.find(runId);
    if (known) {
      const r = known;
      throw new TesterError(ErrorCode.RunIdInUse, `run_id '${runId}' is already in use (${r.state === 'running' ? 'running' : `${r.state}, retained for QueryTest`}); pick a new run_id`);
    }
    const def = await compileDefinitionSliced(params, this.registry, this.opts);
    // compiling yielded to other requests: the run_id may have been taken meanwhile
    if (this.find(runId)) throw new TesterError(ErrorCode.RunIdInUse, `run_id '${runId}' is already in use (started while this definition was being checked); pick a new run_id`);
    if (this.running >= this.opts.maxRuns) throw cannotStart(`too many runs in progress (max_runs ${this.opts.maxRuns}); wait for one to complete or cancel one`);
    if (def.gateways.some((g) => g.state() !== 'up')) {
      // a gateway that is down may be back already: let it try now rather than at its next scheduled retry
      await reconnectGateways(def.gateways);
      if (this.find(runId)) throw new TesterError(ErrorCode.RunIdInUse, `run_id '${runId}' is already in use (started while this one waited for a gateway); pick a new run_id`);
    }
    checkGatewaysUp(def, this.registry);
    const parts = this.partsOf(def);
    if (parts > 1) return this.executeParts(def, params, parts);
    this.locks.acquire(runId, def.lockKeys);
    const run = new TestRun(def, this.opts.maxRecordBytes, (r) => {
      this.locks.release(r.runId, r.def.lockKeys);
      this.save(r);
      this.sweep();
      const c = r.results.counts;
      this.log('info', `run ${r.runId} ${r.state}: started ${c.started}, passed ${c.passed}, failed ${c.failed}, aborted ${c.aborted}, cancelled ${c.cancelled}, dropped ${c.dropped}`);
    });
    this.runs.set(runId, run);
    this.sweep();
    try {
      this.hooks.runCreated.call(run.handle);
    } catch (e) {
      this.runs.delete(runId);
      this.locks.release(runId, def.lockKeys);
      throw cannotStart(`a runCreated hook failed: ${(e as Error).message}`);
    }
    const d = def.distribution;
    this.log('info', `run ${runId} started: ${def.ops.length} operations, ${d.type}${d.type !== 'single' ? ` total ${d.total} backlog ${d.backlog}` : ''}`);
    void run.start();
    return run;
  }

  /**
   * On how many workers a run is executed: 1 without worker threads, for a single run, or when an operation type
   * belongs to a plugin that is not multiplied; otherwise every worker, as long as each part gets an instance.
   */
  partsOf(def: { ops: ReadonlyArray<{ op: { plugin: string } }>; distribution: { type: string; total: number; slice?: { count: number; total: number } } }): number {
    const w = this.opts.workers;
    if (!w || w.threads.length === 0) return 1;
    const d = def.distribution;
    if (d.type === 'single') return 1;
    if (!def.ops.every((o) => w.multiplied.has(o.op.plugin))) return 1;
    const slices = d.slice?.count ?? 1;
    const whole = d.slice?.total ?? d.total;
    return Math.max(1, Math.min(w.threads.length + 1, Math.floor(whole / slices)));
  }

  /**
   * Run a checked definition on `parts` workers: part w is slice (k + w·N) of (N·parts) of the whole run, where
   * k/N is the run's own slice (0/1 when it has none), so $n, shares and schedule are those of the run on one
   * worker. The workers' parts start first (any refusal refuses the run), then the main thread's part 0.
   */
  private async executeParts(def: CompiledDefinition, params: JsonObject, parts: number): Promise<MultiRun> {
    const runId = def.runId;
    // the threads up now, as partsOf counted them (one that dies meanwhile refuses its part: the run is refused)
    const threads = this.opts.workers!.threads.slice(0, parts - 1);
    const own = def.distribution.slice ?? { index: 0, count: 1 };
    const partParams = (w: number): Params => ({ ...params, slice: { index: own.index + w * own.count, count: own.count * parts } });
    const localDef = await compileDefinitionSliced(partParams(0), this.registry, this.opts);
    if (this.find(runId)) throw new TesterError(ErrorCode.RunIdInUse, `run_id '${runId}' is already in use (started while this definition was being checked); pick a new run_id`);
    if (this.running >= this.opts.maxRuns) throw cannotStart(`too many runs in progress (max_runs ${this.opts.maxRuns}); wait for one to complete or cancel one`);
    this.locks.acquire(runId, def.lockKeys);
    const run = new MultiRun(def, threads, (r) => {
      this.locks.release(r.runId, r.def.lockKeys);
      for (const f of this.multiEnded) {
        try {
          f(r);
        } catch (e) {
          this.log('error', `run ${r.runId}: ${(e as Error).message}`);
        }
      }
      this.save(r);
      this.sweep();
      const c = r.record().counts as Record<string, number>;
      this.log('info', `run ${r.runId} ${r.state} on ${r.workers} workers: started ${c.started}, passed ${c.passed}, failed ${c.failed}, aborted ${c.aborted}, cancelled ${c.cancelled}, dropped ${c.dropped}`);
    });
    this.multi.set(runId, run);
    const started = await Promise.allSettled(threads.map((t, i) => t.execute(partParams(i + 1), (rec) => run.partEnded(i + 1, rec), (why) => run.partLost(i + 1, why))));
    const refused = started.findIndex((s) => s.status === 'rejected');
    if (refused >= 0) {
      for (const [i, s] of started.entries()) if (s.status === 'fulfilled') threads[i]!.cancel(runId);
      this.multi.delete(runId);
      this.locks.release(runId, def.lockKeys);
      const e = (started[refused] as PromiseRejectedResult).reason as Error;
      const text = `worker ${threads[refused]!.index}: ${e?.message ?? String(e)}`;
      throw e instanceof TesterError ? new TesterError(e.code, text, e.path) : cannotStart(text);
    }
    const local = new TestRun(localDef, this.opts.maxRecordBytes, (r) => run.partEnded(0, partRecord(r)));
    run.attachLocal(local);
    try {
      this.hooks.runCreated.call(local.handle);
    } catch (e) {
      run.cancel();
      this.multi.delete(runId);
      throw cannotStart(`a runCreated hook failed: ${(e as Error).message}`);
    }
    const d = def.distribution;
    this.log('info', `run ${runId} started on ${parts} workers: ${def.ops.length} operations, ${d.type} total ${d.total} backlog ${d.backlog}`);
    void local.start();
    return run;
  }

  get(runId: unknown): KnownRun {
    if (typeof runId !== 'string' && typeof runId !== 'number') throw new TesterError(ErrorCode.RunIdMissing, 'run_id: is required');
    if (runId === '') throw new TesterError(ErrorCode.RunIdMissing, 'run_id: must not be empty');
    const r = this.find(String(runId));
    if (!r) throw new TesterError(ErrorCode.RunIdUnknown, `run_id '${runId}' is not known (never started, or forgotten after retention)`);
    return r;
  }

  forget(runId: string): void {
    this.runs.delete(runId);
    this.multi.delete(runId);
    this.past.delete(runId);
    this.opts.store?.delete(runId);
  }

  /** Drop completed runs past retention, and the oldest beyond max_retained_runs. */
  sweep(): void {
    const now = performance.now();
    const done: KnownRun[] = [];
    for (const r of this.all()) {
      if (r.completedAt === undefined) continue;
      if (this.expired(r, now)) this.forget(r.runId);
      else done.push(r);
    }
    if (done.length > this.opts.maxRetainedRuns) {
      done.sort((a, b) => a.completedAt! - b.completedAt!);
      for (const r of done.slice(0, done.length - this.opts.maxRetainedRuns)) this.forget(r.runId);
    }
  }

  /** Stop: running runs end as `interrupted` (saved so), and the store is flushed and closed. */
  async shutdown(): Promise<void> {
    clearInterval(this.sweeper);
    if (this.snapshots) clearInterval(this.snapshots);
    const pending: Promise<void>[] = [];
    for (const r of [...this.runs.values(), ...this.multi.values()]) {
      if (r.state === 'running') {
        r.interrupt();
        pending.push(r.finished);
      }
    }
    await Promise.race([Promise.all(pending), new Promise((res) => setTimeout(res, 3000))]);
    for (const r of [...this.runs.values(), ...this.multi.values()]) if (r.state === 'running') this.save(r);
    this.opts.store?.close();
  }
}
