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

/** Wrap every tap of an observer hook so that a throwing tap is reported and the other taps still run. */
function guarded<H extends { intercept(i: object): void }>(hook: H, name: string, onTapError: (hook: string, tap: string, e: unknown) => void): H {
  hook.intercept({
    register: (tap: { name: string; fn: (...a: unknown[]) => unknown }) => ({
      ...tap,
      fn: (...args: unknown[]) => {
        try {
          return tap.fn(...args);
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
 * reaches the instance); in instanceStart/instanceDone it is reported through `onTapError` and the other taps
 * still run; in done it is ignored.
 */
export function createRunHooks(onTapError: (hook: string, tap: string, e: unknown) => void = () => {}) {
  return Object.freeze({
    /** Before the first instance starts; a throw ends the run (every instance counted aborted). */
    beforeStart: new AsyncSeriesHook<[RunView]>(['run']),
    /** An instance started (index). */
    instanceStart: guarded(new SyncHook<[number]>(['index']), 'instanceStart', onTapError),
    /** An operation of an instance starts. */
    operationStart: new SyncHook<[OperationEvent]>(['event']),
    /** An operation of an instance ended. */
    operationDone: new SyncHook<[OperationDoneEvent]>(['event']),
    /** An instance ended with its outcome and latency. */
    instanceDone: guarded(new SyncHook<[InstanceSummary]>(['summary']), 'instanceDone', onTapError),
    /** The run completed or was cancelled; every instance has ended. */
    done: new AsyncSeriesHook<[RunView]>(['run']),
  });
}
export type RunHookSet = ReturnType<typeof createRunHooks>;
