// One Test Instance: evaluate vars, run the operations in order (branches, halt), run each operation's tests[],
// and end as passed, failed, aborted or cancelled. The operation context is one object per instance, updated
// as the instance moves from operation to operation.
import type { CheckStatus, Json, JsonObject, Later, MatchOptions, MessageRecord, OperationContext, OperationOutcome, RunView } from '../api/index.js';
import { InstanceAbort, isInstanceAbort } from '../errors.js';
import { describeError } from '../validation/ajv.js';
import { checkArguments, joinPath } from '../validation/shape.js';
import { looselyEqual, show as showValue } from './compare.js';
import { initialVars, type CompiledDefinition, type CompiledOp } from './definition.js';
import { instanceNumber } from './slice.js';
import { runTest, type TestSpec } from './tests-runner.js';
import { getKpath } from './kpath.js';
import { shouldYield, nextSlice } from './turn.js';
import type { ExprScope } from '../expr/template.js';
import type { RunHookSet } from '../hooks.js';
import type { RegexCache } from './regex.js';
import { expressionLimits } from '../expr/limits.js';
import { jsonValueSize } from '../expr/json-value.js';
import type { Outcome } from './first-call.js';
import { InstanceEndSignal } from './end-signal.js';
import type { Bag, BagMember } from './bag.js';

/** What an instance reports to its run. */
export interface InstanceHost {
  readonly view: RunView;
  readonly def: CompiledDefinition;
  readonly hooks: RunHookSet;
  readonly globals: JsonObject;
  readonly regexCache: RegexCache;
  /** Sizes of the run's globals, for max_vars_bytes (shared by its instances). */
  readonly globalSizes: SizeLedger;
  recordProblem(kind: 'fail' | 'abort', index: number, opIdx: number, text: string): void;
  readonly isCancelled: boolean;
  /** The instances that have waited on an operation: a run cancel ends their wait. */
  readonly cancellers: Bag<Cancellable>;
  /** End signals of the instances that made one (an operation asked for ctx.endSignal or ctx.signal), fired by a run cancel. */
  readonly signalled: Bag<InstanceEndSignal>;
  /** The instance ended (once per instance; never from within runInstance's own call). */
  instanceEnded(index: number, end: InstanceEnd): void;
  /** An internal fault ended the instance (a hook's throw outside an operation, a bug): no outcome. */
  instanceFault(index: number, e: unknown): void;
}

/** ctx.later()'s handle: settles its instance's operation once, if it is still the one its instance waits on. */
class LaterHandle implements Later {
  constructor(private readonly ctx: Ctx) {}
  settle(outcome?: OperationOutcome | void): void {
    this.ctx.settleLater(this, false, outcome);
  }
  settleError(e: unknown): void {
    this.ctx.settleLater(this, true, e);
  }
}

/** An instance's wait on an operation, as a run cancel ends it. */
export interface Cancellable extends BagMember {
  cancel(e: Error): void;
}

/** The sizes of the values of one vars or globals object, kept as they are assigned (no walk of the whole). */
export class SizeLedger {
  private sizes: Map<string, number> | undefined;
  private total = 0;
  /** Check and account `values` about to be assigned into `into`; throws InstanceAbort past a bound. */
  assign(into: JsonObject, values: JsonObject, what: string): void {
    const { maxValueBytes, maxVarsBytes } = expressionLimits();
    if (!this.sizes) {
      this.sizes = new Map();
      for (const k of Object.keys(into)) this.account(k, into[k], maxValueBytes);
    }
    for (const k of Object.keys(values)) this.account(k, values[k], maxValueBytes, what);
    if (this.total > maxVarsBytes) {
      // Undo what would not fit, so the state stays as before this assignment.
      for (const k of Object.keys(values)) this.account(k, into[k], Infinity);
      throw new InstanceAbort(`${what}: larger than max_vars_bytes (${maxVarsBytes}) with ${Object.keys(values).join(', ')}`);
    }
    Object.assign(into, values);
  }
  private account(k: string, v: unknown, max: number, what?: string): void {
    let n: number;
    try {
      n = v === undefined ? 0 : k.length + 4 + jsonValueSize(v, max);
    } catch (e) {
      throw new InstanceAbort(`${what ?? 'vars'}.${k}: ${(e as Error).message}`);
    }
    this.total += n - (this.sizes!.get(k) ?? 0);
    this.sizes!.set(k, n);
  }
}

const MAX_STEPS = 1_000_000;
/** Time all of an instance's deferred cleanups may take together. */
const CLEANUP_BUDGET_MS = 1000;

class Ctx implements OperationContext<unknown> {
  /** Its place in the run's cancellers (Bag). */
  bagIndex = -1;
  opIndex = 0;
  step = 0;
  type = '';
  label: string | undefined = undefined;
  failed = false;
  /** Fail checks written so far: an operation whose checks failed is reported 'failed' to operationDone. */
  fails = 0;
  gw: unknown = undefined;
  private stateKey: string | undefined = undefined;
  private stateValue: object | undefined = undefined;
  private states: Map<string, object> | undefined;
  deferred: Array<(ctx: OperationContext<unknown>) => void | Promise<void>> | undefined;
  readonly recordsMessages: boolean;
  readonly detailed: boolean;
  private checking: boolean;

  /** $v, $g, $i, $n and the run's expression state: the scope of the instance's expressions. */
  private readonly scope: ExprScope;
  /** The operation running (its index in def.ops), when it started, the fail checks before it. */
  private pc = 0;
  private t0 = 0;
  private failsBefore = 0;
  /** Inside runInstance's own call: an end then is reported in a microtask (the run's launch loop is on the stack). */
  starting = true;
  /** The loop resumes after a yield: the yield check is done for this step. */
  private yielded = false;
  /** Inside execute(): a settle() now is kept for when execute() returns ctx.later(). */
  private executing = false;
  /** The handle ctx.later() gave the running operation, until it settles. */
  private issued: LaterHandle | undefined = undefined;
  /** execute() returned the handle and it has not settled yet. */
  private suspended = false;
  /** The handle settled before execute() returned: how. */
  private early: { value: unknown; failed: boolean } | undefined = undefined;

  constructor(
    readonly host: InstanceHost,
    readonly index: number,
    readonly vars: JsonObject,
    readonly inbound: JsonObject,
    private readonly intendedStart: number,
    n: number,
  ) {
    this.detailed = index === 0;
    this.recordsMessages = this.detailed && host.def.recordMessages;
    this.checking = this.detailed || !host.def.turbo;
    this.scope = { $v: vars, $g: host.globals, $i: inbound, $n: n, run: host.def.exprState };
  }
  get run(): RunView {
    return this.host.view;
  }
  get globals(): JsonObject {
    return this.host.globals;
  }
  /**
   * The wait on an operation's promise, ended by a run cancel (even when the operation ignores its signals). One
   * promise per wait settled by the operation's or by cancel(): no cancel promise per instance raced against it.
   */
  private rejectWait: ((e: Error) => void) | undefined = undefined;
  /** Waiting on an operation that settles on the end signal (`settlesOnEnd`): its failure after a run cancel is the cancel. */
  settlingOnEnd = false;
  private waitedBefore = false;
  wait<T>(res: PromiseLike<T>): Promise<T> {
    if (!this.waitedBefore) {
      this.waitedBefore = true;
      this.host.cancellers.add(this);
    }
    return new Promise<T>((resolve, reject) => {
      this.rejectWait = reject;
      res.then(resolve, reject);
      // as the cancel promise raced after the operation's: an operation already settled wins
      if (this.host.isCancelled) queueMicrotask(() => reject(new Error('run cancelled')));
    });
  }
  /** The wait is over (its result is not kept alive by the rejecter until the next wait). */
  waited(): void {
    this.rejectWait = undefined;
  }
  cancel(e: Error): void {
    this.rejectWait?.(e);
  }
  get waits(): boolean {
    return this.waitedBefore;
  }
  end: InstanceEndSignal | undefined;
  /** Created on first use: most operations never need one, and each costs memory per in-flight instance. */
  get endSignal(): InstanceEndSignal {
    if (!this.end) {
      this.end = new InstanceEndSignal();
      if (this.host.isCancelled) this.end.fire(true);
      else this.host.signalled.add(this.end);
    }
    return this.end;
  }
  private controller: AbortController | undefined;
  /** A real AbortSignal, made on first use on top of the end signal (an AbortController, an Event and an Error). */
  get signal(): AbortSignal {
    if (!this.controller) {
      const c = (this.controller = new AbortController());
      const end = this.endSignal;
      const abort = () => c.abort(new Error(end.cancelled ? 'run cancelled' : 'instance ended'));
      if (end.aborted) abort();
      else end.addEventListener('abort', abort);
    }
    return this.controller.signal;
  }
  gateway(): unknown {
    return this.gw;
  }
  state<T extends object>(key: string, init: (ctx: OperationContext<unknown>) => T): T {
    // The first key in two fields (an instance of one plugin needs no Map), more keys in a Map.
    if (this.stateKey === key) return this.stateValue as T;
    let s = this.states?.get(key);
    if (!s) {
      s = init(this);
      if (this.stateKey === undefined) {
        this.stateKey = key;
        this.stateValue = s;
      } else (this.states ??= new Map()).set(key, s);
    }
    return s as T;
  }
  defer(fn: (ctx: OperationContext<unknown>) => void | Promise<void>): void {
    // a literal of one: an array grown by push() from empty reserves 17 slots, per in-flight instance
    if (this.deferred) this.deferred.push(fn);
    else this.deferred = [fn];
  }
  check(status: CheckStatus, text: string): void {
    if (status === 'fail') {
      this.failed = true;
      this.fails++;
    }
    if (this.detailed) this.host.hooks.check.call({ index: this.index, step: this.step, opIndex: this.opIndex, status, text });
    if (status !== 'pass') this.host.recordProblem(status, this.index, this.opIndex, text);
  }
  pass(text: string): void {
    if (this.detailed) this.check('pass', text);
  }
  fail(text: string): void {
    this.check('fail', text);
  }
  abort(text: string): never {
    throw new InstanceAbort(text);
  }
  match(what: string, expected: JsonObject, received: JsonObject, opts?: MatchOptions): boolean {
    if (!this.checking) return true;
    let ok = true;
    const sh = opts?.show;
    const detailed = this.detailed;
    for (const key in expected) {
      if (opts?.ignore?.includes(key)) continue;
      const neg = key.charCodeAt(0) === 33; // '!'
      const field = neg ? key.slice(1) : key;
      const exp = expected[key];
      const act = field.includes('.') || field.includes('[') ? getKpath(received, field) : received[field];
      const present = act !== undefined && act !== null;
      let good: boolean;
      // the text is written only when it is read: a fail, or a pass of the detailed instance
      if (exp === null || exp === undefined) {
        good = neg ? present : !present;
        if (good && !detailed) continue;
        const text = `${what}.${field}: ${good ? 'is' : 'expected'} ${neg ? 'present' : 'absent'}${good ? '' : `, got ${showField(sh, field, act)}`}`;
        if (good) this.pass(text);
        else this.fail(text);
      } else if (neg) {
        good = !looselyEqual(exp, act);
        if (good && !detailed) continue;
        const text = `${what}.${field}: ${good ? `is not ${showField(sh, field, exp)}` : `expected anything but ${showField(sh, field, exp)}`}`;
        if (good) this.pass(text);
        else this.fail(text);
      } else {
        good = looselyEqual(exp, act);
        if (good && !detailed) continue;
        const text = `${what}.${field}: ${good ? `is ${showField(sh, field, exp)}` : `expected ${showField(sh, field, exp)}, got ${showField(sh, field, act)}`}`;
        if (good) this.pass(text);
        else this.fail(text);
      }
      if (!good) ok = false;
    }
    return ok;
  }
  private varSizes: SizeLedger | undefined;
  assign(target: 'vars' | 'globals', values: JsonObject): void {
    if (target === 'vars') (this.varSizes ??= new SizeLedger()).assign(this.vars, values, 'vars');
    else this.host.globalSizes.assign(this.host.globals, values, 'globals');
  }
  received(name: string, fields: Json): void {
    this.inbound[name] = fields;
  }
  trace(level: 1 | 2 | 3, text: string): void {
    if (this.detailed && this.host.def.traceLevel >= level) this.host.hooks.trace.call({ index: this.index, step: this.step, opIndex: this.opIndex, level, text });
  }
  message(m: MessageRecord): void {
    if (this.recordsMessages) this.host.hooks.message.call({ index: this.index, step: this.step, opIndex: this.opIndex, message: m });
  }

  later(): Later {
    const op = this.host.def.ops[this.pc];
    if (!this.executing || !op?.def.settlesOnEnd) throw new Error(`ctx.later() is for execute() of an operation declared settlesOnEnd (${op?.type ?? 'no operation'})`);
    this.early = undefined;
    return (this.issued = new LaterHandle(this));
  }
  /** A handle settles: only the one of the operation running, once. */
  settleLater(h: LaterHandle, failed: boolean, value: unknown): void {
    if (h !== this.issued) return;
    this.issued = undefined;
    if (this.executing) {
      this.early = { value, failed };
      return;
    }
    if (!this.suspended) return;
    this.suspended = false;
    if (failed) this.caught(value);
    else this.opSettled(value as OperationOutcome | void);
  }

  /**
   * Run the operations from `pc` until one waits (a promise, or ctx.later()), the instance halts or one throws.
   * A loop of callbacks, not an async function: an instance that waits holds no suspended frame.
   */
  loop(): void {
    const host = this.host;
    const def = host.def;
    const ops = def.ops;
    try {
      while (this.pc < ops.length) {
        if (host.isCancelled) throw new Error('run cancelled');
        // Operations without I/O yield once the turn has run long enough, so the service stays responsive.
        if (this.yielded) this.yielded = false;
        else if (shouldYield()) {
          this.yielded = true;
          nextSlice(() => this.loop());
          return;
        }
        const pc = this.pc;
        const op = ops[pc]!;
        this.opIndex = pc;
        this.type = op.type;
        this.label = op.typeLabel;
        this.gw = op.gateway;
        if (++this.step > MAX_STEPS) throw new InstanceAbort(`more than ${MAX_STEPS} steps: a branch loop that never ends?`);
        if (host.hooks.operationStart.isUsed()) host.hooks.operationStart.call({ index: this.index, opIndex: pc, type: op.type });
        if (this.detailed) this.trace(1, `operation ${pc} ${op.type}`);
        this.t0 = performance.now();
        this.failsBefore = this.fails;
        const args = op.staticArgs ?? renderArgs(op, this.scope);
        let res: ReturnType<typeof op.def.execute>;
        this.executing = true;
        try {
          res = op.def.execute(this, args);
        } finally {
          this.executing = false;
        }
        if (res instanceof LaterHandle) {
          // its waits listen to ctx.endSignal, which a run cancel fires: it settles
          this.settlingOnEnd = true;
          const early = this.early;
          if (!early) {
            if (res !== this.issued) throw new Error(`${op.type}: execute() returned a handle of ctx.later() that is not its own or has settled`);
            this.suspended = true;
            return;
          }
          this.early = undefined;
          if (early.failed) throw early.value;
          this.settlingOnEnd = false;
          res = early.value as OperationOutcome | void;
        } else if (res && typeof (res as Promise<unknown>).then === 'function') {
          if (op.def.settlesOnEnd) {
            this.settlingOnEnd = true;
            (res as Promise<OperationOutcome | void>).then(
              (v) => this.opSettled(v),
              (e) => this.caught(e),
            );
          } else {
            this.wait(res as Promise<OperationOutcome | void>).then(
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
          return;
        }
        if (this.afterOp(op, (res as OperationOutcome | void) || undefined)) break;
      }
      this.complete(this.failed ? 'failed' : 'passed');
    } catch (e) {
      this.caught(e);
    }
  }

  /** The operation that waited is done: its tests, then on with the next. */
  private opSettled(v: OperationOutcome | void): void {
    this.settlingOnEnd = false;
    try {
      if (this.afterOp(this.host.def.ops[this.pc]!, v || undefined)) return this.complete(this.failed ? 'failed' : 'passed');
    } catch (e) {
      return this.caught(e);
    }
    this.loop();
  }

  /** After an operation: its tests[], operationDone, then halt (true), a branch or the next operation. */
  private afterOp(op: CompiledOp, outcomeObj: OperationOutcome | undefined): boolean {
    const def = this.host.def;
    const pc = this.pc;
    // tests[] always run (an operation without a result is checked against null: nothing is present).
    if (op.tests.length && (this.detailed || !def.turbo)) runTests(this, op, outcomeObj?.result ?? null, this.scope, outcomeObj?.show);
    this.host.hooks.operationDone.call({ index: this.index, opIndex: pc, type: op.type, status: this.fails > this.failsBefore ? 'failed' : 'ok', latencyMs: performance.now() - this.t0 });
    if (outcomeObj?.halt) {
      this.trace(1, `halt at operation ${pc}`);
      return true;
    }
    if (outcomeObj?.goto !== undefined) {
      const target = def.labels.get(outcomeObj.goto);
      if (target === undefined) throw new InstanceAbort(`${op.path}: branch to unknown label '${outcomeObj.goto}'`);
      this.pc = target;
    } else this.pc = pc + 1;
    return false;
  }

  /** An operation (or the engine between operations) threw: the instance is aborted, or cancelled by its run. */
  private caught(e: unknown): void {
    const host = this.host;
    let outcome: Outcome;
    if (host.isCancelled && (!isInstanceAbort(e) || this.settlingOnEnd)) {
      outcome = 'cancelled';
      this.trace(1, 'instance cancelled');
    } else {
      const ops = host.def.ops;
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
  private complete(o: Outcome): void {
    let end: InstanceEnd | Promise<InstanceEnd>;
    try {
      end = finish(this.host, this, this.index, this.intendedStart, o);
    } catch (e) {
      return this.host.instanceFault(this.index, e);
    }
    if (end instanceof Promise) {
      end.then(
        (x) => this.host.instanceEnded(this.index, x),
        (e) => this.host.instanceFault(this.index, e),
      );
    } else report(this.host, this.index, end, this.starting);
  }
}

/** Report an instance's end to its run: in a microtask when it ended within runInstance's own call. */
function report(host: InstanceHost, index: number, end: InstanceEnd, starting: boolean): void {
  if (starting) queueMicrotask(() => host.instanceEnded(index, end));
  else host.instanceEnded(index, end);
}

/** A value in a check's text: as the operation shows it (enumerated names), else as JSON. */
function showField(sh: MatchOptions['show'], field: string, v: unknown): string {
  return sh ? (sh(field, v) ?? showValue(v)) : showValue(v);
}

/** How an instance ended; `vars` for the detailed (first) instance. */
export interface InstanceEnd {
  outcome: Outcome;
  latencyMs: number;
  vars?: JsonObject;
}

/**
 * Run one instance to its end, reported to `host.instanceEnded` (or `instanceFault`), never from within this call.
 * Never throws. `intendedStart` is the scheduled start (ms, performance clock).
 */
export function runInstance(host: InstanceHost, index: number, intendedStart: number): void {
  const def = host.def;
  const n = instanceNumber(def.distribution.slice, index); // $n: unique across the slices of a run
  let vars: JsonObject;
  try {
    vars = index === 0 && def.vars0 ? structuredClone(def.vars0) : initialVars(def.vars, n, host.globals, def.exprState);
  } catch (e) {
    try {
      host.recordProblem('abort', index, -1, `vars: cannot evaluate: ${(e as Error).message}`);
      if (index === 0) host.hooks.check.call({ index, step: 0, opIndex: -1, status: 'abort', text: `vars: cannot evaluate: ${(e as Error).message}` });
      report(host, index, ended(host, undefined, index, intendedStart, 'aborted'), true);
    } catch (e2) {
      queueMicrotask(() => host.instanceFault(index, e2));
    }
    return;
  }
  const ctx = new Ctx(host, index, vars, {}, intendedStart, n);
  ctx.loop();
  ctx.starting = false;
}

/**
 * The instance's end: its deferred cleanups (within a budget), its cancel wait and end signal released. Synchronous
 * while every cleanup is (the common case: no promise, no async frame per instance); from the first cleanup that
 * returns a promise on, the rest wait in finishAfter().
 */
function finish(host: InstanceHost, ctx: Ctx | undefined, index: number, intendedStart: number, o: Outcome): InstanceEnd | Promise<InstanceEnd> {
  const deferred = ctx?.deferred;
  if (deferred) {
    // Cleanups run in reverse order within a budget: one that never settles must not keep the run alive.
    const deadline = performance.now() + CLEANUP_BUDGET_MS;
    for (let i = deferred.length - 1; i >= 0; i--) {
      let r: void | Promise<void>;
      try {
        r = deferred[i]!(ctx!);
      } catch {
        continue; // cleanup errors never change the outcome
      }
      if (r && typeof (r as Promise<void>).then === 'function') return finishAfter(host, ctx!, index, intendedStart, o, r, i, deadline);
    }
  }
  return ended(host, ctx, index, intendedStart, o);
}

/** finish() from cleanup `i` on, which returned the promise `r`: each promise waited for within what is left of the budget. */
async function finishAfter(host: InstanceHost, ctx: Ctx, index: number, intendedStart: number, o: Outcome, r: Promise<void>, i: number, deadline: number): Promise<InstanceEnd> {
  const deferred = ctx.deferred!;
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    try {
      const left = Math.max(0, deadline - performance.now());
      await Promise.race([r, new Promise<void>((res) => (timer = setTimeout(res, left)))]);
    } catch {
      /* cleanup errors never change the outcome */
    } finally {
      clearTimeout(timer);
    }
    let next: void | Promise<void> = undefined;
    while (--i >= 0) {
      try {
        next = deferred[i]!(ctx);
      } catch {
        continue;
      }
      if (next && typeof (next as Promise<void>).then === 'function') break;
      next = undefined;
    }
    if (!next) break;
    r = next;
  }
  return ended(host, ctx, index, intendedStart, o);
}

function ended(host: InstanceHost, ctx: Ctx | undefined, index: number, intendedStart: number, o: Outcome): InstanceEnd {
  if (ctx?.waits) host.cancellers.delete(ctx);
  const end = ctx?.end;
  if (end) {
    host.signalled.delete(end);
    end.fire(false);
  }
  const latencyMs = performance.now() - intendedStart;
  return index === 0 ? { outcome: o, latencyMs, vars: ctx?.vars ?? {} } : { outcome: o, latencyMs };
}

function renderArgs(op: CompiledOp, scope: ExprScope): JsonObject {
  let args: JsonObject;
  try {
    args = op.template!.render(scope) as JsonObject;
  } catch (e) {
    throw new InstanceAbort(`${op.path}.arguments: expression failed: ${(e as Error).message}`);
  }
  const problem = checkArguments(op.op.validate, args);
  if (problem === 'invalid') {
    const d = describeError(op.op.validate.errors![0]!, `${op.path}.arguments`);
    throw new InstanceAbort(`${d.path}: ${d.message} (after evaluating expressions)`);
  }
  if (problem) throw new InstanceAbort(`${joinPath(`${op.path}.arguments`, problem.path)}: ${problem.message} (after evaluating expressions)`);
  return args;
}

function runTests(ctx: Ctx, op: CompiledOp, result: Json, scope: ExprScope, display?: OperationOutcome['show']): void {
  for (const t of op.tests) {
    const spec = t.spec ?? (t.template!.render(scope) as unknown as TestSpec);
    const r = runTest(spec, result, ctx.host.regexCache, display);
    if (r.ok) ctx.pass(r.text);
    else if (r.abort) throw new InstanceAbort(r.text);
    else ctx.fail(r.text);
  }
}
