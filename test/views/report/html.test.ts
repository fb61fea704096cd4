// views/report/html.ts: the HTML report of a real run (a prepaid call and a linear load against the reference SCP,
// over M3UA/TCP), opened in a real headless browser (chromium) with the network cut: no console errors, no
// request leaves the file, the charts draw, the ladder shows every message of the first call, a message opens to
// its decoded fields and hex.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { htmlReport } from '../../../views/report/html.js';
import { hexDump, escapeHtml } from '../../../views/format.js';
import { runToCompletion } from '../../helpers/service.js';
import { launchChromium, needsChromium } from '../../helpers/browser.js';
import { startStack, type Stack } from '../../plugins/inap/helpers/stack.js';
import { tester } from '../../cli/helpers.js';
import { withFailures } from '../../fixtures/junit/failures-record.js';
import type { RunRecord } from '../../../core/api/index.js';

const root = join(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'tester-html-'));
let st: Stack;
let rec: any;

before(async () => {
  st = await startStack(JSON.parse(readFileSync(join(root, 'examples/inap/scp-sim.json'), 'utf8')));
  const prepaid = JSON.parse(readFileSync(join(root, 'examples/inap/prepaid.json'), 'utf8'));
  // The prepaid call as a linear load: 60 instances at 40/s (the first in detail, trace_level 2), and thresholds.
  rec = await runToCompletion(
    st.port,
    { ...prepaid, run_id: `html-${process.pid}`, distribution: { type: 'linear', total: 60, backlog: 60, cps: { start: 20, rate: 40, ramp_secs: 1 } }, thresholds: ['failed_rate < 0.01', 'p99_ms < 0.001'] },
    { timeoutMs: 60_000 },
  );
});
after(async () => {
  await st?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the run behind the report: passed instances, the first call traced with fields and bytes', () => {
  assert.equal(rec.counts.passed, 60, JSON.stringify(rec.counts));
  assert.ok(rec.first_call.messages.length >= 6, `${rec.first_call.messages.length} messages`);
  const msgs = rec.first_call.messages;
  assert.ok(msgs.every((m: any) => m.fields), 'decoded fields of every message');
  assert.ok(msgs[0].hex && msgs.filter((m: any) => m.hex).length >= 4, 'bytes of the wire messages');
  assert.ok(msgs.some((m: any) => m.peer === undefined), 'components that came in one TCAP message with another');
});

test('one self-contained file: uPlot inlined, no URL to fetch, the record\'s texts escaped', () => {
  const html = htmlReport(rec);
  assert.match(html, /<script>[\s\S]*uPlot[\s\S]*<\/script>/);
  assert.doesNotMatch(html, /<script[^>]+src=|<link[^>]+href=|@import|url\(http/i);
  const evil = htmlReport({ ...rec, run_id: '</script><script>alert(1)</script>', first_fails: [{ idx: 1, op_idx: 0, text: '<b>bold</b>' }] });
  assert.doesNotMatch(evil, /<script>alert/);
  assert.match(evil, /&lt;b&gt;bold&lt;\/b&gt;/);
  assert.equal(hexDump('000102414243'), `0000  ${'00 01 02 41 42 43'.padEnd(47)}  ...ABC`);
  assert.equal(hexDump('00'.repeat(17)).split('\n').length, 2);
  assert.equal(escapeHtml(`<a href="x">'`), '&lt;a href=&quot;x&quot;&gt;&#39;');
});

test('in chromium: no console errors, no network, the charts draw, the ladder shows every message of the first call', needsChromium(), async () => {
  const file = join(dir, 'report.html');
  const cli = await tester(['report', (writeFileSync(join(dir, 'result.json'), JSON.stringify(rec)), join(dir, 'result.json')), '-o', file]);
  assert.equal(cli.code, 0, cli.stderr);
  const { context, close } = await launchChromium({ viewport: { width: 1200, height: 900 } });
  try {
    const requests: string[] = [];
    await context.route('**/*', (route) => {
      requests.push(route.request().url());
      return route.request().url().startsWith('file:') ? route.continue() : route.abort();
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    await page.goto(`file://${file}`, { waitUntil: 'load' });
    await page.waitForSelector('#chart-distribution canvas');
    assert.deepEqual(errors, []);
    assert.deepEqual(requests.filter((u) => !u.startsWith('file:')), [], 'nothing fetched from the network');
    // docs/report.png, the README's picture of the report, is this page: TESTER_REPORT_SCREENSHOT=docs/report.png.
    if (process.env.TESTER_REPORT_SCREENSHOT) await page.screenshot({ path: process.env.TESTER_REPORT_SCREENSHOT, fullPage: false });

    // Every chart has a canvas with something drawn on it (uPlot draws series and axes on the canvas).
    for (const id of ['chart-rate', 'chart-latency', 'chart-distribution']) {
      const inked = await page.evaluate((id) => {
        const c = document.querySelector(`#${id} canvas`) as HTMLCanvasElement | null;
        if (!c) return -1;
        const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
        return n;
      }, id);
      assert.ok(inked > 500, `${id}: ${inked} drawn pixels`);
    }
    // uPlot's legends name the series: the target rate of a linear run is there.
    assert.match(await page.locator('#rate').innerText(), /target\/s/);

    // The ladder: one row per message of the first call, in order, names as (selectable) text.
    const names = await page.$$eval('#ladder details.msg svg text.name', (els) => els.map((e) => e.textContent));
    assert.deepEqual(names, rec.first_call.messages.map((m: any) => m.name));
    const lanes = await page.$$eval('#ladder svg.lanes text', (els) => els.map((e) => e.textContent));
    assert.deepEqual(lanes, ['SSP (tester)', `SCP ${rec.first_call.messages[0].peer}`], 'two lifelines: the tester, an SSP, and the SCP it talks to, by role (issue 24)');
    const text = await page.locator('#ladder').innerText();
    for (const m of rec.first_call.messages) assert.ok(text.includes(m.name), m.name);

    // A message opens to its decoded fields and its bytes.
    const first = page.locator('#ladder details.msg').first();
    assert.equal(await first.locator('.detail').isVisible(), false);
    await first.locator('summary').click();
    assert.equal(await first.locator('.detail').isVisible(), true);
    const detail = await first.locator('.detail').innerText();
    assert.match(detail, /Decoded fields/);
    assert.match(detail, /serviceKey/);
    assert.ok(detail.includes(hexDump(rec.first_call.messages[0].hex).split('\n')[0]!), 'the first line of the hex dump');

    // Outcome counts, thresholds and per-operation latencies are on the page.
    assert.equal(await page.locator('[data-count="passed"] .v').innerText(), '60');
    const thresholds = await page.locator('#thresholds').innerText();
    assert.match(thresholds, /failed_rate < 0\.01/);
    assert.match(thresholds, /✗ crossed/);
    assert.match(await page.locator('#operations').innerText(), /inap\.ssp_to_scp\.InitialDP/);
    assert.match(await page.locator('h1').innerText(), /NOT PASSED \(1 threshold crossed\)/);
  } finally {
    await close();
  }
});

test('failures in detail: a ladder each, linked from the grouped reasons, with the name of its pcap slice', () => {
  const base = { run_id: 'r1', state: 'completed', completed: 1, time_start: [1_700_000_000, 0], duration: 1, rate: 1, distribution: { type: 'load', total: 100, backlog: 10 }, counts: { started: 100, finished: 100, passed: 100, failed: 0, aborted: 0, cancelled: 0, dropped: 0 }, latency: { instance: { count: 0, p50: 0, p90: 0, p99: 0, max: 0, mean: 0 }, operations: {}, distribution: [] }, first_fails: [], first_aborts: [], in_progress: 0, globals: {}, buckets: [], max_in_progress: 1 } as RunRecord;
  const html = htmlReport(withFailures(base));
  const section = html.slice(html.indexOf('<section id="failures">'));
  assert.ok(section.length < html.length, 'a section of failures');
  assert.match(html, /instance <a href="#failure-7">7<\/a> op 1: ReleaseCall\.cause: expected 16, got 31/);
  assert.match(html, /instance <a href="#failure-9">9<\/a> op 1: no answer &lt;in 5 s&gt;/);
  for (const n of [7, 9]) assert.equal(html.split(`id="failure-${n}"`).length, 2, `one anchor for instance ${n}`);
  const seven = section.slice(section.indexOf('id="failure-7"'), section.indexOf('id="failure-9"'));
  assert.match(seven, /Instance 7: failed at op 1/);
  assert.match(seven, /<code>instance-7\.pcap<\/code>/);
  assert.deepEqual([...seven.matchAll(/data-name="([^"]+)"/g)].map((m) => m[1]), ['InitialDP', 'ReleaseCall'], 'its ladder');
  assert.match(seven, /marker id="head-7"/);
  assert.match(seven, /url\(#head-7\)/);
  assert.match(seven, /Checks of instance 7/);
  const nine = section.slice(section.indexOf('id="failure-9"'));
  assert.match(nine, /Instance 9: aborted at op 1/);
  assert.doesNotMatch(nine, /\.pcap/);
  assert.equal(htmlReport(base).includes('id="failures"'), false, 'none without failures');
});
