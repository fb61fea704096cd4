// The protocol paths of `npm run bench` (issue 29): for each path, setup() in a fresh directory, a warm-up run, then
// the `load` search of bench/ceiling.ts (rising backlogs; a step's total sized from the best rate so far so that each
// step lasts about `secs` seconds), with per step the achieved rate, p50/p99, failures, CPU per message of the service
// and of each peer, and RSS; then stop(). A path marked `netns` is measured by a child bench in a private network
// namespace (netns-child.ts) and its figures read back.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { searchLoad, usPerMessage, type SearchResult } from '../ceiling.js';
import { firstAbort, recordFigures, watchRun } from '../watch-run.js';
import type { BenchPath, PathSetup } from './path.js';
import { children } from '../processes.js';

export interface PathOptions {
  /** Backlogs of the load search, rising. */
  backlogs: number[];
  /** Seconds a step should last (its total: the best rate so far × secs, within MIN_STEP_TOTAL and maxTotal). */
  secs: number;
  maxTotal: number;
  log: (line: string) => void;
  /** The INAP-over-M3UA/TCP load maximum of this bench run, for the `ofInapTcp` paths. */
  inapTcpMax?: number;
}

/** A peer's share of one step. */
export interface PeerFigures {
  name: string;
  cpu_pct: number;
  us_per_message: number | null;
  rss_mb: number;
}

/** One run of a path (the warm-up or a step of its search). */
export interface PathStep extends ReturnType<typeof recordFigures> {
  name: string;
  backlog: number;
  total: number;
  cpu_service_pct: number;
  /** The service's CPU (with its child processes) ÷ (passed × messages per instance), µs. */
  us_per_message_service: number | null;
  /** The part of us_per_message_service spent in the service's child processes (the db plugin's SQLite process). */
  us_per_message_service_children: number | null;
  rss_service_mb: number;
  peers: PeerFigures[];
  max_in_progress?: number;
  first_abort?: string;
}

export interface PathResult {
  id: string;
  title: string;
  messages_per_instance: number;
  /** Why the path was not measured (setup or a run failed); the other fields are then absent. */
  error?: string;
  warm_up?: PathStep;
  load?: SearchResult<PathStep>;
  /** The load maximum (passed instances/s) and, at that step, the backlog, the p99 and the CPU per message. */
  max_rate?: number;
  max_rate_backlog?: number | null;
  p99_ms?: number | null;
  us_per_message_service?: number | null;
  /** The part of it spent in the service's child processes (the db plugin's SQLite process). */
  us_per_message_service_children?: number | null;
  /** Each peer's µs per message at the maximum step, by name. */
  peers_us_per_message?: Record<string, number | null>;
  /** `ofInapTcp` paths: max_rate ÷ the INAP-over-M3UA/TCP load maximum of the same bench run (bench/index.ts). */
  of_inap_tcp?: number | null;
}

/** The warm-up run of every path: JIT, connections and pools warmed before the first measured step. */
const WARM_UP = { total: 5000, backlog: 200 };

/** The smallest step total: enough instances that a slow path's step is not all ramp and tail. */
export const MIN_STEP_TOTAL = 2000;

/** A step holds at least this many times its backlog, so that the backlog is held most of the step, not only filled. */
export const BACKLOGS_PER_STEP = 4;

/**
 * A step's total: `secs` seconds at `rate` (the best so far), rounded to 1,000, at least MIN_STEP_TOTAL and
 * BACKLOGS_PER_STEP × `backlog`, at most `max`.
 */
export function stepTotal(rate: number, secs: number, max: number, backlog: number): number {
  return Math.min(max, Math.max(MIN_STEP_TOTAL, BACKLOGS_PER_STEP * backlog, Math.round((rate * secs) / 1000) * 1000));
}

/** One `load` run of the path's definition, measured. */
async function step(path: BenchPath, s: PathSetup, name: string, total: number, backlog: number): Promise<PathStep> {
  const def = { ...s.definition, run_id: `path-${path.id}-${Date.now()}`, distribution: { type: 'load', total, backlog } };
  const { rec, wall_s, cpu_s, rss_kb } = await watchRun(s.port, s.service.pid, s.peers.map((p) => p.pid), def);
  const fig = recordFigures(rec);
  const per = (cpu: number) => usPerMessage(cpu, fig.passed, path.messagesPerInstance);
  const abort = firstAbort(rec);
  return {
    name,
    backlog,
    total,
    ...fig,
    cpu_service_pct: Math.round((100 * cpu_s.service) / wall_s),
    us_per_message_service: per(cpu_s.service),
    us_per_message_service_children: per(cpu_s.service_children),
    rss_service_mb: Math.round(rss_kb.service / 1024),
    peers: s.peers.map((p, i) => ({ name: p.name, cpu_pct: Math.round((100 * cpu_s.peers[i]!) / wall_s), us_per_message: per(cpu_s.peers[i]!), rss_mb: Math.round(rss_kb.peers[i]! / 1024) })),
    max_in_progress: rec.max_in_progress,
    ...(abort ? { first_abort: abort } : {}),
  };
}

/** A step's figures on one line. */
export const stepLine = (f: PathStep) =>
  `  ${f.name.padEnd(24)} ${String(f.rate).padStart(6)}/s  p50 ${f.p50_ms.toFixed(2).padStart(7)} ms  p99 ${f.p99_ms.toFixed(2).padStart(7)} ms  aborted ${f.aborted}  failed ${f.failed}  dropped ${f.dropped}  service ${f.cpu_service_pct}% ${f.us_per_message_service ?? '-'} µs/msg${f.us_per_message_service_children ? ` (${f.us_per_message_service_children} in its child processes)` : ''} ${f.rss_service_mb} MB${f.peers.map((p) => `  ${p.name} ${p.cpu_pct}% ${p.us_per_message ?? '-'} µs/msg ${p.rss_mb} MB`).join('')}${f.first_abort ? `  first abort: ${f.first_abort}` : ''}`;

/** A path's result on one line. */
export function summaryLine(r: PathResult): string {
  if (r.error) return `  ${r.id}: not measured: ${r.error}`;
  const peers = Object.entries(r.peers_us_per_message ?? {}).map(([n, us]) => `${n} ${us ?? '-'} µs/msg`);
  const tcp = r.of_inap_tcp == null ? '' : `; ${Math.round(r.of_inap_tcp * 100)}% of INAP over M3UA/TCP`;
  return `  ${r.id} load maximum: ${r.max_rate}/s (backlog ${r.max_rate_backlog ?? 'none'}), p99 ${r.p99_ms == null ? '-' : r.p99_ms.toFixed(1)} ms there, service ${r.us_per_message_service ?? '-'} µs/msg${peers.length ? `, ${peers.join(', ')}` : ''} (${r.messages_per_instance} messages per instance; stopped at ${r.load?.stopped})${tcp}`;
}

/** Measure one path in this process: setup, warm-up, load search, stop. */
export async function measurePath(path: BenchPath, o: PathOptions): Promise<PathResult> {
  const head = { id: path.id, title: path.title, messages_per_instance: path.messagesPerInstance };
  const work = mkdtempSync(join(tmpdir(), `tester-path-${path.id}-`));
  let s: PathSetup | undefined;
  try {
    s = await path.setup(work);
    const setup = s;
    const warm = await step(path, setup, `warm-up ${WARM_UP.total}`, WARM_UP.total, WARM_UP.backlog);
    o.log(stepLine(warm));
    // each step sized from the best rate seen so far: the warm-up's is a cold process's, so the first step is short
    let fastest = warm.rate;
    const search = await searchLoad(o.backlogs, async (backlog) => {
      const f = await step(path, setup, `load backlog ${backlog}`, stepTotal(fastest, o.secs, o.maxTotal, backlog), backlog);
      fastest = Math.max(fastest, f.rate);
      o.log(stepLine(f));
      return f;
    });
    const best = search.steps.find((x) => x.held && x.step === search.best_step);
    return {
      ...head,
      warm_up: warm,
      load: search,
      max_rate: search.max_rate,
      max_rate_backlog: search.best_step,
      p99_ms: best?.p99_ms ?? null,
      us_per_message_service: best?.us_per_message_service ?? null,
      us_per_message_service_children: best?.us_per_message_service_children ?? null,
      peers_us_per_message: Object.fromEntries((best?.peers ?? setup.peers.map((p) => ({ name: p.name, us_per_message: null }))).map((p) => [p.name, p.us_per_message])),
    };
  } catch (e) {
    return { ...head, error: (e as Error).message.slice(0, 500) };
  } finally {
    await s?.stop().catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
  }
}

/** Measure a `netns` path in a child bench inside a private network namespace; its result read from a file. */
function measureInNetns(path: BenchPath, o: PathOptions): Promise<PathResult> {
  const out = join(mkdtempSync(join(tmpdir(), 'tester-path-netns-')), 'result.json');
  const args = [path.id, out, String(o.secs), String(o.maxTotal), o.backlogs.join(',')];
  const shell = `ip link set lo up && exec "${process.execPath}" --import tsx "$@"`;
  return new Promise((resolve) => {
    const child = spawn('unshare', ['-n', 'sh', '-c', shell, 'path', join(import.meta.dirname, 'netns-child.ts'), ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child); // an interrupted bench stops it (it stops its own processes: netns-child.ts)
    let err = '';
    let partial = '';
    child.stdout.on('data', (d: Buffer) => {
      const lines = (partial + d.toString()).split('\n');
      partial = lines.pop()!;
      for (const l of lines) o.log(l);
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const fail = (why: string): PathResult => ({ id: path.id, title: path.title, messages_per_instance: path.messagesPerInstance, error: why });
    child.once('error', (e) => resolve(fail(`unshare -n failed (${e.message}): a private network namespace needs root`)));
    child.once('exit', (code) => {
      try {
        resolve(JSON.parse(readFileSync(out, 'utf8')) as PathResult);
      } catch {
        resolve(fail(`the child bench in a network namespace exited ${code} without a result${err ? `: ${err.trim().slice(-300)}` : ' (unshare -n needs root)'}`));
      } finally {
        rmSync(join(out, '..'), { recursive: true, force: true });
      }
    });
  });
}

/** Measure every path in turn, logging each step and a summary line per path. */
export async function measurePaths(paths: BenchPath[], o: PathOptions): Promise<PathResult[]> {
  const results: PathResult[] = [];
  for (const path of paths) {
    o.log(`path ${path.id}: ${path.title} (${path.messagesPerInstance} messages per instance${path.netns ? '; in a private network namespace' : ''}):`);
    const r = path.netns && process.env.TESTER_BENCH_NETNS !== '1' ? await measureInNetns(path, o) : await measurePath(path, o);
    if (path.ofInapTcp && !r.error) r.of_inap_tcp = o.inapTcpMax ? Math.round(((r.max_rate ?? 0) / o.inapTcpMax) * 100) / 100 : null;
    o.log(summaryLine(r));
    results.push(r);
  }
  return results;
}
