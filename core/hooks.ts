// Lifecycle hooks (tapable): the one declaration of every hook and of the events they carry. The service owns a
// `ServiceHookSet`, each Test Run a `RunHookSet`; the sdk derives its hook types from these declarations, and
// plugins receive tap-only views (no call methods). Built-in behaviour is taps too: results, per-second buckets
// and histograms (engine/results.ts), the detailed record of the first instance (engine/first-call.ts), gateway
// start and stop (plugins/gateway-lifecycle.ts).
import tapable from 'tapable';
import type { JsonObject } from './api/json.js';
import type { CheckStatus, KnownRun, MessageRecord, RunRecord, RunStart, RunSummary, RunView } from './api/run.js';

const { AsyncSeriesBailHook, AsyncSeriesHook, SyncHook } = tapable;

/**
 * Named stages of taps (tapable runs lower stages first): the kernel's own taps that must run before or after
 * every other tap of a hook say so by these, not by bare numbers.
 */
export const STAGE = Object.freeze({
  /** Before every plugin's tap: the gateways start first on `ready`. */
  FIRST: -100,
  /** Before the plugins' taps, after FIRST: built-ins that stop their timers before anything is torn down. */
  EARLY: -50,
  /** After every plugin's tap: the run's results see each event last; the gateways stop last on `shutdown`. */
  LAST: 100,
});

export interface InstanceSummary {
  index: number;
  outcome: 'passed' | 'failed' | 'aborted' | 'cancelled';
  /** ms from intended start to end. */
  latencyMs: number;
  /** When it ended (performance.now() ms): the engine's own clock reading, so that a tap need not read it again. */
  endedAt?: number;
  /** The instance's final vars, given for the detailed (first) instance only. */
  vars?: JsonObject;
}

export interface OperationEvent {
  index: number;
  opIndex: number;
  type: string;
}

export interface OperationDoneEvent extends OperationEvent {
  /** ok: no check of this operation failed; failed: one did (the instance goes on); aborted: it ended the instance. */
  status: 'ok' | 'failed' | 'aborted';
  latencyMs: number;
}

/** Where in an instance a check, trace or message happened. */
export interface StepEvent {
  index: number;
  step: number;
  opIndex: number;
  /** The flow (`a/b`) and the parallel leg it happened in, if any (docs/definitions.md "Flows"). */
  flow?: string | undefined;
  leg?: string | undefined;
}

export interface CheckEvent extends StepEvent {
  status: CheckStatus;
  text: string;
}

export interface TraceEvent extends StepEvent {
  level: 1 | 2 | 3;
  text: string;
}

export interface MessageEvent extends StepEvent {
  message: MessageRecord;
}

/** One JSON-RPC request answered: its method (undefined when the frame had none) and code (0: a result). */
export interface RequestEvent {
  method: string | undefined;
  code: number;
  ms: number;
}

export function createServiceHooks() {
  return Object.freeze({
    /** A request was answered (the built-in metrics tap counts them by method and code). */
    request: new SyncHook<[RequestEvent]>(['event']),
    /** The service is listening; async warm-up in order (the built-in gateway tap starts every instance first). */
    ready: new AsyncSeriesHook<[]>(),
    /** A run passed validation and was created; tap its hooks here. */
    runCreated: new SyncHook<[RunHandle]>(['run']),
    /** The service is stopping, its runs have ended: release resources (the built-in gateway tap stops every instance last). */
    shutdown: new AsyncSeriesHook<[]>(),
    /** The service's status is read (ListTests' `service`, the metrics): taps add theirs (the worker threads'). */
    status: new SyncHook<[ServiceStatus]>(['status']),
    /** ListTests is answering: taps add what they know (each worker thread's gateway states) to the answer. */
    listTests: new AsyncSeriesHook<[ListTestsAnswer]>(['answer']),
  });
}
export type ServiceHookSet = ReturnType<typeof createServiceHooks>;

/** A worker thread of `tester serve --workers N` as ListTests and the metrics show it. */
export interface WorkerStatus {
  index: number;
  /** up: running parts; restarting: died, a new thread is on its way; gone: crashed too often, not restarted. */
  state: 'up' | 'restarting' | 'gone';
  restarts: number;
}

/** The service process (ListTests' `service`): pid, uptime and memory, and what the status taps add. */
export interface ServiceStatus {
  pid: number;
  uptime_s: number;
  /** process.memoryUsage(), in bytes. */
  memory: { rss: number; heap_used: number; heap_total: number; external: number; array_buffers: number };
  workers?: WorkerStatus[];
}

/** ListTests' answer as its taps see it (core/rpc/methods/list-tests.ts). */
export interface ListTestsAnswer {
  /** Each run's summary without the figures only the metrics read. */
  runs: Array<Omit<RunSummary, 'current_rate' | 'target_rate'>>;
  locks_held: number;
  service: ServiceStatus;
  gateways: Array<{ kind: string; name: string; state: string; default: boolean; detail?: unknown; [k: string]: unknown }>;
}

/** The run manager's hooks (core/engine/run-manager.ts): how runs start, end and are forgotten. */
export function createRunManagerHooks() {
  return Object.freeze({
    /**
     * A run is about to start (checked, locks taken): the first executor that returns a run takes it (the worker
     * threads take the runs they can split); when none does, it runs on this thread.
     */
    executeRun: new AsyncSeriesBailHook<[RunStart], KnownRun | undefined>(['start']),
    /** A run has ended with its final record (the run store saves it; the metrics add its remote parts' latency). */
    runEnded: new SyncHook<[KnownRun, RunRecord]>(['run', 'record']),
    /** A run was forgotten (retention, forget_on_read): who kept it lets it go. */
    runForgotten: new SyncHook<[string]>(['runId']),
  });
}

/** Wrap every tap of an observer hook so that a throwing tap is reported and the other taps still run. */
function guarded<H extends { intercept(i: object): void }>(hook: H, name: string, onTapError: (hook: string, tap: string, e: unknown) => void): H {
  hook.intercept({
    register: (tap: { name: string; fn: (a: unknown, b: unknown) => unknown }) => ({
      ...tap,
      // two parameters, not a rest array: these hooks take one or two, and run per instance
      fn: (a: unknown, b: unknown) => {
        try {
          return tap.fn(a, b);
        } catch (e) {
          onTapError(name, tap.name, e);
          return undefined;
        }
      },
    }),
  });
  return hook;
}

/**
 * A tap that throws in beforeStart ends the run; in operationStart/operationDone it aborts the instance (the throw
 * reaches the instance); in the observer hooks (instanceStart, instanceDone, check, trace, message) it is reported
 * through `onTapError` and the other taps still run; in done it is ignored.
 */
export function createRunHooks(onTapError: (hook: string, tap: string, e: unknown) => void = () => {}) {
  return Object.freeze({
    /** Before the first instance starts; a throw ends the run (every instance counted aborted). */
    beforeStart: new AsyncSeriesHook<[RunView]>(['run']),
    /** An instance started (index; at: when, performance.now() ms, as the scheduler read it). */
    instanceStart: guarded(new SyncHook<[index: number, at?: number]>(['index', 'at']), 'instanceStart', onTapError),
    /** An operation of an instance starts. */
    operationStart: new SyncHook<[OperationEvent]>(['event']),
    /** An operation of an instance ended. */
    operationDone: new SyncHook<[OperationDoneEvent]>(['event']),
    /** A check of the detailed (first) instance was written (every instance's fails and aborts reach the results). */
    check: guarded(new SyncHook<[CheckEvent]>(['event']), 'check', onTapError),
    /** A trace line of the detailed instance, at or below the run's trace_level. */
    trace: guarded(new SyncHook<[TraceEvent]>(['event']), 'trace', onTapError),
    /** A message sent or received by the detailed instance, when the run records messages. */
    message: guarded(new SyncHook<[MessageEvent]>(['event']), 'message', onTapError),
    /** An instance ended with its outcome and latency. */
    instanceDone: guarded(new SyncHook<[InstanceSummary]>(['summary']), 'instanceDone', onTapError),
    /** The run completed or was cancelled; every instance has ended. */
    done: new AsyncSeriesHook<[RunView]>(['run']),
    /** The run's record was made (QueryTest, a part's record): taps may add fields of their own. */
    record: guarded(new SyncHook<[RunRecord]>(['record']), 'record', onTapError),
  });
}
export type RunHookSet = ReturnType<typeof createRunHooks>;

/** Tap-only view of a tapable hook: plugins tap, the owner calls. */
export type Tappable<H> = Omit<H, 'call' | 'callAsync' | 'promise'>;
/** Tap-only views of a whole hook set. */
export type TapOnly<S> = { readonly [K in keyof S]: Tappable<S[K]> };

export type RunHooks = TapOnly<RunHookSet>;
export type ServiceHooks = TapOnly<ServiceHookSet>;

/** A run as given to runCreated taps: its view and its tap-only hooks. */
export interface RunHandle extends RunView {
  readonly hooks: RunHooks;
}

/** Tap-only facades (tapable's withOptions: no call methods), frozen: what plugins receive at run time. */
export function tapOnly<S extends Record<string, { withOptions(o: object): unknown }>>(hooks: S): TapOnly<S> {
  const out: Record<string, unknown> = {};
  for (const [k, h] of Object.entries(hooks)) out[k] = h.withOptions({});
  return Object.freeze(out) as TapOnly<S>;
}
