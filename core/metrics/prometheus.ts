// Prometheus metrics of the service (`tester serve --metrics-port P`), with the standard client library
// (prom-client) on its own registry, served as text on http://HOST:P/metrics (loopback unless --metrics-host says
// otherwise). A built-in tap like the others (results, first-call record, gateway lifecycle): runCreated taps each
// run's hooks for the latency histograms; the service's request hook counts RPC requests; runs, instance counts,
// current rates and gateway states are read from the run manager and the registry when Prometheus scrapes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Histogram, Registry as PromRegistry, collectDefaultMetrics } from 'prom-client';
import type { ServiceHookSet } from '../hooks.js';
import type { Registry } from '../plugins/registry.js';
import type { RunManager } from '../engine/run-manager.js';
import type { TestRun } from '../engine/run.js';
import type { MultiRun } from '../engine/multi-run.js';
import { nowMs } from '../engine/clock.js';
import { targetRateAt } from '../report/rates.js';
import { LatencyBuckets, RunLatency, SummedHistogram } from './latency-buckets.js';

const NAME = 'metrics';
/** How often gateway states are sampled to count reconnects (a state flap shorter than this is not seen). */
export const GATEWAY_SAMPLE_MS = 1000;
const OUTCOMES = ['started', 'passed', 'failed', 'aborted', 'cancelled', 'dropped'] as const;
const RUN_STATES = ['running', 'completed', 'cancelled', 'aborted', 'interrupted'] as const;
const GATEWAY_STATES = ['down', 'connecting', 'up'] as const;

export interface Metrics {
  readonly register: PromRegistry;
  /** Sample gateway states now (also done every GATEWAY_SAMPLE_MS). */
  sampleGateways(): void;
  stop(): void;
}

/** Create the metrics and tap the service's hooks. */
export function tapMetrics(hooks: ServiceHookSet, registry: Registry, runs: RunManager): Metrics {
  const register = new PromRegistry();
  collectDefaultMetrics({ register, prefix: 'tester_' });

  // Runs on several workers (`--workers N`): every part is asked for its record once per scrape, and the merged
  // record is what the per-run metrics read, as QueryTest and ListTests do (core/engine/multi-run.ts). The metrics
  // of one scrape are collected together and share the one round of asks.
  let asking: Promise<Map<MultiRun, Record<string, any>>> | undefined;
  const multiRecords = (): Promise<Map<MultiRun, Record<string, any>>> =>
    (asking ??= (async () => {
      const out = new Map<MultiRun, Record<string, any>>();
      await Promise.all([...runs.multi.values()].map(async (r) => out.set(r, await r.liveRecord())));
      return out;
    })().finally(() => (asking = undefined)));

  new Gauge({
    name: 'tester_runs',
    help: 'Test Runs known to the service (running, and completed ones still retained), by state',
    labelNames: ['state'],
    registers: [register],
    collect() {
      const n = new Map<string, number>(RUN_STATES.map((s) => [s, 0]));
      for (const r of runs.all()) n.set(r.state, (n.get(r.state) ?? 0) + 1);
      for (const [state, v] of n) this.set({ state }, v);
    },
  });

  // Per run: counters read from the run's results at scrape time; a run forgotten after retention leaves.
  new Counter({
    name: 'tester_run_instances_total',
    help: 'Instances of a run by outcome (started, passed, failed, aborted, cancelled, dropped)',
    labelNames: ['run_id', 'outcome'],
    registers: [register],
    async collect() {
      const multi = await multiRecords();
      this.reset();
      for (const r of runs.runs.values()) for (const o of OUTCOMES) this.inc({ run_id: r.runId, outcome: o }, r.results.counts[o]);
      for (const [r, rec] of multi) for (const o of OUTCOMES) this.inc({ run_id: r.runId, outcome: o }, Number(rec.counts?.[o] ?? 0));
    },
  });
  new Gauge({
    name: 'tester_run_in_progress',
    help: 'Instances of a run in progress now',
    labelNames: ['run_id'],
    registers: [register],
    async collect() {
      const multi = await multiRecords();
      this.reset();
      for (const r of runs.runs.values()) if (r.state === 'running') this.set({ run_id: r.runId }, r.inProgress);
      for (const [r, rec] of multi) if (r.state === 'running') this.set({ run_id: r.runId }, Number(rec.in_progress ?? 0));
    },
  });
  new Gauge({
    name: 'tester_run_rate',
    help: 'Instances a running run started in the last whole second (its current rate)',
    labelNames: ['run_id'],
    registers: [register],
    async collect() {
      const multi = await multiRecords();
      this.reset();
      for (const r of runs.runs.values()) if (r.state === 'running') this.set({ run_id: r.runId }, currentRate(r));
      for (const [r, rec] of multi) if (r.state === 'running') this.set({ run_id: r.runId }, recordRate(rec));
    },
  });
  new Gauge({
    name: 'tester_run_target_rate',
    help: 'The target start rate of a running linear run (instances/s)',
    labelNames: ['run_id'],
    registers: [register],
    async collect() {
      const multi = await multiRecords();
      this.reset();
      const target = (r: TestRun | MultiRun, startWall: number) => {
        const d = r.def.distribution;
        if (r.state !== 'running' || d.type !== 'linear') return;
        this.set({ run_id: r.runId }, targetRateAt({ start: d.start, rate: d.rate, ramp_secs: d.rampSecs }, (nowMs() - startWall) / 1000));
      };
      for (const r of runs.runs.values()) target(r, r.startWall);
      for (const [r, rec] of multi) target(r, wallMs(rec.time_start));
    },
  });

  // Latency: the main thread's runs (and part 0 of runs on several workers) observed here; the parts on worker
  // threads counted there and read with their records (`prom`): those of ended runs added once at their end, those
  // of running runs as of this scrape's asks.
  const local = new RunLatency();
  const ended = new RunLatency();
  runs.multiEnded.push((r) => {
    for (const snap of r.remoteLatency()) ended.add(snap);
  });
  hooks.runCreated.tap(NAME, (run) => local.tap(run, NAME));
  const running = async (which: 'instance' | 'operations'): Promise<LatencyBuckets[]> => {
    await multiRecords();
    const out = [local[which], ended[which]];
    for (const r of runs.multi.values()) {
      if (r.state !== 'running') continue;
      const b = new LatencyBuckets();
      for (const snap of r.remoteLatency()) b.add(snap[which]);
      out.push(b);
    }
    return out;
  };
  register.registerMetric(
    new SummedHistogram('tester_instance_latency_seconds', "Latency of finished instances (passed, failed, aborted), from each one's scheduled start", 'outcome', () => running('instance')) as never,
  );
  register.registerMetric(new SummedHistogram('tester_operation_latency_seconds', 'Latency of completed operations, by operation type', 'type', () => running('operations')) as never);

  // `--workers N`: each worker thread's restarts after it died, and whether it is up now (docs/workers.md)
  const pool = runs.opts?.workers?.pool;
  if (pool) {
    new Counter({
      name: 'tester_worker_restarts_total',
      help: 'Times a worker thread of --workers N was started again after it died',
      labelNames: ['worker'],
      registers: [register],
      collect() {
        this.reset();
        for (const w of pool.status()) this.inc({ worker: String(w.index) }, w.restarts);
      },
    });
    new Gauge({
      name: 'tester_worker_up',
      help: 'Whether a worker thread of --workers N is up (1) or being restarted or given up after repeated crashes (0)',
      labelNames: ['worker'],
      registers: [register],
      collect() {
        for (const w of pool.status()) this.set({ worker: String(w.index) }, w.state === 'up' ? 1 : 0);
      },
    });
  }

  const requests = new Counter({
    name: 'tester_rpc_requests_total',
    help: 'JSON-RPC requests answered, by method and error code (0: a result)',
    labelNames: ['method', 'code'],
    registers: [register],
  });
  const requestSeconds = new Histogram({
    name: 'tester_rpc_request_duration_seconds',
    help: 'Time from a whole request frame to its response, by method',
    labelNames: ['method'],
    buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
    registers: [register],
  });
  const knownMethod = new Set(['ExecuteTest', 'QueryTest', 'CancelTest', 'ListTests', 'DescribeOperations']);
  hooks.request.tap(NAME, (e) => {
    // Unknown method names are one label value, so that a client cannot grow the series without bound.
    const method = e.method === undefined ? '(none)' : knownMethod.has(e.method) ? e.method : '(unknown)';
    requests.inc({ method, code: String(e.code) });
    requestSeconds.observe({ method }, e.ms / 1000);
  });

  // Gateway instances: their state now, and how often each came back up after being down (sampled).
  const instances = () => [...registry.gateways.values()].flatMap((g) => [...g.byName.values()].map((i) => ({ kind: g.def.kind, inst: i })));
  const last = new Map<string, string>();
  const everUp = new Set<string>();
  const reconnects = new Counter({ name: 'tester_gateway_reconnects_total', help: 'Times a gateway instance came up again after it had been up and went down (sampled every second)', labelNames: ['kind', 'name'], registers: [register],
    // sampled on every scrape too, so that each instance has its series (0) from the first scrape on, whichever of
    // the counter and the gauge below is collected first
    collect() {
      sampleGateways();
    },
  });
  const sampleGateways = () => {
    for (const { kind, inst } of instances()) {
      const key = `${kind}\u0000${inst.name}`;
      const state = safeState(inst);
      if (state === 'up' && last.get(key) !== 'up' && everUp.has(key)) reconnects.inc({ kind, name: inst.name });
      if (state === 'up') everUp.add(key);
      last.set(key, state);
      reconnects.inc({ kind, name: inst.name }, 0);
    }
  };
  new Gauge({
    name: 'tester_gateway_state',
    help: 'State of each gateway instance: 1 for its current state (down, connecting, up), 0 for the others',
    labelNames: ['kind', 'name', 'state'],
    registers: [register],
    collect() {
      sampleGateways();
      for (const { kind, inst } of instances()) {
        const now = safeState(inst);
        for (const state of GATEWAY_STATES) this.set({ kind, name: inst.name, state }, now === state ? 1 : 0);
      }
    },
  });
  const timer = setInterval(sampleGateways, GATEWAY_SAMPLE_MS);
  timer.unref();
  hooks.shutdown.tap({ name: NAME, stage: -50 }, () => clearInterval(timer));

  return { register, sampleGateways, stop: () => clearInterval(timer) };
}

function safeState(i: { state(): string }): string {
  try {
    return i.state();
  } catch {
    return 'down';
  }
}

/** A record's [sec, usec] as milliseconds of wall time. */
function wallMs(t: unknown): number {
  return Array.isArray(t) ? Number(t[0]) * 1000 + Number(t[1]) / 1000 : nowMs();
}

/** Instances a running run on several workers started in the last whole second, from its merged record's buckets. */
function recordRate(rec: Record<string, any>): number {
  const sec = Math.floor((nowMs() - wallMs(rec.time_start)) / 1000);
  if (sec < 1 || !Array.isArray(rec.buckets)) return 0;
  return Number(rec.buckets.find((b: { second: number }) => b.second === sec - 1)?.started ?? 0);
}

/** Instances a running run started in the last whole second, from its per-second buckets. */
function currentRate(r: TestRun): number {
  const sec = Math.floor((nowMs() - r.startWall) / 1000);
  if (sec < 1) return 0;
  return r.results.bucketList()[sec - 1]?.started ?? 0;
}

export interface MetricsServer {
  host: string;
  port: number;
  close(): Promise<void>;
}

/** Serve GET /metrics (the Prometheus text format); anything else is 404. */
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

