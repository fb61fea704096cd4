// The built-ins: the features the kernel carries without knowing them, applied to a service from its options the way
// webpack's WebpackOptionsApply applies its built-in plugins. Each taps hooks the kernel declares: the run store
// saves records on runEnded and adopts past runs; the worker threads take the runs they can split through
// executeRun; the metrics tap runCreated, request and runEnded; the HTTP built-in serves the web client and the
// HTTP API with the kernel's dispatcher (ServiceCore.rpc). They import only the kernel and the sdk, never one
// another; a worker thread applies the same built-ins to its own kernel (each knows what it does there).
import type { ServiceCore, ServiceOptions } from '../core/service.js';
import { Type } from 'typebox';
import { applyStore, StoreOptionsSchema, type StoreOptions } from './store/index.js';
import { applyWorkers } from './workers/index.js';
import { applyMetrics, MetricsOptionsSchema, type MetricsOptions } from './metrics/index.js';
import { applyHttp, HttpOptionsSchema, type HttpOptions } from './http/index.js';

/** The built-ins' own options (the worker pool's `workers` is the kernel's: its plugins see the count). */
export const BuiltinOptionsSchema = Type.Object({ ...StoreOptionsSchema.properties, ...MetricsOptionsSchema.properties, ...HttpOptionsSchema.properties });

/** The service's options with the built-ins' own. */
export interface TesterOptions extends ServiceOptions, StoreOptions, MetricsOptions, HttpOptions {}

/** Apply every built-in; returns what must be closed, in order, when the service stops. */
export async function applyBuiltins(core: ServiceCore, options: TesterOptions): Promise<Array<() => Promise<void>>> {
  const closers: Array<() => Promise<void>> = [];
  try {
    closers.push(...(await applyStore(core, options)));
    closers.push(...(await applyWorkers(core, options, import.meta.url)));
    closers.push(...(await applyMetrics(core, options)));
    closers.push(...(await applyHttp(core, options)));
  } catch (e) {
    for (const c of closers.reverse()) await c().catch(() => {});
    throw e;
  }
  // the store closes last: runs still ending when the workers stop report their records to it
  return closers.reverse();
}
