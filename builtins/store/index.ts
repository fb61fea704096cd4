// The run store built-in (`tester serve --store FILE`, default `<data dir>/runs.db`; docs/configuration.md): every
// run's record is saved when it ends (the run manager's runEnded hook) and every few seconds while it runs, and read
// back at start as past runs that the service answers for like its own (results survive a restart). A run forgotten
// after retention is deleted from the file too. On a worker thread it does nothing: the main thread keeps records.
import { resolve as resolvePath } from 'node:path';
import { Type, type Static } from 'typebox';
import type { ServiceCore } from '../../core/service.js';
import { RunStore } from './run-store.js';
import { PastRun } from './past-run.js';

const NAME = 'store';
/** How often running runs' records are saved (so a crash loses at most these seconds of counts). */
const SNAPSHOT_MS = 5000;

export const StoreOptionsSchema = Type.Object({
  store: Type.Optional(
    // false first: ajv coerces types, and a string branch first would read --no-store as a file named 'false'
    Type.Union([Type.Literal(false), Type.String({ minLength: 1 })], {
      description: 'run store: results kept across restarts (tester serve: <data-dir>/runs.db unless given)',
      flag: { arg: 'file', negate: 'keep results in memory only (lost when the service stops)' },
    }),
  ),
});

/** The run store's file; false or absent: results are kept in memory only. */
export type StoreOptions = Static<typeof StoreOptionsSchema>;

export async function applyStore(core: ServiceCore, options: StoreOptions): Promise<Array<() => Promise<void>>> {
  if (!options.store || core.worker.index !== 0) return [];
  let store: RunStore;
  try {
    store = new RunStore(resolvePath(options.store), core.log);
  } catch (e) {
    throw new Error(`cannot open the run store ${options.store}: ${(e as Error).message} (give another file with --store, or --no-store to keep results in memory only)`);
  }
  core.builtins[NAME] = store;
  const { runs } = core;
  runs.hooks.runEnded.tap(NAME, (run, rec) => store.put({ runId: run.runId, state: rec.state, completedAt: rec.completed === 1 ? Date.now() : undefined, record: rec }));
  runs.hooks.runForgotten.tap(NAME, (runId) => store.delete(runId));
  for (const stored of store.all()) {
    const p = new PastRun(stored);
    runs.adopt(p);
    if (stored.state !== p.state) store.put(p.stored());
  }
  // retention applies to the past runs too (and so to the file)
  runs.sweep();
  // the records of runs that have not ended, off the hot path (the store writes them on its own timer)
  const snapshot = async () => {
    for (const r of runs.all()) {
      if (r.completedAt !== undefined) continue;
      const rec = await r.record();
      // it may have ended while its record was read: its final record is saved already
      if (r.completedAt === undefined) store.put({ runId: r.runId, state: rec.state, completedAt: undefined, record: rec });
    }
  };
  const timer = setInterval(() => void snapshot().catch((e: Error) => core.log('warn', `run store: ${e.message}`)), SNAPSHOT_MS);
  timer.unref();
  return [
    async () => {
      clearInterval(timer);
      // runs that did not end within the shutdown's wait: saved as they are (read back as interrupted)
      await snapshot();
      store.close();
    },
  ];
}
