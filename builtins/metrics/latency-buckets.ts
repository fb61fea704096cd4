// The latency histograms of the Prometheus metrics as plain bucket counts, so that the counts of several threads
// add up: the main thread taps its own runs, each worker thread of `--workers N` taps the parts of runs it executes
// and sends their counts with the part's record, and the metrics add the parts' counts to the main thread's when
// they are scraped, as QueryTest merges the parts' records (latency.ts).
import type { RunHandle } from '../../core/hooks.js';

/** Latency buckets in seconds: 0.5 ms to 30 s. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** One label value's counts: `b[i]` the observations in (bound i-1, bound i] (not cumulative), and sum and count of all. */
export interface BucketCounts {
  b: number[];
  sum: number;
  count: number;
}

/** Counts by label value (an outcome, an operation type). */
export type BucketSnapshot = Record<string, BucketCounts>;

/** A run's (or a part's) latency counts: finished instances by outcome, completed operations by type. */
export interface RunLatencySnapshot {
  instance: BucketSnapshot;
  operations: BucketSnapshot;
}

export class LatencyBuckets {
  private readonly by = new Map<string, BucketCounts>();

  private entry(key: string): BucketCounts {
    let e = this.by.get(key);
    if (!e) this.by.set(key, (e = { b: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 }));
    return e;
  }

  /** One observation in seconds (a value above the last bound is only in sum and count, as in prom-client). */
  observe(key: string, seconds: number): void {
    const e = this.entry(key);
    const i = LATENCY_BUCKETS.findIndex((ub) => seconds <= ub);
    if (i >= 0) e.b[i]!++;
    e.sum += seconds;
    e.count++;
  }

  /** Add another's counts (a snapshot read from a worker thread); anything malformed is skipped. */
  add(snap: BucketSnapshot | undefined): void {
    if (!snap || typeof snap !== 'object') return;
    for (const [key, c] of Object.entries(snap)) {
      if (!c || !Array.isArray(c.b)) continue;
      const e = this.entry(key);
      for (let i = 0; i < e.b.length; i++) e.b[i]! += Number(c.b[i] ?? 0);
      e.sum += Number(c.sum ?? 0);
      e.count += Number(c.count ?? 0);
    }
  }

  snapshot(): BucketSnapshot {
    const out: BucketSnapshot = {};
    for (const [k, e] of this.by) out[k] = { b: [...e.b], sum: e.sum, count: e.count };
    return out;
  }

  entries(): IterableIterator<[string, BucketCounts]> {
    return this.by.entries();
  }
}

/** A run's two latency histograms. */
export class RunLatency {
  readonly instance = new LatencyBuckets();
  readonly operations = new LatencyBuckets();

  /** Observe the run's finished instances (not the cancelled ones) and completed operations (not the aborted ones). */
  tap(run: RunHandle, name: string): void {
    run.hooks.instanceDone.tap(name, (s) => {
      if (s.outcome !== 'cancelled') this.instance.observe(s.outcome, s.latencyMs / 1000);
    });
    run.hooks.operationDone.tap(name, (e) => {
      if (e.status !== 'aborted') this.operations.observe(e.type, e.latencyMs / 1000);
    });
  }

  add(snap: Partial<RunLatencySnapshot> | undefined): void {
    this.instance.add(snap?.instance);
    this.operations.add(snap?.operations);
  }

  snapshot(): RunLatencySnapshot {
    return { instance: this.instance.snapshot(), operations: this.operations.snapshot() };
  }
}

/**
 * A Prometheus histogram (prom-client's metric interface: name, help, get()) whose counts are the sum of
 * several LatencyBuckets read at scrape time; the exposition is prom-client's Histogram's.
 */
export class SummedHistogram {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly label: string,
    private readonly sources: () => Iterable<LatencyBuckets> | Promise<Iterable<LatencyBuckets>>,
  ) {}

  async get() {
    const total = new LatencyBuckets();
    for (const s of await this.sources()) total.add(s.snapshot());
    // as prom-client's Histogram: `le` in labels, the metric's own label in sharedLabels (the same text)
    const values: Array<{ labels: Record<string, string | number>; sharedLabels: Record<string, string>; value: number; metricName: string }> = [];
    for (const [key, c] of total.entries()) {
      const sharedLabels = { [this.label]: key };
      let acc = 0;
      LATENCY_BUCKETS.forEach((ub, i) => {
        acc += c.b[i]!;
        values.push({ labels: { le: ub }, sharedLabels, value: acc, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels, value: c.count, metricName: `${this.name}_bucket` });
      values.push({ labels: {}, sharedLabels, value: c.sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels, value: c.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {}
}
