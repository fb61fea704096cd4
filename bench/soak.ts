// `npm run soak -- --minutes N`: InitialDP → ReleaseCall for N minutes at half the maximum rate against the reference
// SCP (`tester scp-sim --script examples/inap/scp-sim.json`), the service and the SCP in separate processes over
// M3UA/TCP on loopback (bench/processes.ts). The maximum is measured first with a short load run (or given with
// --rate, the soak rate itself). Every minute it prints the run's counts and the service's memory: RSS and heap from
// ListTests' `service.memory` (process.memoryUsage() of the service), RSS of the SCP from /proc. At the end: the
// counts, memory at the first full minute, at the end and at most, and the verdict: zero aborted, failed and dropped,
// and service RSS at the end within --bound-mb (default 64) of the first full minute.
// Options: --minutes N (default 10)  --rate R (instances/s; default half the measured maximum)  --bound-mb M  --json
//          --backlog B (instances in flight before a due one is dropped; default max(2000, rate): one second of stall)
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { rpcCall } from '../cli/rpc-client.js';
import type { RunRecord } from '../core/api/index.js';
import { HZ, IDP, RC, cpuTicks, root, rssKb, startScpSim, startService, stopAll, stopOnInterrupt } from './processes.js';

stopOnInterrupt(); // Ctrl-C, kill or a closed pipe stop what the bench started (bench/processes.ts)

const argv = process.argv.slice(2);
const opt = (name: string): number | undefined => {
  const i = argv.indexOf(name);
  if (i < 0) return undefined;
  const n = Number(argv[i + 1]);
  if (!Number.isFinite(n) || n <= 0) {
    process.stderr.write(`${name}: expected a positive number, got ${argv[i + 1]}\n`);
    process.exit(2);
  }
  return n;
};
const MINUTES = opt('--minutes') ?? 10;
const RATE = opt('--rate');
const BOUND_MB = opt('--bound-mb') ?? 64;
const BACKLOG = opt('--backlog');
const JSON_OUT = argv.includes('--json');
const log = (s: string) => {
  if (!JSON_OUT) process.stdout.write(s + '\n');
};
const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
const work = mkdtempSync(join(tmpdir(), 'tester-soak-'));

interface Sample {
  minute: number;
  started: number;
  passed: number;
  failed: number;
  aborted: number;
  dropped: number;
  /** Instances started in this minute, per second. */
  rate: number;
  rss_mb: number;
  heap_used_mb: number;
  heap_total_mb: number;
  scp_rss_mb: number;
  cpu_service_pct: number;
  /** The machine's 1-minute load average at the sample. */
  load: number;
}

/** The monitoring calls wait this long: on a machine busy with other work the service may answer late, not never. */
const RPC_TIMEOUT_MS = 60_000;

async function query(port: number, runId: string): Promise<RunRecord> {
  const q = await rpcCall({ port }, 'QueryTest', { run_id: runId }, { timeoutMs: RPC_TIMEOUT_MS });
  if (q.error) throw new Error(`QueryTest: ${q.error.message}`);
  return q.result;
}

async function memory(port: number): Promise<{ rss: number; heap_used: number; heap_total: number }> {
  const l = await rpcCall({ port }, 'ListTests', {}, { timeoutMs: RPC_TIMEOUT_MS });
  if (l.error) throw new Error(`ListTests: ${l.error.message}`);
  return l.result.service.memory;
}

/** The maximum rate: a load run (no pacing) of 20,000 instances, backlog 200. */
async function measureMax(port: number): Promise<number> {
  const runId = `soak-max-${Date.now()}`;
  const r = await rpcCall({ port }, 'ExecuteTest', { run_id: runId, distribution: { type: 'load', total: 20_000, backlog: 200 }, scp: { tcap_timeout: 20 }, operations: [IDP, RC] });
  if (r.error) throw new Error(`ExecuteTest: ${r.error.message}`);
  for (;;) {
    await new Promise((res) => setTimeout(res, 250));
    const rec = await query(port, runId);
    if (rec.completed === 1) {
      if (rec.counts.aborted || rec.counts.failed) throw new Error(`the rate measurement had ${rec.counts.aborted} aborted, ${rec.counts.failed} failed: ${JSON.stringify(rec.first_aborts?.[0] ?? rec.first_fails?.[0])}`);
      return Math.round(rec.rate);
    }
  }
}

async function main(): Promise<Record<string, unknown>> {
  const sim = await startScpSim(work, JSON.parse(readFileSync(join(root, 'examples/inap/scp-sim.json'), 'utf8')));
  const svc = await startService(work, sim.port, 'soak');
  log(`soak: service pid ${svc.pid} (127.0.0.1:${svc.port}), scp-sim pid ${sim.child.pid} (examples/inap/scp-sim.json), ${cpus().length} CPUs, Node ${process.version}`);
  let max: number | undefined;
  let rate: number;
  if (RATE !== undefined) rate = Math.round(RATE);
  else {
    max = await measureMax(svc.port);
    rate = Math.max(1, Math.round(max / 2));
    log(`maximum rate (load run, 20,000 instances, backlog 200): ${max}/s; soak at half: ${rate}/s`);
  }
  const runId = `soak-${Date.now()}`;
  const total = Math.round(rate * 60 * MINUTES);
  const r = await rpcCall({ port: svc.port }, 'ExecuteTest', {
    run_id: runId,
    distribution: { type: 'linear', total, backlog: BACKLOG !== undefined ? Math.round(BACKLOG) : Math.max(2000, rate), cps: { rate } },
    scp: { tcap_timeout: 20 },
    operations: [IDP, RC],
  });
  if (r.error) throw new Error(`ExecuteTest: ${r.error.message}`);
  log(`run ${runId}: ${total.toLocaleString('en')} instances at ${rate}/s for ${MINUTES} min, backlog ${BACKLOG !== undefined ? Math.round(BACKLOG) : Math.max(2000, rate)}, load average ${loadavg()[0].toFixed(1)}`);
  const samples: Sample[] = [];
  const t0 = Date.now();
  let last = { started: 0, cpu: cpuTicks(svc.pid), at: t0 };
  let peak = { rss: 0, heap: 0 };
  let rec!: RunRecord; // read at least once a minute, before its first use
  for (let minute = 1; ; minute++) {
    // sample every 5 s for the peaks, report at each minute (and when the run ends)
    let done = false;
    while (Date.now() < t0 + minute * 60_000) {
      await new Promise((res) => setTimeout(res, 5000));
      const m = await memory(svc.port);
      peak = { rss: Math.max(peak.rss, m.rss), heap: Math.max(peak.heap, m.heap_used) };
      rec = await query(svc.port, runId);
      if (rec.completed === 1) {
        done = true;
        break;
      }
    }
    const m = await memory(svc.port);
    peak = { rss: Math.max(peak.rss, m.rss), heap: Math.max(peak.heap, m.heap_used) };
    const now = Date.now();
    const cpu = cpuTicks(svc.pid);
    const c = rec.counts;
    const s: Sample = {
      minute,
      started: c.started,
      passed: c.passed,
      failed: c.failed,
      aborted: c.aborted,
      dropped: c.dropped,
      rate: Math.round((c.started - last.started) / ((now - last.at) / 1000)),
      rss_mb: mb(m.rss),
      heap_used_mb: mb(m.heap_used),
      heap_total_mb: mb(m.heap_total),
      scp_rss_mb: Math.round(rssKb(sim.child.pid!) / 1024),
      cpu_service_pct: Math.round((100 * (cpu - last.cpu)) / HZ / ((now - last.at) / 1000)),
      load: Math.round(loadavg()[0] * 10) / 10,
    };
    last = { started: c.started, cpu, at: now };
    samples.push(s);
    log(`  min ${String(minute).padStart(3)}  started ${String(s.started).padStart(10)}  passed ${String(s.passed).padStart(10)}  failed ${s.failed}  aborted ${s.aborted}  dropped ${s.dropped}  ${String(s.rate).padStart(6)}/s  service rss ${s.rss_mb} MB heap ${s.heap_used_mb}/${s.heap_total_mb} MB cpu ${s.cpu_service_pct}%  scp rss ${s.scp_rss_mb} MB  load ${s.load}`);
    if (done) break;
  }
  const first = samples[0]!;
  const end = samples[samples.length - 1]!;
  const growth = end.rss_mb - first.rss_mb;
  const verdict = {
    zero_aborted: end.aborted === 0,
    zero_failed: end.failed === 0,
    zero_dropped: end.dropped === 0,
    all_finished: rec.counts.finished === total,
    rss_within_bound: growth <= BOUND_MB,
  };
  log(`end: ${rec.counts.finished.toLocaleString('en')} of ${total.toLocaleString('en')} finished (passed ${rec.counts.passed}, failed ${rec.counts.failed}, aborted ${rec.counts.aborted}, dropped ${rec.counts.dropped}) in ${rec.duration} s, ${Math.round(rec.rate)}/s; latency p50 ${rec.latency.instance.p50} ms p99 ${rec.latency.instance.p99} ms`);
  log(`memory: service rss ${first.rss_mb} MB after minute 1, ${end.rss_mb} MB at the end (${growth >= 0 ? '+' : ''}${growth} MB; bound ${BOUND_MB} MB), peak ${mb(peak.rss)} MB; heap used ${first.heap_used_mb} → ${end.heap_used_mb} MB, peak ${mb(peak.heap)} MB; scp rss ${first.scp_rss_mb} → ${end.scp_rss_mb} MB`);
  log(`verdict: ${Object.entries(verdict).map(([k, v]) => `${k} ${v ? 'yes' : 'NO'}`).join(', ')}`);
  return { node: process.version, cpus: cpus().length, minutes: MINUTES, max_rate: max ?? null, rate, total, samples, counts: rec.counts, latency: rec.latency.instance, peak_rss_mb: mb(peak.rss), peak_heap_mb: mb(peak.heap), rss_growth_mb: growth, bound_mb: BOUND_MB, verdict };
}

let code = 0;
try {
  const out = await main();
  if (JSON_OUT) process.stdout.write(JSON.stringify(out) + '\n');
  if (Object.values(out.verdict as Record<string, boolean>).includes(false)) code = 1;
} catch (e) {
  process.stderr.write(`soak failed: ${(e as Error).message}\n`);
  code = 2;
} finally {
  await stopAll();
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
process.exit(code);
