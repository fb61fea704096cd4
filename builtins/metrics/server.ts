// The metrics' HTTP endpoint: GET /metrics answers the Prometheus text format; anything else is 404.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './prometheus.js';

export interface MetricsServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

export async function serveMetrics(metrics: Metrics, host: string, port: number): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found: the metrics are at /metrics\n');
      return;
    }
    metrics.register.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.register.contentType }).end(text),
      (e) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${(e as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const a = server.address() as AddressInfo;
  return {
    host: a.address,
    port: a.port,
    close: () =>
      new Promise<void>((resolve) => {
        metrics.stop();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
