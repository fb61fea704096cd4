// The latency histograms of the metrics. The main thread observes its own runs (and its part of runs split across
// workers) through their hooks; each worker thread observes the parts it runs and adds their counts to the parts'
// records (`prom`), which the main thread reads with the records: those of ended runs added once at their end, those
// of running runs as of each scrape's reads.
import type { Registry as PromRegistry } from 'prom-client';
import type { RunRecord, RunSummary } from '../../core/api/index.js';
import type { ServiceCore } from '../../core/service.js';
import { LatencyBuckets, RunLatency, SummedHistogram, type RunLatencySnapshot } from './latency-buckets.js';

const NAME = 'metrics';

/** On the main thread: the two histograms, registered, and the taps that feed them. */
export function tapLatency(register: PromRegistry, core: Pick<ServiceCore, 'hooks' | 'runs'>, summaries: () => Promise<RunSummary[]>): void {
  const local = new RunLatency();
  const ended = new RunLatency();
  core.hooks.runCreated.tap(NAME, (run) => local.tap(run, NAME));
  core.runs.hooks.runEnded.tap(NAME, (run) => {
    for (const rec of run.remoteParts?.() ?? []) ended.add(promOf(rec));
  });
  const sources = async (which: keyof RunLatencySnapshot): Promise<LatencyBuckets[]> => {
    // the summaries of this scrape read the running runs' remote parts anew
    await summaries();
    const out = [local[which], ended[which]];
    for (const r of core.runs.all()) {
      if (r.state !== 'running' || !r.remoteParts) continue;
      const b = new LatencyBuckets();
      for (const rec of r.remoteParts()) b.add(promOf(rec)?.[which]);
      out.push(b);
    }
    return out;
  };
  const histogram = (name: string, help: string, label: string, which: keyof RunLatencySnapshot) => register.registerMetric(new SummedHistogram(name, help, label, () => sources(which)) as never);
  histogram('tester_instance_latency_seconds', "Latency of finished instances (passed, failed, aborted), from each one's scheduled start", 'outcome', 'instance');
  histogram('tester_operation_latency_seconds', 'Latency of completed operations, by operation type', 'type', 'operations');
}

/** On a worker thread: each part's latency counts, added to its records as `prom`. */
export function tapPartLatency(core: Pick<ServiceCore, 'hooks'>): void {
  core.hooks.runCreated.tap(NAME, (run) => {
    const l = new RunLatency();
    l.tap(run, NAME);
    run.hooks.record.tap(NAME, (rec: PartRecord) => {
      rec.prom = l.snapshot();
    });
  });
}

/** A part's record as a worker thread's metrics leave it. */
type PartRecord = RunRecord & { prom?: unknown };

function promOf(rec: PartRecord): Partial<RunLatencySnapshot> | undefined {
  const p = rec.prom;
  return p && typeof p === 'object' ? (p as Partial<RunLatencySnapshot>) : undefined;
}
