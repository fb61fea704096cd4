// A mixed definition, one service with three plugins: each instance places an INAP call (InitialDP → ReleaseCall vs
// `tester scp-sim` over M3UA/TCP), charges it over Diameter (CCR-I/CCR-T vs `tester diameter-ocs`) and writes one row
// into a SQLite file of the db plugin (in the service's data directory, WAL journal). 6 messages on the wire; the
// SQLite statement runs in the db plugin's own process, a child of the service whose CPU counts as the service's.
import { IDP, RC, startScpSim } from '../processes.js';
import type { BenchPath } from './path.js';
import { ccrSession, diameterEntry, startOcs } from './diameter.js';
import { pathSetup, readJson, startPathService } from './service.js';

const dbEntry = {
  name: 'db',
  enabled: true,
  options: { instances: [{ name: 'BENCH', driver: 'sqlite', file: 'bench.sqlite', init_sql: ['CREATE TABLE IF NOT EXISTS charge (n INTEGER PRIMARY KEY, msisdn TEXT NOT NULL, session TEXT NOT NULL)'] }] },
};
/** $n restarts with each run: a row per instance number, replaced by the next run's. */
const sqliteStep = {
  type: 'db.Query',
  arguments: { sql: 'INSERT OR REPLACE INTO charge (n, msisdn, session) VALUES (:n, :msisdn, :session)', params: { n: '{ $n }', msisdn: '{ $v.msisdn }', session: "{ $i.CCA['Session-Id'] }" } },
  tests: [{ kpath: 'affected', type: 'integer', value: 1 }],
};

export const mixedPath: BenchPath = {
  id: 'mixed',
  title: 'mixed: INAP InitialDP → ReleaseCall (scp-sim, M3UA/TCP) + Diameter CCR-I/CCR-T (diameter-ocs) + one SQLite INSERT',
  messagesPerInstance: 6,
  async setup(work) {
    const sim = await startScpSim(work, { rules: [{ name: 'release', match: { serviceKey: 100 }, action: 'release', cause: 16 }] });
    const ocs = await startOcs();
    const inap = readJson('examples/inap/plugins.json') as Array<{ name: string; options?: { instances: Array<Record<string, unknown>> } }>;
    Object.assign(inap.find((e) => e.name === 'sigtran')!.options!.instances[0]!, { port: sim.port, maxDialogues: 200_000 });
    const ccr = ccrSession();
    const definition = { scp: { tcap_timeout: 20 }, diameter: 'OCS', db: 'BENCH', vars: ccr.vars, operations: [IDP, RC, ...ccr.operations, sqliteStep] };
    const { port, service } = await startPathService(work, [...inap, diameterEntry(ocs.port), dbEntry], definition);
    return pathSetup(port, service, [{ name: 'scp-sim', pid: sim.child.pid! }, ocs.peer], definition);
  },
};
