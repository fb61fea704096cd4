// One run of a bench, watched from start to end: ExecuteTest, QueryTest every 100 ms until the record is complete,
// the CPU of the service and of each peer process over the run and their peak RSS, read from /proc. Shared by the
// INAP runs of bench/index.ts and the protocol paths of bench/paths/run.ts; each turns the sample into its figures.
import { rpcCall } from '../cli/rpc-client.js';
import type { RunRecord } from '../core/api/index.js';
import { HZ, cpuTicks, cpuTicksTree, rssKbTree } from './processes.js';

export interface RunSample {
  rec: RunRecord;
  /** Seconds from ExecuteTest to the completed record. */
  wall_s: number;
  /** CPU seconds over the run: the service's, then each peer's, in the order given (each with its direct children);
   *  `service_children`: the part of the service's spent in its child processes. */
  cpu_s: { service: number; service_children: number; peers: number[] };
  /** Peak RSS (KB) read at the polls, same order. */
  rss_kb: { service: number; peers: number[] };
}

/**
 * Run `def` on the service at `port` and watch it to its end. `service` and `peers` are pids; a process's direct
 * children count with it (a cluster's workers, the db plugin's SQLite process). `onPoll` sees every record read.
 */
export async function watchRun(port: number, service: number, peers: number[], def: Record<string, unknown>, onPoll?: (rec: RunRecord) => void): Promise<RunSample> {
  const c0 = { service: cpuTicksTree(service), own: cpuTicks(service), peers: peers.map(cpuTicksTree) };
  const rss = { service: rssKbTree(service), peers: peers.map(rssKbTree) };
  const t0 = performance.now();
  const resp = await rpcCall({ port }, 'ExecuteTest', def);
  if (resp.error) throw new Error(`${String(def.run_id)}: ExecuteTest refused: ${resp.error.message}`);
  let rec: RunRecord;
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    rss.service = Math.max(rss.service, rssKbTree(service));
    peers.forEach((p, i) => (rss.peers[i] = Math.max(rss.peers[i]!, rssKbTree(p))));
    const q = await rpcCall({ port }, 'QueryTest', { run_id: def.run_id });
    if (q.error) throw new Error(`QueryTest ${String(def.run_id)}: ${q.error.message}`);
    rec = q.result as RunRecord;
    onPoll?.(rec);
    if (rec.completed === 1) break;
  }
  const wall = (performance.now() - t0) / 1000;
  const svc = (cpuTicksTree(service) - c0.service) / HZ;
  const own = (cpuTicks(service) - c0.own) / HZ;
  return { rec, wall_s: wall, cpu_s: { service: svc, service_children: Math.max(0, svc - own), peers: peers.map((p, i) => (cpuTicksTree(p) - c0.peers[i]!) / HZ) }, rss_kb: rss };
}

/** What every step reports of its record: the counts, the rate judged (passed ÷ duration), the latency. */
export function recordFigures(rec: RunRecord) {
  const passed = rec.counts.passed ?? rec.counts.finished - rec.counts.failed - rec.counts.aborted;
  const duration = rec.duration ?? 0; // a completed record has one
  return {
    passed,
    aborted: rec.counts.aborted,
    failed: rec.counts.failed,
    dropped: rec.counts.dropped,
    failures: rec.counts.aborted + rec.counts.failed + rec.counts.dropped,
    duration_s: Number(duration.toFixed(3)),
    rate: duration > 0 ? Math.round(passed / duration) : 0,
    start_rate: Math.round(rec.rate),
    p50_ms: rec.latency.instance.p50,
    p99_ms: rec.latency.instance.p99,
  };
}

/** The first abort record, truncated for a log line (undefined: none). */
export const firstAbort = (rec: RunRecord) => (rec.first_aborts?.length ? JSON.stringify(rec.first_aborts[0]).slice(0, 200) : undefined);
