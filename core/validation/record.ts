// Is a JSON value a result record? For the records that come from files (`tester report`, `tester merge`): the
// record's schema (core/api/record.ts) compiled once, on first use, with the kernel's ajv, so that a file that is not
// a record is refused naming the JSON path at fault instead of failing somewhere in a report.
import { RunRecordSchema, type RunRecord } from '../api/record.js';
import { ajv, describeError, unknownFirst, type ValidateFunction } from './ajv.js';

let validate: ValidateFunction | undefined;

/** `value` as a result record, or the first thing that keeps it from being one (`counts.started: must be integer`). */
export function asRunRecord(value: unknown): { record: RunRecord; problem?: undefined } | { record?: undefined; problem: string } {
  validate ??= ajv.compile(RunRecordSchema);
  if (validate(value)) return { record: value as RunRecord };
  const errors = unknownFirst(validate.errors ?? []);
  const first = errors[0]!;
  const d = describeError(first, '', RunRecordSchema);
  // a union of literals (state, distribution.type) fails one `const` per literal: name them all
  const consts = errors.filter((e) => e.keyword === 'const' && e.instancePath === first.instancePath);
  const message = first.keyword === 'const' ? `must be one of ${consts.map((e) => JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)).join(', ')}` : d.message;
  return { problem: `${d.path || 'the value'}: ${message}` };
}
