// Run and watch in a real browser (docs/web.md "The client"): a load run started from the editor, whose live
// chart grows as the seconds pass (SSE at 1 Hz), cancelled from its live view; runs another client started over
// the TCP port are listed and watched the same way.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningService } from '../../core/service.js';
import { needsChromium } from '../helpers/browser.js';
import { call, startTestService } from '../helpers/service.js';
import { addStep, control, openClient, type Client } from './editor-stack.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tester-web-runs-'));
let svc: RunningService;
let client: Client;

before(async () => {
  if (needsChromium().skip) return;
  svc = await startTestService([{ name: 'logic' }], { dataDir });
  client = await openClient(svc);
});
after(async () => {
  await client?.close();
  await svc?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const points = (c: Client) => c.page.locator('.live-chart').first().getAttribute('data-points').then(Number);

test('a load run started from the editor: its live chart grows, Cancel ends it cancelled', needsChromium(), async () => {
  const { page } = client;
  await client.fresh('editor');
  await addStep(page, 'wait');
  await page.fill(control('operations[0].arguments.seconds'), '0.01');
  assert.equal(await page.getByRole('button', { name: 'Start as load run' }).isDisabled(), true, 'a single distribution is no load run');
  await page.selectOption(control('distribution.type'), { label: 'linear' });
  await page.fill(control('distribution.total'), '1000000');
  await page.fill(control('distribution.cps.rate'), '50');
  await page.getByRole('button', { name: 'Start as load run' }).click();
  await page.waitForURL(/#\/runs\/run-/);
  await page.waitForSelector('.run-state[data-state=running]');
  await page.waitForFunction(() => Number(document.querySelector('.live-chart')?.getAttribute('data-points')) >= 1);
  const first = await points(client);
  await page.waitForFunction((n) => Number(document.querySelector('.live-chart')?.getAttribute('data-points')) > n, first, { timeout: 20_000 });
  assert.ok((await points(client)) > first, 'the chart has more seconds than at the first read');
  assert.notEqual(await page.locator('[data-count=started]').innerText(), '0');
  await page.locator('.live-run').getByRole('button', { name: 'Cancel' }).click();
  await page.waitForSelector('.run-state[data-state=cancelled]', { timeout: 20_000 });
  const runId = decodeURIComponent(page.url().split('#/runs/')[1]!);
  const q = await call(svc.port, 'QueryTest', { run_id: runId });
  assert.equal(q.result.state, 'cancelled');
  assert.deepEqual(client.errors, []);
});

test('runs another client started are listed, several at once, and watched live', needsChromium(), async () => {
  const { page } = client;
  const ids = [`cli-a-${process.pid}`, `cli-b-${process.pid}`];
  for (const run_id of ids) {
    const r = await call(svc.port, 'ExecuteTest', { run_id, operations: [{ type: 'wait', arguments: { seconds: 0.01 } }], distribution: { type: 'linear', total: 1000000, cps: 20 } });
    assert.equal(r.error, null, JSON.stringify(r.error));
  }
  await client.fresh('runs');
  for (const id of ids) await page.waitForSelector(`tr[data-run='${id}'] .state-running`);
  await page.locator(`tr[data-run='${ids[1]}']`).getByRole('link', { name: ids[1] }).click();
  await page.waitForSelector('.run-state[data-state=running]');
  assert.match(await page.locator('#live-title').innerText(), new RegExp(ids[1]!));
  await page.getByRole('button', { name: `Cancel ${ids[0]}` }).click();
  await page.locator('.live-run').getByRole('button', { name: 'Cancel' }).click();
  for (const id of ids) await page.waitForSelector(`tr[data-run='${id}'] .state-cancelled`, { timeout: 20_000 });
  assert.deepEqual(client.errors, []);
});
