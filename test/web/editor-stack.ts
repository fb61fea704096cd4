// Helpers of the web client's tests (W1: editor, palette, library, runs): the client of a running service opened in
// a real headless chromium, with the page's console errors and CSP violations collected (a test asserts there are
// none).
import type { Page } from 'playwright-core';
import type { RunningService } from '../../core/service.js';
import { launchChromium } from '../helpers/browser.js';

export interface Client {
  page: Page;
  /** http://127.0.0.1:PORT/ of the service's HTTP side. */
  base: string;
  /** Console errors (CSP violations among them) and uncaught exceptions of the page; a missing favicon left out. */
  errors: string[];
  /** Open a route (`editor`, `runs/ID`) with an empty draft. */
  fresh(route: string): Promise<void>;
  close(): Promise<void>;
}

export async function openClient(svc: RunningService): Promise<Client> {
  const http = svc.served.http;
  if (!http) throw new Error('the service serves no HTTP');
  const browser = await launchChromium({ viewport: { width: 1280, height: 1000 } });
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/favicon/.test(m.location().url)) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  page.on('dialog', (d) => void d.accept());
  const base = `http://127.0.0.1:${http.port}/`;
  return {
    page,
    base,
    errors,
    async fresh(route) {
      await page.goto(`${base}#/${route}`);
      await page.evaluate(() => sessionStorage.removeItem('tester-draft'));
      await page.reload();
      await page.waitForSelector('main h1');
    },
    close: () => browser.close(),
  };
}

/** The control of a field of the definition in the steps view (by the JSON path it edits). */
export const control = (path: string) => `input[data-path='${path}'], select[data-path='${path}'], textarea[data-path='${path}']`;

/** Append a step of `type` with the steps view's "Add step". */
export async function addStep(page: Page, type: string): Promise<void> {
  await page.fill('#add-type', type);
  await page.getByRole('button', { name: 'Add step' }).click();
}

/** Set an argument of step i through its "Add field" choice and its input. */
export async function setArgument(page: Page, i: number, name: string, value: string): Promise<void> {
  const card = page.locator('.op-card').nth(i);
  await card.getByLabel('Add field').selectOption(name);
  await card.getByRole('button', { name: 'Add', exact: true }).click();
  await card.locator(control(`operations[${i}].arguments.${name}`)).fill(value);
}
