// ExecuteTest: validate the whole definition, take its locks, start it; answer "ok" only once it runs.
import { ErrorCode, TesterError, invalid } from '../../errors.js';
import { describeError, unknownFirst, type ValidateFunction } from '../../validation/ajv.js';
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
  const { value, problems } = paramProblems(params, validate, 1);
  if (problems.length) throw problems[0];
  return value;
}

/** Every problem of the params as a whole (up to `max`), and the checked copy (meaningful when there are none). */
export function paramProblems(params: Record<string, unknown>, validate: ValidateFunction, max = Infinity): { value: JsonObject; problems: TesterError[] } {
  const deep = tooDeep(params);
  if (deep) return { value: {}, problems: [invalid(deep.path, deep.message)] };
  const p = structuredClone(params) as JsonObject;
  if (!validate(p)) {
    const problems = unknownFirst(validate.errors!)
      .slice(0, max)
      .map((e) => {
        const d = describeError(e, '', validate.schema);
        return invalid(d.path || 'params', d.message);
      });
    return { value: p, problems };
  }
  const inf = nonFinite(p);
  return { value: p, problems: inf ? [invalid(inf.path, inf.message)] : [] };
}
