// A Test Run: schedules its instances (single, load, linear), enforces the backlog, counts what could not start
// as dropped, cancels promptly, and produces the result record (docs/methods.md "The result record").
import type { JsonObject, LocalRun, RunRecord, RunState, RunSummary, RunView, TraceLevel } from '../api/index.js';
import { createRunHooks, tapOnly, type RunHandle, type RunHookSet, type RunHooks } from '../hooks.js';
import type { CompiledDefinition, Distribution } from './definition.js';
import { instanceNumber } from './slice.js';
import { runInstance } from './instance.js';
import { SizeLedger } from './size-ledger.js';
import type { Cancellable, InstanceEnd, InstanceHost } from './instance-host.js';
import { Bag } from './bag.js';
import { DEFAULT_RECORD_BYTES, FirstCallRecorder } from './first-call.js';
import { FailureEvidence } from './failure-evidence.js';
import { RegexCache } from './regex.js';
import { RunResults } from './results.js';
import { evaluateThresholds } from './thresholds.js';
import { choiceCounts } from './flows.js';
import { nowMs, toSecUsec } from './clock.js';
import { nextSlice, shouldYield } from './turn.js';
import { linearSchedule, targetRateAt } from './rates.js';
import { Rng } from './random.js';

export type { RunState } from '../api/index.js';

export class TestRun implements RunView, InstanceHost, LocalRun {
  /** The owner's hooks (call methods); plugins get `handle.hooks`, tap-only. */
  readonly hooks: RunHookSet;
  /** What runCreated taps receive: the run's view and its tap-only hooks. */
  readonly handle: RunHandle;
  private readonly firstCall: FirstCallRecorder;
  readonly evidence: FailureEvidence;
  readonly globals: JsonObject = {};
  readonly regexCache = new RegexCache();
  readonly globalSizes = new SizeLedger();
  readonly results: RunResults;
  readonly view = this;
  state: RunState = 'running';
  readonly startWall = nowMs();
  finishWall: number | undefined;
  private readonly t0 = performance.now();
  private readonly controller = new AbortController();
  /**
   * Instances started and not yet ended (each reports its end once: instanceEnded or instanceFault). A count, not a
   * Set of indexes: a long-lived Set changed per instance keeps its obsolete tables alive through scavenges (bag.ts).
   */
  private inflight = 0;
  isCancelled = false;
  readonly cancellers = new Bag<Cancellable>();
  private nextIndex = 0;
  private timer: NodeJS.Timeout | undefined;
  private doneResolve!: () => void;
  readonly finished: Promise<void>;
  private ending = false;
  maxInflight = 0;
  /** Errors thrown by observer taps (instanceStart, instanceDone): reported, never fatal. */
  readonly hookErrors: Array<{ hook: string; tap: string; text: string; time: [number, number] }> = [];
  private refillQueued = false;
  completedAt: number | undefined; // performance clock, for retention
  private hdr: { instance: string; operations: Record<string, string> } | undefined;

  /** `onEnd` is called once when the run has ended, with its final record (before `finished` settles). */
  constructor(readonly def: CompiledDefinition, maxRecordBytes: number | undefined, private readonly onEnd: (run: TestRun, record: RunRecord) => void) {
    this.hooks = createRunHooks((hook, tap, e) => {
      if (this.hookErrors.length < 10) this.hookErrors.push({ hook, tap, text: (e as Error)?.message ?? String(e), time: toSecUsec(nowMs()) });
    });
    this.results = new RunResults(this.t0, this.hooks);
    this.firstCall = new FirstCallRecorder(this.hooks, def.traceLevel, maxRecordBytes);
    this.evidence = new FailureEvidence(def.failureDetail.count, def.failureDetail.traceLevel, maxRecordBytes ?? DEFAULT_RECORD_BYTES);
    this.handle = new RunHandleView(this, tapOnly(this.hooks));
    this.finished = new Promise((r) => (this.doneResolve = r));
  }

  get runId(): string {
    return this.def.runId;
  }
  get params(): JsonObject {
    return this.def.params;
  }
  get traceLevel(): TraceLevel {
    return this.def.traceLevel;
  }
  get signal(): AbortSignal {
    return this.controller.signal;
  }
  get inProgress(): number {
    return this.inflight;
  }

  recordProblem(kind: 'fail' | 'abort', index: number, opIdx: number, text: string): void {
    this.results.problem(kind, { idx: index < 0 ? index : instanceNumber(this.def.distribution.slice, index), op_idx: opIdx, text, time: toSecUsec(nowMs()) });
  }

  /** Start scheduling. beforeStart taps run first; a throw there ends the run at once. Never rejects. */
  async start(): Promise<void> {
    try {
      await this.hooks.beforeStart.promise(this);
    } catch (e) {
      this.recordProblem('abort', 0, -1, `beforeStart: ${(e as Error).message}`);
      this.results.counts.aborted = this.def.distribution.total;
      await this.end();
      return;
    }
    this.guard('the scheduler', () => {
      if (this.def.distribution.type === 'linear') this.scheduleLinear();
      else this.fill();
    });
  }

  /** Run a step of the run's own machinery; a throw is an internal fault that ends the run (never unhandled). */
  private guard(where: string, fn: () => void): void {
    try {
      fn();
    } catch (e) {
      this.fault(where, e);
    }
  }

  /** Why an internal fault ended the run (state 'aborted'). */
  abortReason: string | undefined;

  /**
   * An internal fault (a bug, or a plugin's or tap's throw where none is expected) ends the whole run as aborted,
   * with the reason, like a cancel: in-flight instances are stopped, the run ends, its locks are released.
   */
  fault(where: string, e: unknown): void {
    if (this.state !== 'running') return;
    this.abortReason = `internal fault in ${where}: ${(e as Error)?.message ?? String(e)}`;
    this.recordProblem('abort', -1, -1, this.abortReason);
    this.stop('aborted');
  }

  cancel(): void {
    this.stop('cancelled');
  }

  /** The service is stopping: end like a cancel, reported as `interrupted`. */
  interrupt(): void {
    this.stop('interrupted');
  }

  private stop(state: 'cancelled' | 'aborted' | 'interrupted'): void {
    if (this.state !== 'running') return;
    this.state = state;
    if (this.timer) clearTimeout(this.timer);
    this.isCancelled = true;
    this.controller.abort(new Error('run cancelled'));
    for (const c of this.cancellers.takeAll()) c.cancel(new Error('run cancelled'));
    if (this.inflight === 0) void this.end();
  }

  private total(): number {
    return this.def.distribution.total;
  }

  /** Start an instance due at `intended`, now being `at` (the scheduler's clock reading). */
  private launch(intended: number, at: number): void {
    const index = this.nextIndex++;
    this.inflight++;
    if (this.inflight > this.maxInflight) this.maxInflight = this.inflight;
    this.hooks.instanceStart.call(index, at);
    runInstance(this, index, intended, at);
  }

  instanceEnded(index: number, { outcome, latencyMs, vars, endedAt }: InstanceEnd, sameRun = false): void {
    this.guard('the end of an instance', () => {
      this.inflight--;
      this.hooks.instanceDone.call(vars ? { index, outcome, latencyMs, endedAt, vars } : { index, outcome, latencyMs, endedAt });
      this.afterInstance(sameRun ? endedAt : -1);
    });
  }

  instanceFault(index: number, e: unknown): void {
    this.inflight--;
    this.fault(`instance ${index}`, e);
    this.afterInstance();
  }

  /** `at`: the clock the ended instance read at its end, just before (-1: none), the next launch's start. */
  private afterInstance(at = -1): void {
    if (this.state !== 'running') {
      if (this.inflight === 0) void this.end();
      return;
    }
    if (this.def.distribution.type !== 'linear') this.fill(at);
    else if (this.nextIndex + this.results.counts.dropped >= this.total() && this.inflight === 0) void this.end();
  }

  /**
   * single / load: keep `backlog` instances in progress until `total` have started. Instances whose operations
   * complete without I/O finish within the same turn of the event loop; once the turn has run long enough the
   * engine yields (setImmediate) so that the service keeps answering and other runs keep their schedule.
   */
  private fill(at = -1): void {
    const d = this.def.distribution;
    if (this.refillQueued) return;
    while (this.state === 'running' && this.nextIndex < d.total && this.inflight < d.backlog) {
      if (shouldYield()) {
        this.refillQueued = true;
        nextSlice(() => {
          this.refillQueued = false;
          this.guard('the scheduler', () => this.fill());
        });
        return;
      }
      // the first launch after an instance's end starts at the clock that end read, in the same synchronous run
      const now = at >= 0 ? at : performance.now();
      at = -1;
      this.launch(now, now);
    }
    if (this.nextIndex >= d.total && this.inflight === 0) void this.end();
  }

  /**
   * linear: start instances on schedule; an instance due while the backlog is full is dropped. Instances that fell
   * due together (after a late timer, or at a high rate) start in slices like fill()'s: once the turn has run long
   * enough the scheduler yields to I/O and goes on in the next round, so that a backlog of due instances is not
   * started in one block that holds back the replies of those in flight. Each instance's latency still counts from
   * when it was due.
   */
  private scheduleLinear(): void {
    const d = this.def.distribution;
    const t0 = performance.now();
    // Poisson gaps from a generator of their own when the run has a seed (a slice's: by its index), so they repeat
    const seed = this.def.seed;
    const gaps = seed === undefined ? undefined : new Rng(seed, -1 - (d.slice?.index ?? 0));
    const due = linearSchedule(d, gaps ? () => gaps.next() : undefined);
    let k = 0; // instances scheduled so far (started + dropped)
    let nextAt = t0 + due(0) * 1000;
    const resume = () => this.guard('the scheduler', tick);
    const tick = () => {
      this.timer = undefined;
      if (this.state !== 'running') return;
      const now = performance.now();
      while (k < d.total && nextAt <= now) {
        if (shouldYield()) {
          nextSlice(resume);
          return;
        }
        if (this.inflight < d.backlog) this.launch(nextAt, now);
        else this.results.dropped();
        k++;
        if (k < d.total) nextAt = t0 + due(k) * 1000;
      }
      if (k >= d.total) {
        if (this.inflight === 0) void this.end();
        return;
      }
      this.timer = setTimeout(resume, Math.max(0, Math.min(50, nextAt - performance.now() - 0.5)));
    };
    tick();
  }

  private async end(): Promise<void> {
    if (this.ending) return;
    this.ending = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.state === 'running') this.state = 'completed';
    this.finishWall = nowMs();
    this.completedAt = performance.now();
    this.results.close();
    try {
      await this.hooks.done.promise(this);
    } catch {
      /* a failing done tap does not change the run's outcome */
    }
    try {
      this.onEnd(this, this.recordNow()); // releases the locks: must happen whatever failed before
    } catch (e) {
      this.hookErrors.push({ hook: 'end', tap: 'run-manager', text: (e as Error)?.message ?? String(e), time: toSecUsec(nowMs()) });
    } finally {
      this.doneResolve();
    }
  }

  async record(): Promise<RunRecord> {
    return this.recordNow();
  }

  /** The record now, with its serialised histograms even while it runs (parts of a run are merged from these). */
  partRecord(): RunRecord {
    const rec = this.recordNow();
    rec.latency.hdr ??= this.results.encodedHistograms();
    return rec;
  }

  /** ListTests' line and the metrics' figures: from the counters, no percentiles. */
  async summary(): Promise<RunSummary> {
    // as in the record: a run is completed once it has stopped and its end was recorded
    const done = this.state !== 'running' && this.finishWall !== undefined;
    const out: RunSummary = {
      run_id: this.runId,
      state: done ? this.state : 'running',
      completed: done ? 1 : 0,
      counts: { ...this.results.counts },
      in_progress: this.inflight,
      time_start: toSecUsec(this.startWall),
      rate: this.results.rate(),
    };
    if (done) return out;
    const sec = Math.floor((nowMs() - this.startWall) / 1000);
    out.current_rate = sec < 1 ? 0 : (this.results.bucketList()[sec - 1]?.started ?? 0);
    const d = this.def.distribution;
    if (d.type === 'linear') out.target_rate = targetRateAt({ start: d.start, rate: d.rate, ramp_secs: d.rampSecs }, (nowMs() - this.startWall) / 1000);
    return out;
  }

  /** The result record (core/api/record.ts), now. */
  recordNow(): RunRecord {
    const done = this.state !== 'running' && this.finishWall !== undefined;
    const first = this.firstCall.record;
    const d = this.def.distribution;
    const latency: RunRecord['latency'] = this.results.latency();
    // the serialised histograms (docs/scaling.md), once the run has ended and they no longer change
    if (done) latency.hdr = this.hdr ??= this.results.encodedHistograms();
    const rec: RunRecord = {
      run_id: this.runId,
      state: done ? this.state : 'running',
      completed: done ? 1 : 0,
      time_now: toSecUsec(nowMs()),
      time_start: toSecUsec(this.startWall),
      ...(done ? { time_finish: toSecUsec(this.finishWall!), duration: Math.round((this.finishWall! - this.startWall) * 1000) / 1e6 } : {}),
      counts: { ...this.results.counts },
      in_progress: this.inflight,
      distribution: distributionRecord(d),
      ...(d.slice ? { slice: { index: d.slice.index, count: d.slice.count, distribution: distributionRecord({ ...d, ...d.slice }) } } : {}),
      rate: this.results.rate(),
      ...(first
        ? {
            first_call_summary: {
              idx: String(instanceNumber(d.slice, 0)),
              time_start: first.time_start,
              ...(first.time_finish ? { time_finish: first.time_finish, duration: first.duration } : {}),
              outcome: first.outcome ?? 'running',
            },
            first_call: first,
          }
        : {}),
      ...(this.evidence.failures.length ? { failures: this.evidence.failures } : {}),
      first_fails: this.results.firstFails,
      first_aborts: this.results.firstAborts,
      globals: this.globals,
      latency,
      buckets: this.results.bucketList(),
      max_in_progress: this.maxInflight,
    };
    if (this.def.chooses.length) rec.choices = choiceCounts(this.def.chooses);
    if (this.def.thresholds.length) rec.thresholds = evaluateThresholds(this.def.thresholds, rec);
    if (this.hookErrors.length) rec.hook_errors = this.hookErrors;
    if (this.abortReason) rec.abort_reason = this.abortReason;
    if (this.hooks.record.isUsed()) this.hooks.record.call(rec);
    return rec;
  }
}

/** The record's form of a distribution (`distribution`, and a slice's whole run in `slice.distribution`). */
export function distributionRecord(d: Omit<Distribution, 'slice'>): RunRecord['distribution'] {
  if (d.type === 'single') return { type: d.type };
  if (d.type === 'load') return { type: d.type, total: d.total, backlog: d.backlog };
  return { type: d.type, total: d.total, backlog: d.backlog, cps: { start: d.start, rate: d.rate, ramp_secs: d.rampSecs, arrival: d.arrival } };
}

/** What runCreated taps receive: the run's view, read through to the run (which stays out of reach), and its tap-only hooks. */
class RunHandleView implements RunHandle {
  readonly #run: RunView;
  constructor(run: RunView, readonly hooks: RunHooks) {
    this.#run = run;
    Object.freeze(this);
  }
  get runId(): string {
    return this.#run.runId;
  }
  get params(): RunView['params'] {
    return this.#run.params;
  }
  get traceLevel(): TraceLevel {
    return this.#run.traceLevel;
  }
  get signal(): AbortSignal {
    return this.#run.signal;
  }
}
