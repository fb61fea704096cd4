// The worker threads of `tester serve --workers N` (docs/workers.md), seen from the main thread: worker 0 is the
// main thread itself; workers 1 … N-1 are node:worker_threads running core/engine/worker-thread.ts, each with its
// own copy of the multiplied plugins and their gateway connections. The main thread sends them parts of runs
// (ExecuteTest params with a slice), asks for their records, cancels them; they report each part's final record.
import { Worker } from 'node:worker_threads';
import type { JsonObject } from '../api/index.js';
import type { PluginConfigEntry } from '../plugins/loader.js';
import { moduleExtension } from '../paths.js';
import { TesterError } from '../errors.js';
import type { ExpressionLimits } from '../expr/limits.js';
import type { CompileLimits } from './definition.js';

/** The most worker threads `--workers` accepts. */
export const MAX_WORKERS = 64;
/** How long a worker may take to load its plugins and start its gateways. */
const READY_MS = 60_000;

export interface WorkerBoot {
  index: number;
  count: number;
  entries: PluginConfigEntry[];
  baseDir: string;
  dataDir?: string;
  expressionLimits: Partial<ExpressionLimits>;
  runOptions: CompileLimits & { maxRuns: number; maxRecordBytes?: number };
  /** The service serves Prometheus metrics: each part's record carries its latency counts (`prom`). */
  metrics?: boolean;
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
  | { t: 'ended'; runId: string; record: Record<string, unknown> };

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** One worker thread (index ≥ 1). */
export class WorkerThread {
  private nextId = 1;
  private pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  /** Who waits for the end of a run's part on this worker. */
  private readonly enders = new Map<string, { ended(rec: Record<string, unknown>): void; lost(why: string): void }>();
  private exited = false;

  constructor(readonly index: number, readonly worker: Worker, private readonly log: (level: string, text: string) => void) {
    worker.on('message', (m: FromWorker) => this.onMessage(m));
    worker.on('exit', (code) => {
      this.exited = true;
      for (const p of this.pending.values()) p.reject(new Error(`worker ${index} exited (code ${code})`));
      this.pending.clear();
      // the parts it was running end aborted (the run ends aborted, its locks are released)
      for (const e of this.enders.values()) e.lost(`worker ${index} exited (code ${code})`);
      this.enders.clear();
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
  async execute(params: JsonObject, ended: (rec: Record<string, unknown>) => void, lost: (why: string) => void): Promise<void> {
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
  async record(runId: string): Promise<Record<string, unknown> | null> {
    return (await this.request({ t: 'record', runId })) as Record<string, unknown> | null;
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

  async close(): Promise<void> {
    if (this.exited) return;
    try {
      await Promise.race([this.request({ t: 'shutdown' }), new Promise((r) => setTimeout(r, 5000))]);
    } catch {
      /* exited meanwhile */
    }
    await this.worker.terminate();
  }
}

/** Start worker threads 1 … count-1 and wait until each has loaded its plugins and started its gateways. */
export async function startWorkers(count: number, boot: Omit<WorkerBoot, 'index' | 'count'>, log: (level: string, text: string) => void): Promise<WorkerThread[]> {
  const entry = new URL(`./worker-thread${moduleExtension}`, import.meta.url).href;
  const threads: WorkerThread[] = [];
  try {
    await Promise.all(
      Array.from({ length: count - 1 }, (_, k) => {
        const index = k + 1;
        const data: WorkerBoot = { ...boot, index, count };
        // from the TypeScript sources (tests, npm run bench): the worker registers the same TypeScript loader first
        const w =
          moduleExtension === '.ts'
            ? new Worker(`import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`, { eval: true, workerData: data })
            : new Worker(new URL(entry), { workerData: data });
        const t = new WorkerThread(index, w, log);
        threads.push(t);
        return new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`worker ${index} did not start within ${READY_MS / 1000} s`)), READY_MS);
          const onMessage = (m: FromWorker) => {
            if (m.t !== 'ready' && m.t !== 'failed') return;
            clearTimeout(timer);
            w.off('message', onMessage);
            if (m.t === 'ready') resolve();
            else reject(new Error(`worker ${index}: ${m.message}`));
          };
          w.on('message', onMessage);
          w.once('exit', (code) => {
            clearTimeout(timer);
            reject(new Error(`worker ${index} exited during start (code ${code})`));
          });
        });
      }),
    );
  } catch (e) {
    await Promise.all(threads.map((t) => t.worker.terminate()));
    throw e;
  }
  return threads;
}
