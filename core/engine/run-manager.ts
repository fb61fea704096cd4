// Every Test Run the service knows: running ones, and completed ones kept for retention_secs (at most
// max_retained_runs, oldest forgotten first). A run is checked and compiled here, its run_id reserved and its
// locks taken (all or none); then an executor may take it (the `executeRun` hook: the worker threads take the runs
// they can split), else it runs on this thread. Whoever executes it reports its end with its final record: the
// locks are released and `runEnded` is called (the run store saves it). Runs known from elsewhere (the store's past
// runs) are adopted. The manager knows runs only as KnownRun.
import type { JsonObject, KnownRun, LocalRun, RunRecord, RunStart } from '../api/index.js';
import { ErrorCode, TesterError, cannotStart } from '../errors.js';
import { LockTable } from './locks.js';
import { TestRun } from './run.js';
import { checkGatewaysUp, compileDefinitionSliced, type CompiledDefinition, type CompileLimits } from './definition.js';
import type { Registry } from '../plugins/registry.js';
import { reconnectGateways } from '../plugins/gateway-lifecycle.js';
import { createRunManagerHooks, type ServiceHookSet } from '../hooks.js';

export interface RunManagerOptions extends CompileLimits {
  maxRuns: number;
  retentionSecs: number;
  maxRetainedRuns: number;
  forgetOnRead: boolean;
  /** Byte budget of each run's detailed first_call record. */
  maxRecordBytes?: number;
}

/** How long shutdown() waits for running runs to end. */
const SHUTDOWN_WAIT_MS = 3000;

export class RunManager {
  /** executeRun, runEnded, runForgotten (core/hooks.ts). */
  readonly hooks = createRunManagerHooks();
  private readonly runs = new Map<string, KnownRun>();
  /** run_ids of runs being started (checked, not yet registered): taken for new runs and counted as running. */
  private readonly starting = new Set<string>();
  readonly locks = new LockTable();
  private sweeper: NodeJS.Timeout;

  constructor(
    private readonly registry: Registry,
    private readonly serviceHooks: ServiceHookSet,
    readonly opts: RunManagerOptions,
    private readonly log: (level: string, text: string) => void = () => {},
  ) {
    this.sweeper = setInterval(() => this.sweep(), 5000);
    this.sweeper.unref();
  }

  /** Every run known. */
  all(): IterableIterator<KnownRun> {
    return this.runs.values();
  }

  /** A run known from elsewhere (a past run read back from the store): answered for like this process's runs. */
  adopt(run: KnownRun): void {
    this.runs.set(run.runId, run);
  }

  get running(): number {
    let n = this.starting.size;
    for (const r of this.runs.values()) if (r.state === 'running') n++;
    return n;
  }

  private expired(r: KnownRun, now = performance.now()): boolean {
    return r.completedAt !== undefined && now - r.completedAt > this.opts.retentionSecs * 1000;
  }

  /** The run with this id, unless it is unknown or its retention has expired. */
  find(runId: string): KnownRun | undefined {
    const r = this.runs.get(runId);
    if (r && this.expired(r)) {
      this.forget(runId);
      return undefined;
    }
    return r;
  }

  private refuseTaken(runId: string, when: string): void {
    const r = this.find(runId);
    if (r) throw new TesterError(ErrorCode.RunIdInUse, `run_id '${runId}' is already in use (${when ? when : r.state === 'running' ? 'running' : `${r.state}, retained for QueryTest`}); pick a new run_id`);
    if (this.starting.has(runId)) throw new TesterError(ErrorCode.RunIdInUse, `run_id '${runId}' is already in use (${when || 'starting'}); pick a new run_id`);
  }

  /** Validate-compile-lock-start. Throws TesterError with the catalogue's code. */
  async execute(params: JsonObject): Promise<KnownRun> {
    const runId = params.run_id as string;
    this.refuseTaken(runId, '');
    const def = await compileDefinitionSliced(params, this.registry, this.opts);
    // compiling yielded to other requests: the run_id may have been taken meanwhile
    this.refuseTaken(runId, 'started while this definition was being checked');
    if (this.running >= this.opts.maxRuns) throw cannotStart(`too many runs in progress (max_runs ${this.opts.maxRuns}); wait for one to complete or cancel one`);
    if (def.gateways.some((g) => g.state() !== 'up')) {
      // a gateway that is down may be back already: let it try now rather than at its next scheduled retry
      await reconnectGateways(def.gateways);
      this.refuseTaken(runId, 'started while this one waited for a gateway');
    }
    checkGatewaysUp(def, this.registry);
    this.locks.acquire(runId, def.lockKeys);
    this.starting.add(runId);
    let run: KnownRun;
    try {
      run = (await this.hooks.executeRun.promise(this.runStart(def, params))) ?? this.startLocal(def, (r, rec) => this.ended(r, rec, def.lockKeys));
    } catch (e) {
      this.locks.release(runId, def.lockKeys);
      throw e;
    } finally {
      this.starting.delete(runId);
    }
    this.runs.set(runId, run);
    this.sweep();
    const d = def.distribution;
    const on = run instanceof TestRun ? '' : ' on several workers';
    this.log('info', `run ${runId} started${on}: ${def.ops.length} operations, ${d.type}${d.type !== 'single' ? ` total ${d.total} backlog ${d.backlog}` : ''}`);
    return run;
  }

  /** What an executor is given of a run about to start. */
  private runStart(def: CompiledDefinition, params: JsonObject): RunStart {
    return {
      runId: def.runId,
      params,
      distribution: def.distribution,
      plugins: new Set(def.ops.map((o) => o.op.plugin)),
      startPart: async (partParams, onEnd) => {
        const partDef = await compileDefinitionSliced(partParams, this.registry, this.opts);
        return this.startLocal(partDef, (_, rec) => onEnd(rec));
      },
      ended: (run, rec) => this.ended(run, rec, def.lockKeys),
    };
  }

  /** Start a compiled definition on this thread: runCreated taps see it before its first instance. */
  private startLocal(def: CompiledDefinition, onEnd: (run: TestRun, rec: RunRecord) => void): LocalRun {
    const run = new TestRun(def, this.opts.maxRecordBytes, onEnd);
    try {
      this.serviceHooks.runCreated.call(run.handle);
    } catch (e) {
      throw cannotStart(`a runCreated hook failed: ${(e as Error).message}`);
    }
    void run.start();
    return run;
  }

  /** A run has ended with its final record: free its locks, tell who keeps records, log its counts. */
  private ended(run: KnownRun, rec: RunRecord, lockKeys: readonly string[]): void {
    this.locks.release(run.runId, lockKeys);
    try {
      this.hooks.runEnded.call(run, rec);
    } catch (e) {
      this.log('error', `run ${run.runId}: a runEnded tap failed: ${(e as Error).message}`);
    }
    this.sweep();
    const c = rec.counts ?? {};
    const on = Array.isArray(rec.workers) ? ` on ${rec.workers.length} workers` : '';
    this.log('info', `run ${run.runId} ${rec.state}${on}: started ${c.started}, passed ${c.passed}, failed ${c.failed}, aborted ${c.aborted}, cancelled ${c.cancelled}, dropped ${c.dropped}`);
  }

  get(runId: unknown): KnownRun {
    if (typeof runId !== 'string' && typeof runId !== 'number') throw new TesterError(ErrorCode.RunIdMissing, 'run_id: is required');
    if (runId === '') throw new TesterError(ErrorCode.RunIdMissing, 'run_id: must not be empty');
    const r = this.find(String(runId));
    if (!r) throw new TesterError(ErrorCode.RunIdUnknown, `run_id '${runId}' is not known (never started, or forgotten after retention)`);
    return r;
  }

  forget(runId: string): void {
    if (!this.runs.delete(runId)) return;
    this.hooks.runForgotten.call(runId);
  }

  /** Drop completed runs past retention, and the oldest beyond max_retained_runs. */
  sweep(): void {
    const now = performance.now();
    const done: KnownRun[] = [];
    // a Map iterator is live: a run forgotten on the way is not visited, the others are
    for (const r of this.runs.values()) {
      if (r.completedAt === undefined) continue;
      if (this.expired(r, now)) this.forget(r.runId);
      else done.push(r);
    }
    if (done.length > this.opts.maxRetainedRuns) {
      done.sort((a, b) => a.completedAt! - b.completedAt!);
      for (const r of done.slice(0, done.length - this.opts.maxRetainedRuns)) this.forget(r.runId);
    }
  }

  /** Stop: running runs end as `interrupted` (each reports its end as any end). */
  async shutdown(): Promise<void> {
    clearInterval(this.sweeper);
    const pending: Promise<void>[] = [];
    for (const r of this.runs.values()) {
      if (r.state === 'running') {
        r.interrupt();
        pending.push(r.finished);
      }
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(pending), new Promise((res) => (timer = setTimeout(res, SHUTDOWN_WAIT_MS)))]);
    clearTimeout(timer);
  }
}
