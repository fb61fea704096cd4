// The metrics built-in (`tester serve --metrics-port P`, docs/metrics.md): Prometheus metrics served on
// http://HOST:P/metrics (loopback unless --metrics-host says otherwise). Off unless a port is given. On a worker
// thread it counts the latency of the parts the thread runs, for the main thread's histograms.
import { Type, type Static } from 'typebox';
import type { ServiceCore } from '../../core/service.js';
import { tapMetrics } from './prometheus.js';
import { tapPartLatency } from './latency.js';
import { serveMetrics } from './server.js';

export const MetricsOptionsSchema = Type.Object({
  metricsPort: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 65535, description: 'serve Prometheus metrics on http://<metrics-host>:<port>/metrics (0 picks a free port; off by default)', flag: { arg: 'port' } }),
  ),
  metricsHost: Type.Optional(Type.String({ minLength: 1, default: '127.0.0.1', description: 'address the metrics bind to', flag: { arg: 'host' } })),
});

export type MetricsOptions = Static<typeof MetricsOptionsSchema>;

export async function applyMetrics(core: ServiceCore, options: MetricsOptions): Promise<Array<() => Promise<void>>> {
  if (options.metricsPort === undefined) return [];
  if (core.worker.index !== 0) {
    tapPartLatency(core);
    return [];
  }
  const metrics = tapMetrics(core);
  const host = options.metricsHost ?? '127.0.0.1';
  let server;
  try {
    server = await serveMetrics(metrics, host, options.metricsPort);
  } catch (e) {
    metrics.stop();
    throw new Error(`cannot serve metrics on ${host}:${options.metricsPort}: ${(e as Error).message}`);
  }
  core.served.metrics = { host: server.host, port: server.port };
  core.log('info', `Prometheus metrics on http://${server.host}:${server.port}/metrics`);
  return [() => server.close()];
}
