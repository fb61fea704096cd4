// What an operation sees of its instance (OperationContext, core/api/operation.ts): checks and matching, vars and
// globals, received messages, traces and messages of the detailed instance, per-instance state and cleanups, the
// gateway, the end signal and the cancellable wait. One object per instance, updated as the instance moves from
// operation to operation; the instance (core/engine/instance.ts) extends it with how operations are run and complete.
import type { CheckStatus, Json, JsonObject, Later, MatchOptions, MessageRecord, OperationContext, RunView } from '../api/index.js';
import { InstanceAbort } from '../errors.js';
import { looselyEqual, show as showValue } from './compare.js';
import { getKpath } from './kpath.js';
import type { ExprScope } from '../expr/template.js';
import { InstanceEndSignal } from './end-signal.js';
import { SizeLedger } from './size-ledger.js';
import type { InstanceHost } from './instance-host.js';
import type { InstanceDetail } from './instance-detail.js';
import type { FlowState } from './flow-frames.js';

/** An instance's $i before it has received anything: one frozen object for all of them. */
export const NOTHING_RECEIVED: JsonObject = Object.freeze({}) as JsonObject;

export abstract class InstanceContext implements OperationContext<unknown> {
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
  /** The first instance: its checks, traces and messages go through the run's hooks (engine/first-call.ts). */
  private readonly hooked: boolean;
  /**
   * Watched for failure evidence (engine/failure-evidence.ts). Its detail is made at its first entry: a passing
   * instance at trace_level 0 writes none and allocates nothing (a boolean, not a start time: a double field would
   * be a heap number per instance).
   */
  readonly watched: boolean;
  evidence: InstanceDetail | undefined = undefined;
  /** Where the instance is in flows (engine/flow-frames.ts): undefined while it has entered none. */
  fx: FlowState | undefined = undefined;
  protected readonly checking: boolean;
  /** $v, $g, $i, $n and the run's expression state: the scope of the instance's expressions. */
  protected readonly scope: ExprScope;

  constructor(
    readonly host: InstanceHost,
    readonly index: number,
    /** $v: the instance's vars, or the locals of the flow it is in. */
    public vars: JsonObject,
    /** $i: NOTHING_RECEIVED (shared, frozen) until the first received(): no empty object per instance in flight. */
    public inbound: JsonObject,
    n: number,
    draw?: Pick<ExprScope, '$d' | 'rng'>,
    /** A parallel leg's instance: the leg is watched when its instance is. */
    parent?: InstanceContext,
  ) {
    const def = host.def;
    this.hooked = index === 0;
    const watched = (this.watched = parent ? parent.watched : host.evidence.wants());
    const evidence = def.failureDetail;
    this.detailed = this.hooked || (watched && evidence.traceLevel >= 1);
    this.recordsMessages = (this.hooked && def.recordMessages) || (watched && evidence.recordMessages);
    // turbo: the instances after the first are not checked, watched or not
    this.checking = this.hooked || !def.turbo;
    this.scope = { $v: vars, $g: host.globals, $i: inbound, $n: n, run: host.def.exprState, $d: draw?.$d, rng: draw?.rng };
  }
  /**
   * A uniform number in [0, 1): from the instance's own generator when the run has a `seed` (seeded from it and $n:
   * the same numbers whatever the scheduling, slices or workers), else Math.random().
   */
  random(): number {
    const r = this.scope.rng;
    return r ? r.next() : Math.random();
  }
  get run(): RunView {
    return this.host.view;
  }
  get globals(): JsonObject {
    return this.host.globals;
  }
  abstract later(): Later;
  /** The flow the instance is in (`a/b`: b called from a), for the detail's entries. */
  get flow(): string | undefined {
    return this.fx?.flow;
  }
  /** The parallel leg the instance's entries belong to. */
  get leg(): string | undefined {
    return this.fx?.leg;
  }

  /**
   * The wait on an operation's promise, ended by a run cancel (even when the operation ignores its signals). One
   * promise per wait settled by the operation's or by cancel(): no cancel promise per instance raced against it.
   */
  private rejectWait: ((e: Error) => void) | undefined = undefined;
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
    if (this.hooked) this.host.hooks.check.call({ index: this.index, step: this.step, opIndex: this.opIndex, status, text, flow: this.flow, leg: this.leg });
    // passes only at a failure trace_level >= 1 (the first instance writes them whatever it is)
    if (this.watched && (status !== 'pass' || this.host.def.failureDetail.traceLevel >= 1)) this.detailOf().check(this, status, text);
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
  /** Sizes of `vars` (a flow's locals have their own while it runs). */
  varSizes: SizeLedger | undefined;
  assign(target: 'vars' | 'globals', values: JsonObject): void {
    if (target === 'vars') (this.varSizes ??= new SizeLedger()).assign(this.vars, values, 'vars');
    else this.host.globalSizes.assign(this.host.globals, values, 'globals');
  }
  received(name: string, fields: Json): void {
    if (this.inbound === NOTHING_RECEIVED) this.scope.$i = this.inbound = {};
    this.inbound[name] = fields;
  }
  trace(level: 1 | 2 | 3, text: string): void {
    if (!this.detailed) return;
    const def = this.host.def;
    if (this.hooked && def.traceLevel >= level) this.host.hooks.trace.call({ index: this.index, step: this.step, opIndex: this.opIndex, level, text, flow: this.flow, leg: this.leg });
    if (this.watched && def.failureDetail.traceLevel >= level) this.detailOf().trace(this, level, text);
  }
  message(m: MessageRecord): void {
    if (!this.recordsMessages) return;
    const def = this.host.def;
    if (this.hooked && def.recordMessages) this.host.hooks.message.call({ index: this.index, step: this.step, opIndex: this.opIndex, message: m, flow: this.flow, leg: this.leg });
    if (this.watched && def.failureDetail.recordMessages) this.detailOf().message(this, m);
  }
  /** When the instance was due to start (wall clock, ms): its detail's time_start. */
  protected abstract startMs(): number;
  /** The watched instance's detail, made at its first entry (a leg writes into its instance's). */
  detailOf(): InstanceDetail {
    return (this.evidence ??= this.host.evidence.open(this.index, this.startMs()));
  }
}

/** A value in a check's text: as the operation shows it (enumerated names), else as JSON. */
function showField(sh: MatchOptions['show'], field: string, v: unknown): string {
  return sh ? (sh(field, v) ?? showValue(v)) : showValue(v);
}
