// Latency histograms (HdrHistogram, microsecond resolution, 3 significant digits).
import * as hdr from 'hdr-histogram-js';
import type { RunRecord } from '../api/index.js';

/** count, p50, p90, p99, max and mean (ms), as the result record declares them. */
export type LatencySummary = RunRecord['latency']['instance'];

export class LatencyHistogram {
  private h = hdr.build({
    lowestDiscernibleValue: 1,
    highestTrackableValue: 3_600_000_000,
    numberOfSignificantValueDigits: 3,
    autoResize: true,
    useWebAssembly: false,
  });

  constructor() {
    integerIndex(this.h);
  }

  /** Record a latency in milliseconds. */
  record(ms: number): void {
    this.h.recordValue(Math.max(1, Math.round(ms * 1000)));
  }

  /**
   * The histogram serialised for `latency.hdr` of a completed record: HdrHistogram's V2 compressed encoding
   * (zig-zag LEB128 counts, deflated) in base64, readable by any HdrHistogram library. Adding the encoded
   * histograms of several runs gives exactly the histogram of their union (docs/scaling.md). Bounded by the
   * range (1 µs to 1 h at 3 significant digits: 23,220 distinct counts, at most MAX_ENCODED_CHARS characters).
   */
  encode(): string {
    return hdr.encodeIntoCompressedBase64(this.h);
  }

  /** Add a histogram serialised by encode(); throws when it is not one. */
  addEncoded(text: unknown): void {
    if (typeof text !== 'string' || text.length > MAX_ENCODED_CHARS || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) throw new Error('is not an encoded latency histogram (base64 text)');
    let d: hdr.Histogram;
    try {
      d = hdr.decodeFromCompressedBase64(text, 32, false);
    } catch (e) {
      throw new Error(`is not an encoded latency histogram: ${(e as Error).message}`);
    }
    if (!(d.totalCount >= 0) || d.maxValue > 3_600_000_000) throw new Error('is not an encoded latency histogram (counts or values out of range)');
    this.h.add(d);
  }

  /** Forget every recorded value (the counts array is kept and zeroed). */
  reset(): void {
    this.h.reset();
  }

  get count(): number {
    return this.h.totalCount;
  }

  /** [percentile, ms] at DISTRIBUTION_PERCENTILES (the shape of the distribution, for charts); [] when empty. */
  distribution(): Array<[number, number]> {
    return this.summaryAndDistribution().distribution;
  }

  /**
   * summary() and distribution() in one pass over the counts (what a result record needs of the instance's; the
   * summary's percentiles are among the distribution's, so it costs no more than the distribution alone).
   */
  summaryAndDistribution(): { summary: LatencySummary; distribution: Array<[number, number]> } {
    if (this.h.totalCount === 0) return { summary: this.summary(), distribution: [] };
    const { values, mean } = this.scan(BOTH_PERCENTILES);
    const at = (p: number) => values[BOTH_PERCENTILES.indexOf(p)]!;
    return {
      summary: this.summaryOf([at(50), at(90), at(99)], mean),
      distribution: DISTRIBUTION_PERCENTILES.map((p) => [p, Math.round(p === 0 ? this.h.minNonZeroValue : p === 100 ? this.h.maxValue : at(p)) / 1000]),
    };
  }

  summary(): LatencySummary {
    if (this.h.totalCount === 0) return { count: 0, p50: 0, p90: 0, p99: 0, max: 0, mean: 0 };
    const { values, mean } = this.scan(SUMMARY_PERCENTILES);
    return this.summaryOf(values, mean);
  }

  private summaryOf([p50, p90, p99]: number[], mean: number): LatencySummary {
    const r = (us: number) => Math.round(us) / 1000;
    return { count: this.h.totalCount, p50: r(p50!), p90: r(p90!), p99: r(p99!), max: r(this.h.maxValue), mean: r(mean) };
  }

  /** HdrHistogram's mean (see scan). */
  mean(): number {
    return this.scan([]).mean;
  }

  /**
   * The values at `percentiles` (ascending, each > 0) and the mean, in one pass over the counts up to the last
   * recorded one, bit for bit what the library's getValueAtPercentile() and `mean` give: those walk the counts once
   * per percentile, and `mean` through an iterator object per index; together they were most of the cost of a
   * QueryTest (16% of the service's CPU under a 200 ms poll).
   */
  scan(percentiles: readonly number[]): { values: number[]; mean: number } {
    const h = this.h as unknown as HdrInternals;
    const n = h.totalCount;
    const values: number[] = percentiles.map(() => 0);
    if (n === 0) return { values, mean: 0 };
    // getValueAtPercentile's count at each percentile: rounded up, guarded against 1-ulp floating error, at least 1
    const at = percentiles.map((p) => {
      const fp = (Math.min(p, 100) / 100) * n;
      return Math.max(Math.ceil(fp - Math.pow(2, Math.floor(Math.log2(fp)) - 52)), 1);
    });
    let next = 0;
    let seen = 0;
    let total = 0;
    const half = h.subBucketHalfCount;
    // Index i's value range (the library's valueFromIndex, highestEquivalentValue, medianEquivalentValue, in integer
    // arithmetic: exact below 2^53): bucket 0 holds indexes [0, 2·half) as sub-buckets 0..2·half-1; bucket b >= 1
    // holds [(b+1)·half, (b+2)·half) as sub-buckets half..2·half-1; a sub-bucket's values are [sub·size, sub·size +
    // size) with size = 2^(b + unitMagnitude). Walked bucket by bucket, reading the typed array behind
    // getCountAtIndex() where the library has one: a division, a remainder and a pow per index were most of a scan's
    // ~0.5 ms for latencies up to 200 ms (four scans per QueryTest).
    const counts = h._counts;
    const len = counts ? Math.min(h.countsArrayLength, counts.length) : h.countsArrayLength;
    let i = 0;
    for (let bucket = 0; i < len && seen < n; bucket++) {
      const size = Math.pow(2, bucket + h.unitMagnitude);
      const mid = Math.floor(size / 2);
      for (let sub = bucket === 0 ? 0 : half; sub < 2 * half && i < len && seen < n; sub++, i++) {
        const c = counts ? counts[i]! : h.getCountAtIndex(i);
        if (c === 0) continue;
        seen += c;
        const low = sub * size;
        total += (low + mid) * c;
        while (next < at.length && seen >= at[next]!) values[next++] = low + size - 1;
      }
    }
    return { values, mean: total / n };
  }
}

const SUMMARY_PERCENTILES = [50, 90, 99] as const;

/** The parts of hdr-histogram-js's JsHistogram that mean() reads (public methods of its class, untyped in its .d.ts). */
interface HdrInternals {
  totalCount: number;
  countsArrayLength: number;
  subBucketHalfCount: number;
  unitMagnitude: number;
  getCountAtIndex(i: number): number;
  /** The counts themselves (TypedArrayHistogram's, index for index what getCountAtIndex reads); absent in others. */
  _counts?: ArrayLike<number>;
}

/** The longest latency.hdr text accepted (a histogram with every one of its 23,220 counts in use is ~134,000). */
const MAX_ENCODED_CHARS = 256 * 1024;

/** The percentiles of the latency distribution in the result record (`latency.distribution`). */
export const DISTRIBUTION_PERCENTILES = [0, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 100] as const;

/** The percentiles of summary() and distribution() together (ascending, as scan() wants them). */
const BOTH_PERCENTILES: readonly number[] = [...new Set<number>([...SUMMARY_PERCENTILES, ...DISTRIBUTION_PERCENTILES.filter((p) => p !== 0 && p !== 100)])].sort((a, b) => a - b);

/** What integerIndex reads and replaces of hdr-histogram-js's JsHistogram (its own fields, not in its typings). */
interface IndexInternals {
  unitMagnitude: number;
  subBucketHalfCountMagnitude: number;
  subBucketHalfCount: number;
  countsArrayIndex(value: number): number;
}

/**
 * The library finds a value's slot with floating-point log2, pow and floor, 4 times per instance (the instance's
 * histogram, the second's and each operation's): for values below 2^31 (35 minutes in µs) the same slot comes from
 * integer operations at a fraction of the cost; larger values keep the library's computation.
 */
function integerIndex(h: hdr.Histogram): void {
  const x = h as unknown as IndexInternals;
  const { unitMagnitude: unit, subBucketHalfCountMagnitude: half, subBucketHalfCount } = x;
  if (![unit, half, subBucketHalfCount].every(Number.isInteger)) return; // not the JsHistogram this was written for
  const library = x.countsArrayIndex.bind(x);
  x.countsArrayIndex = (value: number) => {
    if (!(value >= 1 && value < 0x80000000) || value !== Math.floor(value)) return library(value);
    const bucket = Math.max(31 - Math.clz32(value) - half - unit, 0);
    return ((bucket + 1) << half) + (value >>> (bucket + unit)) - subBucketHalfCount;
  };
}
