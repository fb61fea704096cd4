// A real headless browser for tests of pages the project writes: Debian's chromium (installed by
// .ci/setup.d/reports.sh), driven by playwright-core, which never downloads a browser of its own. Each launch
// gets a fresh profile directory and no network features of its own (no updates, sync, QUIC, first-run pages).
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { inCi } from './skips.js';

export const CHROMIUM = '/usr/bin/chromium';

/** node:test options: skip outside CI when chromium is missing; in CI the test runs and fails loudly. */
export function needsChromium(): { skip?: string } {
  if (existsSync(CHROMIUM) || inCi()) return {};
  return { skip: `${CHROMIUM} not installed (apt-get install chromium; bash .ci/run installs it)` };
}

/** A browser context on a fresh profile; close() ends the browser and removes the profile. */
export async function launchChromium(opts: { viewport?: { width: number; height: number } } = {}): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'tester-chromium-'));
  // playwright-core passes the profile as --user-data-dir itself.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: opts.viewport ?? { width: 1200, height: 900 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
