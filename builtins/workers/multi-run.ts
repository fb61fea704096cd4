// A run executed on several worker threads of one service (`tester serve --workers N`, docs/workers.md): part w
// runs on worker w as a slice of the run (core/engine/slice.ts), part 0 on the main thread. Its record is the parts'
// records combined as `tester merge` combines slices (merge.ts): counts summed, histograms added
// exactly, first_call and globals from part 0 (which holds $n = 0), every part's globals in `workers[]`.
// The main thread holds the run's locks until every part has ended; a cancel reaches every part; a part that
// ends aborted (an internal fault) cancels the others, as a fault ends a run on one worker.
import type { Distribution, KnownRun, LocalRun, RunRecord, RunState, RunSummary } from '../../core/api/index.js';
import { combineRecords } from './merge.js';
import { distributionRecord } from '../../core/engine/run.js';
import { targetRateAt } from '../../core/engine/rates.js';
import type { WorkerThread } from './pool.js';
import { nowMs, toSecUsec } from '../../core/engine/clock.js';
import { LatencyHistogram } from '../../core/engine/histogram.js';

type Rec = RunRecord;

interface Part {
  /** 0: the main thread's part; otherwise a worker thread. */
  thread: WorkerThread | undefined;
  /** The latest record read from a running remote part. */
  last?: Rec;
  /** Its final record, once it has ended. */
  final?: Rec;
}

const STATES: RunState[] = ['aborted', 'interrupted', 'cancelled', 'completed'];

export class MultiRun implements KnownRun {
  state: RunState = 'running';
  completedAt: number | undefined;
  readonly finished: Promise<void>;
  private resolveFinished!: () => void;
  private local: LocalRun | undefined;
  private readonly parts: Part[];
  private finalRecord: Rec | undefined;

  /** `onEnd` is called once, with the final record, when every part has ended (before `finished` settles). */
  constructor(
    readonly runId: string,
    private readonly distribution: Distribution,
    threads: readonly WorkerThread[],
    private readonly onEnd: (run: MultiRun, record: Rec) => void,
  ) {
    this.parts = [{ thread: undefined }, ...threads.map((thread) => ({ thread }))];
    this.finished = new Promise((r) => (this.resolveFinished = r));
  }

  get workers(): number {
    return this.parts.length;
  }

  /** The main thread's part (slice part 0 of the run). */
  attachLocal(run: LocalRun): void {
    this.local = run;
  }

  get inProgress(): number {
    if (this.finalRecord) return 0;
    return (this.local?.inProgress ?? 0) + this.parts.slice(1).reduce((a, p) => a + Number((p.final ?? p.last)?.in_progress ?? 0), 0);
  }

  /** A part's end, with its final record. */
  partEnded(index: number, rec: Rec): void {
    const p = this.parts[index];
    if (!p || p.final) return;
    p.final = rec;
    // a fault ends the whole run, as on one worker: the other parts are stopped
    if (rec.state === 'aborted') this.stopParts('cancelled');
    if (this.parts.every((q) => q.final)) this.end();
  }

  /**
   * A part whose worker thread exited before it ended: its last record read (or an empty one), aborted with the
   * reason; the other parts are cancelled as for a fault.
   */
  partLost(index: number, why: string): void {
    const p = this.parts[index];
    if (!p || p.final) return;
    const last = p.last;
    const empty = new LatencyHistogram();
    const rec: Rec = last
      ? { ...last, in_progress: 0 }
      : { run_id: this.runId, state: 'aborted', completed: 1, distribution: distributionRecord(this.distribution), time_start: toSecUsec(nowMs()), counts: { started: 0, finished: 0, passed: 0, failed: 0, aborted: 0, cancelled: 0, dropped: 0 }, in_progress: 0, rate: 0, first_fails: [], first_aborts: [], globals: {}, latency: { instance: empty.summary(), operations: {}, distribution: [], hdr: { instance: empty.encode(), operations: {} } }, buckets: [], max_in_progress: 0 };
    rec.state = 'aborted';
    rec.time_finish = toSecUsec(nowMs());
    rec.abort_reason = `internal fault: ${why}`;
    rec.first_aborts = [...(rec.first_aborts ?? []), { idx: -1, op_idx: -1, text: rec.abort_reason, time: rec.time_finish }];
    this.partEnded(index, rec);
  }

  private end(): void {
    if (this.finalRecord) return;
    this.finalRecord = this.combine(this.parts.map((p) => p.final!), false);
    this.state = this.finalRecord.state as RunState;
    this.completedAt = performance.now();
    try {
      this.onEnd(this, this.finalRecord);
    } finally {
      this.resolveFinished();
    }
  }

  cancel(): void {
    this.stopParts('cancelled');
  }

  /** The service is stopping. */
  interrupt(): void {
    this.stopParts('interrupted');
  }

  private stopParts(how: 'cancelled' | 'interrupted'): void {
    if (this.finalRecord) return;
    if (how === 'interrupted') this.local?.interrupt();
    else this.local?.cancel();
    for (const p of this.parts) if (p.thread && !p.final) p.thread.cancel(this.runId);
  }

  /** The record now, from the parts' records read last (the remote parts' as of the last ask). */
  private lastRecord(): Rec {
    if (this.finalRecord) return { ...this.finalRecord, time_now: toSecUsec(nowMs()) };
    const recs: Rec[] = [];
    this.parts.forEach((p, i) => {
      const r = i === 0 ? (p.final ?? this.local?.partRecord()) : (p.final ?? p.last);
      if (r) recs.push(r);
    });
    return this.combine(recs, true);
  }

  /** The latest records of the parts on worker threads (as of the last ask; the final ones once they ended). */
  remoteParts(): readonly Rec[] {
    return this.parts.slice(1).flatMap((p) => {
      const r = p.final ?? p.last;
      return r ? [r] : [];
    });
  }

  private fetching: Promise<unknown> | undefined;

  /** The record with every running part asked for its record now (concurrent callers share one round of asks). */
  async record(): Promise<Rec> {
    if (!this.finalRecord) {
      this.fetching ??= this.fetchParts().finally(() => (this.fetching = undefined));
      await this.fetching;
    }
    return this.lastRecord();
  }

  async summary(): Promise<RunSummary> {
    const rec = await this.record();
    const out: RunSummary = { run_id: this.runId, state: rec.state, completed: rec.completed, counts: rec.counts, in_progress: Number(rec.in_progress ?? 0), time_start: rec.time_start, rate: rec.rate };
    if (rec.completed !== 1) {
      out.current_rate = currentRate(rec);
      const d = this.distribution;
      if (d.type === 'linear') out.target_rate = targetRateAt({ start: d.start, rate: d.rate, ramp_secs: d.rampSecs }, (nowMs() - wallMs(rec.time_start)) / 1000);
    }
    out.workers = this.workers;
    return out;
  }

  private async fetchParts(): Promise<void> {
    await Promise.all(
      this.parts.map(async (p) => {
        if (!p.thread || p.final) return;
        try {
          const r = await p.thread.record(this.runId);
          if (r) p.last = r;
        } catch {
          /* the worker exited: its last record stands */
        }
      }),
    );
  }

  private combine(recs: Rec[], running: boolean): Rec {
    const d = this.distribution;
    const rec = combineRecords(
      recs.map((r, i) => ({ name: `worker ${i}`, rec: r })),
      { distribution: distributionRecord(d), running },
    ) as Rec;
    // the worst of the parts' states (a cancelled run whose parts all completed first is completed)
    if (!running) rec.state = STATES.find((s) => recs.some((r) => r.state === s)) ?? 'completed';
    // as a running run's record on one worker: no serialised histograms until the end
    else delete rec.latency.hdr;
    // as the record of the run on one worker: a slice names the whole run's distribution
    if (d.slice) rec.slice = { index: d.slice.index, count: d.slice.count, distribution: distributionRecord({ ...d, ...d.slice }) };
    // keep the key order of a one-worker record, then the parts
    const ordered: Record<string, unknown> = {};
    for (const k of ['run_id', 'state', 'completed', 'time_now', 'time_start', 'time_finish', 'duration', 'counts', 'in_progress', 'distribution', 'slice'] as const) if (k in rec) ordered[k] = rec[k];
    return { ...(ordered as Rec), ...rec, workers: recs.map((r, i) => ({ index: i, state: r.state, counts: r.counts, rate: r.rate, globals: r.globals ?? {} })) };
  }
}

/** A record's [sec, usec] as milliseconds of wall time. */
function wallMs(t: unknown): number {
  return Array.isArray(t) ? Number(t[0]) * 1000 + Number(t[1]) / 1000 : nowMs();
}

/** Instances a running run started in the last whole second, from its merged record's buckets. */
function currentRate(rec: Rec): number {
  const sec = Math.floor((nowMs() - wallMs(rec.time_start)) / 1000);
  if (sec < 1 || !Array.isArray(rec.buckets)) return 0;
  return Number(rec.buckets.find((b: { second: number }) => b.second === sec - 1)?.started ?? 0);
}
