// Import capture in the library, in a real browser (docs/web.md "Library"): a capture of a CAMEL prepaid call
// against scp-sim (the sigtran instance's pcap) chosen in the file input with an MSISDN filter is uploaded to
// POST /api/import; the definition is saved in the library under the capture's name and opens in the editor, and
// it passes against scp-sim. A role the dialogue does not have imports nothing: the form lists the frame and why.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { needsChromium } from '../helpers/browser.js';
import { runToCompletion, startTestService } from '../helpers/service.js';
import { startStack } from '../plugins/inap/helpers/stack.js';
import { control, openClient } from './editor-stack.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tester-web-import-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));
const examples = join(import.meta.dirname, '../../examples/inap');
const script = JSON.parse(readFileSync(join(examples, 'scp-sim.json'), 'utf8'));

test('a capture uploaded from the library is saved under its name, opens in the editor and passes', needsChromium(), async () => {
  const pcap = join(dataDir, 'call.pcap');
  let st = await startStack(script, { pcap });
  try {
    assert.equal((await runToCompletion(st.port, { ...JSON.parse(readFileSync(join(examples, 'prepaid.json'), 'utf8')), run_id: 'web-import-original' })).counts.passed, 1);
  } finally {
    await st.close();
  }
  const svc = await startTestService(['logic', 'sigtran', 'inap', 'map', 'diameter', 'capture'].map((name) => ({ name })), { dataDir });
  const client = await openClient(svc);
  try {
    const { page } = client;
    await client.fresh('library');
    await page.setInputFiles('#import-file', pcap);
    await page.fill('#import-role', 'hlr');
    await page.getByRole('button', { name: 'Import capture' }).click();
    await page.waitForSelector('text=Nothing imported');
    const note = await page.getByRole('list', { name: 'Frames not imported' }).innerText();
    assert.match(note, /^frame \d+: dialogue 1: role hlr is not one of INAP's/);

    await page.fill('#import-role', '');
    await page.fill('#import-msisdn', '0217654321');
    await page.getByRole('button', { name: 'Import capture' }).click();
    await page.waitForURL(/#\/editor\/call-1$/);
    assert.equal(await page.locator(control('operations[0].arguments.serviceKey')).inputValue(), '200');
    const saved = JSON.parse(readFileSync(join(dataDir, 'library', 'call-1.json'), 'utf8'));
    assert.equal(saved.operations[0].type, 'inap.ssp_to_scp.InitialDP');
    st = await startStack(script);
    try {
      const again = await runToCompletion(st.port, { ...saved, run_id: 'web-import-again' });
      assert.deepEqual([again.counts.passed, again.counts.failed, again.counts.aborted], [1, 0, 0]);
    } finally {
      await st.close();
    }
    assert.deepEqual(client.errors.filter((e) => !/status of 422/.test(e)), []);
  } finally {
    await client.close();
    await svc.close();
  }
});
