// What a run's event streams send, read once a second per run however many clients watch it: the run's summary
// (its counters, with the current and target rate) and its record (for the per-second buckets and the
// thresholds' states). Nothing taps the instances: a 20,000/s run costs its watchers one summary and one record a
// second. Each stream keeps how many buckets it sent and gets only the new ones.
import type { KnownRun, RunRecord, RunSummary } from '../../core/api/index.js';

export interface Snapshot {
  summary: RunSummary;
  buckets: RunRecord['buckets'];
  thresholds: NonNullable<RunRecord['thresholds']>;
  /** The run had ended before this snapshot was read: it is final. */
  ended: boolean;
}

type Listener = (s: Snapshot) => void;

const TICK_MS = 1000;

/** The snapshots of one run, read while somebody listens. */
class Feed {
  private readonly listeners = new Set<Listener>();
  private timer: NodeJS.Timeout | undefined;
  private ended = false;
  private reading = false;

  constructor(
    private readonly run: KnownRun,
    private readonly onIdle: () => unknown,
    private readonly log: (text: string) => void,
  ) {
    void run.finished.then(() => {
      this.ended = true;
      void this.tick();
    });
  }

  add(l: Listener): void {
    this.listeners.add(l);
    this.timer ??= setInterval(() => void this.tick(), TICK_MS);
    void this.tick();
  }

  remove(l: Listener): void {
    if (!this.listeners.delete(l) || this.listeners.size) return;
    clearInterval(this.timer);
    this.timer = undefined;
    this.onIdle();
  }

  /** Read the run once and tell every listener (a read still under way is not doubled). */
  private async tick(): Promise<void> {
    if (this.reading || !this.listeners.size) return;
    this.reading = true;
    const ended = this.ended; // read before the record: when set, the record read after it is the final one
    try {
      const [summary, record] = await Promise.all([this.run.summary(), this.run.record()]);
      const snap: Snapshot = { summary, buckets: record.buckets ?? [], thresholds: record.thresholds ?? [], ended };
      for (const l of this.listeners) l(snap);
      if (ended) for (const l of this.listeners) this.remove(l);
    } catch (e) {
      this.log(`event stream of ${this.run.runId}: ${(e as Error)?.message ?? String(e)}`);
    } finally {
      this.reading = false;
    }
    // the run ended while it was read: the final snapshot now, not a second later
    if (this.ended && !ended) void this.tick();
  }
}

/** The feeds of the runs being watched, by run id. */
export class RunFeeds {
  private readonly feeds = new Map<string, Feed>();

  constructor(private readonly log: (text: string) => void) {}

  /** Listen to a run's snapshots (the first comes at once); returns the function that stops listening. */
  subscribe(run: KnownRun, listener: Listener): () => void {
    let feed = this.feeds.get(run.runId);
    if (!feed) {
      const created: Feed = new Feed(run, () => this.feeds.get(run.runId) === created && this.feeds.delete(run.runId), this.log);
      feed = created;
      this.feeds.set(run.runId, feed);
    }
    feed.add(listener);
    const f = feed;
    return () => f.remove(listener);
  }
}
