// POST /api/import (builtins/http/import.ts): a capture uploaded as the request body becomes Test Definitions by the
// capture plugin's import, reached through the plugin's exports (an sdk CaptureImporter). A real capture of a CAMEL
// prepaid call against scp-sim (the sigtran instance's pcap) is uploaded over HTTP: the definition that comes back
// runs against scp-sim and passes; the options of `tester import` in the query; nothing imported is 422 with the
// notes naming their frames; what is no capture 400; past the bound 413; a service without the plugin 501.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWeb, type Web } from './helpers.js';
import { startStack } from '../../plugins/inap/helpers/stack.js';
import { runToCompletion } from '../../helpers/service.js';
import { MAX_IMPORT_BYTES } from '../../../builtins/http/import.js';

const dir = mkdtempSync(join(tmpdir(), 'tester-http-import-'));
const examples = join(import.meta.dirname, '../../../examples/inap');
const script = JSON.parse(readFileSync(join(examples, 'scp-sim.json'), 'utf8'));
const pcap = join(dir, 'prepaid.pcap');
let web: Web;

before(async () => {
  const st = await startStack(script, { pcap });
  try {
    const r = await runToCompletion(st.port, { ...JSON.parse(readFileSync(join(examples, 'prepaid.json'), 'utf8')), run_id: 'http-import-original' });
    assert.equal(r.counts.passed, 1);
  } finally {
    await st.close();
  }
  web = await startWeb({ dataDir: dir }, ['logic', 'sigtran', 'inap', 'map', 'diameter', 'capture'].map((name) => ({ name })));
});
after(async () => {
  await web?.close();
  rmSync(dir, { recursive: true, force: true });
});

const upload = (query: string, body: Buffer | string) => web.fetch(`/api/import${query}`, { method: 'POST', body: typeof body === 'string' ? body : new Uint8Array(body), headers: { 'Content-Type': 'application/vnd.tcpdump.pcap' } });

test('an uploaded capture comes back as definitions that pass against the simulator it was taken from', async () => {
  const r = await upload('?name=prepaid&msisdn=%2B0217654321', readFileSync(pcap));
  assert.equal(r.status, 200);
  const body = await r.json();
  assert.deepEqual(body.definitions.map((d: { name: string }) => d.name), ['prepaid-1']);
  assert.match(body.summary, /1 dialogues, 0 sessions, 1 chosen, 1 imported, 0 frames noted$/);
  const def = body.definitions[0].definition;
  assert.equal(def.ssp_ac, 'camel3');
  assert.equal(def.operations[0].type, 'inap.ssp_to_scp.InitialDP');
  assert.match(def.operations[0].description, /^Imported from prepaid: TCAP dialogue 1/);
  const st = await startStack(script);
  try {
    const again = await runToCompletion(st.port, { ...def, run_id: 'http-import-again' });
    assert.deepEqual([again.counts.passed, again.counts.failed, again.counts.aborted], [1, 0, 0], JSON.stringify(again.first_fails));
  } finally {
    await st.close();
  }
  const both = await (await upload('?name=all&together=true&role=scp', readFileSync(pcap))).json();
  assert.deepEqual(both.definitions.map((d: { name: string }) => d.name), ['all']);
  assert.equal(both.definitions[0].definition.operations[0].type, 'inap.scp_from_ssp.InitialDP');
});

test('nothing imported: 422 with the notes naming the frames; no capture 400; bad options 400', async () => {
  const none = await upload('?role=hlr', readFileSync(pcap));
  assert.equal(none.status, 422);
  const b = await none.json();
  assert.match(b.error.message, /^nothing imported \(.*0 imported/);
  assert.equal(b.notes.length, 1);
  assert.ok(Number.isInteger(b.notes[0].frame) && b.notes[0].frame > 1, JSON.stringify(b.notes));
  assert.match(b.notes[0].why, /^dialogue 1: role hlr is not one of INAP's/);
  assert.equal((await upload('?msisdn=4917100001', readFileSync(pcap))).status, 422);

  const junk = await upload('', 'not a capture at all, just text');
  assert.equal(junk.status, 400);
  assert.match((await junk.json()).error.message, /^not a capture the import reads: /);
  for (const [q, re] of [['?msisdn=12ab', /^msisdn: expected an MSISDN/], ['?pc=-1', /^pc: expected an integer/], ['?name=..%2Fx', /^name: /], ['?dialogue=0', /^dialogue: /]] as const) {
    const r = await upload(q, readFileSync(pcap));
    assert.equal(r.status, 400, q);
    assert.match((await r.json()).error.message, re, q);
  }
});

test('a capture past the upload bound is refused before it is read: 413', async () => {
  const status = await new Promise<number>((resolve, reject) => {
    const req = request(`${web.base}/api/import`, { method: 'POST', headers: { 'Content-Length': String(MAX_IMPORT_BYTES + 1) } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', reject);
    req.write(Buffer.alloc(1024));
  });
  assert.equal(status, 413);
});

test('a service without a plugin that imports captures answers 501', async () => {
  const plain = await startWeb({ dataDir: dir });
  try {
    const r = await plain.fetch('/api/import', { method: 'POST', body: new Uint8Array(readFileSync(pcap)) });
    assert.equal(r.status, 501);
    assert.match((await r.json()).error.message, /enable the capture plugin/);
  } finally {
    await plain.close();
  }
});
