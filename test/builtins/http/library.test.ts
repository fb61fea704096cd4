// builtins/http/library.ts: definitions saved by name as plain JSON files in <dataDir>/library (list, open, save,
// rename, delete), names checked against their rule, bodies bounded, and the library there again after a restart.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startWeb, type Web } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'tester-http-library-'));
const MAX = 16 * 1024;
let web: Web;
before(async () => {
  web = await startWeb({ dataDir: dir, maxMessageBytes: MAX });
});
after(async () => {
  await web?.close();
  rmSync(dir, { recursive: true, force: true });
});

const prepaid = { trace_level: 1, operations: [{ type: 'comment', arguments: { text: 'prepaid' } }] };
const put = (name: string, body: string) => web.fetch(`/api/library/${name}`, { method: 'PUT', body });
const json = async (r: Response) => ({ status: r.status, body: await r.json() });

test('save, list, open, rename, delete: plain JSON files under <dataDir>/library', async () => {
  assert.deepEqual(await json(await put('prepaid', JSON.stringify(prepaid))), { status: 200, body: { name: 'prepaid' } });
  assert.deepEqual(JSON.parse(readFileSync(join(dir, 'library', 'prepaid.json'), 'utf8')), prepaid, 'the file is the definition, as sent');
  const list = await json(await web.fetch('/api/library'));
  assert.equal(list.status, 200);
  assert.equal(list.body.length, 1);
  assert.equal(list.body[0].name, 'prepaid');
  assert.ok(!Number.isNaN(Date.parse(list.body[0].modified)) && list.body[0].modified.endsWith('Z'));
  assert.equal(list.body[0].bytes, readFileSync(join(dir, 'library', 'prepaid.json')).length);
  assert.deepEqual((await json(await web.fetch('/api/library/prepaid'))).body, prepaid);

  assert.equal((await put('other.v2', JSON.stringify({ operations: [] }))).status, 200);
  const taken = await json(await web.fetch('/api/library/prepaid/rename', { method: 'POST', body: JSON.stringify({ to: 'other.v2' }) }));
  assert.equal(taken.status, 409);
  assert.match(taken.body.error.message, /^to: .*'other\.v2' exists/);
  assert.deepEqual(await json(await web.fetch('/api/library/prepaid/rename', { method: 'POST', body: JSON.stringify({ to: 'prepaid-2' }) })), { status: 200, body: { name: 'prepaid-2' } });
  assert.equal((await web.fetch('/api/library/prepaid')).status, 404);
  assert.deepEqual((await json(await web.fetch('/api/library/prepaid-2'))).body, prepaid);

  assert.equal((await web.fetch('/api/library/other.v2', { method: 'DELETE' })).status, 200);
  assert.equal((await web.fetch('/api/library/other.v2', { method: 'DELETE' })).status, 404);
  assert.deepEqual(readdirSync(join(dir, 'library')), ['prepaid-2.json'], 'no temporary file left behind');
});

test('bad input: 400 naming the rule or the field, 404 when missing, 413 past the bound', async () => {
  const bad = await json(await put('..%2Fescape', '{}'));
  assert.equal(bad.status, 400);
  assert.match(bad.body.error.message, /^name: a library name is .*\^\[A-Za-z0-9\]/);
  assert.equal((await put('.hidden', '{}')).status, 400);
  assert.equal((await put('x'.repeat(101), '{}')).status, 400);
  const notObject = await json(await put('arr', '[1,2]'));
  assert.equal(notObject.status, 400);
  assert.match(notObject.body.error.message, /^body \(the definition\): must be a JSON object/);
  assert.match((await json(await put('broken', '{"a":'))).body.error.message, /^body \(the definition\): not JSON/);
  const noTo = await json(await web.fetch('/api/library/prepaid-2/rename', { method: 'POST', body: '{}' }));
  assert.equal(noTo.status, 400);
  assert.match(noTo.body.error.message, /^to: /);
  assert.equal((await web.fetch('/api/library/missing')).status, 404);
  assert.equal((await web.fetch('/api/library/missing/rename', { method: 'POST', body: '{"to":"x"}' })).status, 404);
  const big = await json(await put('big', JSON.stringify({ pad: 'x'.repeat(MAX) })));
  assert.equal(big.status, 413);
  assert.match(big.body.error.message, new RegExp(`at most ${MAX} bytes`));
  assert.equal((await web.fetch('/api/library/prepaid-2', { method: 'PATCH' })).status, 405);
});

test('a file put into the folder by hand (git checkout) is listed; one with a name outside the rule is not', async () => {
  writeFileSync(join(dir, 'library', 'from-git.json'), '{"operations":[]}\n');
  writeFileSync(join(dir, 'library', 'not a name.json'), '{}');
  const names = (await json(await web.fetch('/api/library'))).body.map((e: { name: string }) => e.name);
  assert.deepEqual(names, ['from-git', 'prepaid-2']);
});

test('the library survives a restart of the service (same data directory)', async () => {
  await web.close();
  web = await startWeb({ dataDir: dir, maxMessageBytes: MAX });
  const names = (await json(await web.fetch('/api/library'))).body.map((e: { name: string }) => e.name);
  assert.ok(names.includes('prepaid-2'), names.join());
  assert.deepEqual((await json(await web.fetch('/api/library/prepaid-2'))).body, prepaid);
});
