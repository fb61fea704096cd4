// What an instance (core/engine/instance.ts) needs of its run and reports to it: the run (core/engine/run.ts)
// implements InstanceHost.
import type { JsonObject, RunView } from '../api/index.js';
import type { CompiledDefinition } from './definition.js';
import type { RunHookSet } from '../hooks.js';
import type { RegexCache } from './regex.js';
import type { Outcome } from './first-call.js';
import type { Bag, BagMember } from './bag.js';
import type { SizeLedger } from './size-ledger.js';
import type { FailureEvidence } from './failure-evidence.js';

/** What an instance reports to its run. */
export interface InstanceHost {
  readonly view: RunView;
  readonly def: CompiledDefinition;
  readonly hooks: RunHookSet;
  readonly globals: JsonObject;
  readonly regexCache: RegexCache;
  /** Sizes of the run's globals, for max_vars_bytes (shared by its instances). */
  readonly globalSizes: SizeLedger;
  /** Failure evidence: whether an instance is watched, and what a watched one wrote when it ends. */
  readonly evidence: FailureEvidence;
  recordProblem(kind: 'fail' | 'abort', index: number, opIdx: number, text: string): void;
  readonly isCancelled: boolean;
  /**
   * The instances that have waited on an operation or made their end signal (an operation asked for ctx.endSignal or
   * ctx.signal): a run cancel ends their wait and fires their signal.
   */
  readonly cancellers: Bag<Cancellable>;
  /**
   * The instance ended (once per instance; never from within runInstance's own call). `sameRun`: reported in the
   * synchronous run that ended it (its `endedAt` is the clock of just before).
   */
  instanceEnded(index: number, end: InstanceEnd, sameRun?: boolean): void;
  /** An internal fault ended the instance (a hook's throw outside an operation, a bug): no outcome. */
  instanceFault(index: number, e: unknown): void;
}

/** An instance's wait on an operation and its end signal, as a run cancel ends them. */
export interface Cancellable extends BagMember {
  cancel(e: Error): void;
}

/** How an instance ended; `vars` for the detailed (first) instance. */
export interface InstanceEnd {
  outcome: Outcome;
  latencyMs: number;
  /** The clock (performance.now() ms) when it ended. */
  endedAt: number;
  vars?: JsonObject;
}
