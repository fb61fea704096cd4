// CancelTest { run_id }: stop a running run at once (in-flight instances end as cancelled) and return its
// record with `cancelled: 1`; a run that had already ended is returned with `cancelled: 0`.
import type { RunManager } from '../../engine/run-manager.js';
import { MultiRun } from '../../engine/multi-run.js';

export function cancelTest(runs: RunManager) {
  return async (params: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const run = runs.get(params.run_id);
    const wasRunning = run.state === 'running';
    if (wasRunning) {
      run.cancel();
      await Promise.race([run.finished, new Promise((r) => setTimeout(r, 2000))]);
    }
    return { ...(run instanceof MultiRun ? await run.liveRecord() : run.record()), cancelled: wasRunning ? 1 : 0 };
  };
}
