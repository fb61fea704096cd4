// The README's screenshots of the web client (docs/images/web-*.png): the reference SCP and the service on loopback,
// two prepaid calls and a load run against it, then chromium on each main view. Rerun after changing a view:
//   npm run build && node --import tsx scripts/screenshots.ts [outdir]
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { rpcCall } from '../cli/rpc-client.js';
import { freePort, root, startScpSim, startService, stopAll, untilEnded } from '../bench/processes.js';

const out = process.argv[2] ?? join(root, 'docs/images');
const example = (f: string) => JSON.parse(readFileSync(join(root, 'examples/inap', f), 'utf8')) as Record<string, unknown>;


async function shoot(page: Page, name: string, route: string, ready: string, act?: (page: Page) => Promise<void>): Promise<void> {
  await page.evaluate((r) => {
    location.hash = r;
  }, route);
  await page.waitForSelector(ready, { timeout: 30_000 });
  await act?.(page);
  await page.waitForTimeout(600);
  await page.screenshot({ path: join(out, `web-${name}.png`) });
  console.log(`docs/images/web-${name}.png`);
}

const work = mkdtempSync(join(tmpdir(), 'tester-screenshots-'));
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const sim = await startScpSim(work, example('scp-sim.json'));
  const http = await freePort();
  const svc = await startService(work, sim.port, 'shots', undefined, 1, [], ['--http-port', String(http)]);
  const base = `http://127.0.0.1:${http}`;
  const { $schema: _s, ...prepaid } = example('prepaid.json');
  for (const runId of ['prepaid-1', 'prepaid-2']) {
    await rpcCall({ port: svc.port }, 'ExecuteTest', { ...prepaid, run_id: runId, vars: { called: '0211234567', talk_secs: 1 } });
    await untilEnded(svc.port, runId, 200);
  }
  await fetch(`${base}/api/library/prepaid`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(prepaid) });
  const { $schema: _l, ...load } = example('load.json');
  await fetch(`${base}/api/library/load-10000`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(load) });
  await rpcCall({ port: svc.port }, 'ExecuteTest', { ...load, run_id: 'linear-ramp', distribution: { type: 'linear', total: 60_000, backlog: 2000, cps: { start: 100, rate: 1000, ramp_secs: 20 } } });
  const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
  await page.goto(`${base}/#/library`);
  await shoot(page, 'editor', '#/editor/prepaid', '.op-card');
  await shoot(page, 'operations', '#/operations', '.palette-item', async (p) => {
    await p.fill('#op-search', 'initialdp');
    await p.locator('.palette-item summary').first().click();
  });
  await shoot(page, 'library', '#/library', 'table');
  await page.evaluate(() => {
    location.hash = '#/runs/linear-ramp';
  });
  await page.waitForTimeout(8000);
  await shoot(page, 'runs', '#/runs/linear-ramp', '.uplot canvas');
  await rpcCall({ port: svc.port }, 'CancelTest', { run_id: 'linear-ramp' });
  await shoot(page, 'results', '#/results/prepaid-1', '.ladder svg.arrow', async (p) => {
    // the last message open, below the whole ladder; the ladder at the top of the window
    await p.locator('.results-ladder details.msg summary').last().click();
    await p.locator('#ladder-title').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  });
  await shoot(page, 'history', '#/history', 'table');
  await shoot(page, 'compare', '#/compare/prepaid-1/prepaid-2', '.uplot canvas');
  await shoot(page, 'gateways', '#/gateways', 'table');
} finally {
  await browser.close();
  await stopAll();
  rmSync(work, { recursive: true, force: true });
}
