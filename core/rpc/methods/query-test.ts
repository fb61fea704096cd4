// QueryTest { run_id }: the result record; with forget_on_read a completed run is forgotten once read.
import type { RunManager } from '../../engine/run-manager.js';

export function queryTest(runs: RunManager) {
  return (params: Record<string, unknown>): Record<string, unknown> => {
    const run = runs.get(params.run_id);
    const rec = run.record();
    if (runs.opts.forgetOnRead && rec.completed === 1) runs.forget(run.runId);
    return rec;
  };
}
