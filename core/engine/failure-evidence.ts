// Evidence of failures (the record's `failures[]`, docs/methods.md): the detail first_call has (checks, log lines,
// messages with their bytes, vars at the end) for the first N instances that failed and the first N that aborted
// (ExecuteTest `detail: { failures: N }`). Which instance will fail is known only at its end, so every instance that
// starts while the quota is not full is watched: it writes its detail (engine/instance-detail.ts) as it runs, kept
// when it ends failed or aborted within the quota and dropped otherwise. Once both quotas are full no instance is
// watched: later instances cost nothing. A watched instance at trace_level 0 writes only its fails and aborts
// (passing instances then allocate nothing); at trace_level >= 1 it is detailed as the first instance is.
// Memory: each failure at most max_record_bytes / (2N); the kept ones and the watched ones in flight together draw
// from one pool of 2 × max_record_bytes.
import type { JsonObject, RunRecord, TraceLevel } from '../api/index.js';
import { InstanceDetail, type BytePool } from './instance-detail.js';
import type { Outcome } from './first-call.js';

/** One entry of the record's `failures[]`. */
export type FailureRecord = NonNullable<RunRecord['failures']>[number];

/** `detail.failures` when a run does not say (docs/limits.md). */
export const DEFAULT_FAILURE_DETAIL = 5;
/** The most `detail.failures` may ask for (docs/limits.md). */
export const MAX_FAILURE_DETAIL = 100;

/** The download (builtins/http) and file name (`tester run --pcap`) of a failure's pcap slice. */
function failurePcapName(instance: number): string {
  return `instance-${instance}.pcap`;
}

export class FailureEvidence {
  readonly failures: FailureRecord[] = [];
  private failed = 0;
  private aborted = 0;
  private readonly pool: BytePool;
  private readonly perFailure: number;

  constructor(private readonly quota: number, private readonly traceLevel: TraceLevel, maxRecordBytes: number) {
    this.pool = { left: 2 * maxRecordBytes };
    this.perFailure = quota ? Math.floor(maxRecordBytes / (2 * quota)) : 0;
  }

  /** Whether an instance starting now is watched: while either quota is not full. */
  wants(): boolean {
    return this.failed < this.quota || this.aborted < this.quota;
  }

  /** The detail a watched instance writes into, made at its first entry (`startMs`: its start, wall clock). */
  open(index: number, startMs: number): InstanceDetail {
    return new InstanceDetail(index, this.traceLevel, this.perFailure, this.pool, startMs);
  }

  /** A watched instance ended: its detail is kept as a failure while the quota of its outcome is not full. */
  ended(detail: InstanceDetail | undefined, instance: number, outcome: Outcome, latencyMs: number, vars: JsonObject | undefined): void {
    if (!detail) return;
    const keep = (outcome === 'failed' && this.failed < this.quota) || (outcome === 'aborted' && this.aborted < this.quota);
    if (!keep) return detail.release();
    if (outcome === 'failed') this.failed++;
    else this.aborted++;
    detail.done(outcome, latencyMs, vars);
    const reason = outcome === 'failed' ? detail.firstFail : detail.abort;
    const r = detail.record;
    const pcap = r.messages.some((m) => m.hex && m.dissector) ? { pcap: failurePcapName(instance) } : {};
    this.failures.push({ instance, reason: reason?.text ?? outcome, op_idx: reason?.opIndex ?? -1, ...pcap, ...r, outcome });
  }
}
