// A run followed live: the events of GET /api/runs/<id>/events (1 Hz), the per-second buckets accumulated, the
// target rate at each second (from the summary), the thresholds with their state. Bounded: a run has one bucket a
// second, and the series keep at most MAX_SECONDS (the newest).
import { useEffect, useState } from 'preact/hooks';
import { followRun } from '../api/events.js';
import type { Bucket, RunEvent, RunSummary, ThresholdState } from '../api/types.js';

/** 24 hours of seconds: the live view keeps no more (a longer run's results view has all of them). */
const MAX_SECONDS = 86_400;

export interface LiveRun {
  summary?: RunSummary;
  buckets: Bucket[];
  /** The target start rate when each bucket arrived (linear runs), aligned with buckets. */
  targets: Array<number | null>;
  thresholds: ThresholdState[];
  ended: boolean;
  error?: string;
}

const EMPTY: LiveRun = { buckets: [], targets: [], thresholds: [], ended: false };

function fold(prev: LiveRun, e: RunEvent): LiveRun {
  const target = e.summary.target_rate ?? null;
  const buckets = [...prev.buckets, ...e.buckets].slice(-MAX_SECONDS);
  const targets = [...prev.targets, ...e.buckets.map(() => target)].slice(-MAX_SECONDS);
  return { summary: e.summary, buckets, targets, thresholds: e.thresholds ?? [], ended: e.type === 'end' };
}

export function useLiveRun(runId: string): LiveRun {
  const [live, setLive] = useState<LiveRun>(EMPTY);
  useEffect(() => {
    setLive(EMPTY);
    const stop = new AbortController();
    followRun(runId, (e) => setLive((prev) => fold(prev, e)), stop.signal).catch((e: unknown) => {
      if (!stop.signal.aborted) setLive((prev) => ({ ...prev, error: (e as Error).message }));
    });
    return () => stop.abort();
  }, [runId]);
  return live;
}
