// QueryTest { run_id }: the result record; with forget_on_read a completed run is forgotten once read.
import type { RunManager } from '../../engine/run-manager.js';
import type { RunRecord } from '../../api/index.js';

export function queryTest(runs: RunManager) {
  return async (params: Record<string, unknown>): Promise<RunRecord> => {
    const run = runs.get(params.run_id);
    const rec = await run.record();
    if (runs.opts.forgetOnRead && rec.completed === 1) runs.forget(run.runId);
    return rec;
  };
}
