// What an operation sees of its instance (OperationContext, core/api/operation.ts): checks and matching, vars and
// globals, received messages, traces and messages of the detailed instance, per-instance state and cleanups, the
// gateway, the end signal and the cancellable wait. One object per instance, updated as the instance moves from
// operation to operation; the instance (core/engine/instance.ts) extends it with how operations are run and complete.
import type { CheckStatus, EndSignal, Json, JsonObject, Later, MatchOptions, MessageRecord, OperationContext, RunView } from '../api/index.js';
import { InstanceAbort } from '../errors.js';
import { looselyEqual, show as showValue } from './compare.js';
import { getKpath } from './kpath.js';
import type { ExprScope } from '../expr/template.js';
import { EndSignalBase, SIGNAL_MADE } from './end-signal.js';
import { instanceNumber } from './slice.js';
import type { CompiledOp } from './definition.js';
import { SizeLedger } from './size-ledger.js';
import type { Cancellable, InstanceHost } from './instance-host.js';
import type { InstanceDetail } from './instance-detail.js';
import type { FlowState } from './flow-frames.js';

/** An instance's $i before it has received anything: one frozen object for all of them. */
export const NOTHING_RECEIVED: JsonObject = Object.freeze({}) as JsonObject;
/** $v in an expression scope while the instance has no vars (they are made at the first read of ctx.vars). */
const NO_VARS: JsonObject = Object.freeze({}) as JsonObject;

type Cleanup = (ctx: OperationContext<unknown>) => void | Promise<void>;

// Bits of `flags` (end-signal.ts: the bits below 8 are the end signal's; instance.ts: those from 1024 up).
const FAILED = 8;
const RECORDS = 16;
const DETAILED = 32;
/** The first instance: its checks, traces and messages go through the run's hooks (engine/first-call.ts). */
const HOOKED = 64;
const WATCHED = 128;
const CHECKING = 256;
const WAITED = 512;

/** What few instances use, out of line: one object, made at the first use (each field 8 bytes per instance). */
class Rare {
  states: Map<string, object> | undefined = undefined;
  controller: AbortController | undefined = undefined;
  varSizes: SizeLedger | undefined = undefined;
  evidence: InstanceDetail | undefined = undefined;
  /** The running operation's start (ms), when it is too far from the instance's start for t0's integer (instance.ts). */
  farT0 = 0;
}

export abstract class InstanceContext extends EndSignalBase implements OperationContext<unknown>, Cancellable {
  /** Its place in the run's cancellers (Bag). */
  bagIndex = -1;
  opIndex = 0;
  step = 0;
  /** The operation running (its type, label and gateway), undefined before the first. */
  protected op: CompiledOp | undefined = undefined;
  /** Fail checks written so far: an operation whose checks failed is reported 'failed' to operationDone. */
  fails = 0;
  private stateKey: string | undefined = undefined;
  private stateValue: object | undefined = undefined;
  /** ctx.defer()'s cleanups: the first alone (no array for an instance with one), an array from the second. */
  deferred: Cleanup | Cleanup[] | undefined = undefined;
  private rare: Rare | undefined = undefined;
  protected get rareState(): Rare {
    return (this.rare ??= new Rare());
  }
  /** Where the instance is in flows (engine/flow-frames.ts): undefined while it has entered none. */
  fx: FlowState | undefined = undefined;
  /**
   * $v, $g, $i, $n and the run's expression state: the scope of the instance's expressions, made when an expression
   * is evaluated and let go when the instance waits (instance.ts): an instance in flight holds none.
   */
  private scope: ExprScope | undefined = undefined;
  private vs: JsonObject | undefined;

  constructor(
    readonly host: InstanceHost,
    readonly index: number,
    /** $v: the instance's vars, or the locals of the flow it is in; undefined: none yet (made at the first use). */
    vars: JsonObject | undefined,
    /** $i: NOTHING_RECEIVED (shared, frozen) until the first received(): no empty object per instance in flight. */
    public inbound: JsonObject,
    /** The instance's generator and rows ($d), as its legs draw them too. */
    readonly draw: Pick<ExprScope, '$d' | 'rng'> | undefined,
    /** A parallel leg's instance: the leg is watched when its instance is. */
    parent?: InstanceContext,
  ) {
    super();
    this.vs = vars;
    const def = host.def;
    const hooked = index === 0;
    const watched = parent ? parent.watched : host.evidence.wants();
    const evidence = def.failureDetail;
    let f = 0;
    if (hooked) f |= HOOKED;
    if (watched) f |= WATCHED;
    if (hooked || (watched && evidence.traceLevel >= 1)) f |= DETAILED;
    if ((hooked && def.recordMessages) || (watched && evidence.recordMessages)) f |= RECORDS;
    // turbo: the instances after the first are not checked, watched or not
    if (hooked || !def.turbo) f |= CHECKING;
    this.flags = f;
  }

  /** $v: the instance's vars, or the locals of the flow it is in. */
  get vars(): JsonObject {
    let v = this.vs;
    if (v === undefined) {
      v = this.vs = {};
      if (this.scope !== undefined) this.scope.$v = v;
    }
    return v;
  }
  set vars(v: JsonObject) {
    this.vs = v;
    if (this.scope !== undefined) this.scope.$v = v;
  }
  get failed(): boolean {
    return (this.flags & FAILED) !== 0;
  }
  set failed(v: boolean) {
    if (v) this.flags |= FAILED;
    else this.flags &= ~FAILED;
  }
  get recordsMessages(): boolean {
    return (this.flags & RECORDS) !== 0;
  }
  /** True for the first instance and a watched one at a failure trace_level >= 1. */
  get detailed(): boolean {
    return (this.flags & DETAILED) !== 0;
  }
  /** Watched for failure evidence (engine/failure-evidence.ts). Its detail is made at its first entry. */
  get watched(): boolean {
    return (this.flags & WATCHED) !== 0;
  }
  protected get checking(): boolean {
    return (this.flags & CHECKING) !== 0;
  }
  get type(): string {
    return this.op?.type ?? '';
  }
  get label(): string | undefined {
    return this.op?.typeLabel;
  }
  get evidence(): InstanceDetail | undefined {
    return this.rare?.evidence;
  }
  /** Sizes of `vars` (a flow's locals have their own while it runs). */
  get varSizes(): SizeLedger | undefined {
    return this.rare?.varSizes;
  }
  set varSizes(v: SizeLedger | undefined) {
    if (v !== undefined || this.rare !== undefined) (this.rare ??= new Rare()).varSizes = v;
  }
  /** The expression scope, made on first use. */
  protected get exprScope(): ExprScope {
    const d = this.draw;
    return (this.scope ??= { $v: this.vs ?? NO_VARS, $g: this.host.globals, $i: this.inbound, $n: instanceNumber(this.host.def.distribution.slice, this.index), run: this.host.def.exprState, $d: d?.$d, rng: d?.rng });
  }
  /** The instance waits: its scope goes (an instance in flight holds none). */
  protected dropScope(): void {
    this.scope = undefined;
  }
  /**
   * The instance has ended: it lets go of what it received and of its scope (not of its vars: a parallel leg's are
   * read by its join after its end). A long-held instance is in the old generation by its end, and what it points
   * to there (made at its end: the last message's fields) survives every scavenge until a full GC, dead or not: the
   * ended calls of a long-call run were promoted, ~1 KB each.
   */
  forgetEnded(): void {
    this.inbound = NOTHING_RECEIVED;
    this.scope = undefined;
  }
  /**
   * A uniform number in [0, 1): from the instance's own generator when the run has a `seed` (seeded from it and $n:
   * the same numbers whatever the scheduling, slices or workers), else Math.random().
   */
  random(): number {
    const r = this.draw?.rng;
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
  wait<T>(res: PromiseLike<T>): Promise<T> {
    if ((this.flags & WAITED) === 0) {
      this.flags |= WAITED;
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
  /** The run is cancelled: the wait ends, the end signal fires. */
  cancel(e: Error): void {
    this.rejectWait?.(e);
    if (this.flags & SIGNAL_MADE) this.fireEnd(true);
  }

  /** The instance itself, from the first ask on in its run's cancellers (a run cancel fires it). */
  get endSignal(): EndSignal {
    if ((this.flags & SIGNAL_MADE) === 0 && !this.aborted) {
      this.flags |= SIGNAL_MADE;
      if (this.host.isCancelled) this.fireEnd(true);
      else this.host.cancellers.add(this);
    }
    return this;
  }
  /** A real AbortSignal, made on first use on top of the end signal (an AbortController, an Event and an Error). */
  get signal(): AbortSignal {
    const rare = (this.rare ??= new Rare());
    if (!rare.controller) {
      const c = (rare.controller = new AbortController());
      const end = this.endSignal;
      const abort = () => c.abort(new Error(this.endCancelled ? 'run cancelled' : 'instance ended'));
      if (end.aborted) abort();
      else end.addEventListener('abort', abort);
    }
    return rare.controller.signal;
  }

  gateway(): unknown {
    return this.op?.gateway;
  }
  state<T extends object>(key: string, init: (ctx: OperationContext<unknown>) => T): T {
    // The first key in two fields (an instance of one plugin needs no Map), more keys in a Map.
    if (this.stateKey === key) return this.stateValue as T;
    let s = this.rare?.states?.get(key);
    if (!s) {
      s = init(this);
      if (this.stateKey === undefined) {
        this.stateKey = key;
        this.stateValue = s;
      } else ((this.rare ??= new Rare()).states ??= new Map()).set(key, s);
    }
    return s as T;
  }
  defer(fn: Cleanup): void {
    const d = this.deferred;
    if (d === undefined) this.deferred = fn;
    else if (typeof d === 'function') this.deferred = [d, fn];
    else d.push(fn);
  }

  check(status: CheckStatus, text: string): void {
    if (status === 'fail') {
      this.failed = true;
      this.fails++;
    }
    if (this.flags & HOOKED) this.host.hooks.check.call({ index: this.index, step: this.step, opIndex: this.opIndex, status, text, flow: this.flow, leg: this.leg });
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
  assign(target: 'vars' | 'globals', values: JsonObject): void {
    if (target === 'vars') (this.varSizes ??= new SizeLedger()).assign(this.vars, values, 'vars');
    else this.host.globalSizes.assign(this.host.globals, values, 'globals');
  }
  received(name: string, fields: Json): void {
    if (this.inbound === NOTHING_RECEIVED) {
      this.inbound = {};
      if (this.scope !== undefined) this.scope.$i = this.inbound;
    }
    this.inbound[name] = fields;
  }
  trace(level: 1 | 2 | 3, text: string): void {
    if (!this.detailed) return;
    const def = this.host.def;
    if (this.flags & HOOKED && def.traceLevel >= level) this.host.hooks.trace.call({ index: this.index, step: this.step, opIndex: this.opIndex, level, text, flow: this.flow, leg: this.leg });
    if (this.watched && def.failureDetail.traceLevel >= level) this.detailOf().trace(this, level, text);
  }
  message(m: MessageRecord): void {
    if (!this.recordsMessages) return;
    const def = this.host.def;
    if (this.flags & HOOKED && def.recordMessages) this.host.hooks.message.call({ index: this.index, step: this.step, opIndex: this.opIndex, message: m, flow: this.flow, leg: this.leg });
    if (this.watched && def.failureDetail.recordMessages) this.detailOf().message(this, m);
  }
  /** When the instance was due to start (wall clock, ms): its detail's time_start. */
  protected abstract startMs(): number;
  /** The watched instance's detail, made at its first entry (a leg writes into its instance's). */
  detailOf(): InstanceDetail {
    const rare = (this.rare ??= new Rare());
    return (rare.evidence ??= this.host.evidence.open(this.index, this.startMs()));
  }
}

/** A value in a check's text: as the operation shows it (enumerated names), else as JSON. */
function showField(sh: MatchOptions['show'], field: string, v: unknown): string {
  return sh ? (sh(field, v) ?? showValue(v)) : showValue(v);
}
