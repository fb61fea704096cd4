// The worker threads built-in (`tester serve --workers N`, docs/workers.md): on the main thread it starts worker
// threads 1 … N-1, each loading the multiplied plugins, and takes the runs it can split (the kernel's executeRun
// hook): part w of such a run runs on worker w as a slice, part 0 on the main thread, and the run's record is the
// parts' records merged (multi-run.ts). A run it does not take runs on the main thread alone. It adds each worker's
// state to ListTests. On a worker thread it does nothing.
import type { KnownRun, RunStart } from '../../core/api/index.js';
import { cannotStart, TesterError } from '../../core/errors.js';
import { pluginEntries, type ServiceCore, type ServiceOptions } from '../../core/service.js';
import type { LoadedPlugin } from '../../core/plugins/loader.js';
import { WorkerPool, type WorkerThread } from './pool.js';
import { MultiRun } from './multi-run.js';

const NAME = 'workers';

/** Start the pool and tap the kernel's hooks; `builtins` is the module whose applyBuiltins each worker applies. */
export async function applyWorkers(core: ServiceCore, options: ServiceOptions, builtins: string): Promise<Array<() => Promise<void>>> {
  const { index, count } = core.worker;
  if (index !== 0 || count === 1) return [];
  const multiplied = multipliedPlugins(core.plugins);
  const pool = new WorkerPool(count, { entries: multiplied.map((p) => p.entry), baseDir: pluginEntries(options).baseDir, options: cloneable(options), builtins }, core.log);
  await pool.start();
  core.builtins[NAME] = pool;
  const names = new Set(multiplied.map((p) => p.def.name));
  core.runs.hooks.executeRun.tapPromise(NAME, async (start) => {
    const parts = partsOf(start, pool.threads.length, names);
    return parts > 1 ? executeParts(start, pool.threads.slice(0, parts - 1), parts) : undefined;
  });
  core.hooks.status.tap(NAME, (status) => {
    status.workers = pool.status();
  });
  core.hooks.listTests.tapPromise(NAME, async (answer) => {
    // by index: a worker being restarted has none
    const threads = pool.status().map((s) => pool.thread(s.index));
    const states = await Promise.all(threads.map((t): Promise<Record<string, string>> => t?.gateways() ?? Promise.resolve({})));
    if (!threads.length) return;
    for (const g of answer.gateways) {
      const inWorkers = states.map((s) => s[`${g.kind}/${g.name}`]);
      // worker 1 … N-1's own instance (absent where the plugin is not multiplied)
      if (inWorkers.some((x) => x !== undefined)) g.workers = inWorkers.map((x) => x ?? null);
    }
  });
  core.log('info', `${count} workers (multiplied: ${[...names].join(', ') || 'none'})`);
  return [() => pool.close()];
}

/**
 * The plugins every worker loads: those that declare themselves multiplied and whose dependencies are too. The
 * others stay on the main thread, and runs that use them run there (partsOf).
 */
function multipliedPlugins(plugins: readonly LoadedPlugin[]): LoadedPlugin[] {
  const ok = new Set<string>();
  for (const p of plugins) {
    const m = p.def.multiplied;
    let yes = m === true;
    if (typeof m === 'function') {
      try {
        yes = m(p.options) === true;
      } catch {
        yes = false;
      }
    }
    if (yes && Object.keys(p.def.dependencies ?? {}).every((d) => ok.has(d))) ok.add(p.def.name);
  }
  return plugins.filter((p) => ok.has(p.def.name));
}

/**
 * On how many workers a run is executed: 1 for a single run, or when an operation type belongs to a plugin that is
 * not multiplied; otherwise every worker that is up (and the main thread), as long as each part gets an instance.
 */
function partsOf(start: Pick<RunStart, 'distribution' | 'plugins'>, threadsUp: number, multiplied: ReadonlySet<string>): number {
  if (threadsUp === 0) return 1;
  const d = start.distribution;
  if (d.type === 'single') return 1;
  if (![...start.plugins].every((p) => multiplied.has(p))) return 1;
  const slices = d.slice?.count ?? 1;
  const whole = d.slice?.total ?? d.total;
  return Math.max(1, Math.min(threadsUp + 1, Math.floor(whole / slices)));
}

/**
 * Run a checked definition on `parts` workers: part w is slice (k + w·N) of (N·parts) of the whole run, where
 * k/N is the run's own slice (0/1 when it has none), so $n, shares and schedule are those of the run on one
 * worker. The workers' parts start first (any refusal refuses the run), then the main thread's part 0.
 */
async function executeParts(start: RunStart, threads: readonly WorkerThread[], parts: number): Promise<KnownRun> {
  const own = start.distribution.slice ?? { index: 0, count: 1 };
  const partParams = (w: number) => ({ ...start.params, slice: { index: own.index + w * own.count, count: own.count * parts } });
  const run = new MultiRun(start.runId, start.distribution, threads, (r, rec) => start.ended(r, rec));
  const started = await Promise.allSettled(threads.map((t, i) => t.execute(partParams(i + 1), (rec) => run.partEnded(i + 1, rec), (why) => run.partLost(i + 1, why))));
  const refused = started.findIndex((s) => s.status === 'rejected');
  if (refused >= 0) {
    for (const [i, s] of started.entries()) if (s.status === 'fulfilled') threads[i]!.cancel(start.runId);
    const e = (started[refused] as PromiseRejectedResult).reason as Error;
    const text = `worker ${threads[refused]!.index}: ${e?.message ?? String(e)}`;
    throw e instanceof TesterError ? new TesterError(e.code, text, e.path) : cannotStart(text);
  }
  try {
    run.attachLocal(await start.startPart(partParams(0), (rec) => run.partEnded(0, rec)));
  } catch (e) {
    // the run never started: its remote parts are stopped, and it ends unreported (the run is refused)
    for (const t of threads) t.cancel(start.runId);
    throw e;
  }
  return run;
}

/** The options as structured clone carries them to a thread: without functions (the log). */
function cloneable(options: ServiceOptions): ServiceOptions {
  return Object.fromEntries(Object.entries(options).filter(([, v]) => typeof v !== 'function')) as ServiceOptions;
}
