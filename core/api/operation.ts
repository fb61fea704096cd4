// An operation type: what a plugin registers for each `type` of a Test Definition, and the context its execute()
// and prepare() receive. The core implements the contexts (core/engine/instance.ts, core/engine/definition.ts).
import type { Json, JsonObject, JsonSchema } from './json.js';
import type { CheckStatus, MessageRecord, RunView } from './run.js';

/** What an operation's execute() may return. */
export interface OperationOutcome {
  /** The operation's result object: `tests[]` kpaths apply to it; inbound ops also store it in `$i`. */
  result?: Json;
  /** Logic: continue at this label instead of the next operation. */
  goto?: string;
  /** Logic: end the instance now, successfully (unless checks failed). */
  halt?: boolean;
  /**
   * How a value of `result` at `kpath` is written in `tests[]` check texts (e.g. an enumerated value with its
   * name, `UPDATE_REQUEST (2)`); undefined: its JSON form.
   */
  show?: (kpath: string, value: unknown) => string | undefined;
}

/** Thrown (via ctx.abort) to end an instance as aborted. */
/**
 * ctx.later()'s handle, which execute() returns: the operation settles through it once, from a callback of its own.
 * The first settle counts; later ones, and those of a handle of an earlier operation, are ignored.
 */
export interface Later {
  /** The operation is done: its outcome, as execute() would have returned it. */
  settle(outcome?: OperationOutcome | void): void;
  /** The operation failed with what execute() would have thrown (an InstanceAbort from ctx.abort(): the instance's abort). */
  settleError(e: unknown): void;
}

export interface InstanceAbortLike extends Error {
  readonly instanceAbort: true;
}

/**
 * A cheap cancellation token: what AbortSignal offers for waits, without an AbortController, an Event or an Error
 * per instance. It fires ('abort' listeners, once each, in the order added) exactly when the instance's `signal`
 * would abort: when the instance ends (any outcome) or its run is cancelled. An AbortSignal is one too, so code that
 * takes an EndSignal takes either.
 */
export interface EndSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: EndListener, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: EndListener): void;
}

/**
 * An EndSignal's listener: a function, or (as EventTarget allows) an object whose handleEvent() runs: an object that
 * listens with itself needs no closure of its own (one per dialogue a gateway holds open on the load path).
 */
export type EndListener = (() => void) | { handleEvent(): void };

/** Passed to an operation's execute(). One per operation step of one instance. */
/** Options of OperationContext.match. */
export interface MatchOptions {
  /** Fields (keys of `expected`, without `!`) not checked. */
  ignore?: readonly string[];
  /** How a value of `field` is written in the check text; undefined: its JSON form. */
  show?: (field: string, value: unknown) => string | undefined;
}

export interface OperationContext<G = unknown> {
  readonly run: RunView;
  /** Instance index ($n), 0 for the first (detailed) instance. */
  readonly index: number;
  /** Index of the operation in the definition, and the running step counter. */
  readonly opIndex: number;
  readonly step: number;
  /** The operation type as written in the definition (may be an alias or carry a label). */
  readonly type: string;
  /** For labelled types (`<family>.<label>.<Name>`), the label; otherwise undefined. */
  readonly label: string | undefined;
  /** $v: run vars of this instance (mutable). */
  readonly vars: JsonObject;
  /** $g: globals shared by all instances of the run (mutable; write them with assign()). */
  readonly globals: JsonObject;
  /** $i: last received message per operation name (mutable via received()). */
  readonly inbound: JsonObject;
  /**
   * True when this instance is traced in detail: the first instance, and an instance watched for failure evidence
   * (the record's failures[]) at a detail trace_level >= 1. Build trace texts only when it is.
   */
  readonly detailed: boolean;
  /**
   * Aborted when the instance ends (cancel, abort, timeout of the run). Pass it to waits and I/O that need a real
   * AbortSignal (fetch, undici, Node APIs); its reason is an Error 'run cancelled' or 'instance ended'.
   */
  readonly signal: AbortSignal;
  /**
   * Fires when `signal` would abort, at a fraction of its cost (no AbortController per instance): pass it to a
   * plugin's own waits that need only `aborted` and 'abort' listeners (a gateway's own dialogues and waits).
   */
  readonly endSignal: EndSignal;

  /** The gateway instance chosen for this operation (by its `gateway` kind, the ExecuteTest params and defaults). */
  gateway(): G;
  /**
   * A uniform number in [0, 1) for the operation's random choices: with the run's `seed` param, drawn from the
   * instance's own generator (the same numbers on every run with that seed), else Math.random().
   */
  random(): number;
  /** Per-instance state owned by a plugin (e.g. the instance's open dialogues or sessions), created on first use. */
  state<T extends object>(key: string, init: (ctx: OperationContext<G>) => T): T;
  /**
   * Run a cleanup when the instance ends (any outcome), in reverse order of registration. The cleanup is given the
   * context, so a module function can be passed instead of a closure per instance.
   */
  defer(fn: (ctx: OperationContext<G>) => void | Promise<void>): void;
  /**
   * For an operation that completes from a callback of its own instead of a promise (the waits that every in-flight
   * instance of a load run holds: one small handle instead of a promise, its resolving functions and reactions per
   * wait): execute() returns the handle `ctx.later()` gives, and settles it once when done (`settle(outcome)`), or
   * with what it would have thrown (`settleError(e)`). Only operations declared `settlesOnEnd` may (they must
   * settle once ctx.endSignal fires); ctx.later() throws otherwise and outside execute(). A settle before execute()
   * returned is kept.
   */
  later(): Later;

  /** Write a check to the check_log. 'abort' does not throw; use abort() to end the instance. */
  check(status: CheckStatus, text: string): void;
  pass(text: string): void;
  fail(text: string): void;
  /** Record an abort check and end the instance (throws an InstanceAbort). */
  abort(text: string): never;
  /**
   * Match expected fields against a received message (docs/definitions.md "Inbound matching"): each given field must equal the received
   * value; null means "must be absent"; a leading `!` negates ("must not equal", with null "must be present").
   * Writes one pass/fail check per field; returns false when any failed. Keys listed in `ignore` are skipped.
   * `show` renders a value of a field in the check text (e.g. an enumerated value with its name); undefined falls
   * back to the plain JSON form.
   */
  match(what: string, expected: JsonObject, received: JsonObject, opts?: MatchOptions): boolean;
  /**
   * Assign vars ($v of this instance) or globals ($g of the run) within the service's bounds: each value at most
   * max_value_bytes, all of them together at most max_vars_bytes; past a bound the instance aborts naming it.
   */
  assign(target: 'vars' | 'globals', values: JsonObject): void;
  /** Store a received message in $i under `name` (the message's name in the plugin's vocabulary). */
  received(name: string, fields: Json): void;

  /** Trace text into trace_log when detailed and trace_level >= level. */
  trace(level: 1 | 2 | 3, text: string): void;
  /** Whether a message record would be kept: check before building costly decoded views. */
  readonly recordsMessages: boolean;
  /** Record a message sent or received (kept for the first instance and the failures kept in detail; bytes at trace_level >= 2). */
  message(record: MessageRecord): void;
}

/** Context for static checks at ExecuteTest time (before the run is answered 'ok'). */
export interface PrepareContext<G = unknown> {
  readonly params: Readonly<JsonObject>;
  readonly type: string;
  readonly label: string | undefined;
  readonly opIndex: number;
  /** JSON path of this operation's arguments, e.g. `operations[2].arguments`. */
  readonly path: string;
  /** Labels defined in the definition (for branch targets). */
  readonly labels: ReadonlySet<string>;
  /** The gateway instance resolved for this operation, when it declares one. */
  gateway(): G;
}

export type Direction = 'send' | 'receive' | 'local';

export interface OperationDefinition<A = unknown, G = unknown> {
  /** `<family>.<role>_<to|from>_<peer>.<Name>`, or a bare name for the operations of a built-in plugin. */
  type: string;
  /** Other names accepted for the same operation (an older or shorter spelling, e.g. `fam.Request` for `fam.to_peer.Request`). */
  aliases?: readonly string[];
  /**
   * When true the type is also accepted with a label after the family: `fam.Query` matches `fam.<label>.Query`.
   * The label is given to the operation (ctx.label) and used for gateway selection (the `<kind>_<label>` param).
   */
  labelled?: boolean;
  direction: Direction;
  description: string;
  /**
   * Where this type's definition lives, shown by `tester ops <type>` and DescribeOperations: a file of the plugin
   * relative to its folder, optionally followed by what in it (e.g. `catalogue.ts OPERATIONS.InitialDP`); shown
   * prefixed with the plugin's folder. Default: the plugin's folder (`plugins/<name>/` for a built-in).
   */
  source?: string;
  /** Gateway kind this operation needs (a kind some plugin registers with api.gateway()). */
  gateway?: string;
  /**
   * JSON schema of `arguments` (an object schema). `additionalProperties: false` is implied at the top level.
   * String values written "{ ... }" are expressions evaluated per instance before execute(); the evaluated
   * arguments are validated again (numeric strings coerced). For `receive` operations every property not named
   * in `controlArguments` may also be null (must be absent) and may be written `!name` (negated match).
   */
  arguments: JsonSchema;
  /** For receive operations: argument names that control the wait rather than describe the message. */
  controlArguments?: readonly string[];
  /** Argument names whose string values are always expressions (e.g. assert.expression). */
  expressionArguments?: readonly string[];
  /** Argument names whose values are passed through untouched (not evaluated): the operation evaluates them. */
  rawArguments?: readonly string[];
  /**
   * The promise execute() returns always settles once `ctx.endSignal` fires (its waits listen to it). On a run cancel
   * the engine then waits on the operation's own promise instead of a cancellable wrapper around it (a promise and two
   * resolving functions less per waiting instance), and an instance it ends that way counts as cancelled whatever it
   * rejects with. Leave it unset when an operation may ignore the signal: the engine's wrapper ends the wait then.
   */
  settlesOnEnd?: boolean;
  /** Static checks at ExecuteTest, after schema validation; throw a TesterError (code 2002) naming the path. */
  prepare?(args: A, ctx: PrepareContext<G>): void;
  execute(ctx: OperationContext<G>, args: A): Promise<OperationOutcome | void> | OperationOutcome | Later | void;
}
