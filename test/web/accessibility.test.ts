// Accessibility (issue 24): axe-core finds no serious or critical violation on each main view of the web client
// and in the HTML report of the same run. The client's Content-Security-Policy (script-src 'self') refuses an
// injected <script> (playwright's addScriptTag), so axe's source is evaluated through the DevTools protocol
// (page.evaluate), which the page's CSP does not govern.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { needsChromium } from '../helpers/browser.js';
import type { Stack } from '../plugins/inap/helpers/stack.js';
import { clientUrl, dataDir, openBrowser, prepaid, run, startScpStack } from './scp-stack.js';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const data = dataDir();
let st: Stack;
let url: string;

before(async () => {
  st = await startScpStack(data.dir);
  url = clientUrl(st.svc);
  await run(st.port, prepaid('a11y-one'));
  await run(st.port, prepaid('a11y-load', { type: 'load', total: 10, backlog: 2 }));
});
after(async () => {
  await st?.close();
  data.remove();
});

/** The serious and critical violations axe finds on the page as it is: `rule: target (message)`. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: string[]; failureSummary?: string }> }> }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(' ')} (${(n.failureSummary ?? '').split('\n').slice(0, 2).join(' ')})`));
  });
}

// Each main view, and what shows that it has rendered its content (not only its frame).
const VIEWS: Array<[route: string, ready: string]> = [
  ['editor', 'main h1'],
  ['operations', 'main h1'],
  ['library', 'main h1'],
  ['runs', 'main h1'],
  ['results/a11y-one', '.results-ladder details.msg'],
  ['history', 'table.history tbody tr'],
  ['compare/a11y-one/a11y-load', 'figure.plot canvas'],
  ['gateways', 'tr[data-gateway="sigtran-SIG"]'],
];

test('no serious or critical axe violation on any main view', needsChromium(), async () => {
  const b = await openBrowser();
  try {
    const found: string[] = [];
    for (const [route, ready] of VIEWS) {
      await b.page.goto(`${url}#/${route}`);
      await b.page.waitForSelector(ready);
      await b.page.waitForLoadState('networkidle');
      if (route.startsWith('results/')) await b.page.locator('.results-ladder details.msg summary').first().click(); // a message open too
      found.push(...(await seriousViolations(b.page)).map((v) => `#/${route}: ${v}`));
    }
    assert.deepEqual(found, []);
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});

test('no serious or critical axe violation in the HTML report of the run (a message of its ladder open)', needsChromium(), async () => {
  const res = await fetch(`${url}api/runs/a11y-one/report.html`);
  assert.equal(res.status, 200);
  const file = join(data.dir, 'report.html');
  writeFileSync(file, await res.text());
  const b = await openBrowser();
  try {
    await b.page.goto(`file://${file}`);
    await b.page.waitForSelector('#chart-distribution canvas');
    await b.page.locator('#ladder details.msg summary').first().click();
    assert.deepEqual(await seriousViolations(b.page), []);
  } finally {
    await b.close();
  }
});
