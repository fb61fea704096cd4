// Test helper of the results, history, gateways and accessibility tests of the web client: the service with its HTTP
// side (port 0) connected over M3UA to the reference SCP (scp-sim's engine on its own sigtran gateway, as `tester
// scp-sim` runs it), its data directory in a temporary folder (the run store and the library live there), and the
// runs these tests look at; a chromium page that fails the test on a page error or a console error.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { RunningService } from '../../core/service.js';
import { startStack, type Stack } from '../plugins/inap/helpers/stack.js';
import { runToCompletion, startTestService } from '../helpers/service.js';
import { launchChromium } from '../helpers/browser.js';

const root = join(import.meta.dirname, '../..');
const example = (name: string) => JSON.parse(readFileSync(join(root, 'examples/inap', name), 'utf8'));

/** A temporary data directory; remove() deletes it. */
export function dataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'tester-web-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The web client's address of a running service. */
export function clientUrl(svc: RunningService): string {
  const http = svc.served.http;
  if (!http) throw new Error('the service serves no HTTP side (the http built-in is off)');
  return `http://127.0.0.1:${http.port}/`;
}

/** The service (HTTP on a free port) against the reference SCP, its data directory and run store (runs.db) in `dir`. */
export function startScpStack(dir: string): Promise<Stack> {
  return startStack(example('scp-sim.json'), { serviceOptions: { dataDir: dir, store: join(dir, 'runs.db'), httpPort: 0 } });
}

/** The service alone (no gateway) on the same data directory: what a restart finds. */
export function restartOn(dir: string): Promise<RunningService> {
  return startTestService([{ name: 'logic' }], { dataDir: dir, store: join(dir, 'runs.db'), httpPort: 0 });
}

/**
 * The prepaid call of examples/inap/prepaid.json (trace_level 2: fields and bytes of each message), with a test on
 * the Connect that fails (its nature of address is 4, not 99), once or as a load.
 */
export function prepaid(runId: string, distribution?: Record<string, unknown>): Record<string, unknown> {
  const def = example('prepaid.json');
  def.operations[3].tests = [
    { kpath: 'destinationRoutingAddress_digits', type: 'string', value: '4912345678' },
    { kpath: 'destinationRoutingAddress_noa', type: 'integer', value: 99 },
  ];
  return { ...def, run_id: runId, ...(distribution ? { distribution } : {}) };
}

export async function run(port: number, params: Record<string, unknown>): Promise<any> {
  return runToCompletion(port, params, { timeoutMs: 60_000 });
}

/** A chromium page; `errors` collects page errors and console errors (a CSP violation is one). */
export async function openBrowser(): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const { context, close } = await launchChromium({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // The browser asks for /favicon.ico on its own; the client has none.
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) errors.push(`console: ${m.text()}`);
  });
  return { page, errors, close };
}
