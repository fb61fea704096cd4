// GET /api/runs/<run_id>/report.html | junit.xml | results.csv | record.json: the files `tester report` writes,
// rendered by views/ from the run's record as it is now (a running run's report says RUNNING), as attachments.
import { hostname } from 'node:os';
import type { RunRecord } from '../../core/api/index.js';
import { htmlReport } from '../../views/report/html.js';
import { junitXml } from '../../views/report/junit.js';
import { statsCsv } from '../../views/report/csv.js';

interface Download {
  type: string;
  render(rec: RunRecord): string;
}

export const DOWNLOADS: Readonly<Record<string, Download>> = {
  'report.html': { type: 'text/html; charset=utf-8', render: (rec) => htmlReport(rec, { generatedAt: new Date() }) },
  'junit.xml': { type: 'application/xml; charset=utf-8', render: (rec) => junitXml(rec, hostname()) },
  'results.csv': { type: 'text/csv; charset=utf-8', render: (rec) => statsCsv(rec) },
  'record.json': { type: 'application/json; charset=utf-8', render: (rec) => `${JSON.stringify(rec, null, 2)}\n` },
};

/** The attachment's file name: the run id made safe for a file name, and what it is. */
export function attachmentName(runId: string, file: string): string {
  return `${runId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100)}-${file}`;
}
