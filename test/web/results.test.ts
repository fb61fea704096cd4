// The results view (#/results/<run_id>) in a real chromium against the service's HTTP side: a prepaid call run
// against the reference SCP; its ladder (the report's own, views/ladder.ts) shows every message by name between the
// tester and the SCP, a message opens by click or by keyboard (Tab, Enter) to its decoded fields, hex and the
// per-field pass/fail of the tests of its operation; the fails grouped by reason, the trace; the downloads (fetched
// with the token's header, saved from blob URLs), the pcap among them; the failures kept in detail, a ladder each.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { hexDump } from '../../views/format.js';
import { needsChromium } from '../helpers/browser.js';
import type { Stack } from '../plugins/inap/helpers/stack.js';
import { clientUrl, dataDir, openBrowser, prepaid, run, startScpStack } from './scp-stack.js';

const data = dataDir();
let st: Stack;
let rec: any;
let url: string;

before(async () => {
  st = await startScpStack(data.dir);
  url = clientUrl(st.svc);
  rec = await run(st.port, prepaid('web-results'));
});
after(async () => {
  await st?.close();
  data.remove();
});

async function openResults(page: Page): Promise<void> {
  await page.goto(`${url}#/results/web-results`);
  await page.waitForSelector('.results-ladder details.msg');
}

test('the run: one failed instance whose first call recorded fields and bytes', () => {
  assert.equal(rec.counts.failed, 1, JSON.stringify(rec.counts));
  assert.ok(rec.first_call.messages.length >= 6 && rec.first_call.messages[0].hex);
});

test('the ladder shows every message by name between the tester and the SCP; one opens to its fields, hex and tests', needsChromium(), async () => {
  const b = await openBrowser();
  try {
    await openResults(b.page);
    const page = b.page;
    assert.deepEqual(await page.$$eval('.results-ladder details.msg svg text.name', (els) => els.map((e) => e.textContent)), rec.first_call.messages.map((m: any) => m.name));
    assert.deepEqual(await page.$$eval('.results-ladder svg.lanes text', (els) => els.map((e) => e.textContent)), ['SSP (tester)', `SCP ${rec.first_call.messages[0].peer}`], 'the lifelines by role: the tester is the SSP, its peer the SCP');
    assert.match(await page.locator('h1').innerText(), /web-results\s+NOT PASSED/);

    // The first message (the InitialDP sent): its decoded fields and the first line of its hex dump.
    const first = page.locator('.results-ladder details.msg').first();
    assert.equal(await first.locator('.detail').isVisible(), false);
    await first.locator('summary').click();
    const detail = await first.locator('.detail').innerText();
    assert.match(detail, /Decoded fields/);
    assert.match(detail, /serviceKey/);
    assert.ok(detail.includes(hexDump(rec.first_call.messages[0].hex).split('\n')[0]!), 'the first line of the hex dump');
    assert.match(detail, /No check was made at this message/);

    // The Connect: the tests of its operation, field by field, the failed one marked.
    const connect = page.locator('.results-ladder details.msg[data-name="Connect"]');
    await connect.locator('summary').click();
    const rows = await connect.locator('.msg-checks tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    assert.deepEqual(rows.find((r) => r[1] === 'destinationRoutingAddress_noa'), ['✗ fail', 'destinationRoutingAddress_noa', 'expected integer 99, got 4']);
    assert.ok(rows.some((r) => r[0] === '✓ pass' && r[1] === 'destinationRoutingAddress_digits'), JSON.stringify(rows));

    // The fails grouped by reason, the trace lines.
    assert.match(await page.locator('.problems').innerText(), /instance 0 op 3: test destinationRoutingAddress_noa: expected integer 99, got 4/);
    assert.match(await page.locator('table.trace').innerText(), /operation 0 inap\.ssp_to_scp\.InitialDP/);
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});

test('by keyboard alone: Tab reaches a message of the ladder and Enter opens it', needsChromium(), async () => {
  const b = await openBrowser();
  try {
    await openResults(b.page);
    const page = b.page;
    let reached = false;
    for (let i = 0; i < 100 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.matches('.results-ladder details.msg > summary') ?? false);
    }
    assert.ok(reached, 'a message summary took the focus');
    const index = await page.evaluate(() => (document.activeElement!.parentElement as HTMLDetailsElement).dataset.index);
    await page.keyboard.press('Enter');
    assert.equal(await page.locator(`.results-ladder details.msg[data-index="${index}"]`).evaluate((d) => (d as HTMLDetailsElement).open), true);
    assert.ok(await page.locator(`.results-ladder details.msg[data-index="${index}"] .detail`).isVisible());
    // the downloads are buttons: reachable and pressed the same way
    assert.equal(await page.locator('.downloads button').first().evaluate((e) => e.tabIndex), 0);
  } finally {
    await b.close();
  }
});

test('downloads: the JSON record, the HTML report, JUnit, CSV from the service, and the pcap of the first instance', needsChromium(), async () => {
  const b = await openBrowser();
  try {
    await openResults(b.page);
    const page = b.page;
    const save = async (file: string): Promise<Buffer> => {
      const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`.downloads button[data-file="${file}"]`).click()]);
      assert.match(download.suggestedFilename(), new RegExp(`^web-results-.*${file.split('.').pop()}$`));
      return readFileSync((await download.path())!);
    };
    assert.equal(JSON.parse((await save('record.json')).toString()).run_id, 'web-results');
    const html = (await save('report.html')).toString();
    assert.match(html, /^<!doctype html>/);
    assert.match(html, /web-results/);
    assert.match((await save('junit.xml')).toString(), /<testsuite/);
    assert.ok((await save('results.csv')).toString().split('\n').length > 1);
    const pcap = await save('first-call.pcap');
    assert.equal(pcap.readUInt32LE(0), 0xa1b2c3d4, 'the pcap magic');
    assert.equal(pcap.readUInt32LE(20), 252, 'EXPORTED_PDU records');
    assert.ok(pcap.length > 24 + 16, 'records after the file header');
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});

test('failures in detail: a list of the recorded failures, each opening to its own ladder and the pcap of its messages', needsChromium(), async () => {
  // every instance of the prepaid call fails the Connect's test: the first 5 (detail.failures' default) are kept
  const load = await run(st.port, prepaid('web-failures', { type: 'load', total: 7, backlog: 1 }));
  assert.equal(load.counts.failed, 7);
  assert.deepEqual(load.failures.map((f: any) => f.instance), [0, 1, 2, 3, 4]);
  const b = await openBrowser();
  try {
    const page = b.page;
    await page.goto(`${url}#/results/web-failures`);
    await page.waitForSelector('.failures details.failure');
    assert.deepEqual(await page.$$eval('.failures details.failure', (els) => els.map((e) => (e as HTMLElement).dataset.instance)), ['0', '1', '2', '3', '4']);
    const third = page.locator('.failures details.failure[data-instance="2"]');
    assert.match(await third.locator(':scope > summary').innerText(), /Instance 2: failed at op 3: .*destinationRoutingAddress_noa/);
    assert.equal(await page.locator('.failures .results-ladder').count(), 0, 'no ladder drawn until one is opened');
    await third.locator(':scope > summary').click();
    // allTextContents() does not wait: the ladder is drawn once the opened details have rendered
    const names = third.locator('.results-ladder details.msg svg text.name');
    await names.first().waitFor();
    assert.deepEqual(await names.allTextContents(), load.failures[2].messages.map((m: any) => m.name), 'its own ladder');
    assert.match(await third.locator('.results-ladder').innerText(), /Checks of instance 2/);
    // a message of its ladder opens to its tests, the failed one marked
    const connect = third.locator('.results-ladder details.msg[data-name="Connect"]');
    await connect.locator('summary').click();
    assert.match(await connect.locator('.msg-checks tr.check-fail').innerText(), /destinationRoutingAddress_noa/);
    // the grouped reasons link the instances kept in detail to their ladders: 0 to 4 of the 7
    assert.deepEqual(await page.$$eval('.problems a[data-failure]', (els) => els.map((e) => e.textContent)), ['0', '1', '2', '3', '4']);
    assert.match(await page.locator('.problems li').first().innerText(), /^7× op 3: .* \(instances 0, 1, 2, 3, 4, 5, 6\)$/);
    await page.locator('.problems a[data-failure="4"]').click();
    const fifth = page.locator('.failures details.failure[data-instance="4"]');
    assert.equal(await fifth.evaluate((e) => (e as HTMLDetailsElement).open), true, 'the link opens its failure');
    await fifth.locator('.results-ladder details.msg').first().waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), third.locator('button[data-file="instance-2.pcap"]').click()]);
    assert.equal(download.suggestedFilename(), 'web-failures-instance-2.pcap');
    const pcap = readFileSync((await download.path())!);
    assert.equal(pcap.readUInt32LE(0), 0xa1b2c3d4, 'the pcap magic');
    assert.ok(pcap.length > 24 + 16, 'records after the file header');
    assert.deepEqual(b.errors, []);
  } finally {
    await b.close();
  }
});
