// The gateways view (#/gateways) in a real chromium: the sigtran instance connected to the reference SCP shows as up
// with its peer and transport; when the SCP goes away the view shows the new state by itself (it polls ListTests
// while visible), without a reload.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { needsChromium } from '../helpers/browser.js';
import type { Stack } from '../plugins/inap/helpers/stack.js';
import { clientUrl, dataDir, openBrowser, startScpStack } from './scp-stack.js';

const data = dataDir();
let st: Stack;

before(async () => {
  st = await startScpStack(data.dir);
});
after(async () => {
  await st?.close();
  data.remove();
});

test('the sigtran instance: state, peer and transport, refreshed live when its peer goes away', needsChromium(), async () => {
  const b = await openBrowser();
  try {
    const page = b.page;
    await page.goto(`${clientUrl(st.svc)}#/gateways`);
    const row = page.locator('tr[data-gateway="sigtran-SIG"]');
    await row.waitFor();
    assert.match(await row.locator('.gw-state').innerText(), /^up/);
    const cells = await row.locator('td').allInnerTexts();
    assert.match(cells[1]!, /^127\.0\.0\.1:\d+$/, 'the peer');
    assert.match(cells[4]!, /tcp-client, asp/, 'transport and role');
    assert.match(await row.locator('th').innerText(), /sigtran SIG \(default\)/);

    await st.simGw.stop?.();
    await page.waitForFunction(() => !(document.querySelector('tr[data-gateway="sigtran-SIG"] .gw-state')?.textContent ?? 'up').startsWith('up'), undefined, { timeout: 30_000 });
    assert.doesNotMatch(await row.locator('.gw-state').innerText(), /^up/);
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});
