// A run read back from the run store after a restart: its record as it was last saved. It answers QueryTest,
// CancelTest (nothing left to cancel) and ListTests like a run that has ended; a run that was running when the
// service stopped is `interrupted`, with its last saved counts.
import type { KnownRun, RunRecord, RunState, RunSummary } from '../../core/api/index.js';
import type { StoredRun } from './run-store.js';

export class PastRun implements KnownRun {
  readonly runId: string;
  readonly state: RunState;
  /** performance.now() time of the end, for retention. */
  readonly completedAt: number;
  readonly completedEpoch: number;
  readonly finished = Promise.resolve();
  private readonly rec: RunRecord;

  constructor(stored: StoredRun, now = Date.now()) {
    this.runId = stored.runId;
    const rec = { ...stored.record };
    if (stored.completedAt === undefined || rec.state === 'running') {
      rec.state = 'interrupted';
      rec.completed = 1;
      rec.in_progress = 0;
      rec.interrupted_reason = 'the service stopped while the run was running; counts are the last saved ones';
      rec.time_finish ??= rec.time_now;
    }
    this.rec = rec;
    this.state = rec.state as RunState;
    this.completedEpoch = stored.completedAt ?? now;
    this.completedAt = performance.now() - (now - this.completedEpoch);
  }

  /** What the store should hold for this run now. */
  stored(): StoredRun {
    return { runId: this.runId, state: this.state, completedAt: this.completedEpoch, record: this.rec };
  }

  async record(): Promise<RunRecord> {
    return { ...this.rec, time_now: this.rec.time_now };
  }

  /** Its line from the saved record, which costs nothing to read. */
  async summary(): Promise<RunSummary> {
    const r = this.rec;
    return { run_id: this.runId, state: r.state, completed: r.completed, counts: r.counts, in_progress: 0, time_start: r.time_start, rate: r.rate };
  }

  cancel(): void {}

  interrupt(): void {}
}
