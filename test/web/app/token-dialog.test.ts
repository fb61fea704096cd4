// web/src/app/token-dialog.tsx in chromium: against a service started with a token, the page's API calls answer 401
// and the page asks for the token; with it, the views load; the token is kept for the tab only.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium, needsChromium } from '../../helpers/browser.js';
import { startTestService } from '../../helpers/service.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tester-web-token-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

test('without the token the page asks for it; with it the history loads; a new tab asks again', needsChromium(), async () => {
  const svc = await startTestService([{ name: 'logic' }], { dataDir, token: 'open-sesame' });
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    await page.goto(`http://127.0.0.1:${svc.served.http!.port}/#/history`);
    const dialog = page.getByRole('dialog', { name: 'This service needs its token' });
    await dialog.waitFor();
    await dialog.getByLabel('Token').fill('open-sesame');
    await dialog.getByRole('button', { name: 'Use this token' }).click();
    await page.waitForLoadState('load');
    await page.waitForSelector('main h1');
    assert.equal(await page.getByRole('dialog').count(), 0, 'no dialog once the token is given');
    assert.equal(await page.evaluate(() => sessionStorage.getItem('tester-token')), 'open-sesame');
    // the API answers the page now: ListTests through POST /rpc with the header
    const answer = await page.evaluate(async () => (await fetch('/rpc', { method: 'POST', headers: { authorization: `Bearer ${sessionStorage.getItem('tester-token')}`, 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ListTests' }) })).status);
    assert.equal(answer, 200);
    const other = await browser.context.newPage();
    await other.goto(`http://127.0.0.1:${svc.served.http!.port}/#/history`);
    await other.getByRole('dialog', { name: 'This service needs its token' }).waitFor();
  } finally {
    await browser.close();
    await svc.close();
  }
});
