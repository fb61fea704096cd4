// A worker thread of `tester serve --workers N` (docs/workers.md): it loads the multiplied plugins with the
// service's config (each worker opens its own gateway connections), and runs the parts of runs the main thread
// sends it, each as a slice of the run. It has no RPC port, no run store and no locks of its own: the main thread
// validates, locks, keeps the records and merges them (core/engine/workers.ts, core/engine/multi-run.ts).
import { parentPort, workerData } from 'node:worker_threads';
import type { JsonObject } from '../api/index.js';
import { bootPlugins } from '../service.js';
import { RunManager } from './run-manager.js';
import { TesterError } from '../errors.js';
import { setExpressionLimits } from '../expr/limits.js';
import { redactText } from '../redact.js';
import type { TestRun } from './run.js';
import { partRecord } from './multi-run.js';
import type { ToWorker, WorkerBoot } from './workers.js';
import { RunLatency } from '../metrics/latency-buckets.js';

const boot = workerData as WorkerBoot;
const port = parentPort!;

const log = (level: string, text: string) => port.postMessage({ t: 'log', level, text: redactText(`[worker ${boot.index}] ${text}`) });


async function main(): Promise<void> {
  setExpressionLimits(boot.expressionLimits);
  const { hooks, registry } = await bootPlugins({ plugins: boot.entries, pluginsBaseDir: boot.baseDir, dataDir: boot.dataDir, worker: { index: boot.index, count: boot.count } }, log);
  // the main thread logs each run once: the parts' own start and end lines are debug lines here
  const runLog = (level: string, text: string) => log(level === 'info' ? 'debug' : level, text);
  const runs = new RunManager(registry, hooks, { ...boot.runOptions, retentionSecs: 3600, maxRetainedRuns: 1_000_000, forgetOnRead: false }, runLog);
  // with metrics served: each part's latency counts, sent with its record (`prom`) and added on the main thread
  const latency = new Map<string, RunLatency>();
  if (boot.metrics) {
    hooks.runCreated.tap('metrics', (run) => {
      const l = new RunLatency();
      l.tap(run, 'metrics');
      latency.set(run.runId, l);
    });
  }
  const recordOf = (run: TestRun) => {
    const rec = partRecord(run);
    const l = latency.get(run.runId);
    if (l) (rec as Record<string, unknown>).prom = l.snapshot();
    return rec;
  };
  await hooks.ready.promise();

  port.on('message', (m: ToWorker) => {
    switch (m.t) {
      case 'execute':
        runs.execute(m.params as JsonObject).then(
          (started) => {
            const run = started as TestRun; // a worker thread has no workers of its own: always one TestRun
            port.postMessage({ t: 'reply', id: m.id, result: 'ok' });
            void run.finished.then(() => {
              port.postMessage({ t: 'ended', runId: run.runId, record: recordOf(run) });
              latency.delete(run.runId);
              runs.forget(run.runId);
            });
          },
          (e) => port.postMessage({ t: 'reply', id: m.id, error: { code: e instanceof TesterError ? e.code : undefined, message: (e as Error)?.message ?? String(e) } }),
        );
        return;
      case 'record': {
        const run = runs.runs.get(m.runId);
        port.postMessage({ t: 'reply', id: m.id, result: run ? recordOf(run) : null });
        return;
      }
      case 'gateways': {
        const states: Record<string, string> = {};
        for (const g of registry.gateways.values()) for (const i of g.byName.values()) states[`${g.def.kind}/${i.name}`] = i.state();
        port.postMessage({ t: 'reply', id: m.id, result: states });
        return;
      }
      case 'cancel':
        runs.runs.get(m.runId)?.cancel();
        return;
      case 'shutdown':
        void (async () => {
          await runs.shutdown();
          try {
            await hooks.shutdown.promise();
          } catch (e) {
            log('warn', `shutdown hook: ${(e as Error).message}`);
          }
          port.postMessage({ t: 'reply', id: m.id, result: 'ok' });
        })();
        return;
    }
  });
  port.postMessage({ t: 'ready', params: [...registry.params.keys()] });
}

main().catch((e) => port.postMessage({ t: 'failed', message: (e as Error)?.message ?? String(e) }));
