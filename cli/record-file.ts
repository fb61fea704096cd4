// A result record saved as JSON (`tester run --json > result.json`, `tester query --json`) as `tester report` and
// `tester merge` read it: parsed, then checked against the record's schema, so that a file that is not a record is
// refused naming the JSON path at fault.
import { readFileSync } from 'node:fs';
import { asRunRecord } from '../core/validation/record.js';
import type { RunRecord } from '../core/api/index.js';
import { UsageError } from './usage-error.js';

export function readRecordFile(file: string): RunRecord {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new UsageError(`cannot read a result record from ${file}: ${(e as Error).message}`);
  }
  const { record, problem } = asRunRecord(value);
  if (problem !== undefined) throw new UsageError(`${file} is not a result record (tester run --json, tester query --json): ${problem}`);
  return record;
}
