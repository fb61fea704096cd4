// The worker threads of `tester serve --workers N` (docs/workers.md), seen from the main thread: worker 0 is the
// main thread itself; workers 1 … N-1 are node:worker_threads running worker-thread.ts, each with its
// own copy of the multiplied plugins and their gateway connections. The main thread sends them parts of runs
// (ExecuteTest params with a slice), asks for their records, cancels them; they report each part's final record.
import { Worker } from 'node:worker_threads';
import type { JsonObject, RunRecord } from '../../core/api/index.js';
import type { PluginConfigEntry } from '../../core/plugins/loader.js';
import { moduleExtension } from '../../core/paths.js';
import { TesterError } from '../../core/errors.js';
import type { ServiceOptions } from '../../core/service.js';
import type { WorkerStatus } from '../../core/hooks.js';
/** How long a worker may take to load its plugins and start its gateways. */
const READY_MS = 60_000;

export interface WorkerBoot {
  index: number;
  count: number;
  /** The multiplied plugins, as the main thread loaded them. */
  entries: PluginConfigEntry[];
  baseDir: string;
  /** The service's options (what structured clone carries: no functions). */
  options: ServiceOptions;
  /** The module whose `applyBuiltins` the worker applies to its own kernel (builtins/index.ts). */
  builtins: string;
}

export type ToWorker =
  | { t: 'execute'; id: number; params: JsonObject }
  | { t: 'record'; id: number; runId: string }
  | { t: 'gateways'; id: number }
  | { t: 'cancel'; runId: string }
  | { t: 'shutdown'; id: number };

type FromWorker =
  | { t: 'ready' }
  | { t: 'failed'; message: string }
  | { t: 'log'; level: string; text: string }
  | { t: 'reply'; id: number; result?: unknown; error?: { code?: number; message: string } }
  | { t: 'ended'; runId: string; record: RunRecord };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** One worker thread (index ≥ 1). */
export class WorkerThread {
  private nextId = 1;
  private pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  /** Who waits for the end of a run's part on this worker. */
  private readonly enders = new Map<string, { ended(rec: RunRecord): void; lost(why: string): void }>();
  private exited = false;
  /** close() was called: the exit that follows is not a crash. */
  private closing = false;

  /** `onExit` is told of an exit that close() did not ask for (a crash), after the parts it ran were ended. */
  constructor(readonly index: number, readonly worker: Worker, private readonly log: (level: string, text: string) => void, onExit?: (code: number) => void) {
    worker.on('message', (m: FromWorker) => this.onMessage(m));
    worker.on('exit', (code) => {
      this.exited = true;
      for (const p of this.pending.values()) p.reject(new Error(`worker ${index} exited (code ${code})`));
      this.pending.clear();
      // the parts it was running end aborted (the run ends aborted, its locks are released)
      for (const e of this.enders.values()) e.lost(`worker ${index} exited (code ${code})`);
      this.enders.clear();
      if (!this.closing) onExit?.(code);
    });
    worker.on('error', (e) => log('error', `worker ${index}: ${e?.stack ?? e}`));
  }

  private onMessage(m: FromWorker): void {
    if (m.t === 'log') this.log(m.level, m.text);
    else if (m.t === 'reply') {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(m.error.code !== undefined ? new TesterError(m.error.code, m.error.message) : new Error(m.error.message));
      else p.resolve(m.result);
    } else if (m.t === 'ended') {
      const f = this.enders.get(m.runId);
      this.enders.delete(m.runId);
      f?.ended(m.record);
    }
  }

  private request(msg: DistributiveOmit<Extract<ToWorker, { id: number }>, 'id'>): Promise<unknown> {
    if (this.exited) return Promise.reject(new Error(`worker ${this.index} has exited`));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  /**
   * Start a part of a run here; `ended` receives its final record, `lost` the reason when the worker exits before.
   * Rejects as the worker's ExecuteTest would.
   */
  async execute(params: JsonObject, ended: (rec: RunRecord) => void, lost: (why: string) => void): Promise<void> {
    const runId = params.run_id as string;
    this.enders.set(runId, { ended, lost });
    try {
      await this.request({ t: 'execute', params });
    } catch (e) {
      this.enders.delete(runId);
      throw e;
    }
  }

  /** The running part's record (with latency.hdr); null once it has ended (its final record was sent). */
  async record(runId: string): Promise<RunRecord | null> {
    return (await this.request({ t: 'record', runId })) as RunRecord | null;
  }

  /** The state of each of its gateway instances, by `<kind>/<name>`; empty when the worker has exited. */
  async gateways(): Promise<Record<string, string>> {
    try {
      return (await this.request({ t: 'gateways' })) as Record<string, string>;
    } catch {
      return {};
    }
  }

  cancel(runId: string): void {
    if (!this.exited) this.worker.postMessage({ t: 'cancel', runId });
  }

  get alive(): boolean {
    return !this.exited;
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.exited) return;
    try {
      await Promise.race([this.request({ t: 'shutdown' }), new Promise((r) => setTimeout(r, 5000))]);
    } catch {
      /* exited meanwhile */
    }
    await this.worker.terminate();
  }
}

/**
 * Restarting a worker thread that died: after a back-off that doubles with each crash (firstDelayMs … maxDelayMs);
 * after maxRapid crashes of one worker within windowMs it is not restarted again (runs use the others).
 */
export interface RestartPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  maxRapid: number;
  windowMs: number;
}

const DEFAULT_RESTART: RestartPolicy = { firstDelayMs: 250, maxDelayMs: 10_000, maxRapid: 5, windowMs: 60_000 };

/**
 * Worker threads 1 … count-1 of `tester serve --workers N`, kept running: one that dies (an uncaught error,
 * process.exit in the thread, out of memory) has its parts ended aborted (WorkerThread) and is started again with
 * the same index and boot data, under the RestartPolicy. Runs are split over the threads that are up.
 */
export class WorkerPool {
  private readonly slots: Array<WorkerThread | undefined>;
  private readonly restarts: number[];
  private readonly crashes: number[][];
  private readonly gone = new Set<number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly restarting = new Set<Promise<void>>();
  private closing = false;

  constructor(
    readonly count: number,
    private readonly boot: Omit<WorkerBoot, 'index' | 'count'>,
    private readonly log: (level: string, text: string) => void,
    private readonly policy: RestartPolicy = DEFAULT_RESTART,
  ) {
    this.slots = Array.from({ length: count - 1 }, () => undefined);
    this.restarts = Array.from({ length: count - 1 }, () => 0);
    this.crashes = Array.from({ length: count - 1 }, () => []);
  }

  /** The threads that are up now, by index. */
  get threads(): WorkerThread[] {
    return this.slots.filter((t): t is WorkerThread => t !== undefined);
  }

  /** Worker k's thread (k ≥ 1) when it is up. */
  thread(index: number): WorkerThread | undefined {
    return this.slots[index - 1];
  }

  status(): WorkerStatus[] {
    return this.slots.map((t, k) => ({ index: k + 1, state: t ? 'up' : this.gone.has(k + 1) ? 'gone' : 'restarting', restarts: this.restarts[k]! }));
  }

  /** Start every thread and wait until each has loaded its plugins and started its gateways; any failure stops them all. */
  async start(): Promise<void> {
    const started: WorkerThread[] = [];
    try {
      await Promise.all(
        this.slots.map(async (_, k) => {
          const t = await this.spawn(k + 1, (t) => started.push(t));
          this.slots[k] = t;
        }),
      );
    } catch (e) {
      this.closing = true;
      await Promise.all(started.map((t) => t.worker.terminate()));
      throw e;
    }
  }

  /** A new thread for worker `index`, once it is ready. */
  private spawn(index: number, created?: (t: WorkerThread) => void): Promise<WorkerThread> {
    const entry = new URL(`./worker-thread${moduleExtension}`, import.meta.url).href;
    const data: WorkerBoot = { ...this.boot, index, count: this.count };
    // from the TypeScript sources (tests, npm run bench): the worker registers the same TypeScript loader first
    const w =
      moduleExtension === '.ts'
        ? new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`, { eval: true, workerData: data })
        : new Worker(new URL(entry), { workerData: data });
    const t: WorkerThread = new WorkerThread(index, w, this.log, (code) => this.exited(index, t, code));
    created?.(t);
    return new Promise<WorkerThread>((resolve, reject) => {
      const fail = (e: Error) => {
        w.off('message', onMessage);
        void w.terminate();
        reject(e);
      };
      const timer = setTimeout(() => fail(new Error(`worker ${index} did not start within ${READY_MS / 1000} s`)), READY_MS);
      const onMessage = (m: FromWorker) => {
        if (m.t !== 'ready' && m.t !== 'failed') return;
        clearTimeout(timer);
        w.off('message', onMessage);
        if (m.t === 'ready') resolve(t);
        else fail(new Error(`worker ${index}: ${m.message}`));
      };
      w.on('message', onMessage);
      w.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`worker ${index} exited during start (code ${code})`));
      });
    });
  }

  /** A thread that was up exited without being asked to: restart it after the back-off, or give it up. */
  private exited(index: number, t: WorkerThread, code: number): void {
    if (this.closing || this.slots[index - 1] !== t) return;
    this.slots[index - 1] = undefined;
    this.crashed(index, `exited (code ${code})`);
  }

  private crashed(index: number, what: string): void {
    if (this.closing) return;
    const now = performance.now();
    const recent = this.crashes[index - 1]!.filter((at) => now - at < this.policy.windowMs);
    recent.push(now);
    this.crashes[index - 1] = recent;
    const up = this.threads.length + 1;
    if (recent.length >= this.policy.maxRapid) {
      this.gone.add(index);
      this.log('error', `worker ${index} ${what}: it crashed ${recent.length} times within ${this.policy.windowMs / 1000} s and is not restarted; runs are split over the other ${up} workers`);
      return;
    }
    const delay = Math.min(this.policy.maxDelayMs, this.policy.firstDelayMs * 2 ** (recent.length - 1));
    this.log('error', `worker ${index} ${what}: its runs' parts ended aborted; restarting it in ${delay} ms (runs are split over ${up} workers meanwhile)`);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const p = this.restart(index).finally(() => this.restarting.delete(p));
      this.restarting.add(p);
    }, delay);
    this.timers.add(timer);
  }

  private async restart(index: number): Promise<void> {
    if (this.closing) return;
    let t: WorkerThread;
    try {
      t = await this.spawn(index);
    } catch (e) {
      this.crashed(index, `did not restart: ${(e as Error).message}`);
      return;
    }
    if (this.closing || !t.alive) {
      await t.close();
      if (!this.closing) this.crashed(index, 'exited as it restarted');
      return;
    }
    this.slots[index - 1] = t;
    this.restarts[index - 1]!++;
    this.log('warn', `worker ${index} restarted (restart ${this.restarts[index - 1]}): runs are split over ${this.threads.length + 1} workers`);
  }

  /** Stop every thread (no restarts from now on). */
  async close(): Promise<void> {
    this.closing = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    // a thread starting now is closed as soon as it is ready (restart() sees closing)
    await Promise.all([...this.threads.map((t) => t.close()), ...this.restarting]);
  }
}
