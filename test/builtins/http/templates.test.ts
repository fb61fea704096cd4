// builtins/http/templates.ts, GET /api/templates: the examples that are Test Run definitions, offered as templates
// with a name (their path) and a title (their first comment, else the name); the other JSON files are not.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startWeb, type Web } from './helpers.js';

const root = join(import.meta.dirname, '../../../');
let web: Web;
before(async () => {
  web = await startWeb();
});
after(async () => web?.close());

test('the example definitions, by path, with titles; no plugins.json, no simulator config', async () => {
  const r = await web.fetch('/api/templates');
  assert.equal(r.status, 200);
  const list = (await r.json()) as Array<{ name: string; title: string; definition: { operations: unknown[] } }>;
  const names = list.map((t) => t.name);
  for (const n of ['inap/prepaid', 'logic/single', 'diameter/ccr-session', 'map/ati']) assert.ok(names.includes(n), n);
  for (const n of ['inap/plugins', 'inap/scp-sim', 'db/definition.schema']) assert.ok(!names.includes(n), n);
  assert.ok(list.every((t) => Array.isArray(t.definition.operations) && t.title.length > 0));
  const prepaid = list.find((t) => t.name === 'inap/prepaid')!;
  assert.deepEqual(prepaid.definition, JSON.parse(readFileSync(join(root, 'examples/inap/prepaid.json'), 'utf8')));
  assert.equal(list.find((t) => t.name === 'logic/single')!.title, 'A single test with logic operations only');
  assert.equal(prepaid.title, 'inap/prepaid', 'no leading comment: the name');
});
