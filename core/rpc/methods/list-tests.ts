// ListTests {}: the runs known now with state and counts, the state of every gateway instance, and the service
// process itself (pid, uptime, memory: what a GUI shows as health and what `npm run soak` watches).
// Each run's line is read from its counters, not from its record: a record computes latency percentiles and
// per-second buckets, and ListTests over max_retained_runs (1,000) records kept the event loop ~100-200 ms per call.
// Runs restored from the store have their saved record, which costs nothing to read.
import { toSecUsec } from '../../engine/clock.js';
import type { RunManager } from '../../engine/run-manager.js';
import { TestRun } from '../../engine/run.js';
import { MultiRun } from '../../engine/multi-run.js';
import type { Registry } from '../../plugins/registry.js';
import { redactJson } from '../../redact.js';

export function listTests(runs: RunManager, registry: Registry) {
  return async (): Promise<Record<string, unknown>> => {
    // runs on several workers: their parts' counts are read now (one record per worker and run)
    const live = new Map<string, Record<string, any>>();
    await Promise.all([...runs.multi.values()].map(async (r) => live.set(r.runId, await r.liveRecord())));
    // with worker threads: each worker's state of each gateway instance it has (multiplied plugins only)
    // (by index: a worker being restarted has none)
    const w = runs.opts.workers;
    const threads = w?.pool ? w.pool.status().map((s) => w.pool!.thread(s.index)) : [...(w?.threads ?? [])];
    const workerStates = await Promise.all(threads.map((t): Promise<Record<string, string>> => t?.gateways() ?? Promise.resolve({})));
    return {
      runs: [...runs.all()].map((r) => {
        if (r instanceof MultiRun) {
          const rec = live.get(r.runId) ?? r.record();
          return { ...summaryOf(r.runId, rec, rec.in_progress), workers: r.workers };
        }
        // a run from the store: its record is kept as it was saved
        if (!(r instanceof TestRun)) return summaryOf(r.runId, r.record(), r.inProgress);
        // as in the record: a run is completed once it has stopped and its end was recorded
        const done = r.state !== 'running' && r.finishWall !== undefined;
        return {
          run_id: r.runId,
          state: done ? r.state : 'running',
          completed: done ? 1 : 0,
          counts: { ...r.results.counts },
          in_progress: r.inProgress,
          time_start: toSecUsec(r.startWall),
          rate: r.results.rate(),
        };
      }),
      locks_held: runs.locks.size,
      // with worker threads: each one's state (up, restarting, gone) and how often it was restarted
      service: { ...serviceInfo(), ...(w?.pool ? { workers: w.pool.status() } : {}) },
      gateways: [...registry.gateways.values()].flatMap((g) =>
        [...g.byName.values()].map((i) => {
          const inWorkers = workerStates.map((s) => s[`${g.def.kind}/${i.name}`]);
          return {
            kind: g.def.kind,
            name: i.name,
            state: i.state(),
            default: (g.def.defaultInstance ?? g.byName.keys().next().value) === i.name,
            ...(i.describe ? { detail: redactJson(i.describe()) } : {}),
            // worker 1 … N-1's own instance (absent where the plugin is not multiplied)
            ...(threads.length && inWorkers.some((x) => x !== undefined) ? { workers: inWorkers.map((x) => x ?? null) } : {}),
          };
        }),
      ),
    };
  };
}

/** The service process: pid, uptime and memory (process.memoryUsage(), in bytes). */
function serviceInfo(): Record<string, unknown> {
  const m = process.memoryUsage();
  return {
    pid: process.pid,
    uptime_s: Math.round(process.uptime()),
    memory: { rss: m.rss, heap_used: m.heapUsed, heap_total: m.heapTotal, external: m.external, array_buffers: m.arrayBuffers },
  };
}

/** A run's line in ListTests, from its record (a run on several workers, or one read back from the store). */
function summaryOf(runId: string, rec: Record<string, any>, inProgress: unknown): Record<string, unknown> {
  return { run_id: runId, state: rec.state, completed: rec.completed, counts: rec.counts, in_progress: inProgress, time_start: rec.time_start, rate: rec.rate };
}
