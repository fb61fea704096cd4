// The CPU one db step costs the service (issue 29, the mixed path's SQLite step): `tester serve` with the db plugin
// and one embedded SQLite instance, then `load` runs of a definition that is one `set` (the baseline: an instance
// with one logic-only operation) and of one that is the mixed path's `INSERT OR REPLACE` (bench/paths/mixed.ts),
// alternating, each figure the service's own CPU and its SQLite process's ÷ passed instances (read from /proc).
// Usage: node --import tsx bench/db-step.ts [--total N] [--backlog B] [--rounds R] [--only set|db] (docs/performance.md "The db step")
// TESTER_SERVICE_NODE_FLAGS (space-separated) are Node flags for the service, e.g. `--cpu-prof --cpu-prof-dir DIR` (the
// SQLite process is not profiled: it is ended by SIGKILL, and Node writes a profile only at a normal exit).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { rpcCall } from '../cli/rpc-client.js';
import { HZ, cpuTicks, cpuTicksTree, envNodeFlags, start, stopAll, stopOnInterrupt, untilEnded } from './processes.js';
import { recordFigures } from './watch-run.js';

stopOnInterrupt(); // Ctrl-C, kill or a closed pipe stop what the bench started (bench/processes.ts)

const { values: o } = parseArgs({
  options: { total: { type: 'string', default: '20000' }, backlog: { type: 'string', default: '200' }, rounds: { type: 'string', default: '3' }, only: { type: 'string' } },
});
const total = Number(o.total);
const backlog = Number(o.backlog);

const config = [
  { name: 'logic', enabled: true },
  {
    name: 'db',
    enabled: true,
    options: { instances: [{ name: 'BENCH', driver: 'sqlite', file: 'bench.sqlite', init_sql: ['CREATE TABLE IF NOT EXISTS charge (n INTEGER PRIMARY KEY, msisdn TEXT NOT NULL, session TEXT NOT NULL)'] }] },
  },
];
const values = { n: '{ $n }', msisdn: '{ $v.msisdn }', session: "{ 'session;' + $n }" };
const definitions: Record<string, Record<string, unknown>> = {
  set: { vars: { msisdn: '4915112345678' }, operations: [{ type: 'set', arguments: { vars: values } }] },
  db: {
    db: 'BENCH',
    vars: { msisdn: '4915112345678' },
    operations: [{ type: 'db.Query', arguments: { sql: 'INSERT OR REPLACE INTO charge (n, msisdn, session) VALUES (:n, :msisdn, :session)', params: values }, tests: [{ kpath: 'affected', type: 'integer', value: 1 }] }],
  },
};

interface Figures {
  rate: number;
  serviceUs: number;
  childUs: number;
}

async function run(port: number, pid: number, name: string, n: number): Promise<Figures> {
  const runId = `${name}-${Date.now()}`;
  const own0 = cpuTicks(pid);
  const tree0 = cpuTicksTree(pid);
  const r = await rpcCall({ port }, 'ExecuteTest', { ...definitions[name], run_id: runId, distribution: { type: 'load', total: n, backlog } });
  if (r.error) throw new Error(`${name}: ${r.error.message}`);
  const rec = await untilEnded(port, runId, 100);
  const own = (cpuTicks(pid) - own0) / HZ;
  const child = (cpuTicksTree(pid) - tree0) / HZ - own;
  const f = recordFigures(rec);
  if (f.passed !== n) throw new Error(`${name}: ${f.passed} of ${n} passed: ${JSON.stringify(rec.first_aborts?.[0] ?? rec.first_fails?.[0] ?? rec.counts).slice(0, 300)}`);
  return { rate: f.rate, serviceUs: (own * 1e6) / f.passed, childUs: (child * 1e6) / f.passed };
}

const work = mkdtempSync(join(tmpdir(), 'tester-db-step-'));
try {
  writeFileSync(join(work, 'plugins.json'), JSON.stringify(config));
  mkdirSync(join(work, 'data'));
  const flags = envNodeFlags('TESTER_SERVICE_NODE_FLAGS');
  const svc = await start('service', ['serve', '--port', '0', '--config', join(work, 'plugins.json'), '--data-dir', join(work, 'data'), '--quiet', '--max-runs', '4'], /listening \S+:(\d+)/, flags);
  const port = Number(svc.m[1]);
  const pid = svc.child.pid!;
  // the SQLite instance opens after the service listens: a run refused with 2003 (not up yet) is tried again
  for (let i = 0; ; i++) {
    try {
      await run(port, pid, 'db', 1);
      break;
    } catch (e) {
      if (i > 100) throw e;
      await new Promise((res) => setTimeout(res, 100));
    }
  }
  const names = o.only ? [o.only] : Object.keys(definitions);
  for (const name of names) await run(port, pid, name, Math.min(total, 5000)); // warm-up
  const sums: Record<string, Figures[]> = { set: [], db: [] };
  for (let i = 0; i < Number(o.rounds); i++) {
    for (const name of names) {
      const f = await run(port, pid, name, total);
      sums[name]!.push(f);
      console.log(`${name.padEnd(4)} ${String(f.rate).padStart(6)}/s  service ${f.serviceUs.toFixed(1).padStart(6)} µs/instance  child ${f.childUs.toFixed(1).padStart(6)} µs/instance  load ${loadavg()[0]!.toFixed(2)}`);
    }
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const s = sums.set!;
  const d = sums.db!;
  if (s.length && d.length) console.log(`median: set ${med(s.map((f) => f.serviceUs)).toFixed(1)} µs, db ${med(d.map((f) => f.serviceUs)).toFixed(1)} µs (+${med(d.map((f) => f.childUs)).toFixed(1)} µs in the SQLite process), db step ≈ ${(med(d.map((f) => f.serviceUs)) - med(s.map((f) => f.serviceUs))).toFixed(1)} µs of the service; db rate ${med(d.map((f) => f.rate))}/s`);
} finally {
  await stopAll();
  rmSync(work, { recursive: true, force: true });
}
