// ExecuteTest: validate the whole definition, take its locks, start it; answer "ok" only once it runs.
import { ErrorCode, TesterError, invalid } from '../../errors.js';
import { describeError, type ValidateFunction } from '../../validation/ajv.js';
import type { RunManager } from '../../engine/run-manager.js';
import type { JsonObject } from '../../api/index.js';

export function executeTest(runs: RunManager, validate: ValidateFunction) {
  return async (params: Record<string, unknown>): Promise<string> => {
    const runId = params.run_id;
    if (runId === undefined || runId === null || runId === '') throw new TesterError(ErrorCode.RunIdMissing, 'run_id: is required (a non-empty string naming this Test Run)');
    if (typeof runId !== 'string' && typeof runId !== 'number') throw new TesterError(ErrorCode.RunIdMissing, 'run_id: must be a string');
    const r = runs.find(String(runId));
    if (r) {
      throw new TesterError(ErrorCode.RunIdInUse, `run_id '${runId}' is already in use (${r.state === 'running' ? 'running' : `${r.state}, retained for QueryTest`}); pick a new run_id`);
    }
    const p = structuredClone(params) as JsonObject;
    if (!validate(p)) {
      const d = describeError(validate.errors![0]!);
      throw invalid(d.path || 'params', d.message);
    }
    await runs.execute(p);
    return 'ok';
  };
}
