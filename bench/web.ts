// The web client's figures for `npm run bench` (docs/web.md "Figures"; issue 24):
// 1. what a browser watching costs the engine: a linear InitialDP → ReleaseCall run at 20,000/s against `tester
//    scp-sim`, with no browser and with chromium on the run's live view (#/runs/<id>, its event stream open), in
//    alternating pairs; the service's CPU per instance and the achieved rate of each;
// 2. the longest main-thread task (PerformanceObserver 'longtask') while the client renders the live view of a
//    30-minute run (1,800 seconds of buckets) and the ladder of a 200-message first instance. Those two records are
//    made from a real run's record (its buckets and messages repeated) and put in the run store of a second service,
//    which serves them as past runs through the same API a live run uses.
// Usage: node --import tsx bench/web.ts [--secs N] [--pairs N] [--json]   (needs `npm run build` and /usr/bin/chromium)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { chromium, type Browser, type Page } from 'playwright-core';
import { rpcCall } from '../cli/rpc-client.js';
import type { RunRecord } from '../core/api/index.js';
import type { ChildProcess } from 'node:child_process';
import { HZ, IDP, RC, cpuTicks, freePort, root, start, startScpSim, startService, untilEnded } from './processes.js';

const CHROMIUM = '/usr/bin/chromium';
/** The watched run's rate (the figure). */
const WATCHED_RATE = 20_000;
/** Seconds of series in the long live view, and messages in the long ladder. */
const LONG_SERIES_SECS = 1800;
const LONG_LADDER_MESSAGES = 200;

export interface WebBench {
  rate: number;
  secs: number;
  /** Each pair: [without a browser, with one watching]. */
  pairs: Array<{ none: WatchStep; watched: WatchStep }>;
  /** (median µs/instance watched - median none) / median none, in percent. */
  cpu_overhead_pct: number;
  long_view: RenderFigure;
  long_ladder: RenderFigure;
}

interface WatchStep {
  achieved_rate: number;
  us_per_instance: number;
  failed: number;
}

interface RenderFigure {
  /** The longest main-thread task from the in-page navigation to the view until it was drawn and idle (2 s after). */
  longest_task_ms: number;
  /** Tasks over 50 ms. */
  tasks_over_50ms: number;
  /** From navigation until the view's element was there. */
  drawn_ms: number;
}


/** One linear run at `rate` for `secs`, optionally watched by `page` on its live view. */
async function watchStep(svc: { port: number; pid: number }, http: number, runId: string, rate: number, secs: number, page?: Page): Promise<WatchStep> {
  const t0 = cpuTicks(svc.pid);
  const r = await rpcCall({ port: svc.port }, 'ExecuteTest', { run_id: runId, distribution: { type: 'linear', total: rate * secs, backlog: Math.max(2000, rate), cps: { rate } }, operations: [IDP, RC] });
  if (r.error) throw new Error(`ExecuteTest: ${r.error.message}`);
  if (page) await page.goto(`http://127.0.0.1:${http}/#/runs/${encodeURIComponent(runId)}`);
  const rec = await untilEnded(svc.port, runId);
  const ticks = cpuTicks(svc.pid) - t0;
  return { achieved_rate: Math.round(rec.rate), us_per_instance: Number((((ticks / HZ) * 1e6) / Math.max(1, rec.counts.started)).toFixed(2)), failed: rec.counts.failed + rec.counts.aborted };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Records the main thread's long tasks from the first script on (added before any page script runs). */
async function observeLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
}

/**
 * Open the client on another view and let it settle (loading the page is not the render measured), then go to
 * `route` inside the page as a user does, wait for `selector`, let the page settle, and read the long tasks since.
 */
async function measureRender(browser: Browser, base: string, route: string, selector: string): Promise<RenderFigure> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  try {
    await observeLongTasks(page);
    await page.goto(`${base}/#/library`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const t0 = Date.now();
    await page.evaluate((r) => {
      (window as unknown as { __longTasks: number[] }).__longTasks = [];
      location.hash = r;
    }, route);
    await page.waitForSelector(selector, { timeout: 60_000 });
    const drawn = Date.now() - t0;
    await page.waitForTimeout(2000);
    const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
    return { longest_task_ms: Math.round(Math.max(0, ...tasks)), tasks_over_50ms: tasks.filter((t) => t > 50).length, drawn_ms: drawn };
  } finally {
    await page.close();
  }
}

/** A 30-minute run's record made of a real one: its per-second bucket repeated over LONG_SERIES_SECS seconds. */
function longSeriesRecord(real: RunRecord): RunRecord {
  const b = real.buckets[0] ?? { second: 0, started: 1, finished: 1, failed: 0, aborted: 0, dropped: 0, p50: 1, p99: 2, num_calls_started: 1, num_calls_finished: 1 };
  const buckets = Array.from({ length: LONG_SERIES_SECS }, (_, s) => ({ ...b, second: s, started: 1000 + (s % 60), finished: 1000 + ((s + 7) % 60), p50: b.p50 * (1 + (s % 13) / 13), p99: b.p99 * (1 + (s % 29) / 29) }));
  const started = buckets.reduce((a, x) => a + x.started, 0);
  return { ...real, run_id: 'bench-web-30min', buckets, counts: { ...real.counts, started, finished: started, passed: started }, distribution: { type: 'linear', total: started, backlog: 2000, cps: { rate: 1000 } } as RunRecord['distribution'], duration: LONG_SERIES_SECS };
}

/** A first instance of LONG_LADDER_MESSAGES messages made of a real one's, repeated in order. */
function longLadderRecord(real: RunRecord): RunRecord {
  const fc = real.first_call;
  if (!fc || fc.messages.length === 0) throw new Error('the real run has no first_call messages to repeat');
  const messages = Array.from({ length: LONG_LADDER_MESSAGES }, (_, i) => ({ ...fc.messages[i % fc.messages.length]!, step: i }));
  return { ...real, run_id: 'bench-web-ladder', first_call: { ...fc, messages } };
}

/** Put records into a run store file as completed runs (the schema of builtins/store/run-store.ts). */
function seedStore(file: string, records: RunRecord[]): void {
  mkdirSync(join(file, '..'), { recursive: true });
  const Driver = createRequire(import.meta.url)('better-sqlite3') as typeof Database;
  const db = new Driver(file);
  db.exec('CREATE TABLE IF NOT EXISTS runs (run_id TEXT PRIMARY KEY, state TEXT NOT NULL, completed_at INTEGER, record TEXT NOT NULL)');
  const put = db.prepare('INSERT OR REPLACE INTO runs (run_id, state, completed_at, record) VALUES (?, ?, ?, ?)');
  for (const r of records) put.run(r.run_id, r.state, Date.now(), JSON.stringify(r));
  db.close();
}

export async function benchWeb(opts: { secs?: number; pairs?: number; log?: (s: string) => void } = {}): Promise<WebBench> {
  const secs = opts.secs ?? 8;
  const log = opts.log ?? (() => {});
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is not installed (apt-get install chromium)`);
  const work = mkdtempSync(join(tmpdir(), 'tester-bench-web-'));
  const mine: ChildProcess[] = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  try {
    const sim = await startScpSim(work, { rules: [{ name: 'release', match: { serviceKey: 100 }, action: 'release', cause: 16 }] });
    const http = await freePort();
    mine.push(sim.child);
    const svc = await startService(work, sim.port, 'web', undefined, 1, [], ['--http-port', String(http)]);
    mine.push(svc.child);
    const page = await browser.newPage();
    const pairs: WebBench['pairs'] = [];
    for (let i = 0; i < (opts.pairs ?? 2); i++) {
      const none = await watchStep(svc, http, `web-none-${i}`, WATCHED_RATE, secs);
      const watched = await watchStep(svc, http, `web-watched-${i}`, WATCHED_RATE, secs, page);
      await page.goto('about:blank');
      pairs.push({ none, watched });
      log(`  pair ${i + 1}: none ${none.achieved_rate}/s ${none.us_per_instance} µs/instance; watched ${watched.achieved_rate}/s ${watched.us_per_instance} µs/instance`);
    }
    // one call with its messages recorded: the material of the long records
    const first = await rpcCall({ port: svc.port }, 'ExecuteTest', { run_id: 'web-one-call', trace_level: 1, operations: [IDP, RC] });
    if (first.error) throw new Error(`ExecuteTest web-one-call: ${first.error.message}`);
    const record = await untilEnded(svc.port, 'web-one-call');
    for (const c of mine.splice(0)) c.kill('SIGTERM');
    // a second service whose run store holds the long records; logic only: it needs no peer
    const data = join(work, 'data-long');
    seedStore(join(data, 'runs.db'), [longSeriesRecord(record), longLadderRecord(record)]);
    const port2 = await freePort();
    mine.push((await start('service (long records)', ['serve', '--port', '0', '--http-port', String(port2), '--data-dir', data, '--quiet'], /listening \S+:(\d+)/)).child);
    const base = `http://127.0.0.1:${port2}`;
    const longView = await measureRender(browser, base, '#/runs/bench-web-30min', '.uplot canvas');
    const longLadder = await measureRender(browser, base, '#/results/bench-web-ladder', '.ladder svg.arrow');
    const none = median(pairs.map((p) => p.none.us_per_instance));
    const watched = median(pairs.map((p) => p.watched.us_per_instance));
    return { rate: WATCHED_RATE, secs, pairs, cpu_overhead_pct: Number((((watched - none) / none) * 100).toFixed(1)), long_view: longView, long_ladder: longLadder };
  } finally {
    await browser.close();
    for (const c of mine) c.kill('SIGTERM');
    rmSync(work, { recursive: true, force: true });
  }
}

/** The report's lines. */
export function webLines(w: WebBench): string[] {
  return [
    `web client: a ${w.rate.toLocaleString('en-US')}/s run for ${w.secs} s, with and without chromium watching its live view (alternating pairs)`,
    ...w.pairs.map((p, i) => `  pair ${i + 1}: none ${p.none.achieved_rate}/s at ${p.none.us_per_instance} µs CPU/instance (${p.none.failed} failed); watched ${p.watched.achieved_rate}/s at ${p.watched.us_per_instance} µs (${p.watched.failed} failed)`),
    `  CPU per instance watched vs none (medians): ${w.cpu_overhead_pct >= 0 ? '+' : ''}${w.cpu_overhead_pct}% (the issue's bound: under 3%)`,
    `  live view of a ${LONG_SERIES_SECS}-second run: drawn in ${w.long_view.drawn_ms} ms, longest main-thread task ${w.long_view.longest_task_ms} ms, ${w.long_view.tasks_over_50ms} over 50 ms`,
    `  ladder of ${LONG_LADDER_MESSAGES} messages: drawn in ${w.long_ladder.drawn_ms} ms, longest main-thread task ${w.long_ladder.longest_task_ms} ms, ${w.long_ladder.tasks_over_50ms} over 50 ms`,
  ];
}

if (import.meta.filename === process.argv[1]) {
  const argv = process.argv.slice(2);
  const opt = (n: string) => (argv.includes(n) ? Number(argv[argv.indexOf(n) + 1]) : undefined);
  if (!existsSync(join(root, 'dist/web/app.js'))) spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const w = await benchWeb({ secs: opt('--secs'), pairs: opt('--pairs'), log: argv.includes('--json') ? undefined : (s) => console.log(s) });
  console.log(argv.includes('--json') ? JSON.stringify(w, null, 2) : webLines(w).join('\n'));
}
