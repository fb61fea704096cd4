// builtins/http/downloads.ts: a run's files rendered by views/ from its record, as attachments — the HTML report,
// JUnit, the per-second CSV and the JSON record — the same as `tester report` writes — and the pcap files of the
// first instance and of each failure kept in detail; an unknown run is 404.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { call, waitForRun } from '../../helpers/service.js';
import { statsCsv } from '../../../views/report/csv.js';
import { attachmentName, DOWNLOADS } from '../../../builtins/http/downloads.js';
import type { RunRecord } from '../../../core/api/index.js';
import { startWeb, type Web } from './helpers.js';
import { fileURLToPath } from 'node:url';

let web: Web;
const runId = `dl-${process.pid}`;
let rec: { run_id: string; counts: { passed: number } };
before(async () => {
  web = await startWeb();
  const r = await call(web.svc.port, 'ExecuteTest', { run_id: runId, operations: [{ type: 'wait', arguments: { seconds: 0.01 } }], distribution: { type: 'load', total: 20, backlog: 5 }, trace_level: 1 });
  assert.equal(r.error, null);
  rec = await waitForRun(web.svc.port, runId);
});
after(async () => web?.close());

async function download(file: string): Promise<{ status: number; type: string; disposition: string; text: string }> {
  const r = await web.fetch(`/api/runs/${runId}/${file}`);
  return { status: r.status, type: r.headers.get('content-type') ?? '', disposition: r.headers.get('content-disposition') ?? '', text: await r.text() };
}

test('report.html: the HTML report of the run, as an attachment', async () => {
  const d = await download('report.html');
  assert.equal(d.status, 200);
  assert.match(d.type, /^text\/html/);
  assert.equal(d.disposition, `attachment; filename="${runId}-report.html"`);
  assert.match(d.text, /^<!doctype html>/);
  assert.ok(d.text.includes(`<code>${runId}</code>`));
  assert.match(d.text, /PASSED/);
  assert.match(d.text, /<section id="ladder">/);
});

test('junit.xml, results.csv, record.json: the JUnit suite, the CSV rows, the record itself', async () => {
  const junit = await download('junit.xml');
  assert.equal(junit.status, 200);
  assert.match(junit.type, /^application\/xml/);
  assert.match(junit.text, new RegExp(`<testsuite name="tester\\.${runId}" tests="1" failures="0"`));
  const csv = await download('results.csv');
  assert.match(csv.type, /^text\/csv/);
  assert.equal(csv.disposition, `attachment; filename="${runId}-results.csv"`);
  assert.equal(csv.text, statsCsv((await call(web.svc.port, 'QueryTest', { run_id: runId })).result));
  const json = await download('record.json');
  const got = JSON.parse(json.text);
  assert.equal(got.run_id, runId);
  assert.equal(got.counts.passed, rec.counts.passed);
  assert.equal(got.counts.passed, 20);
});

test('first-call.pcap: the first instance\'s messages with bytes as a pcap file (a run of logic operations has none)', async () => {
  const r = await web.fetch(`/api/runs/${runId}/first-call.pcap`);
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-type'), 'application/vnd.tcpdump.pcap');
  const bytes = Buffer.from(await r.arrayBuffer());
  assert.equal(bytes.length, 24, 'the file header alone');
  assert.equal(bytes.readUInt32LE(0), 0xa1b2c3d4);
  assert.equal(bytes.readUInt32LE(20), 252, 'EXPORTED_PDU records');
  const rec = { first_call: { messages: [{ hex: 'a1b2', dissector: 'm3ua', time: [1_700_000_000, 500_000] }, { name: 'no bytes', time: [1_700_000_000, 0] }] } } as unknown as RunRecord;
  const pcap = DOWNLOADS['first-call.pcap']!.render(rec) as Buffer;
  assert.equal(pcap.length, 24 + 16 + 4 + 4 + 4 + 2, 'one record: its header, the dissector tag (padded), the end tag, 2 bytes');
  assert.equal(pcap.readUInt32LE(24), 1_700_000_000);
  assert.equal(pcap.readUInt32LE(28), 500_000);
  assert.equal(pcap.subarray(-2).toString('hex'), 'a1b2');
});

test('an unknown run is 404; an unknown file is no endpoint; run ids are made safe for a file name', async () => {
  assert.equal((await web.fetch('/api/runs/none/report.html')).status, 404);
  assert.equal((await web.fetch(`/api/runs/${runId}/report.pdf`)).status, 404);
  assert.equal(attachmentName('a/b "c"\\d', 'junit.xml'), 'a_b__c__d-junit.xml');
});

test('instance-<n>.pcap: the pcap slice of a failure the record keeps in detail, its messages alone; 404 for another instance', async () => {
  const module = fileURLToPath(new URL('../../core/plugins/fixtures/context-ops.ts', import.meta.url));
  const fx = await startWeb({}, [{ name: 'logic' }, { module }]);
  try {
    const id = `dl-fail-${process.pid}`;
    // every instance sends Hello (bytes 01 02 ff); instance 3 fails
    const r = await call(fx.svc.port, 'ExecuteTest', { run_id: id, trace_level: 2, distribution: { type: 'load', total: 6, backlog: 1 }, operations: [{ type: 'fx_ctx.local.Message' }, { type: 'assert', arguments: { expression: '{ $n != 3 }', fail: 'three' } }] });
    assert.equal(r.error, null);
    const done = await waitForRun(fx.svc.port, id);
    assert.deepEqual(done.failures.map((f: any) => [f.instance, f.pcap]), [[3, 'instance-3.pcap']]);
    const got = await fx.fetch(`/api/runs/${id}/instance-3.pcap`);
    assert.equal(got.status, 200);
    assert.equal(got.headers.get('content-type'), 'application/vnd.tcpdump.pcap');
    assert.equal(got.headers.get('content-disposition'), `attachment; filename="${id}-instance-3.pcap"`);
    const bytes = Buffer.from(await got.arrayBuffer());
    assert.equal(bytes.readUInt32LE(0), 0xa1b2c3d4);
    assert.equal(bytes.length, 24 + 16 + 4 + 4 + 4 + 3, 'one record: Hello, 3 bytes (Bye has none)');
    assert.equal(bytes.subarray(-3).toString('hex'), '0102ff');
    const other = await fx.fetch(`/api/runs/${id}/instance-2.pcap`);
    assert.equal(other.status, 404);
    assert.match(await other.text(), /keeps no failure of instance 2 in detail .*failures\[\]: 3/);
    assert.equal((await fx.fetch(`/api/runs/none/instance-3.pcap`)).status, 404);
  } finally {
    await fx.close();
  }
});
