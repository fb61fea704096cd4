// CancelTest { run_id }: stop a running run at once (in-flight instances end as cancelled) and return its
// record with `cancelled: 1`; a run that had already ended is returned with `cancelled: 0`.
import type { RunManager } from '../../engine/run-manager.js';
import type { RunRecord } from '../../api/index.js';

/** How long CancelTest waits for the cancelled run to end before it answers with the record as it is. */
const CANCEL_WAIT_MS = 2000;

export function cancelTest(runs: RunManager) {
  return async (params: Record<string, unknown>): Promise<RunRecord> => {
    const run = runs.get(params.run_id);
    const wasRunning = run.state === 'running';
    if (wasRunning) {
      run.cancel();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([run.finished, new Promise((r) => (timer = setTimeout(r, CANCEL_WAIT_MS)))]);
      clearTimeout(timer);
    }
    return { ...(await run.record()), cancelled: wasRunning ? 1 : 0 };
  };
}
