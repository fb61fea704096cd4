// Prometheus metrics of the service with the standard client library (prom-client) on its own registry: runs by
// state, each run's instances by outcome, in progress, current and target rate (read from the runs' summaries when
// Prometheus scrapes, so nothing is counted twice and a forgotten run leaves), latency histograms (latency.ts), RPC
// requests by method and code (the service's request hook), gateway states and reconnects (sampled), and the
// worker threads' states (the service status).
import { Counter, Gauge, Histogram, Registry as PromRegistry, collectDefaultMetrics } from 'prom-client';
import type { RunSummary } from '../../core/api/index.js';
import type { ServiceCore } from '../../core/service.js';
import { STAGE } from '../../core/hooks.js';
import { tapLatency } from './latency.js';

const NAME = 'metrics';
/** How often gateway states are sampled to count reconnects (a state flap shorter than this is not seen). */
const GATEWAY_SAMPLE_MS = 1000;
const OUTCOMES = ['started', 'passed', 'failed', 'aborted', 'cancelled', 'dropped'] as const;
const RUN_STATES = ['running', 'completed', 'cancelled', 'aborted', 'interrupted'] as const;
const GATEWAY_STATES = ['down', 'connecting', 'up'] as const;

export interface Metrics {
  readonly register: PromRegistry;
  /** Sample gateway states now (also done every GATEWAY_SAMPLE_MS). */
  sampleGateways(): void;
  stop(): void;
}

/** What the metrics read of the service. */
export type MetricsSource = Pick<ServiceCore, 'hooks' | 'registry' | 'runs' | 'status'>;

/** Create the metrics and tap the service's hooks. */
export function tapMetrics(core: MetricsSource): Metrics {
  const register = new PromRegistry();
  collectDefaultMetrics({ register, prefix: 'tester_' });
  const summaries = scrapeSummaries(core);
  runMetrics(register, core, summaries);
  tapLatency(register, core, summaries);
  workerMetrics(register, core);
  rpcMetrics(register, core);
  const gateways = gatewayMetrics(register, core);
  const timer = setInterval(gateways, GATEWAY_SAMPLE_MS);
  timer.unref();
  core.hooks.shutdown.tap({ name: NAME, stage: STAGE.EARLY }, () => clearInterval(timer));
  return { register, sampleGateways: gateways, stop: () => clearInterval(timer) };
}

/**
 * Every run's summary, read once per scrape: the metrics of one scrape are collected together and share the one
 * round of reads (a run split across workers asks each worker once).
 */
function scrapeSummaries(core: MetricsSource): () => Promise<RunSummary[]> {
  let reading: Promise<RunSummary[]> | undefined;
  return () => (reading ??= Promise.all([...core.runs.all()].map((r) => r.summary())).finally(() => (reading = undefined)));
}

function runMetrics(register: PromRegistry, core: MetricsSource, summaries: () => Promise<RunSummary[]>): void {
  new Gauge({
    name: 'tester_runs',
    help: 'Test Runs known to the service (running, and completed ones still retained), by state',
    labelNames: ['state'],
    registers: [register],
    collect() {
      const n = new Map<string, number>(RUN_STATES.map((s) => [s, 0]));
      for (const r of core.runs.all()) n.set(r.state, (n.get(r.state) ?? 0) + 1);
      for (const [state, v] of n) this.set({ state }, v);
    },
  });
  new Counter({
    name: 'tester_run_instances_total',
    help: 'Instances of a run by outcome (started, passed, failed, aborted, cancelled, dropped)',
    labelNames: ['run_id', 'outcome'],
    registers: [register],
    async collect() {
      const all = await summaries();
      this.reset();
      for (const s of all) for (const o of OUTCOMES) this.inc({ run_id: s.run_id, outcome: o }, Number(s.counts?.[o] ?? 0));
    },
  });
  const running = (name: string, help: string, value: (s: RunSummary) => number | undefined) =>
    new Gauge({
      name,
      help,
      labelNames: ['run_id'],
      registers: [register],
      async collect() {
        const all = await summaries();
        this.reset();
        for (const s of all) {
          const v = s.state === 'running' ? value(s) : undefined;
          if (v !== undefined) this.set({ run_id: s.run_id }, v);
        }
      },
    });
  running('tester_run_in_progress', 'Instances of a run in progress now', (s) => s.in_progress);
  running('tester_run_rate', 'Instances a running run started in the last whole second (its current rate)', (s) => s.current_rate ?? 0);
  running('tester_run_target_rate', 'The target start rate of a running linear run (instances/s)', (s) => s.target_rate);
}

/** `--workers N`: each worker thread's restarts after it died, and whether it is up now (docs/workers.md). */
function workerMetrics(register: PromRegistry, core: MetricsSource): void {
  const workers = () => core.status().workers ?? [];
  new Counter({
    name: 'tester_worker_restarts_total',
    help: 'Times a worker thread of --workers N was started again after it died',
    labelNames: ['worker'],
    registers: [register],
    collect() {
      this.reset();
      for (const w of workers()) this.inc({ worker: String(w.index) }, w.restarts);
    },
  });
  new Gauge({
    name: 'tester_worker_up',
    help: 'Whether a worker thread of --workers N is up (1) or being restarted or given up after repeated crashes (0)',
    labelNames: ['worker'],
    registers: [register],
    collect() {
      for (const w of workers()) this.set({ worker: String(w.index) }, w.state === 'up' ? 1 : 0);
    },
  });
}

function rpcMetrics(register: PromRegistry, core: MetricsSource): void {
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
  core.hooks.request.tap(NAME, (e) => {
    // Unknown method names are one label value, so that a client cannot grow the series without bound.
    const method = e.method === undefined ? '(none)' : knownMethod.has(e.method) ? e.method : '(unknown)';
    requests.inc({ method, code: String(e.code) });
    requestSeconds.observe({ method }, e.ms / 1000);
  });
}

/** Gateway instances: their state now, and how often each came back up after being down (sampled). Returns the sampler. */
function gatewayMetrics(register: PromRegistry, core: MetricsSource): () => void {
  const instances = () => [...core.registry.gateways.values()].flatMap((g) => [...g.byName.values()].map((i) => ({ kind: g.def.kind, inst: i })));
  const last = new Map<string, string>();
  const everUp = new Set<string>();
  const reconnects = new Counter({
    name: 'tester_gateway_reconnects_total',
    help: 'Times a gateway instance came up again after it had been up and went down (sampled every second)',
    labelNames: ['kind', 'name'],
    registers: [register],
    // sampled on every scrape too, so that each instance has its series (0) from the first scrape on, whichever of
    // the counter and the gauge below is collected first
    collect() {
      sample();
    },
  });
  const sample = () => {
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
      sample();
      for (const { kind, inst } of instances()) {
        const now = safeState(inst);
        for (const state of GATEWAY_STATES) this.set({ kind, name: inst.name, state }, now === state ? 1 : 0);
      }
    },
  });
  return sample;
}

function safeState(i: { state(): string }): string {
  try {
    return i.state();
  } catch {
    return 'down';
  }
}
