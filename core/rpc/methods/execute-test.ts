// ExecuteTest: validate the whole definition, take its locks, start it; answer "ok" only once it runs.
import { ErrorCode, TesterError, invalid } from '../../errors.js';
import { ajv, describeError, unknownFirst, type ValidateFunction } from '../../validation/ajv.js';
import { operationSchema } from '../params-schema.js';
import { nextTurn, shouldYield } from '../../engine/turn.js';
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
    await runs.execute(await checkParamsSliced(params, validate));
    return 'ok';
  };
}

/** ExecuteTest params, checked as the service checks them (also by `tester validate`): a copy, coerced. Throws 2002. */
function checkParams(params: Record<string, unknown>, validate: ValidateFunction): JsonObject {
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

let validateOperation: ValidateFunction | undefined;

/**
 * checkParams for the service, in slices: the operations (nearly all of a large request) are copied and checked
 * one by one, yielding between them once the slice has run its time, so a 4 MiB definition does not hold the
 * event loop; the rest of the params is checked in one go. Same result and messages as checkParams.
 */
async function checkParamsSliced(params: Record<string, unknown>, validate: ValidateFunction): Promise<JsonObject> {
  const ops = params.operations;
  if (!Array.isArray(ops) || ops.length === 0) return checkParams(params, validate);
  validateOperation ??= ajv.compile(operationSchema);
  const deep = tooDeep(params);
  if (deep) throw invalid(deep.path, deep.message);
  // the params with a stand-in for the operations: their count and everything else
  const checkedParams = checkParams({ ...params, operations: [{ type: 'comment' }] }, validate);
  if (ops.length > 10000) throw invalid('operations', 'must NOT have more than 10000 items');
  const checked: JsonObject[] = [];
  for (let i = 0; i < ops.length; i++) {
    const op = structuredClone(ops[i]) as JsonObject;
    if (!validateOperation(op)) {
      const d = describeError(validateOperation.errors![0]!, `operations[${i}]`);
      throw invalid(d.path, d.message);
    }
    const inf = nonFinite(op);
    if (inf) throw invalid(`operations[${i}]${inf.path === 'params' ? '' : inf.path.startsWith('[') ? inf.path : `.${inf.path}`}`, inf.message);
    checked.push(op);
    if (shouldYield()) await nextTurn();
  }
  checkedParams.operations = checked as unknown as JsonObject[keyof JsonObject];
  return checkedParams;
}
