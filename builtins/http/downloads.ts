// GET /api/runs/<run_id>/report.html | junit.xml | results.csv | record.json | first-call.pcap: the files
// `tester report` and `tester run --pcap` write, rendered from the run's record as it is now (a running run's report
// says RUNNING) by views/ and the sdk's pcap writer, as attachments.
import { hostname } from 'node:os';
import type { RunRecord } from '../../core/api/index.js';
import { htmlReport } from '../../views/report/html.js';
import { junitXml } from '../../views/report/junit.js';
import { statsCsv } from '../../views/report/csv.js';
import { pcapFileHeader, pcapRecord } from '../../sdk/pcap.js';

interface Download {
  type: string;
  render(rec: RunRecord): string | Buffer;
}

/** The first instance's messages that carry their bytes and dissector, as a pcap file (what `tester run --pcap` writes). */
function firstCallPcap(rec: RunRecord): Buffer {
  const records = (rec.first_call?.messages ?? []).flatMap((m) =>
    m.hex && m.dissector ? [pcapRecord({ dissector: m.dissector, bytes: Buffer.from(m.hex, 'hex'), timeMs: m.time[0] * 1000 + m.time[1] / 1000 })] : [],
  );
  return Buffer.concat([pcapFileHeader(), ...records]);
}

export const DOWNLOADS: Readonly<Record<string, Download>> = {
  'report.html': { type: 'text/html; charset=utf-8', render: (rec) => htmlReport(rec, { generatedAt: new Date() }) },
  'junit.xml': { type: 'application/xml; charset=utf-8', render: (rec) => junitXml(rec, hostname()) },
  'results.csv': { type: 'text/csv; charset=utf-8', render: (rec) => statsCsv(rec) },
  'record.json': { type: 'application/json; charset=utf-8', render: (rec) => `${JSON.stringify(rec, null, 2)}\n` },
  'first-call.pcap': { type: 'application/vnd.tcpdump.pcap', render: firstCallPcap },
};

/** The attachment's file name: the run id made safe for a file name, and what it is. */
export function attachmentName(runId: string, file: string): string {
  return `${runId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100)}-${file}`;
}
