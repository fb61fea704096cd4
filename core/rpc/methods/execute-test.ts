// ExecuteTest: validate the whole definition, take its locks, start it; answer "ok" only once it runs.
import { ErrorCode, TesterError, invalid } from '../../errors.js';
import { describeError, type ValidateFunction } from '../../validation/ajv.js';
import { nonFinite, tooDeep } from '../../validation/shape.js';
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
    await runs.execute(checkParams(params, validate));
    return 'ok';
  };
}

/** ExecuteTest params, checked as the service checks them (also by `tester validate`): a copy, coerced. Throws 2002. */
export function checkParams(params: Record<string, unknown>, validate: ValidateFunction): JsonObject {
  const deep = tooDeep(params);
  if (deep) throw invalid(deep.path, deep.message);
  const p = structuredClone(params) as JsonObject;
  if (!validate(p)) {
    const d = describeError(validate.errors![0]!);
    throw invalid(d.path || 'params', d.message);
  }
  const inf = nonFinite(p);
  if (inf) throw invalid(inf.path, inf.message);
  return p;
}
