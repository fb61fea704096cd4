// The operation palette in a real browser (docs/web.md "The client"): every type DescribeOperations lists, searched
// by name, family, direction and role, each with its arguments (type, required, description); "Add to
// definition" appends the type to the draft the editor shows.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningService } from '../../core/service.js';
import { needsChromium } from '../helpers/browser.js';
import { call, startTestService } from '../helpers/service.js';
import { openClient, type Client } from './editor-stack.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tester-web-palette-'));
let svc: RunningService;
let client: Client;

before(async () => {
  if (needsChromium().skip) return;
  svc = await startTestService([{ name: 'logic' }, { name: 'sigtran', options: { instances: [] } }, { name: 'inap' }], { dataDir });
  client = await openClient(svc);
});
after(async () => {
  await client?.close();
  await svc?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const shown = () => client.page.locator('.palette-item summary .mono').allInnerTexts();

test('every type is listed and searched by name, family, direction and role', needsChromium(), async () => {
  const { page } = client;
  const described = (await call(svc.port, 'DescribeOperations', {})).result.operations.map((o: { type: string }) => o.type);
  await client.fresh('operations');
  await page.waitForSelector('.palette-item');
  assert.deepEqual((await shown()).sort(), [...described].sort());
  await page.fill('#op-search', 'initialdp');
  assert.ok((await shown()).includes('inap.ssp_to_scp.InitialDP'));
  await page.selectOption('#op-role', 'ssp');
  await page.selectOption('#op-direction', 'send');
  // the call's InitialDP and CAMEL's SMS and GPRS ones; the SCP side's receive types are filtered out
  assert.deepEqual((await shown()).sort(), ['inap.ssp_to_scp.InitialDP', 'inap.ssp_to_scp.InitialDPGPRS', 'inap.ssp_to_scp.InitialDPSMS']);
  await page.fill('#op-search', '');
  await page.selectOption('#op-role', '');
  await page.selectOption('#op-direction', '');
  await page.selectOption('#op-family', 'logic');
  assert.deepEqual((await shown()).sort(), described.filter((t: string) => !t.includes('.')).sort());
  assert.deepEqual(client.errors, []);
});

test('a type opens to its arguments, and Add to definition appends it to the draft', needsChromium(), async () => {
  const { page } = client;
  await client.fresh('operations');
  await page.fill('#op-search', 'branch');
  await page.selectOption('#op-family', 'logic');
  const item = page.locator('.palette-item').filter({ hasText: 'branch' }).first();
  await item.locator('summary').press('Enter');
  const row = item.locator('table.args tr').filter({ hasText: 'expression' });
  assert.match(await row.innerText(), /expression\s+any\s+required/);
  await page.getByRole('button', { name: 'Add to definition: branch' }).click();
  await page.getByRole('button', { name: 'Add to definition: branch' }).click();
  await page.getByRole('link', { name: 'Open the editor' }).click();
  await page.waitForSelector('.op-card');
  assert.deepEqual(await page.locator('.op-card h3 .mono').allInnerTexts(), ['branch', 'branch']);
  // the required argument is marked, and its absence is the problem that stops a start
  assert.match(await page.locator('.problems').innerText(), /operations\[0\]\.arguments\.expression.*is required/s);
});
