// The run's results, gathered by taps on its hooks: counts, latency histograms per operation type and per
// instance, per-second buckets, the first fails and aborts.
import { redactText } from '../redact.js';
import { STAGE, type RunHookSet } from '../hooks.js';
import { LatencyHistogram, type LatencySummary } from './histogram.js';
import type { RunRecord } from '../api/index.js';

/** Instances by outcome, per-second buckets, first fails and aborts: as the result record declares them. */
export type Counts = RunRecord['counts'];
export type Bucket = RunRecord['buckets'][number];
export type Problem = RunRecord['first_fails'][number];

/** Entries kept in first_fails and in first_aborts. */
export const FIRST_N = 10;
/** Longest text kept in first_fails / first_aborts. */
const MAX_PROBLEM_TEXT = 4000;
const MAX_BUCKETS = 24 * 3600;

const BUCKET_PERCENTILES = [50, 99] as const;

/** The record's `latency` without `hdr`. */
export type LatencyFigures = Omit<RunRecord['latency'], 'hdr'>;
/** The serialised histograms of `latency.hdr`. */
export type EncodedHistograms = NonNullable<RunRecord['latency']['hdr']>;


export class RunResults {
  readonly counts: Counts = { started: 0, finished: 0, passed: 0, failed: 0, aborted: 0, cancelled: 0, dropped: 0 };
  readonly firstFails: Problem[] = [];
  readonly firstAborts: Problem[] = [];
  /** The instances' latencies and each operation type's; let go by close() once the run has ended (see `final`). */
  private instanceLatency: LatencyHistogram | undefined = new LatencyHistogram();
  private readonly opLatency = new Map<string, LatencyHistogram>();
  /**
   * Once the run has ended: its latency figures and serialised histograms, read once. A retained run keeps these
   * (a few KB) instead of its histograms (~94 KB each: the instance's and one per operation type), so the 1,000 runs
   * `--max-retained-runs` allows hold tens of MB, not hundreds.
   */
  private final: { latency: LatencyFigures; encoded: EncodedHistograms } | undefined;
  private buckets: Bucket[] = [];
  /**
   * The open second's instance latencies, for its bucket's p50/p99: a histogram like the run's (3 significant
   * digits), read and reset when the second closes. It counts every instance of the second in fixed memory; the
   * sorted array of samples it replaces held up to 20,000 of them and its sort stalled the event loop for 3-20 ms
   * once a second at 20,000 instances/s (docs/performance.md). Released by close() when the run ends (a retained
   * run keeps its buckets, not ~94 KB of counts).
   */
  private second: LatencyHistogram | undefined = new LatencyHistogram();
  private openSecond = -1;
  firstStartAt = 0;
  lastStartAt = 0;

  constructor(private readonly t0: number, hooks: RunHookSet) {
    hooks.instanceStart.tap({ name: 'results', stage: STAGE.LAST }, (_index, at) => {
      const now = at ?? performance.now();
      if (this.counts.started === 0) this.firstStartAt = now;
      this.lastStartAt = now;
      this.counts.started++;
      this.bucket(now).started++;
    });
    hooks.operationDone.tap({ name: 'results', stage: STAGE.LAST }, (e) => {
      if (e.status === 'aborted' || this.final) return;
      let h = this.opLatency.get(e.type);
      if (!h) this.opLatency.set(e.type, (h = new LatencyHistogram()));
      h.record(e.latencyMs);
    });
    hooks.instanceDone.tap({ name: 'results', stage: STAGE.LAST }, (s) => {
      const now = s.endedAt ?? performance.now();
      const b = this.bucket(now);
      switch (s.outcome) {
        case 'cancelled':
          this.counts.cancelled++;
          return;
        case 'aborted':
          this.counts.aborted++;
          b.aborted++;
          break;
        case 'failed':
          this.counts.failed++;
          b.failed++;
          break;
        default:
          this.counts.passed++;
      }
      this.counts.finished++;
      b.finished++;
      this.instanceLatency?.record(s.latencyMs);
      this.second?.record(s.latencyMs);
    });
  }

  dropped(): void {
    this.counts.dropped++;
    this.bucket(performance.now()).dropped++;
  }

  problem(kind: 'fail' | 'abort', p: Problem): void {
    const list = kind === 'fail' ? this.firstFails : this.firstAborts;
    if (list.length < FIRST_N) {
      const text = redactText(p.text.length > MAX_PROBLEM_TEXT ? `${p.text.slice(0, MAX_PROBLEM_TEXT)}… (${p.text.length} characters)` : p.text);
      list.push(text === p.text ? p : { ...p, text });
    }
  }

  private bucket(now: number): Bucket {
    const sec = Math.min(MAX_BUCKETS - 1, Math.max(0, Math.floor((now - this.t0) / 1000)));
    if (sec !== this.openSecond) this.closeSecond(sec);
    let b = this.buckets[sec];
    if (!b) {
      for (let i = this.buckets.length; i <= sec; i++) {
        this.buckets[i] ??= { second: i, started: 0, finished: 0, failed: 0, aborted: 0, dropped: 0, p50: 0, p99: 0, num_calls_started: 0, num_calls_finished: 0 };
      }
      b = this.buckets[sec]!;
    }
    return b;
  }

  private closeSecond(next: number): void {
    const prev = this.buckets[this.openSecond];
    if (prev) this.secondPercentiles(prev);
    this.second?.reset();
    this.openSecond = next;
  }

  /**
   * The run has ended: the open second's percentiles and the latency figures are final, read once, and the
   * histograms are let go. Instances reported after it are counted but change no latency figure.
   */
  close(): void {
    if (this.final) return;
    const open = this.buckets[this.openSecond];
    if (open) this.secondPercentiles(open);
    this.second = undefined;
    this.final = { latency: this.latency(), encoded: this.encodedHistograms() };
    this.instanceLatency = undefined;
    this.opLatency.clear();
  }

  /** The open second's p50/p99 into its bucket (left as they are while it has no finished instance). */
  private secondPercentiles(b: Bucket): void {
    if (!this.second?.count) return;
    const [p50, p99] = this.second.scan(BUCKET_PERCENTILES).values;
    b.p50 = Math.round(p50!) / 1000;
    b.p99 = Math.round(p99!) / 1000;
  }

  /** Buckets as reported (the open one with its percentiles so far). */
  bucketList(): Bucket[] {
    const out = this.buckets.map((b) => ({ ...b, num_calls_started: b.started, num_calls_finished: b.finished }));
    const open = out[this.openSecond];
    if (open) this.secondPercentiles(open);
    return out;
  }

  /** The record's `latency` (a fresh object each time: the record adds `hdr` to it). */
  latency(): LatencyFigures {
    if (this.final) return { ...this.final.latency };
    const operations: Record<string, LatencySummary> = {};
    for (const [k, h] of this.opLatency) operations[k] = h.summary();
    const { summary, distribution } = this.instanceLatency!.summaryAndDistribution();
    return { instance: summary, operations, distribution };
  }

  /** The latency histograms serialised (LatencyHistogram.encode), for `latency.hdr`: mergeable exactly. */
  encodedHistograms(): EncodedHistograms {
    if (this.final) return this.final.encoded;
    const operations: Record<string, string> = {};
    for (const [k, h] of this.opLatency) operations[k] = h.encode();
    return { instance: this.instanceLatency!.encode(), operations };
  }

  /** Achieved start rate, instances per second. */
  rate(): number {
    const n = this.counts.started;
    if (n < 2) return n;
    const span = (this.lastStartAt - this.firstStartAt) / 1000;
    return span > 0 ? Math.round(((n - 1) / span) * 100) / 100 : n;
  }
}
