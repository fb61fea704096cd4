// Files written from a result record: `tester run --junit/--csv/--html FILE` at the end of a run, and
// `tester report RESULT.json` for a record saved with `tester run --json > RESULT.json` (or `tester query --json`).
import { writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { junitXml, type JunitExtras } from '../../views/report/junit.js';
import { statsCsv } from '../../views/report/csv.js';
import { htmlReport } from '../../views/report/html.js';
import { UsageError } from '../usage-error.js';
import { readRecordFile } from '../record-file.js';
import type { RunRecord } from '../../core/api/index.js';

export interface ReportOutputs {
  junit?: string;
  csv?: string;
  html?: string;
}

/** Write each requested file; one line per file on stderr. JUnit has a case per gate when the run was gated, and
 * names where the failures' pcap slices are (`tester run --pcap` wrote them beside its file; else their downloads). */
export async function writeReports(rec: RunRecord, o: ReportOutputs, extras: JunitExtras = {}): Promise<void> {
  const files: Array<[string | undefined, string, () => string | Promise<string>]> = [
    [o.junit, 'JUnit XML', () => junitXml(rec, hostname(), extras)],
    [o.csv, 'per-second CSV', () => statsCsv(rec)],
    [o.html, 'HTML report', () => htmlReport(rec, { generatedAt: new Date() })],
  ];
  for (const [file, what, make] of files) {
    if (!file) continue;
    try {
      writeFileSync(file, await make());
    } catch (e) {
      throw new UsageError(`cannot write ${what} to ${file}: ${(e as Error).message}`);
    }
    process.stderr.write(`wrote ${what} to ${file}\n`);
  }
}

/** `tester report RESULT.json`: the record as QueryTest gave it (a saved `--json` output). */
export async function report(file: string, o: ReportOutputs & { output?: string }): Promise<number> {
  const rec = readRecordFile(file);
  const outputs = { ...o, html: o.output ?? o.html };
  if (!outputs.html && !outputs.junit && !outputs.csv) throw new UsageError('nothing to write: give -o report.html, --junit FILE or --csv FILE');
  await writeReports(rec, outputs);
  return 0;
}
