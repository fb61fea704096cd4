// tester merge RESULT... : the records of a run's slices (tester run --slice k/N --json) combined into the record
// of the whole run (builtins/workers/merge.ts); the summary or the record, the report files, and the verdict's exit code.
import { writeFileSync } from 'node:fs';
import { mergeRecords, MergeError } from '../../builtins/workers/merge.js';
import { summarize, passed } from '../summary.js';
import { UsageError } from '../usage-error.js';
import { writeReports, type ReportOutputs } from './report.js';
import { readRecordFile } from '../record-file.js';
import type { RunRecord } from '../../core/api/index.js';

export async function merge(files: string[], o: ReportOutputs & { json?: boolean; output?: string }): Promise<number> {
  const inputs = files.map((name) => ({ name, rec: readRecordFile(name) }));
  let rec: RunRecord;
  try {
    rec = mergeRecords(inputs);
  } catch (e) {
    if (e instanceof MergeError) throw new UsageError(`cannot merge: ${e.message}`);
    throw e;
  }
  if (o.output) {
    try {
      writeFileSync(o.output, JSON.stringify(rec, null, 2) + '\n');
    } catch (e) {
      throw new UsageError(`cannot write the merged record to ${o.output}: ${(e as Error).message}`);
    }
    process.stderr.write(`wrote the merged record of ${files.length} slices to ${o.output}\n`);
  }
  await writeReports(rec, o);
  if (o.json) process.stdout.write(JSON.stringify(rec, null, 2) + '\n');
  else process.stdout.write(summarize(rec) + '\n');
  return passed(rec) ? 0 : 1;
}
