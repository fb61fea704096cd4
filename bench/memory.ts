// The memory figure of `npm run bench` (pure: the memory run's readings are passed in).

/** What the memory run read: each mark's first reading at or above it, and the most in flight at one reading. */
export interface MemoryRun {
  memory_marks?: ReadonlyArray<{ mark: number; inflight: number; rss_kb: number }>;
  memory_peak?: { inflight: number; rss_kb: number };
}

/**
 * The memory run holds this many at once (the SCP holds each 10 s). The growth to the first 10,000 is mostly pages
 * the warm-up freed and the heap reuses (it read 0.0-0.3 KB per instance); what an in-flight instance costs is the
 * growth from 10,000 to this many, read in the same run.
 */
export const MEMORY_MORE = 30_000;
/** The fewest instances more than at the first mark that make a growth worth dividing (a busy machine's peak). */
export const MARGINAL_MIN = 5_000;

/**
 * Service RSS per in-flight instance between the memory run's two marks (10,000 and MEMORY_MORE; the peak stands in
 * for the second when the machine never started that many): (RSS there − RSS at the first) ÷ (the in-flight counts
 * read there). Null when the first mark was not reached or the second is fewer than MARGINAL_MIN more.
 */
export function marginalOf(m: MemoryRun): { bytes: number; from: number; to: number } | null {
  const [a, b] = m.memory_marks ?? [];
  if (!a) return null;
  const second = b ?? (m.memory_peak ? { inflight: m.memory_peak.inflight, rss_kb: m.memory_peak.rss_kb } : undefined);
  if (!second || second.inflight - a.inflight < MARGINAL_MIN) return null;
  return { bytes: Math.round(((second.rss_kb - a.rss_kb) * 1024) / (second.inflight - a.inflight)), from: a.inflight, to: second.inflight };
}

