// builtins/http/data-files.ts: data set files uploaded, listed and deleted through the HTTP API, then read by a
// run's `data`; names checked, the upload streamed to the data directory's data/ folder.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWeb, rpcText, type Web } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'tester-http-data-'));
let web: Web;
before(async () => {
  web = await startWeb({ dataDir: dir });
});
after(async () => {
  await web?.close();
  rmSync(dir, { recursive: true, force: true });
});

const put = (name: string, body: string) => web.fetch(`/api/data/${name}`, { method: 'PUT', body });
const json = async (r: Response) => ({ status: r.status, body: await r.json() });

test('upload, list, use in a run, replace, delete', async () => {
  assert.deepEqual(await json(await put('subs.csv', 'msisdn\n0211000001\n0211000002\n')), { status: 200, body: { name: 'subs.csv', bytes: 29 } });
  assert.equal(readFileSync(join(dir, 'data', 'subs.csv'), 'utf8'), 'msisdn\n0211000001\n0211000002\n');
  const list = (await json(await web.fetch('/api/data'))).body;
  assert.deepEqual(list.map((f: { name: string; bytes: number }) => [f.name, f.bytes]), [['subs.csv', 29]]);
  const params = { run_id: 'http-data-1', data: { subs: { file: 'subs.csv' } }, operations: [{ type: 'assert', arguments: { expression: "$d.subs.msisdn == '0211000001'" } }] };
  const started = await json(await web.fetch('/rpc', { method: 'POST', body: rpcText('ExecuteTest', params) }));
  assert.equal(started.body.result, 'ok', JSON.stringify(started.body));
  let rec;
  do rec = (await json(await web.fetch('/rpc', { method: 'POST', body: rpcText('QueryTest', { run_id: 'http-data-1' }) }))).body.result;
  while (rec.completed !== 1);
  assert.equal(rec.counts.passed, 1, JSON.stringify(rec.first_fails));
  assert.equal((await put('subs.csv', 'msisdn\n0211999999\n')).status, 200);
  assert.equal(readFileSync(join(dir, 'data', 'subs.csv'), 'utf8'), 'msisdn\n0211999999\n', 'replaced whole');
  assert.deepEqual(readdirSync(join(dir, 'data')), ['subs.csv'], 'no temporary file is left');
  assert.equal((await web.fetch('/api/data/subs.csv', { method: 'DELETE' })).status, 200);
  assert.equal((await web.fetch('/api/data/subs.csv', { method: 'DELETE' })).status, 404);
});

test('a name that is not a plain .csv or .json file name is 400', async () => {
  for (const name of ['..%2Fx.csv', 'x.txt', '.hidden.csv', 'a%2Fb.csv']) assert.equal((await put(name, 'a\n1\n')).status, 400, name);
});
