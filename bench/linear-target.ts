// The `linear` target (docs/bench.md) as `npm run bench` judges it (pure: the run's figures are passed in): `linear` 20,000/s
// held for 30 s, the achieved rate within ±1% of the target over the run and every full second within ±5%, p99 per
// instance below 50 ms, no instance aborted, failed or dropped. The SCP's CPU is reported beside it: on a machine
// whose cores cannot keep the SCP up, the target cannot be met by the tester alone.

export const LINEAR_TARGET_RATE = 20_000;
export const LINEAR_TARGET_SECS = 30;
export const LINEAR_OVERALL_TOLERANCE = 0.01;
export const LINEAR_SECOND_TOLERANCE = 0.05;
export const LINEAR_P99_MAX_MS = 50;

/** What the verdict reads of one `linear` run. */
export interface LinearRunFigures {
  /** The target rate (instances per second). */
  target: number;
  /** The run's length in seconds at the target rate (total ÷ rate). */
  secs: number;
  /** Instances started per second over the run (the run record's `rate`: first start to last start). */
  startRate: number;
  /** Instances started in each second of the run (the record's buckets, `started`), from its first second on. */
  startedPerSecond: readonly number[];
  p99Ms: number;
  aborted: number;
  failed: number;
  dropped: number;
}

export interface LinearVerdict {
  met: boolean;
  /** Each criterion that failed, in words; empty when met. */
  misses: string[];
  /** The full seconds judged (the first `secs` buckets) and the one furthest from the target. */
  seconds_judged: number;
  worst_second: { second: number; started: number; off_pct: number } | null;
  overall_off_pct: number;
}

const pct = (x: number) => Math.round(x * 10_000) / 100;

/**
 * The verdict on a `linear` run against the target. A full second is one of the first `secs` seconds (instances are
 * due in all of them; the seconds after hold only the last replies). A run shorter than `secs` full seconds misses.
 */
export function linearVerdict(f: LinearRunFigures): LinearVerdict {
  const misses: string[] = [];
  const overallOff = (f.startRate - f.target) / f.target;
  if (Math.abs(overallOff) > LINEAR_OVERALL_TOLERANCE) misses.push(`achieved ${f.startRate}/s, ${pct(overallOff)}% off ${f.target}/s (±${pct(LINEAR_OVERALL_TOLERANCE)}% allowed)`);
  const full = f.startedPerSecond.slice(0, f.secs);
  if (full.length < f.secs) misses.push(`${full.length} of ${f.secs} seconds recorded`);
  let worst: LinearVerdict['worst_second'] = null;
  full.forEach((started, second) => {
    const off = (started - f.target) / f.target;
    if (!worst || Math.abs(off) > Math.abs(worst.off_pct / 100)) worst = { second, started, off_pct: pct(off) };
  });
  const w = worst as LinearVerdict['worst_second'];
  if (w && Math.abs(w.off_pct) > pct(LINEAR_SECOND_TOLERANCE)) misses.push(`second ${w.second} started ${w.started}, ${w.off_pct}% off (±${pct(LINEAR_SECOND_TOLERANCE)}% allowed)`);
  if (!(f.p99Ms < LINEAR_P99_MAX_MS)) misses.push(`p99 ${f.p99Ms} ms, not below ${LINEAR_P99_MAX_MS} ms`);
  const lost = f.aborted + f.failed + f.dropped;
  if (lost > 0) misses.push(`${f.aborted} aborted, ${f.failed} failed, ${f.dropped} dropped`);
  return { met: misses.length === 0, misses, seconds_judged: full.length, worst_second: w, overall_off_pct: pct(overallOff) };
}
