// A probe of the machine under the bench: every few milliseconds it times one fixed piece of work (~0.1 ms). On the
// shared development VM the host now and then runs every vCPU at a tenth of its speed for 20-150 ms, about once a
// second, whether the VM is busy or idle; the guest sees no steal time and its scheduler counts the time as run. A
// service at 20,000 instances/s loses that much CPU time each time, and the instances due meanwhile wait for it: it
// is most of the `linear` target's p99 (docs/performance.md). The bench reports the stalls beside the target.
//
// A sample is slow when the work took more than SLOW_FACTOR times the median and the guest's scheduler did not make
// the probe wait for a CPU (its run-queue wait, /proc/thread-self/schedstat, under a fifth of the sample): a probe
// pre-empted by the service or the SCP in the guest is not a host stall. Slow samples less than GAP_MS apart form one
// stall; a stall is counted from STALL_MIN_MS.
import { readFileSync } from 'node:fs';

export const PROBE_EVERY_MS = 5;
export const SLOW_FACTOR = 3;
export const GAP_MS = 2 * PROBE_EVERY_MS + 1;
export const STALL_MIN_MS = 20;

export interface ProbeSample {
  /** When the sample started (ms, any monotonic origin). */
  at: number;
  /** How long the work took (µs). */
  us: number;
  /** The guest's run-queue wait during it (µs; 0 where it cannot be read). */
  waitUs: number;
}

export interface HostStalls {
  secs: number;
  samples: number;
  /** The work's median time (µs). */
  median_us: number;
  /** Samples slower than SLOW_FACTOR × the median without a run-queue wait. */
  slow: number;
  /** Stalls of at least STALL_MIN_MS, the longest, and the time stalled per second of the probe. */
  stalls: number;
  longest_ms: number;
  stalled_ms_per_s: number;
}

/** The figures of a probe's samples (pure). */
export function summariseProbes(samples: readonly ProbeSample[], secs: number): HostStalls {
  const sorted = samples.map((s) => s.us).sort((a, b) => a - b);
  const median = sorted.length ? sorted[sorted.length >> 1]! : 0;
  const slow = samples.filter((s) => s.us > SLOW_FACTOR * median && s.waitUs < s.us / 5);
  const windows: Array<[number, number]> = [];
  for (const s of slow) {
    const end = s.at + s.us / 1000;
    const last = windows[windows.length - 1];
    if (last && s.at - last[1] <= GAP_MS) last[1] = Math.max(last[1], end);
    else windows.push([s.at, end]);
  }
  const stalls = windows.map(([a, b]) => b - a).filter((ms) => ms >= STALL_MIN_MS);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    secs: round(secs),
    samples: samples.length,
    median_us: Math.round(median),
    slow: slow.length,
    stalls: stalls.length,
    longest_ms: round(Math.max(0, ...stalls)),
    stalled_ms_per_s: secs > 0 ? round(stalls.reduce((a, b) => a + b, 0) / secs) : 0,
  };
}

/** The calling thread's run-queue wait so far (µs), or 0 where /proc/thread-self/schedstat cannot be read. */
function runQueueWaitUs(): number {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[1]) / 1000;
  } catch {
    return 0;
  }
}

let sink = 0;
/** The fixed piece of work (~0.1 ms on the development VM). */
function work(): void {
  let s = 0;
  for (let i = 0; i < 20_000; i++) s = (s + i * 7) % 1_000_003;
  sink += s;
}

/** One sample: the work timed, with this thread's run-queue wait meanwhile. */
export function takeSample(): ProbeSample {
  const w0 = runQueueWaitUs();
  const at = performance.now();
  work();
  const us = (performance.now() - at) * 1000;
  return { at, us, waitUs: runQueueWaitUs() - w0 };
}

/** Start probing in this thread; stop() ends it and returns the figures. */
export function startHostProbe(): { stop(): HostStalls } {
  for (let i = 0; i < 50; i++) work(); // compiled before the first sample
  const samples: ProbeSample[] = [];
  const t0 = performance.now();
  const timer = setInterval(() => samples.push(takeSample()), PROBE_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      return summariseProbes(samples, (performance.now() - t0) / 1000);
    },
  };
}

/** Probe for `secs` seconds and return the figures (the bench's look at the machine at rest). */
export async function probeHost(secs: number): Promise<HostStalls> {
  const p = startHostProbe();
  await new Promise((r) => setTimeout(r, secs * 1000));
  return p.stop();
}
