// tester pack list | run: conformance packs. `run` starts a service of its own in this process (its sigtran instance
// an ASP towards --target, as a gsmSSF would be) or uses a running one (--service), runs every procedure of the pack
// once per CAP version, one after the other, and prints the conformance table; exit 0 all passed, 1 any did not,
// 2 usage or connection errors.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startService, type RunningService } from '../../core/service.js';
import { applyBuiltins } from '../../builtins/index.js';
import { rpcCall, type RpcTarget } from '../rpc-client.js';
import { passed } from '../summary.js';
import { groupProblems } from '../../views/report/verdict.js';
import { UsageError } from '../usage-error.js';
import { packIds, procedureDefinition, readPack, type Pack, type PackProcedure } from '../pack-files.js';
import { packJunit, packTable, type ProcedureResult } from '../pack-report.js';
import type { RunRecord } from '../../core/api/index.js';

export interface PackRunOptions {
  target?: string;
  service?: string;
  transport: string;
  sctpBackend?: string;
  opc: string;
  dpc: string;
  ssn: string;
  rc?: string;
  cap?: string[];
  only?: string[];
  var?: string[];
  tcapTimeout?: string;
  upWithin: string;
  junit?: string;
  json?: boolean;
}

/** `tester pack list [ID]`: the packs and their procedures. */
export function packList(id: string | undefined, o: { json?: boolean }): number {
  const packs = (id ? [id] : packIds()).map(readPack);
  if (o.json) {
    process.stdout.write(JSON.stringify(packs.map(({ dir: _dir, ...p }) => p), null, 2) + '\n');
    return 0;
  }
  for (const p of packs) {
    process.stdout.write(`${p.id}  ${p.title}  (CAP ${Object.keys(p.cap).join(', ')}; ${p.procedures.length} procedures)\n`);
    const w = Math.max(...p.procedures.map((x) => x.id.length));
    for (const x of p.procedures) process.stdout.write(`  ${x.id.padEnd(w)}  ${x.clause}  [${x.cap.join(', ')}]  ${x.title}\n`);
  }
  if (!packs.length) process.stdout.write('no packs\n');
  return 0;
}

/** HOST:PORT (IPv6 in brackets). */
function hostPort(flag: string, text: string): { host: string; port: number } {
  const m = /^\[?([^\]]*?)\]?:(\d{1,5})$/.exec(text.trim());
  const port = m ? Number(m[2]) : NaN;
  if (!m || !m[1] || !(port >= 1 && port <= 65535)) throw new UsageError(`${flag}: '${text}' is not HOST:PORT (e.g. 10.0.0.5:2905)`);
  return { host: m[1], port };
}

function integer(flag: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`${flag}: expected an integer from ${min} to ${max}, got '${text}'`);
  return n;
}

/** --var NAME=VALUE: a number when it reads as one (service keys), else the text. */
function overrides(list: string[] | undefined, pack: Pack): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const v of list ?? []) {
    const m = /^([A-Za-z_][\w]*)=(.*)$/.exec(v);
    if (!m) throw new UsageError(`--var: '${v}' is not NAME=VALUE`);
    if (!(m[1]! in pack.vars)) throw new UsageError(`--var: ${m[1]} is not a variable of pack ${pack.id} (${Object.keys(pack.vars).join(', ')})`);
    out[m[1]!] = /^-?\d+(\.\d+)?$/.test(m[2]!) ? Number(m[2]) : m[2];
  }
  return out;
}

/** The (procedure, CAP version) pairs to run, in the pack's order, after --only and --cap. */
function selection(pack: Pack, o: PackRunOptions): Array<{ p: PackProcedure; cap: string }> {
  for (const c of o.cap ?? []) if (!(c in pack.cap)) throw new UsageError(`--cap: '${c}' is not a CAP version of pack ${pack.id} (${Object.keys(pack.cap).join(', ')})`);
  for (const id of o.only ?? []) if (!pack.procedures.some((p) => p.id === id)) throw new UsageError(`--only: no procedure '${id}' in pack ${pack.id} (tester pack list ${pack.id})`);
  const procs = o.only?.length ? pack.procedures.filter((p) => o.only!.includes(p.id)) : pack.procedures;
  return procs.flatMap((p) => p.cap.filter((c) => !o.cap?.length || o.cap.includes(c)).map((cap) => ({ p, cap })));
}

/** The service's sigtran instance: an ASP towards the SCP, with scp-sim's point codes reversed by default. */
function sigtranInstance(o: PackRunOptions, target: { host: string; port: number }): Record<string, unknown> {
  if (o.transport !== 'tcp' && o.transport !== 'sctp') throw new UsageError(`--transport: tcp or sctp, not '${o.transport}'`);
  const backend = o.sctpBackend ?? 'auto';
  if (!['auto', 'kernel', 'userland'].includes(backend)) throw new UsageError(`--sctp-backend: auto, kernel or userland, not '${backend}'`);
  const dpc = integer('--dpc', o.dpc, 0, 16777215)!;
  const ssn = integer('--ssn', o.ssn, 1, 255)!;
  const rc = integer('--rc', o.rc, 0, 4294967295);
  return {
    name: 'PACK', transport: `${o.transport}-client`, host: target.host, port: target.port, role: 'asp',
    opc: integer('--opc', o.opc, 0, 16777215), dpc, ssn, remote: { ri: 'ssn', pc: dpc, ssn }, reconnectMinMs: 100,
    ...(rc !== undefined ? { routingContext: rc } : {}),
    ...(o.transport === 'sctp' ? { sctp: { backend } } : {}),
  };
}

export async function packRun(id: string, o: PackRunOptions): Promise<number> {
  const pack = readPack(id);
  const todo = selection(pack, o);
  const vars = { ...pack.vars, ...overrides(o.var, pack) };
  const tcapTimeout = integer('--tcap-timeout', o.tcapTimeout, 1, 3600);
  const upWithinMs = integer('--up-within', o.upWithin, 1, 3600)! * 1000;
  if (!o.target === !o.service) throw new UsageError('give --target HOST:PORT (the SCP; the pack starts its own service) or --service HOST:PORT (a running service whose sigtran instance reaches the SCP), not both');
  let svc: RunningService | undefined;
  let dataDir: string | undefined;
  let rpc: RpcTarget;
  if (o.target) {
    const instance = sigtranInstance(o, hostPort('--target', o.target));
    dataDir = mkdtempSync(join(tmpdir(), 'tester-pack-'));
    svc = await startService({ host: '127.0.0.1', port: 0, quiet: true, store: false, dataDir, plugins: [{ name: 'logic' }, { name: 'sigtran', options: { instances: [instance] } }, { name: 'inap' }] }, applyBuiltins);
    rpc = { host: svc.host, port: svc.port };
  } else rpc = hostPort('--service', o.service!);
  try {
    const results: ProcedureResult[] = [];
    for (const { p, cap } of todo) {
      const r = await runProcedure(rpc, pack, p, cap, { vars, tcapTimeout, upWithinMs });
      if (r === 'unreachable') {
        process.stderr.write(`tester pack: the SCP ${o.target ? `at ${o.target} did not take the association` : `behind the service at ${o.service} is not reachable`} within ${upWithinMs / 1000} s (--up-within)\n`);
        return 2;
      }
      results.push(r);
      process.stderr.write(`${r.verdict.padEnd(4)} ${p.id} [${cap}]\n`);
    }
    if (o.junit) writeFileSync(o.junit, packJunit(pack, results));
    process.stdout.write(o.json ? JSON.stringify({ pack: pack.id, results }, null, 2) + '\n' : packTable(pack, results));
    return results.every((r) => r.verdict === 'pass') ? 0 : 1;
  } finally {
    await svc?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

interface RunSettings {
  vars: Record<string, unknown>;
  tcapTimeout?: number;
  upWithinMs: number;
}

/** One procedure in one CAP version: submitted (again while the gateway is not up), followed, judged. */
async function runProcedure(rpc: RpcTarget, pack: Pack, p: PackProcedure, cap: string, s: RunSettings): Promise<ProcedureResult | 'unreachable'> {
  const params = procedureDefinition(pack, p);
  params.run_id = `${pack.id}-${p.id}-${cap}-${randomBytes(3).toString('hex')}`;
  params.ssp_ac = pack.cap[cap];
  params.vars = { ...(params.vars as object | undefined), ...s.vars };
  if (s.tcapTimeout !== undefined) params.scp = { ...(params.scp as object | undefined), tcap_timeout: s.tcapTimeout };
  const base = { procedure: p.id, title: p.title, clause: p.clause, cap, run_id: String(params.run_id) };
  const t0 = Date.now();
  for (;;) {
    const r = await rpcCall(rpc, 'ExecuteTest', params);
    if (!r.error) break;
    if (r.error.code !== 2003) return { ...base, verdict: 'error', evidence: `ExecuteTest refused (${r.error.code}): ${r.error.message}`, seconds: 0 };
    if (Date.now() - t0 > s.upWithinMs) return 'unreachable';
    await new Promise((res) => setTimeout(res, 100));
  }
  let rec: RunRecord;
  for (;;) {
    const q = await rpcCall(rpc, 'QueryTest', { run_id: base.run_id });
    if (q.error) return { ...base, verdict: 'error', evidence: `QueryTest failed (${q.error.code}): ${q.error.message}`, seconds: 0 };
    rec = q.result;
    if (rec.completed === 1) break;
    await new Promise((res) => setTimeout(res, 50));
  }
  const seconds = Number(rec.duration ?? 0);
  if (passed(rec)) return { ...base, verdict: 'pass', evidence: '', seconds };
  const problems = groupProblems([...(rec.first_fails ?? []), ...(rec.first_aborts ?? [])]);
  return { ...base, verdict: 'fail', evidence: problems[0] ?? `run ${rec.state}`, seconds };
}
