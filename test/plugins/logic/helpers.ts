// A shared logic-only service for the logic plugin's tests.
import { before, after } from 'node:test';
import { startTestService, runToCompletion } from '../../helpers/service.js';
import type { RunningService } from '../../../core/service.js';

/** Starts a service with the logic plugin for the current test file; returns a runner. */
export function logicService(): { run(params: Record<string, unknown>): Promise<any>; port(): number } {
  let svc: RunningService | undefined;
  let n = 0;
  before(async () => {
    svc = await startTestService([{ name: 'logic' }]);
  });
  after(async () => {
    await svc?.close();
  });
  return {
    run: (params) => runToCompletion(svc!.port, { run_id: `logic-${process.pid}-${++n}`, ...params }),
    port: () => svc!.port,
  };
}
