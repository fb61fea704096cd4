// QueryTest { run_id }: the result record; with forget_on_read a completed run is forgotten once read.
import type { RunManager } from '../../engine/run-manager.js';
import { MultiRun } from '../../engine/multi-run.js';

export function queryTest(runs: RunManager) {
  return async (params: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const run = runs.get(params.run_id);
    // a run on several workers: every worker's part is read now and merged
    const rec = run instanceof MultiRun ? await run.liveRecord() : run.record();
    if (runs.opts.forgetOnRead && rec.completed === 1) runs.forget(run.runId);
    return rec;
  };
}
