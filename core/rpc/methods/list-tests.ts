// ListTests {}: the runs known now with state and counts, and the state of every gateway instance.
import type { RunManager } from '../../engine/run-manager.js';
import type { Registry } from '../../plugins/registry.js';
import { redactJson } from '../../redact.js';

export function listTests(runs: RunManager, registry: Registry) {
  return (): Record<string, unknown> => ({
    runs: [...runs.all()].map((r) => {
      const rec = r.record();
      return { run_id: r.runId, state: rec.state, completed: rec.completed, counts: rec.counts, in_progress: r.inProgress, time_start: rec.time_start, rate: rec.rate };
    }),
    locks_held: runs.locks.size,
    gateways: [...registry.gateways.values()].flatMap((g) =>
      [...g.byName.values()].map((i) => ({ kind: g.def.kind, name: i.name, state: i.state(), default: (g.def.defaultInstance ?? g.byName.keys().next().value) === i.name, ...(i.describe ? { detail: redactJson(i.describe()) } : {}) })),
    ),
  });
}
