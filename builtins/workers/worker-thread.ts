// A worker thread of `tester serve --workers N` (docs/workers.md): it loads the multiplied plugins with the
// service's config (each worker opens its own gateway connections), applies the built-ins as a worker (the metrics
// count its parts' latency), and runs the parts of runs the main thread sends it, each as a slice of the run. It has
// no RPC port, no run store and no locks of its own: the main thread validates, locks, keeps the records and merges
// them (pool.ts, multi-run.ts).
import { parentPort, workerData } from 'node:worker_threads';
import type { JsonObject, LocalRun } from '../../core/api/index.js';
import { bootPlugins, runOptions, type ApplyBuiltins, type ServiceCore, type ServiceOptions } from '../../core/service.js';
import { RunManager } from '../../core/engine/run-manager.js';
import { TesterError } from '../../core/errors.js';
import { setExpressionLimits } from '../../core/expr/limits.js';
import { redactText } from '../../core/redact.js';
import { serviceStatus } from '../../core/rpc/methods/list-tests.js';
import type { ToWorker, WorkerBoot } from './pool.js';

const boot = workerData as WorkerBoot;
const port = parentPort!;

const log = (level: string, text: string) => port.postMessage({ t: 'log', level, text: redactText(`[worker ${boot.index}] ${text}`) });

async function main(): Promise<void> {
  setExpressionLimits(boot.options);
  const worker = { index: boot.index, count: boot.count };
  const { hooks, registry, plugins } = await bootPlugins({ plugins: boot.entries, pluginsBaseDir: boot.baseDir, dataDir: boot.options.dataDir, worker }, log);
  // the main thread logs each run once: the parts' own start and end lines are debug lines here
  const runLog = (level: string, text: string) => log(level === 'info' ? 'debug' : level, text);
  const runs = new RunManager(registry, hooks, { ...runOptions(boot.options), maxRuns: 1_000_000, retentionSecs: 3600, maxRetainedRuns: 1_000_000, forgetOnRead: false }, runLog);
  const core: ServiceCore = { hooks, registry, runs, plugins, log, worker, served: {}, status: () => serviceStatus(hooks), builtins: {} };
  const { applyBuiltins } = (await import(boot.builtins)) as { applyBuiltins: ApplyBuiltins<ServiceOptions> };
  const closers = await applyBuiltins(core, boot.options);
  await hooks.ready.promise();
  // a worker thread has no executors of its own: its runs are this thread's
  const part = (runId: string) => runs.find(runId) as LocalRun | undefined;

  port.on('message', (m: ToWorker) => {
    switch (m.t) {
      case 'execute':
        runs.execute(m.params as JsonObject).then(
          (started) => {
            const run = started as LocalRun;
            port.postMessage({ t: 'reply', id: m.id, result: 'ok' });
            void run.finished.then(() => {
              port.postMessage({ t: 'ended', runId: run.runId, record: run.partRecord() });
              runs.forget(run.runId);
            });
          },
          (e) => port.postMessage({ t: 'reply', id: m.id, error: { code: e instanceof TesterError ? e.code : undefined, message: (e as Error)?.message ?? String(e) } }),
        );
        return;
      case 'record':
        port.postMessage({ t: 'reply', id: m.id, result: part(m.runId)?.partRecord() ?? null });
        return;
      case 'gateways': {
        const states: Record<string, string> = {};
        for (const g of registry.gateways.values()) for (const i of g.byName.values()) states[`${g.def.kind}/${i.name}`] = i.state();
        port.postMessage({ t: 'reply', id: m.id, result: states });
        return;
      }
      case 'cancel':
        part(m.runId)?.cancel();
        return;
      case 'shutdown':
        void (async () => {
          await runs.shutdown();
          for (const c of closers) await c().catch((e: Error) => log('warn', `closing: ${e.message}`));
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
