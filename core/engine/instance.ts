// One Test Instance: evaluate vars, run the operations in order (branches, halt), run each operation's tests[],
// and end as passed, failed, aborted or cancelled. What an operation sees of it is its context (context.ts); here,
// how each operation completes and what follows: the loop of operations, the waits, the end (instance-end.ts).
import type { Json, JsonObject, Later, OperationOutcome } from '../api/index.js';
import { InstanceAbort, isInstanceAbort } from '../errors.js';
import { describeError } from '../validation/ajv.js';
import { checkArguments, joinPath } from '../validation/shape.js';
import { initialVars, type CompiledOp } from './definition.js';
import { instanceNumber } from './slice.js';
import { runTest, type TestSpec } from './tests-runner.js';
import { shouldYield, nextSlice } from './turn.js';
import type { ExprScope } from '../expr/template.js';
import type { Outcome } from './first-call.js';
import { InstanceContext, NOTHING_RECEIVED } from './context.js';
import { ended, finish, report } from './instance-end.js';
import { DataExhausted, instanceDraw, type InstanceDraw } from './data-sets.js';
import type { InstanceEnd, InstanceHost } from './instance-host.js';
import { enterControl, flowState, leaveFlow, outermostVars } from './flow-frames.js';
import { startLegs, type Join } from './leg.js';

const MAX_STEPS = 1_000_000;
/** An instance of a run without data or seed draws nothing (one shared object, no allocation). */
const NO_DRAW: InstanceDraw = Object.freeze({ $d: undefined, rng: undefined });

/**
 * Where an instance is in running its operations: one state instead of a flag per case. An operation completes in
 * one of three ways: with the value execute() returns, with the promise it returns, or through the ctx.later()
 * handle it returns (settled from a callback of its own).
 * - BETWEEN: no operation waits: the loop runs the next one (or the instance has ended);
 * - YIELDED: between operations, waiting for the next slice of the event loop (turn.ts);
 * - EXECUTING: inside an operation's execute();
 * - SETTLED_EARLY / FAILED_EARLY: inside execute(), whose ctx.later() handle has already settled (with the outcome,
 *   or the error, in `early`): it counts once execute() has returned the handle;
 * - LATER: execute() returned its handle, which has not settled (its waits listen to ctx.endSignal);
 * - OWN_PROMISE: execute() returned a promise of an operation declared settlesOnEnd, waited on as it is;
 * - PROMISE: execute() returned another promise, waited on through wait(), which a run cancel ends.
 * An operation that settles on the end signal (LATER, OWN_PROMISE, FAILED_EARLY) and fails after a run cancel ends
 * its instance as cancelled, whatever it failed with. Small integers, not strings: a string field costs a write
 * barrier and a string check per operation, 5% of the engine's time per instance (measured).
 */
const BETWEEN = 0;
const YIELDED = 1;
const EXECUTING = 2;
const SETTLED_EARLY = 3;
const FAILED_EARLY = 4;
const LATER = 5;
const OWN_PROMISE = 6;
const PROMISE = 7;
/** - JOINING: in a parallel operation, waiting for its legs (engine/leg.ts). */
const JOINING = 8;
// Bits of `flags` (context.ts, end-signal.ts: the bits below 1024).
/** Inside runInstance's own call: an end then is reported in a microtask (the run's launch loop is on the stack). */
const STARTING = 1024;
/**
 * t0 holds the clock read when the last operation ended (or, before the first operation, the scheduler's reading at
 * the instance's launch), while the same synchronous run goes on to the next step (the next operation's start, or
 * the instance's end): one performance.now() for both, and no second double field (a heap number of 16 bytes per
 * instance in flight).
 */
const ENDED_AT = 2048;
/**
 * t0 is kept as µs since the instance's start in a small integer (a double field is a heap number of 16 bytes per
 * instance in flight), within ±2^30 (a small integer with or without pointer compression: ±17 minutes); farther, this
 * value, and the clock in the instance's rare state.
 */
const FAR = 2 ** 30 - 1;
type Completion = typeof BETWEEN | typeof YIELDED | typeof EXECUTING | typeof SETTLED_EARLY | typeof FAILED_EARLY | typeof LATER | typeof OWN_PROMISE | typeof PROMISE | typeof JOINING;

/** ctx.later()'s handle: settles its instance's operation once, if it is still the one its instance waits on. */
class LaterHandle implements Later {
  constructor(private readonly instance: Instance) {}
  settle(outcome?: OperationOutcome | void): void {
    this.instance.settleLater(this, false, outcome);
  }
  settleError(e: unknown): void {
    this.instance.settleLater(this, true, e);
  }
}

export class Instance extends InstanceContext {
  private completion: Completion = BETWEEN;
  /** The handle ctx.later() gave the running operation, until it settles. */
  private issued: LaterHandle | undefined = undefined;
  /** What a handle settled with before execute() returned it (SETTLED_EARLY, FAILED_EARLY). */
  private early: unknown = undefined;
  /** The operations running (the definition's, or a flow's: engine/flow-frames.ts) and their branch labels. */
  ops: CompiledOp[];
  labels: Map<string, number>;
  /** The operation running (its index in ops), when it started, the fail checks before it. */
  pc = 0;
  private t0us = 0;
  failsBefore = 0;

  constructor(
    host: InstanceHost,
    index: number,
    vars: JsonObject | undefined,
    protected readonly intendedStart: number,
    draw: Pick<ExprScope, '$d' | 'rng'> | undefined,
    parent?: Instance,
    launchedAt = -1,
  ) {
    super(host, index, vars, NOTHING_RECEIVED, draw, parent);
    this.ops = host.def.ops;
    this.labels = host.def.labels;
    this.flags |= STARTING;
    if (launchedAt >= 0) {
      this.t0 = launchedAt;
      this.flags |= ENDED_AT;
    }
  }

  /** runInstance's own call is over (a leg's never started in it). */
  started(): void {
    this.flags &= ~STARTING;
  }
  /** When the running operation started (ms, performance clock), to within a µs (rounded down). */
  get t0(): number {
    const us = this.t0us;
    return us === FAR ? this.rareState.farT0 : this.intendedStart + us / 1000;
  }
  set t0(ms: number) {
    const us = Math.floor((ms - this.intendedStart) * 1000);
    if (us > -FAR && us < FAR) this.t0us = us;
    else {
      this.t0us = FAR;
      this.rareState.farT0 = ms;
    }
  }
  get scopeOf(): ExprScope {
    return this.exprScope;
  }
  get startedAt(): number {
    return this.intendedStart;
  }
  chose(op: string, flow: string): void {
    ((this.fx ??= flowState()).choices ??= []).push({ op, flow });
  }

  protected startMs(): number {
    return performance.timeOrigin + this.intendedStart;
  }

  later(): Later {
    const op = this.ops[this.pc];
    const c = this.completion;
    if ((c !== EXECUTING && c !== SETTLED_EARLY && c !== FAILED_EARLY) || !op?.def.settlesOnEnd) {
      throw new Error(`ctx.later() is for execute() of an operation declared settlesOnEnd (${op?.type ?? 'no operation'})`);
    }
    this.completion = EXECUTING;
    this.early = undefined;
    return (this.issued = new LaterHandle(this));
  }
  /** A handle settles: only the one of the operation running, once. */
  settleLater(h: LaterHandle, failed: boolean, value: unknown): void {
    if (h !== this.issued) return;
    this.issued = undefined;
    const c = this.completion;
    if (c === EXECUTING) {
      this.completion = failed ? FAILED_EARLY : SETTLED_EARLY;
      this.early = value;
      return;
    }
    if (c !== LATER) return;
    // a failure keeps LATER: after a run cancel it is the cancel
    if (failed) this.caught(value);
    else this.opSettled(value as OperationOutcome | void);
  }

  /**
   * Run the operations from `pc` until one waits (a promise, or ctx.later()), the instance halts or one throws.
   * A loop of callbacks, not an async function: an instance that waits holds no suspended frame.
   */
  loop(): void {
    const host = this.host;
    try {
      for (;;) {
        if (this.pc >= this.ops.length) {
          if (this.fx === undefined || this.fx.frames.length === 0) break;
          const back = leaveFlow(this);
          if (back !== undefined && this.afterOp(this.ops[this.pc]!, back)) break;
          continue;
        }
        if (host.isCancelled || (this.fx !== undefined && this.fx.stop !== undefined)) throw new Error(this.fx?.stop ?? 'run cancelled');
        // Operations without I/O yield once the turn has run long enough, so the service stays responsive.
        if (this.completion === YIELDED) this.completion = BETWEEN;
        else if (shouldYield()) {
          this.completion = YIELDED;
          this.flags &= ~ENDED_AT;
          this.dropScope();
          nextSlice(() => this.loop());
          return;
        }
        const op = this.ops[this.pc]!;
        const args = this.startOp(op);
        if (op.control !== undefined) {
          if (op.control.kind === 'parallel') return this.fork(op, args);
          if (enterControl(this, op, args) || !this.afterOp(op, undefined)) continue;
          break;
        }
        let res: ReturnType<typeof op.def.execute>;
        this.completion = EXECUTING;
        try {
          res = op.def.execute(this, args);
        } catch (e) {
          this.completion = BETWEEN;
          throw e;
        }
        const c = this.completion;
        this.completion = BETWEEN;
        if (res instanceof LaterHandle) {
          if (c === EXECUTING) {
            if (res !== this.issued) throw new Error(`${op.type}: execute() returned a handle of ctx.later() that is not its own or has settled`);
            this.completion = LATER;
            this.dropScope();
            return;
          }
          res = this.takeEarly(c);
        } else {
          if (c !== EXECUTING) this.early = undefined; // it settled a handle it did not return: nothing waits on that
          if (res && typeof (res as Promise<unknown>).then === 'function') {
            this.waitFor(op, res as Promise<OperationOutcome | void>);
            this.dropScope();
            return;
          }
        }
        if (this.afterOp(op, (res as OperationOutcome | void) || undefined)) break;
      }
      this.complete(this.failed ? 'failed' : 'passed');
    } catch (e) {
      this.caught(e);
    }
  }

  /** A parallel operation starts its legs and waits for them (their join ends with joined()). */
  private fork(op: CompiledOp, args: JsonObject): void {
    this.completion = JOINING;
    this.dropScope();
    startLegs(Instance, this, op, args);
  }

  /** The legs of the parallel operation ended: on with its outcome, or the abort of a leg. */
  joined(join: Join): void {
    if (this.completion !== JOINING) return;
    this.completion = BETWEEN;
    const r = join.outcome(this);
    if (r instanceof Error) return this.caught(r);
    this.opSettled(r);
  }

  /** The operation at `pc` starts: the context names it, operationStart, its arguments rendered. */
  private startOp(op: CompiledOp): JsonObject {
    const pc = this.pc;
    this.opIndex = pc;
    this.op = op;
    if (++this.step > MAX_STEPS) throw new InstanceAbort(`more than ${MAX_STEPS} steps: a branch loop that never ends?`);
    const hooks = this.host.hooks;
    if (hooks.operationStart.isUsed()) hooks.operationStart.call({ index: this.index, opIndex: pc, type: op.type });
    if (this.detailed) this.trace(1, `operation ${pc} ${op.type}`);
    if (this.flags & ENDED_AT) this.flags &= ~ENDED_AT;
    else this.t0 = performance.now();
    this.failsBefore = this.fails;
    return op.staticArgs ?? renderArgs(op, this.exprScope);
  }

  /** The outcome a handle settled with before execute() returned it; its error is thrown (settling on the end signal). */
  private takeEarly(c: Completion): OperationOutcome | void {
    const value = this.early;
    this.early = undefined;
    if (c === FAILED_EARLY) {
      this.completion = FAILED_EARLY;
      throw value;
    }
    return value as OperationOutcome | void;
  }

  /** execute() returned a promise: the operation's own when it settles on the end signal, else a cancellable wait. */
  private waitFor(op: CompiledOp, res: Promise<OperationOutcome | void>): void {
    if (op.def.settlesOnEnd) {
      this.completion = OWN_PROMISE;
      res.then(
        (v) => this.opSettled(v),
        (e) => this.caught(e),
      );
    } else {
      this.completion = PROMISE;
      this.wait(res).then(
        (v) => {
          this.waited();
          this.opSettled(v);
        },
        (e) => {
          this.waited();
          this.caught(e);
        },
      );
    }
  }

  /** The operation that waited is done: its tests, then on with the next. */
  private opSettled(v: OperationOutcome | void): void {
    this.completion = BETWEEN;
    try {
      if (this.afterOp(this.ops[this.pc]!, v || undefined)) return this.complete(this.failed ? 'failed' : 'passed');
    } catch (e) {
      return this.caught(e);
    }
    this.loop();
  }

  /** After an operation: its tests[], operationDone, then halt (true), a branch or the next operation. */
  private afterOp(op: CompiledOp, outcomeObj: OperationOutcome | undefined): boolean {
    const pc = this.pc;
    // tests[] always run (an operation without a result is checked against null: nothing is present).
    if (op.tests.length && this.checking) runTests(this, op, outcomeObj?.result ?? null, this.exprScope, outcomeObj?.show);
    const now = performance.now();
    const latencyMs = now - this.t0;
    this.t0 = now;
    this.flags |= ENDED_AT;
    this.host.hooks.operationDone.call({ index: this.index, opIndex: pc, type: op.type, status: this.fails > this.failsBefore ? 'failed' : 'ok', latencyMs });
    if (outcomeObj?.halt) {
      this.trace(1, `halt at operation ${pc}`);
      return true;
    }
    if (outcomeObj?.goto !== undefined) {
      const target = this.labels.get(outcomeObj.goto);
      if (target === undefined) throw new InstanceAbort(`${op.path}: branch to unknown label '${outcomeObj.goto}'`);
      this.pc = target;
    } else this.pc = pc + 1;
    return false;
  }

  /** An operation (or the engine between operations) threw: the instance is aborted, or cancelled by its run. */
  protected caught(e: unknown): void {
    const host = this.host;
    const c = this.completion;
    const settlesOnEnd = c === LATER || c === OWN_PROMISE || c === FAILED_EARLY;
    let outcome: Outcome;
    if (host.isCancelled && (!isInstanceAbort(e) || settlesOnEnd)) {
      outcome = 'cancelled';
      this.trace(1, 'instance cancelled');
    } else {
      const ops = this.ops;
      const pc = this.pc;
      const text = isInstanceAbort(e) ? e.message : `${ops[pc]?.type ?? 'instance'} failed: ${(e as Error)?.message ?? String(e)}`;
      outcome = 'aborted';
      try {
        this.check('abort', text);
        host.hooks.operationDone.call({ index: this.index, opIndex: pc, type: ops[pc]?.type ?? '', status: 'aborted', latencyMs: 0 });
      } catch {
        /* the instance is already aborted */
      }
    }
    this.complete(outcome);
  }

  /** The instance's end: its cleanups, then the report to the run. */
  protected complete(o: Outcome): void {
    const fx = this.fx;
    if (fx !== undefined) {
      // an end inside a flow: the instance's own vars are its end's, the picks of its chooses its detail's
      this.vars = outermostVars(this);
      if (fx.choices && this.evidence) this.evidence.record.choices = fx.choices;
    }
    let end: InstanceEnd | Promise<InstanceEnd>;
    const at = this.flags & ENDED_AT ? this.t0 : -1;
    this.flags &= ~ENDED_AT;
    this.dropScope();
    try {
      end = finish(this.host, this, this.intendedStart, o, at);
    } catch (e) {
      return this.host.instanceFault(this.index, e);
    }
    if (end instanceof Promise) {
      end.then(
        (x) => this.host.instanceEnded(this.index, x),
        (e) => this.host.instanceFault(this.index, e),
      );
    } else report(this.host, this.index, end, (this.flags & STARTING) !== 0);
  }
}

/**
 * Run one instance to its end, reported to `host.instanceEnded` (or `instanceFault`), never from within this call.
 * Never throws. `intendedStart` is the scheduled start (ms, performance clock); `launchedAt` the clock the scheduler
 * read just before this call (-1: none), taken as the first operation's start.
 */
export function runInstance(host: InstanceHost, index: number, intendedStart: number, launchedAt = -1): void {
  const def = host.def;
  const n = instanceNumber(def.distribution.slice, index); // $n: unique across the slices of a run
  let vars: JsonObject | undefined;
  let draw: InstanceDraw = NO_DRAW;
  try {
    if (index === 0 && def.vars0) {
      vars = structuredClone(def.vars0);
      draw = def.draw0 ?? NO_DRAW;
    } else {
      if (def.seed !== undefined || def.data) draw = instanceDraw(def.seed, def.data, n);
      // no vars: none made until an operation or an expression asks for them (context.ts)
      vars = def.vars.length === 0 ? undefined : initialVars(def.vars, n, host.globals, def.exprState, draw);
    }
  } catch (e) {
    try {
      const text = e instanceof DataExhausted ? (e as Error).message : `vars: cannot evaluate: ${(e as Error).message}`;
      host.recordProblem('abort', index, -1, text);
      if (index === 0) host.hooks.check.call({ index, step: 0, opIndex: -1, status: 'abort', text });
      const evidence = host.evidence.wants() ? host.evidence.open(index, performance.timeOrigin + intendedStart) : undefined;
      evidence?.check({ step: 0, opIndex: -1 }, 'abort', text);
      const end = ended(host, undefined, index, intendedStart, 'aborted');
      host.evidence.ended(evidence, n, 'aborted', end.latencyMs, undefined);
      report(host, index, end, true);
    } catch (e2) {
      queueMicrotask(() => host.instanceFault(index, e2));
    }
    return;
  }
  const instance = new Instance(host, index, vars, intendedStart, draw, undefined, launchedAt);
  instance.loop();
  instance.started();
}

function renderArgs(op: CompiledOp, scope: ExprScope): JsonObject {
  let args: JsonObject;
  try {
    args = op.template!.render(scope) as JsonObject;
  } catch (e) {
    throw new InstanceAbort(`${op.path}.arguments: expression failed: ${(e as Error).message}`);
  }
  // a flow control's shape was checked at compile time; its expressions are only in values of any type (args)
  if (op.control !== undefined) return args;
  const problem = checkArguments(op.op.validate, args);
  if (problem === 'invalid') {
    const d = describeError(op.op.validate.errors![0]!, `${op.path}.arguments`);
    throw new InstanceAbort(`${d.path}: ${d.message} (after evaluating expressions)`);
  }
  if (problem) throw new InstanceAbort(`${joinPath(`${op.path}.arguments`, problem.path)}: ${problem.message} (after evaluating expressions)`);
  return args;
}

function runTests(ctx: InstanceContext, op: CompiledOp, result: Json, scope: ExprScope, display?: OperationOutcome['show']): void {
  for (const t of op.tests) {
    const spec = t.spec ?? (t.template!.render(scope) as unknown as TestSpec);
    const r = runTest(spec, result, ctx.host.regexCache, display);
    if (r.ok) ctx.pass(r.text);
    else if (r.abort) throw new InstanceAbort(r.text);
    else ctx.fail(r.text);
  }
}
