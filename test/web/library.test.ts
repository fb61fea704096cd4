// The library in a real browser (docs/web.md "The client"): a definition saved from the editor is a file of the
// data directory, listed again after a service restart with the same data directory, opened into the editor,
// renamed and deleted; the examples are offered as templates.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { needsChromium } from '../helpers/browser.js';
import { startTestService } from '../helpers/service.js';
import { addStep, control, openClient } from './editor-stack.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tester-web-library-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

test('a definition saved in the library is listed after a restart, opened, renamed and deleted', needsChromium(), async () => {
  let svc = await startTestService([{ name: 'logic' }], { dataDir });
  let client = await openClient(svc);
  try {
    const { page } = client;
    await client.fresh('editor');
    await addStep(page, 'comment');
    await page.fill(control('operations[0].arguments.text'), 'saved from the browser');
    await page.fill('#save-name', 'bad name!');
    assert.equal(await page.getByRole('button', { name: 'Save to library' }).isDisabled(), true, 'a name the library refuses');
    await page.fill('#save-name', 'smoke-1');
    await page.getByRole('button', { name: 'Save to library' }).click();
    await page.waitForSelector('text=Saved as smoke-1');
    const file = join(dataDir, 'library', 'smoke-1.json');
    assert.deepEqual(JSON.parse(readFileSync(file, 'utf8')), { operations: [{ type: 'comment', arguments: { text: 'saved from the browser' } }] });
  } finally {
    await client.close();
    await svc.close();
  }
  svc = await startTestService([{ name: 'logic' }], { dataDir });
  client = await openClient(svc);
  try {
    const { page } = client;
    await client.fresh('library');
    await page.getByRole('button', { name: 'Open smoke-1' }).click();
    await page.waitForURL(/#\/editor\/smoke-1$/);
    assert.equal(await page.locator(control('operations[0].arguments.text')).inputValue(), 'saved from the browser');
    await client.fresh('library');
    await page.getByRole('button', { name: 'Rename smoke-1' }).click();
    await page.fill('#rename-to', 'smoke-2');
    await page.getByRole('button', { name: 'Rename', exact: true }).click();
    await page.waitForSelector("button[aria-label='Open smoke-2']");
    assert.equal(existsSync(join(dataDir, 'library', 'smoke-1.json')), false);
    await page.getByRole('button', { name: 'Delete smoke-2' }).click();
    await page.waitForSelector('text=The library is empty.');
    assert.equal(existsSync(join(dataDir, 'library', 'smoke-2.json')), false);
    assert.deepEqual(client.errors, []);
  } finally {
    await client.close();
    await svc.close();
  }
});

test('the examples are offered as templates and open in the editor', needsChromium(), async () => {
  const svc = await startTestService([{ name: 'logic' }], { dataDir });
  const client = await openClient(svc);
  try {
    const { page } = client;
    await client.fresh('library');
    const use = page.getByRole('button', { name: /^Use template / });
    await use.first().waitFor();
    assert.ok((await use.count()) > 3, `${await use.count()} templates`);
    await use.first().click();
    await page.waitForURL(/#\/editor$/);
    // the editor draws its steps once it has the operation types (DescribeOperations): wait for them to be drawn
    await page.locator('.op-card').first().waitFor({ timeout: 15_000 }).catch(() => undefined);
    assert.ok((await page.locator('.op-card').count()) > 0, 'the template has steps');
  } finally {
    await client.close();
    await svc.close();
  }
});
