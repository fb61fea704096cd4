// The history (#/history) and the comparison (#/compare/<a>/<b>) in a real chromium: two runs against the
// reference SCP, then the service restarted on the same data directory (the run store): the history lists both,
// filters them by text and state, and two picked runs open side by side with their latency distributions overlaid.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningService } from '../../core/service.js';
import { needsChromium } from '../helpers/browser.js';
import { clientUrl, dataDir, openBrowser, prepaid, restartOn, run, startScpStack } from './scp-stack.js';

const data = dataDir();
let svc: RunningService;
let url: string;

before(async () => {
  const first = await startScpStack(data.dir);
  try {
    await run(first.port, prepaid('hist-single'));
    await run(first.port, prepaid('hist-load', { type: 'linear', total: 20, backlog: 20, cps: { start: 20, rate: 20, ramp_secs: 0 } }));
  } finally {
    await first.close();
  }
  svc = await restartOn(data.dir);
  url = clientUrl(svc);
});
after(async () => {
  await svc?.close();
  data.remove();
});

const listed = (page: import('playwright-core').Page) => page.$$eval('table.history tbody tr', (trs) => trs.map((tr) => (tr as HTMLElement).dataset.run).sort());

test('after a restart the history lists the stored runs, filtered by text and state; two picked runs compare side by side', needsChromium(), async () => {
  const b = await openBrowser();
  try {
    const page = b.page;
    await page.goto(`${url}#/history`);
    await page.waitForSelector('table.history tbody tr');
    assert.deepEqual(await listed(page), ['hist-load', 'hist-single']);
    assert.match(await page.locator('tr[data-run="hist-load"]').innerText(), /completed/);

    await page.getByLabel('Run id contains').fill('LOAD');
    assert.deepEqual(await listed(page), ['hist-load']);
    await page.getByLabel('Run id contains').fill('');
    await page.getByLabel('State').selectOption('cancelled');
    assert.deepEqual(await listed(page), []);
    await page.getByLabel('State').selectOption('completed');
    assert.deepEqual(await listed(page), ['hist-load', 'hist-single']);

    const compare = page.getByRole('button', { name: 'Compare the two picked runs' });
    assert.equal(await compare.isDisabled(), true);
    await page.getByLabel('compare hist-single').check();
    await page.getByLabel('compare hist-load').check();
    await compare.click();
    await page.waitForSelector('table.compare');
    assert.equal(new URL(page.url()).hash, '#/compare/hist-single/hist-load');
    const cells = (measure: string) => page.locator(`table.compare tr[data-measure="${measure}"] td`).allInnerTexts();
    assert.deepEqual((await cells('started instances')).slice(0, 2), ['1', '20']);
    assert.deepEqual((await cells('failed instances')).slice(0, 2), ['1', '20']);
    assert.deepEqual((await cells('distribution')).slice(0, 2), ['single', 'linear']);
    assert.deepEqual(await page.locator('table.compare thead th code').allInnerTexts(), ['hist-single', 'hist-load']);

    // the overlay: one uPlot chart, a series per run, something drawn
    await page.waitForSelector('figure.plot canvas');
    assert.match(await page.locator('figure.plot').innerText(), /hist-single[\s\S]*hist-load/);
    const inked = await page.$eval('figure.plot canvas', (c) => {
      const d = (c as HTMLCanvasElement).getContext('2d')!.getImageData(0, 0, (c as HTMLCanvasElement).width, (c as HTMLCanvasElement).height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) n++;
      return n;
    });
    assert.ok(inked > 500, `${inked} drawn pixels`);
    // the legend's toggles by keyboard: a run's series hidden with Enter, shown again with Space
    const toggle = page.locator('figure.plot .u-legend th[role="button"]', { hasText: 'hist-load' });
    assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-pressed') === 'false');
    await page.keyboard.press(' ');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-pressed') === 'true');

    // a stored run's results open from the history
    await page.goto(`${url}#/history`);
    await page.locator('tr[data-run="hist-single"] a').click();
    await page.waitForSelector('.results-ladder details.msg');
    assert.equal(new URL(page.url()).hash, '#/results/hist-single');
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});
