// A run read back from the run store after a restart: its record as it was last saved. It answers QueryTest,
// CancelTest (nothing left to cancel) and ListTests like a run that has ended; a run that was running when the
// service stopped is `interrupted`, with its last saved counts.
import type { StoredRun } from '../store/run-store.js';

export class PastRun {
  readonly runId: string;
  readonly state: string;
  /** performance.now() time of the end, for retention. */
  readonly completedAt: number;
  readonly completedEpoch: number;
  readonly inProgress = 0;
  readonly finished = Promise.resolve();
  private readonly rec: Record<string, unknown>;

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
    this.state = rec.state as string;
    this.completedEpoch = stored.completedAt ?? now;
    this.completedAt = performance.now() - (now - this.completedEpoch);
  }

  /** What the store should hold for this run now. */
  stored(): StoredRun {
    return { runId: this.runId, state: this.state, completedAt: this.completedEpoch, record: this.rec };
  }

  record(): Record<string, unknown> {
    return { ...this.rec, time_now: this.rec.time_now };
  }

  cancel(): void {}
}
