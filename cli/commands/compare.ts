// tester compare BASE NEW: what changed between two runs (docs/compare.md), each a result record file or the run id
// of a run the service knows (running or stored); exit 1 when a regression gate is crossed, 0 otherwise, 2 on bad
// input. `tester run --baseline BASE --gate ...` reads its baseline and gates here too.
import { existsSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { rpcCall, type RpcTarget } from '../rpc-client.js';
import { readRecordFile } from '../record-file.js';
import { UsageError } from '../usage-error.js';
import { compareRows } from '../../views/compare/rows.js';
import { parseGate, evaluateGates, unknownOperations, GateError, type Gate, type GateResult } from '../../views/compare/gates.js';
import { junitGates } from '../../views/report/junit.js';
import { compareText } from '../compare-table.js';
import type { RunRecord } from '../../core/api/index.js';

export interface CompareOptions {
  host: string;
  port: string;
  gate?: string[];
  json?: boolean;
  junit?: string;
}

/** A record and where it came from. */
export interface Loaded {
  record: RunRecord;
  source: string;
}

/** Every `--gate`, read; the first bad one is a usage error naming it and what a gate looks like. */
export function parseGates(list: readonly string[] | undefined): Gate[] {
  return (list ?? []).map((text) => {
    try {
      return parseGate(text);
    } catch (e) {
      if (e instanceof GateError) throw new UsageError(`--gate ${e.message}`);
      throw e;
    }
  });
}

/** A record from a file when `what` names one, else the run of that id on the service (QueryTest). */
export async function loadRecord(what: string, role: 'BASE' | 'NEW', target: RpcTarget): Promise<Loaded> {
  if (existsSync(what)) return { record: readRecordFile(what), source: what };
  const where = `${target.host || '127.0.0.1'}:${target.port}`;
  let r;
  try {
    r = await rpcCall(target, 'QueryTest', { run_id: what });
  } catch (e) {
    throw new UsageError(`${role} '${what}' is no file, and the service at ${where} (for a run id) cannot be reached: ${(e as Error).message}`);
  }
  if (r.error) throw new UsageError(`${role} '${what}' is neither a file nor a run of the service at ${where} (QueryTest ${r.error.code}: ${r.error.message})`);
  if (r.result.completed !== 1) process.stderr.write(`note: ${role} run ${what} is still ${r.result.state}: its figures are not final\n`);
  return { record: r.result, source: `run ${what} of the service at ${where}` };
}

/** The gates' operation types must be in the base: a name it does not have is a typo or the wrong base. */
export function checkGateOperations(gates: readonly Gate[], base: Loaded): void {
  const missing = unknownOperations(gates, base.record);
  if (missing.length) {
    const known = Object.keys(base.record.latency?.operations ?? {});
    throw new UsageError(`--gate names operation type ${missing.map((m) => `'${m}'`).join(', ')}, which ${base.source} has not measured (it has: ${known.join(', ') || 'none'})`);
  }
}

/** The comparison printed (text, or JSON with --json) and the gates evaluated. */
export function printComparison(base: Loaded, next: Loaded, gates: readonly Gate[], o: { json?: boolean; stream?: NodeJS.WritableStream }): GateResult[] {
  const results = evaluateGates(gates, base.record, next.record);
  const rows = compareRows(base.record, next.record, gates.map((g) => g.measure));
  const stream = o.stream ?? process.stdout;
  const runs = { base: { run_id: base.record.run_id, source: base.source }, new: { run_id: next.record.run_id, source: next.source } };
  const crossed = results.filter((g) => g.crossed).length;
  if (o.json) stream.write(JSON.stringify({ ...runs, rows, gates: results, crossed }, null, 2) + '\n');
  else stream.write(compareText(rows, results, { base: `${base.record.run_id} (${base.source})`, new: `${next.record.run_id} (${next.source})` }) + '\n');
  return results;
}

/** Write the gates as JUnit (one test case per gate). */
function writeGatesJunit(file: string, results: readonly GateResult[], base: RunRecord, next: RunRecord): void {
  try {
    writeFileSync(file, junitGates(results, { base: base.run_id, new: next.run_id }, hostname()));
  } catch (e) {
    throw new UsageError(`cannot write JUnit XML to ${file}: ${(e as Error).message}`);
  }
  process.stderr.write(`wrote JUnit XML to ${file}\n`);
}

export async function compare(baseArg: string, newArg: string, o: CompareOptions): Promise<number> {
  const gates = parseGates(o.gate);
  const target = { host: o.host, port: Number(o.port) };
  const base = await loadRecord(baseArg, 'BASE', target);
  checkGateOperations(gates, base);
  const next = await loadRecord(newArg, 'NEW', target);
  const results = printComparison(base, next, gates, o);
  if (o.junit) writeGatesJunit(o.junit, results, base.record, next.record);
  return results.some((g) => g.crossed) ? 1 : 0;
}
