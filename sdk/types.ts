// The types plugin authors program against. The core implements them; plugins import them from `sdk/index.ts`.
import type { AsyncSeriesHook, SyncHook } from 'tapable';

/** Plain JSON data: what expressions, arguments, results and messages carry. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A JSON schema (draft-07, compiled by the core's single ajv instance). */
export type JsonSchema = Record<string, unknown>;

/** The outcome a check writes to an instance's check_log. */
export type CheckStatus = 'pass' | 'fail' | 'abort';

export interface CheckLogEntry {
  step: number;
  op_idx: number;
  status: CheckStatus;
  text: string;
  time: [number, number];
}

/** trace_level: 0 none, 1 debug, 2 dump, 3 spam. */
export type TraceLevel = 0 | 1 | 2 | 3;

/**
 * One protocol message sent or received by an instance. Recorded into `first_call.messages[]` when the instance
 * is traced (the first instance, trace_level >= 1); `hex` and `bytes` only at trace_level >= 2.
 */
export interface MessageRecord {
  direction: 'sent' | 'received';
  /** Protocol family, e.g. 'inap', 'diameter', 'rest'. */
  protocol: string;
  /** Message / operation name, e.g. 'InitialDP', 'CCR', 'GET /subscribers/1'. */
  name: string;
  /** Decoded fields (the flattened form for INAP, AVPs for Diameter, ...). */
  fields?: Json;
  /**
   * The encoded bytes as they went on the wire, for `--pcap` and hex dumps. `dissector` names the Wireshark
   * dissector that decodes them (written as an EXPORTED_PDU pcap record): 'm3ua', 'diameter', 'http', ...
   */
  bytes?: Uint8Array;
  dissector?: string;
  /** Optional text describing the peer (address or gateway instance). */
  peer?: string;
}

/** What an operation's execute() may return. */
export interface OperationOutcome {
  /** The operation's result object: `tests[]` kpaths apply to it; inbound ops also store it in `$i`. */
  result?: Json;
  /** Logic: continue at this label instead of the next operation. */
  goto?: string;
  /** Logic: end the instance now, successfully (unless checks failed). */
  halt?: boolean;
}

/** Thrown (via ctx.abort) to end an instance as aborted. */
export interface InstanceAbortLike extends Error {
  readonly instanceAbort: true;
}

/** Run-level view given to operations: read-only. */
export interface RunView {
  readonly runId: string;
  /** The validated ExecuteTest params (numeric strings already coerced), e.g. params.scp, params.ssp_ac. */
  readonly params: Readonly<JsonObject>;
  readonly traceLevel: TraceLevel;
  /** Aborted when the run is cancelled. */
  readonly signal: AbortSignal;
}

/** Passed to an operation's execute(). One per operation step of one instance. */
export interface OperationContext<G = unknown> {
  readonly run: RunView;
  /** Instance index ($n), 0 for the first (detailed) instance. */
  readonly index: number;
  /** Index of the operation in the definition, and the running step counter. */
  readonly opIndex: number;
  readonly step: number;
  /** The operation type as written in the definition (may be an alias or carry a label). */
  readonly type: string;
  /** For labelled types (`db.<label>.<method>`), the label; otherwise undefined. */
  readonly label: string | undefined;
  /** $v: run vars of this instance (mutable). */
  readonly vars: JsonObject;
  /** $g: globals shared by all instances of the run (mutable). */
  readonly globals: JsonObject;
  /** $i: last received message per operation name (mutable via received()). */
  readonly inbound: JsonObject;
  /** True when this instance is traced in detail (the first instance). */
  readonly detailed: boolean;
  /** Aborted when the instance ends (cancel, abort, timeout of the run). Pass it to waits and I/O. */
  readonly signal: AbortSignal;
  /** Default time to wait for an inbound message, ms (scp.tcap_timeout * 1000, default 10 000). */
  readonly inboundTimeoutMs: number;

  /** The gateway instance chosen for this operation (by its `gateway` kind, the ExecuteTest params and defaults). */
  gateway(): G;
  /** Per-instance state owned by a plugin (e.g. open TCAP dialogues), created on first use. */
  state<T extends object>(key: string, init: () => T): T;
  /** Run a cleanup when the instance ends (any outcome), in reverse order of registration. */
  defer(fn: () => void | Promise<void>): void;

  /** Write a check to the check_log. 'abort' does not throw; use abort() to end the instance. */
  check(status: CheckStatus, text: string): void;
  pass(text: string): void;
  fail(text: string): void;
  /** Record an abort check and end the instance (throws an InstanceAbort). */
  abort(text: string): never;
  /**
   * Match expected fields against a received message (DESIGN §3): each given field must equal the received
   * value; null means "must be absent"; a leading `!` negates ("must not equal", with null "must be present").
   * Writes one pass/fail check per field; returns false when any failed. Keys listed in `ignore` are skipped.
   */
  match(what: string, expected: JsonObject, received: JsonObject, opts?: { ignore?: readonly string[] }): boolean;
  /** Store a received message in $i under `name` (e.g. 'ReleaseCall', 'REST', 'CCA'). */
  received(name: string, fields: Json): void;

  /** Trace text into trace_log when detailed and trace_level >= level. */
  trace(level: 1 | 2 | 3, text: string): void;
  /** Whether a message record would be kept: check before building costly decoded views. */
  readonly recordsMessages: boolean;
  /** Record a message sent or received (kept for the detailed instance; bytes kept at trace_level >= 2). */
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

export interface OperationDefinition<A = any, G = any> {
  /** `<family>.<role>_<to|from>_<peer>.<Name>`, or a bare name for logic ops. */
  type: string;
  /** Other names accepted for the same operation (e.g. 'diameter.Request', 'ocncc.osd.Request'). */
  aliases?: readonly string[];
  /**
   * When true the type is also accepted with a label after the family: `db.Query` matches `db.<label>.Query`.
   * The label is given to the operation (ctx.label) and used for gateway selection (`db_<label>` param).
   */
  labelled?: boolean;
  direction: Direction;
  description: string;
  /** Gateway kind this operation needs ('sigtran', 'diameter', 'db', 'rest', 'osd', or a plugin's own). */
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
  /** Static checks at ExecuteTest, after schema validation; throw a TesterError (code 2002) naming the path. */
  prepare?(args: A, ctx: PrepareContext<G>): void;
  execute(ctx: OperationContext<G>, args: A): Promise<OperationOutcome | void> | OperationOutcome | void;
}

export type GatewayState = 'down' | 'connecting' | 'up';

/** A named gateway instance (one entry of a plugin's options). Protocol methods are the plugin's own. */
export interface GatewayInstance {
  readonly name: string;
  /** Current state; a run that needs an instance that is not 'up' is refused with 2003 naming it. */
  state(): GatewayState;
  /** Short human-readable status (peer address, last error), shown by ListTests / describe. */
  describe?(): Json;
  /** Called once at service start and at shutdown. */
  start?(): Promise<void> | void;
  stop?(): Promise<void> | void;
}

export interface GatewayDefinition<G extends GatewayInstance = GatewayInstance> {
  /** The kind: operations name it in `gateway`; the ExecuteTest param of the same name picks an instance. */
  kind: string;
  /** When true, `<kind>_<label>` ExecuteTest params pick the instance for labelled operations. */
  labelled?: boolean;
  instances: readonly G[];
  /** Name of the default instance (otherwise the first). */
  defaultInstance?: string;
  /** Per-label default instance names (e.g. { smf: 'DB-SMF01' }), consulted before the `<kind>` param. */
  labelDefaults?: Readonly<Record<string, string>>;
  /** Whether the instance must be 'up' for a run to start (default true). */
  requireUp?: boolean;
}

/** A jexl function or transform a plugin adds, named `<plugin>_<name>`. */
export type ExpressionFunction = (...args: any[]) => unknown;

/** Tap-only view of a tapable hook: plugins tap, the owner calls. */
export type Tappable<H> = Omit<H, 'call' | 'callAsync' | 'promise'>;

export interface InstanceSummary {
  index: number;
  outcome: 'passed' | 'failed' | 'aborted' | 'cancelled';
  /** ms from intended start to end. */
  latencyMs: number;
}

export interface OperationEvent {
  index: number;
  opIndex: number;
  type: string;
}

export interface OperationDoneEvent extends OperationEvent {
  status: 'ok' | 'failed' | 'aborted';
  latencyMs: number;
}

/** The hooks of one Test Run (tap them from service.hooks.runCreated). */
export interface RunHooks {
  beforeStart: Tappable<AsyncSeriesHook<[RunView]>>;
  instanceStart: Tappable<SyncHook<[number]>>;
  operationStart: Tappable<SyncHook<[OperationEvent]>>;
  operationDone: Tappable<SyncHook<[OperationDoneEvent]>>;
  instanceDone: Tappable<SyncHook<[InstanceSummary]>>;
  done: Tappable<AsyncSeriesHook<[RunView]>>;
}

export interface RunHandle extends RunView {
  readonly hooks: RunHooks;
}

export interface ServiceHooks {
  ready: Tappable<AsyncSeriesHook<[]>>;
  runCreated: Tappable<SyncHook<[RunHandle]>>;
  shutdown: Tappable<AsyncSeriesHook<[]>>;
}

/** What setup() receives. Everything is registered before the registry freezes at boot. */
export interface PluginApi {
  readonly name: string;
  operation(def: OperationDefinition): void;
  gateway<G extends GatewayInstance>(def: GatewayDefinition<G>): void;
  /** Add an ExecuteTest top-level param (validated with this schema) that this plugin reads. */
  param(name: string, schema: JsonSchema, description: string): void;
  /** Add a jexl function usable in expressions; `name` must start with `<plugin>_`. */
  expressionFunction(name: string, fn: ExpressionFunction): void;
  /** The value a declared dependency's setup() returned. */
  use<T = unknown>(plugin: string): T;
  readonly hooks: ServiceHooks;
  /** Service log (stderr), prefixed with the plugin name. */
  log(level: 'error' | 'warn' | 'info' | 'debug', text: string): void;
  /** Directory for the plugin's files (SQLite database, captures), created on demand. */
  dataDir(): string;
}

export interface PluginDefinition<O = any, E = unknown> {
  name: string;
  version: string;
  description?: string;
  /** Families of operation types this plugin may register besides its name (e.g. 'tcap', 'ocncc'). */
  namespaces?: readonly string[];
  /** Other plugins this one needs, with semver ranges (e.g. { sigtran: '^0.1.0' }); loaded before it. */
  dependencies?: Readonly<Record<string, string>>;
  /** JSON schema of this plugin's options in plugins.json (defaults applied). */
  optionsSchema?: JsonSchema;
  /** Register operations, gateways, params and taps. What it returns is available to dependents via api.use(). */
  setup(api: PluginApi, options: O): E | Promise<E>;
  /**
   * Extra `tester <name>` commands this plugin offers (e.g. the inap plugin's `scp-sim`). `run` gets the
   * arguments after the command name and the plugin's options from plugins.json, and returns the exit code.
   */
  commands?: Readonly<Record<string, CliCommand<O>>>;
}

export interface CliCommand<O = any> {
  description: string;
  /** Multi-line help text printed by `tester <name> --help`. */
  help: string;
  run(args: string[], options: O): Promise<number>;
}
