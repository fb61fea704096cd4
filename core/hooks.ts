// Lifecycle hooks (tapable). The service owns `ServiceHookSet`; each Test Run owns a `RunHookSet`.
// Plugins receive tap-only views (sdk Tappable); results, traces and buckets are taps too.
import tapable from 'tapable';
import type { InstanceSummary, OperationDoneEvent, OperationEvent, RunHandle, RunView } from '../sdk/types.js';

const { AsyncSeriesHook, SyncHook } = tapable;

export function createServiceHooks() {
  return Object.freeze({
    /** The service is listening; async warm-up in order. */
    ready: new AsyncSeriesHook<[]>(),
    /** A run passed validation and was created; tap its hooks here. */
    runCreated: new SyncHook<[RunHandle]>(['run']),
    /** The service is stopping: release resources. */
    shutdown: new AsyncSeriesHook<[]>(),
  });
}
export type ServiceHookSet = ReturnType<typeof createServiceHooks>;

export function createRunHooks() {
  return Object.freeze({
    /** Before the first instance starts; a throw ends the run (every instance counted aborted). */
    beforeStart: new AsyncSeriesHook<[RunView]>(['run']),
    /** An instance started (index). */
    instanceStart: new SyncHook<[number]>(['index']),
    /** An operation of an instance starts. */
    operationStart: new SyncHook<[OperationEvent]>(['event']),
    /** An operation of an instance ended. */
    operationDone: new SyncHook<[OperationDoneEvent]>(['event']),
    /** An instance ended with its outcome and latency. */
    instanceDone: new SyncHook<[InstanceSummary]>(['summary']),
    /** The run completed or was cancelled; every instance has ended. */
    done: new AsyncSeriesHook<[RunView]>(['run']),
  });
}
export type RunHookSet = ReturnType<typeof createRunHooks>;
