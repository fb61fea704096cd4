// builtins/metrics: `--metrics-port` serves Prometheus metrics (prom-client); scraped over HTTP during a
// real run: runs by state, instances per run, in progress, current and target rate, latency histograms, RPC
// requests by method and code, gateway states; reconnects counted from sampled gateway states.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { call, waitForRun } from '../../helpers/service.js';
import { startStack, type Stack } from '../../plugins/inap/helpers/stack.js';
import { startTestService } from '../../helpers/service.js';
import { tapMetrics } from '../../../builtins/metrics/prometheus.js';
import { createRunManagerHooks, createServiceHooks } from '../../../core/hooks.js';
import type { Registry } from '../../../core/plugins/registry.js';
import type { RunManager } from '../../../core/engine/run-manager.js';
import { samples } from './samples.js';

const root = join(import.meta.dirname, '../../..');

async function scrape(port: number): Promise<{ status: number; type: string; text: string }> {
  const r = await fetch(`http://127.0.0.1:${port}/metrics`);
  return { status: r.status, type: r.headers.get('content-type') ?? '', text: await r.text() };
}

let st: Stack;
let metricsPort: number;
before(async () => {
  // The service with sigtran + inap connected to the reference SCP, and metrics on a free loopback port.
  st = await startStack(JSON.parse(readFileSync(join(root, 'examples/inap/scp-sim.json'), 'utf8')), { serviceOptions: { metricsPort: 0 } });
  assert.ok(st.svc.served.metrics, 'metrics served');
  assert.equal(st.svc.served.metrics!.host, '127.0.0.1', 'loopback unless told otherwise');
  metricsPort = st.svc.served.metrics!.port;
});
after(async () => {
  await st?.close();
});

test('scraped during a run and after it', async () => {
  const runId = `metrics-${process.pid}`;
  const prepaid = JSON.parse(readFileSync(join(root, 'examples/inap/prepaid.json'), 'utf8'));
  const total = 600;
  const r = await call(st.port, 'ExecuteTest', { ...prepaid, run_id: runId, trace_level: 0, distribution: { type: 'linear', total, backlog: 100, cps: { rate: 100 } } });
  assert.equal(r.result, 'ok');
  assert.equal((await call(st.port, 'QueryTest', { run_id: 'no-such-run' })).error?.code, 2004);
  await call(st.port, 'NoSuchMethod', {});
  // Scrape while it runs (it takes 6 s), once it has started a few instances.
  for (let q = await call(st.port, 'QueryTest', { run_id: runId }); q.result.counts.started < 50; q = await call(st.port, 'QueryTest', { run_id: runId })) {
    await new Promise((res) => setTimeout(res, 50));
  }
  const during = await scrape(metricsPort);
  assert.equal(during.status, 200);
  assert.match(during.type, /^text\/plain; version=0\.0\.4/);
  const d = samples(during.text);
  assert.equal(d.get('tester_runs{state="running"}'), 1);
  const started = d.get(`tester_run_instances_total{run_id="${runId}",outcome="started"}`)!;
  assert.ok(started >= 50 && started < total, `started ${started}`);
  assert.ok(d.has(`tester_run_in_progress{run_id="${runId}"}`));
  const rate = d.get(`tester_run_rate{run_id="${runId}"}`)!;
  assert.ok(Number.isInteger(rate) && rate >= 0, `the instances started in the last whole second: ${rate}`);
  assert.equal(d.get(`tester_run_target_rate{run_id="${runId}"}`), 100);
  assert.equal(d.get('tester_gateway_state{kind="sigtran",name="SIG",state="up"}'), 1);
  assert.equal(d.get('tester_gateway_state{kind="sigtran",name="SIG",state="down"}'), 0);
  assert.equal(d.get('tester_gateway_reconnects_total{kind="sigtran",name="SIG"}'), 0);
  assert.equal(d.get('tester_rpc_requests_total{method="ExecuteTest",code="0"}'), 1);
  assert.ok(d.get('tester_rpc_requests_total{method="QueryTest",code="0"}')! >= 1);
  assert.equal(d.get('tester_rpc_requests_total{method="QueryTest",code="2004"}'), 1);
  assert.equal(d.get('tester_rpc_requests_total{method="(unknown)",code="1001"}'), 1);
  assert.ok(d.has('tester_process_resident_memory_bytes'), 'the standard process metrics');

  const rec = await waitForRun(st.port, runId, { timeoutMs: 60_000, pollMs: 200 });
  assert.equal(rec.counts.started + rec.counts.dropped, total, JSON.stringify(rec.counts));
  const a = samples((await scrape(metricsPort)).text);
  assert.equal(a.get('tester_runs{state="running"}'), 0);
  assert.equal(a.get('tester_runs{state="completed"}'), 1);
  for (const o of ['started', 'passed', 'failed', 'aborted', 'dropped'] as const) assert.equal(a.get(`tester_run_instances_total{run_id="${runId}",outcome="${o}"}`), rec.counts[o], o);
  assert.equal(a.get('tester_instance_latency_seconds_count{outcome="passed"}'), rec.counts.passed);
  assert.equal(a.get('tester_instance_latency_seconds_bucket{le="+Inf",outcome="passed"}'), rec.counts.passed);
  assert.equal(a.get('tester_operation_latency_seconds_count{type="inap.ssp_to_scp.InitialDP"}'), rec.latency.operations['inap.ssp_to_scp.InitialDP'].count);
  assert.ok(!a.has(`tester_run_rate{run_id="${runId}"}`), 'no current rate once the run ended');
  assert.ok(a.get('tester_rpc_requests_total{method="QueryTest",code="0"}')! >= 1);
  const other = await fetch(`http://127.0.0.1:${metricsPort}/other`);
  assert.equal(other.status, 404);
});

test('a gateway that goes down and comes back up counts one reconnect', async () => {
  let state = 'up';
  const fakeRegistry = { gateways: new Map([['diameter', { def: { kind: 'diameter' }, byName: new Map([['peer1', { name: 'peer1', state: () => state }]]) }]]) } as unknown as Registry;
  const fakeRuns = { hooks: createRunManagerHooks(), all: () => [][Symbol.iterator]() } as unknown as RunManager;
  const m = tapMetrics({ hooks: createServiceHooks(), registry: fakeRegistry, runs: fakeRuns, status: () => ({ pid: 0, uptime_s: 0, memory: { rss: 0, heap_used: 0, heap_total: 0, external: 0, array_buffers: 0 } }) });
  try {
    const reconnects = async () => samples(await m.register.metrics()).get('tester_gateway_reconnects_total{kind="diameter",name="peer1"}');
    assert.equal(await reconnects(), 0, 'the series is there from the first scrape, before the first periodic sample');
    m.sampleGateways();
    assert.equal(await reconnects(), 0);
    state = 'down';
    m.sampleGateways();
    state = 'connecting';
    m.sampleGateways();
    state = 'up';
    m.sampleGateways();
    assert.equal(await reconnects(), 1);
    m.sampleGateways();
    assert.equal(await reconnects(), 1, 'staying up is not a reconnect');
    const s = samples(await m.register.metrics());
    assert.equal(s.get('tester_gateway_state{kind="diameter",name="peer1",state="up"}'), 1);
  } finally {
    m.stop();
  }
});

test('metrics are off unless asked for', async () => {
  const svc = await startTestService();
  try {
    assert.equal(svc.served.metrics, undefined);
  } finally {
    await svc.close();
  }
});
