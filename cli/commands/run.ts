// tester run FILE: submit a definition, show progress, print the result; exit 0 all passed, 1 not, 2 usage.
// tester watch RUN_ID: the same view of a run started elsewhere.
import { basename } from 'node:path';
import { randomBytes } from 'node:crypto';
import { rpcCall, type RpcTarget } from '../rpc-client.js';
import { writePcap } from '../../sdk/pcap.js';
import { progressLine, summarize, passed } from '../summary.js';
import { DefinitionFile } from '../definition-file.js';
import { UsageError } from '../usage-error.js';
import { MAX_SLICES } from '../../core/engine/slice.js';
import { writeReports, type ReportOutputs } from './report.js';
import { parseGates, loadRecord, checkGateOperations, printComparison, type Loaded } from './compare.js';
import type { Gate } from '../../views/compare/gates.js';
import type { RunRecord } from '../../core/api/index.js';

export interface RunOptions {
  host: string;
  port: string;
  json?: boolean;
  pcap?: string;
  runId?: string;
  traceLevel?: string;
  progress: boolean;
  pollMs: string;
  timeout?: string;
  threshold?: string[];
  junit?: string;
  csv?: string;
  html?: string;
  slice?: string;
  baseline?: string;
  gate?: string[];
}

/** `--baseline BASE --gate ...`: the record the run is compared with at its end, and the gates. */
interface Baseline {
  base: Loaded;
  gates: Gate[];
}

/** Read before the run starts, so that a bad gate or an unreadable baseline costs no run. */
async function readBaseline(o: RunOptions, target: RpcTarget): Promise<Baseline | undefined> {
  const gates = parseGates(o.gate);
  if (o.baseline === undefined) {
    if (gates.length) throw new UsageError('--gate compares with a baseline: give --baseline RECORD.json or --baseline RUN_ID');
    return undefined;
  }
  const base = await loadRecord(o.baseline, 'BASE', target);
  checkGateOperations(gates, base);
  return { base, gates };
}

export { UsageError };

/** The params object of a definition file; syntax errors are reported with line and column. */
function readDefinition(file: string): Record<string, unknown> {
  return DefinitionFile.read(file).value;
}

/** `--slice k/N`: slice k (0 to N-1) of a run split N ways, as ExecuteTest's `slice` param. */
export function parseSlice(text: string): { index: number; count: number } {
  const m = /^\s*(\d{1,9})\s*\/\s*(\d{1,9})\s*$/.exec(text);
  if (!m) throw new UsageError(`--slice: '${text}' is not k/N (slice k of N, k from 0 to N-1, e.g. 0/4)`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > MAX_SLICES) throw new UsageError(`--slice: N must be 1 to ${MAX_SLICES} (got ${count})`);
  if (index >= count) throw new UsageError(`--slice: k must be 0 to N-1 = ${count - 1} (got ${index})`);
  return { index, count };
}

/** A run id of its own for each run of a definition without one: the file's name, the time and a random part. */
function freshRunId(file: string): string {
  return `${basename(file).replace(/\.json$/, '')}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
}

export async function run(file: string, o: RunOptions): Promise<number> {
  const params = readDefinition(file);
  const target = { host: o.host, port: Number(o.port) };
  const baseline = await readBaseline(o, target);
  params.run_id = o.runId ?? params.run_id ?? freshRunId(file);
  if (o.traceLevel !== undefined) params.trace_level = Number(o.traceLevel);
  if (o.slice !== undefined) params.slice = parseSlice(o.slice);
  if (o.threshold?.length) params.thresholds = [...((params.thresholds as string[] | undefined) ?? []), ...o.threshold];
  if (o.pcap && Number(params.trace_level ?? 0) < 2) params.trace_level = 2;
  const runId = String(params.run_id);
  let resp;
  try {
    resp = await rpcCall(target, 'ExecuteTest', params);
  } catch (e) {
    process.stderr.write(`cannot reach the tester service at ${target.host}:${target.port}: ${(e as Error).message}\n(start it with: tester serve --port ${target.port})\n`);
    return 2;
  }
  if (resp.error) {
    process.stderr.write(`ExecuteTest refused (${resp.error.code}): ${resp.error.message}\n`);
    if (resp.error.code === 2001) {
      process.stderr.write(
        `(pick another with --run-id NEW, or leave run_id out of ${file}: tester run then names each run afresh, e.g. ${freshRunId(file)})\n`,
      );
    }
    return 2;
  }
  const rec = await follow(target, runId, o, { cancelOnSigint: true, timeout: o.timeout });
  return typeof rec === 'number' ? rec : finish(rec, o, baseline);
}

export interface FollowOptions {
  progress: boolean;
  pollMs: string;
}

/**
 * QueryTest until the run completes, with the live progress line of a load run on stderr (rewritten in place on a
 * terminal, one line every 5 s otherwise). `tester run` cancels the run on SIGINT and after `timeout`;
 * `tester watch` only stops watching. Resolves the final record, or an exit code when the service fails us.
 */
async function follow(target: RpcTarget, runId: string, o: FollowOptions, opts: { cancelOnSigint: boolean; timeout?: string }): Promise<RunRecord | number> {
  const t0 = Date.now();
  const tty = process.stderr.isTTY;
  let lastPrint = 0;
  let cancelling = false;
  const onSigint = () => {
    if (cancelling) process.exit(1);
    cancelling = true;
    process.stderr.write(`\ncancelling ${runId} ...\n`);
    rpcCall(target, 'CancelTest', { run_id: runId }).catch(() => {});
  };
  if (opts.cancelOnSigint) process.on('SIGINT', onSigint);
  const deadline = opts.timeout ? t0 + Number(opts.timeout) * 1000 : Infinity;
  let rec: RunRecord;
  try {
    for (;;) {
      let q;
      try {
        q = await rpcCall(target, 'QueryTest', { run_id: runId });
      } catch (e) {
        process.stderr.write(`\ncannot reach the tester service at ${target.host}:${target.port}: ${(e as Error).message}\n`);
        return 2;
      }
      if (q.error) {
        process.stderr.write(`QueryTest failed (${q.error.code}): ${q.error.message}\n`);
        return 2;
      }
      rec = q.result;
      const isLoad = rec.distribution?.type !== 'single';
      if (o.progress && isLoad) {
        const line = progressLine(rec);
        if (tty) process.stderr.write(`\r${line}\x1b[K`);
        else if (Date.now() - lastPrint >= 5000 || rec.completed === 1) {
          process.stderr.write(line + '\n');
          lastPrint = Date.now();
        }
      }
      if (rec.completed === 1) break;
      if (Date.now() > deadline && !cancelling) {
        process.stderr.write(`\ntimeout after ${opts.timeout}s: cancelling ${runId}\n`);
        cancelling = true;
        await rpcCall(target, 'CancelTest', { run_id: runId });
      }
      await new Promise((r) => setTimeout(r, Number(o.pollMs)));
    }
  } finally {
    process.off('SIGINT', onSigint);
  }
  if (o.progress && tty && rec.distribution?.type !== 'single') process.stderr.write('\n');
  return rec;
}

/** The end of a followed run: pcap files (the first instance's, each failure's slice), the record (--json) or the
 * summary, the comparison with the baseline (after the summary; on stderr under --json), the report files; exit 1
 * when the run did not pass or a gate was crossed. */
async function finish(rec: RunRecord, o: ReportOutputs & { pcap?: string; json?: boolean }, baseline?: Baseline): Promise<number> {
  const pcap = o.pcap;
  if (pcap) {
    process.stderr.write(`wrote ${writeMessages(pcap, rec.first_call?.messages ?? [])} messages of the first instance to ${pcap}\n`);
    for (const f of rec.failures ?? []) {
      if (!f.pcap) continue;
      const file = slicePath(pcap, f.pcap);
      process.stderr.write(`wrote ${writeMessages(file, f.messages)} messages of instance ${f.instance} (${f.outcome}) to ${file}\n`);
    }
  }
  if (o.json) process.stdout.write(JSON.stringify(rec, null, 2) + '\n');
  else process.stdout.write(summarize(rec) + '\n');
  const gates = baseline
    ? printComparison(baseline.base, { record: rec, source: 'this run' }, baseline.gates, { stream: o.json ? process.stderr : process.stdout })
    : [];
  await writeReports(rec, o, { gates, pcapPath: pcap ? (_rec, name) => slicePath(pcap, name) : undefined });
  return passed(rec) && !gates.some((g) => g.crossed) ? 0 : 1;
}

type Message = NonNullable<RunRecord['first_call']>['messages'][number];

/** Write the messages that carry their bytes as a pcap file; how many. */
function writeMessages(file: string, messages: readonly Message[]): number {
  const msgs = messages.flatMap((m) => (m.hex && m.dissector ? [{ dissector: m.dissector, hex: m.hex, time: m.time }] : []));
  writePcap(file, msgs.map((m) => ({ dissector: m.dissector, bytes: Buffer.from(m.hex, 'hex'), timeMs: m.time[0] * 1000 + m.time[1] / 1000 })));
  return msgs.length;
}

/** A failure's pcap slice beside --pcap FILE: `out.pcap` → `out.instance-7.pcap`. */
function slicePath(pcap: string, name: string): string {
  return `${pcap.replace(/\.pcap$/, '')}.${name}`;
}

/** tester watch RUN_ID: follow a run someone else started (a GUI, another client) until it completes. */
export async function watch(runId: string, o: FollowOptions & ReportOutputs & { host: string; port: string; json?: boolean; pcap?: string }): Promise<number> {
  const rec = await follow({ host: o.host, port: Number(o.port) }, runId, o, { cancelOnSigint: false });
  return typeof rec === 'number' ? rec : finish(rec, o);
}
