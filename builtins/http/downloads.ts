// GET /api/runs/<run_id>/report.html | junit.xml | results.csv | record.json | first-call.pcap | instance-<n>.pcap:
// the files `tester report` and `tester run --pcap` write, rendered from the run's record as it is now (a running
// run's report says RUNNING) by views/ and the sdk's pcap writer, as attachments. instance-<n>.pcap is the pcap slice
// of a recorded failure (the record's failures[].pcap): the messages of that instance alone.
import { hostname } from 'node:os';
import type { RunRecord } from '../../core/api/index.js';
import { htmlReport } from '../../views/report/html.js';
import { junitXml } from '../../views/report/junit.js';
import { statsCsv } from '../../views/report/csv.js';
import { pcapFileHeader, pcapRecord } from '../../sdk/pcap.js';
import { HttpError } from './respond.js';

interface Download {
  type: string;
  render(rec: RunRecord): string | Buffer;
}

type Message = NonNullable<RunRecord['first_call']>['messages'][number];

/** An instance's messages that carry their bytes and dissector, as a pcap file (what `tester run --pcap` writes). */
function messagesPcap(messages: readonly Message[]): Buffer {
  const records = messages.flatMap((m) =>
    m.hex && m.dissector ? [pcapRecord({ dissector: m.dissector, bytes: Buffer.from(m.hex, 'hex'), timeMs: m.time[0] * 1000 + m.time[1] / 1000 })] : [],
  );
  return Buffer.concat([pcapFileHeader(), ...records]);
}

/** The pcap slice of the recorded failure of instance `n` (404 when the record keeps none). */
export function failurePcap(rec: RunRecord, n: number): Buffer {
  const f = rec.failures?.find((x) => x.instance === n);
  if (!f) throw new HttpError(404, `run '${rec.run_id}' keeps no failure of instance ${n} in detail (its record's failures[]: ${rec.failures?.map((x) => x.instance).join(', ') || 'none'})`);
  return messagesPcap(f.messages);
}

export const PCAP_TYPE = 'application/vnd.tcpdump.pcap';

export const DOWNLOADS: Readonly<Record<string, Download>> = {
  'report.html': { type: 'text/html; charset=utf-8', render: (rec) => htmlReport(rec, { generatedAt: new Date() }) },
  'junit.xml': { type: 'application/xml; charset=utf-8', render: (rec) => junitXml(rec, hostname()) },
  'results.csv': { type: 'text/csv; charset=utf-8', render: (rec) => statsCsv(rec) },
  'record.json': { type: 'application/json; charset=utf-8', render: (rec) => `${JSON.stringify(rec, null, 2)}\n` },
  'first-call.pcap': { type: PCAP_TYPE, render: (rec) => messagesPcap(rec.first_call?.messages ?? []) },
};

/** The attachment's file name: the run id made safe for a file name, and what it is. */
export function attachmentName(runId: string, file: string): string {
  return `${runId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100)}-${file}`;
}
