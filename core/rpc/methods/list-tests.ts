// ListTests {}: the runs known now with state and counts, the state of every gateway instance, and the service
// process itself (pid, uptime, memory: what a GUI shows as health and what `npm run soak` watches); taps of the
// `listTests` hook add what they know (the worker threads' states).
// Each run's line is its summary, read from its counters, not its record: a record computes latency percentiles
// and per-second buckets, and ListTests over max_retained_runs (1,000) records kept the event loop ~100-200 ms per
// call. Runs restored from the store have their saved record, which costs nothing to read.
import type { RunManager } from '../../engine/run-manager.js';
import type { Registry } from '../../plugins/registry.js';
import type { ListTestsAnswer, ServiceHookSet, ServiceStatus } from '../../hooks.js';
import type { RunSummary } from '../../api/index.js';
import { redactJson } from '../../redact.js';

export function listTests(runs: RunManager, registry: Registry, hooks: ServiceHookSet) {
  return async (): Promise<ListTestsAnswer> => {
    const summaries = await Promise.all([...runs.all()].map((r) => r.summary()));
    const answer: ListTestsAnswer = {
      runs: summaries.map(listLine),
      locks_held: runs.locks.size,
      service: serviceStatus(hooks),
      gateways: [...registry.gateways.values()].flatMap((g) =>
        [...g.byName.values()].map((i) => ({
          kind: g.def.kind,
          name: i.name,
          state: i.state(),
          default: (g.def.defaultInstance ?? g.byName.keys().next().value) === i.name,
          ...(i.describe ? { detail: redactJson(i.describe()) } : {}),
        })),
      ),
    };
    await hooks.listTests.promise(answer);
    return answer;
  };
}

/** A run's line: its summary without the figures only the metrics read. */
function listLine(s: RunSummary): ListTestsAnswer['runs'][number] {
  const { current_rate: _rate, target_rate: _target, ...line } = s;
  return line;
}

/** The service process: pid, uptime and memory (process.memoryUsage(), in bytes), and what the status taps add. */
export function serviceStatus(hooks: ServiceHookSet): ServiceStatus {
  const m = process.memoryUsage();
  const status: ServiceStatus = {
    pid: process.pid,
    uptime_s: Math.round(process.uptime()),
    memory: { rss: m.rss, heap_used: m.heapUsed, heap_total: m.heapTotal, external: m.external, array_buffers: m.arrayBuffers },
  };
  hooks.status.call(status);
  return status;
}
