// Test helper: two tester services connected over M3UA/TCP on loopback, each with sigtran + map: `a` listens as an
// SGP (point code 2), `b` connects as an ASP (point code 1). Each plays whatever MAP role its definitions give it.
import type { RunningService } from '../../../../core/service.js';
import type { SigtranGateway } from '../../../../plugins/sigtran/api.js';
import { startTestService } from '../../../helpers/service.js';

export interface Pair {
  a: RunningService;
  b: RunningService;
  close(): Promise<void>;
}

export const gatewayOf = (svc: RunningService): SigtranGateway => (svc.plugins.find((p) => p.def.name === 'sigtran')!.exports as { gateway(): SigtranGateway }).gateway();

export async function startPair(opts: { tcapTimeoutMs?: number; map?: Record<string, unknown>; pcap?: string } = {}): Promise<Pair> {
  const common = { ssn: 6, tcapTimeoutMs: opts.tcapTimeoutMs ?? 5000 };
  const a = await startTestService([
    { name: 'logic' },
    { name: 'sigtran', options: { instances: [{ name: 'A', transport: 'tcp-server', localHost: '127.0.0.1', localPort: 0, role: 'sgp', opc: 2, dpc: 1, remote: { ri: 'ssn', pc: 1, ssn: 6 }, ...common }] } },
    { name: 'map', options: opts.map ?? {} },
  ]);
  const listen = (gatewayOf(a).describe!() as { listen: string }).listen;
  const b = await startTestService([
    { name: 'logic' },
    {
      name: 'sigtran',
      options: { instances: [{ name: 'B', transport: 'tcp-client', host: '127.0.0.1', port: Number(listen.split(':').pop()), role: 'asp', opc: 1, dpc: 2, remote: { ri: 'ssn', pc: 2, ssn: 6 }, reconnectMinMs: 50, ...common, ...(opts.pcap ? { pcap: opts.pcap } : {}) }] },
    },
    { name: 'map', options: opts.map ?? {} },
  ]);
  await gatewayOf(b).whenUp({ timeoutMs: 5000 });
  await gatewayOf(a).whenUp({ timeoutMs: 5000 });
  for (let i = 0; i < 250 && gatewayOf(b).state() !== 'up'; i++) await new Promise((r) => setTimeout(r, 20));
  return {
    a, b,
    async close() {
      await b.close();
      await a.close();
    },
  };
}

let seq = 0;

/** Submit `first` on `x` (the side that waits), then `second` on `y`, and wait for both records. */
export async function runBoth(x: RunningService, first: Record<string, unknown>, y: RunningService, second: Record<string, unknown>): Promise<[any, any]> {
  const { call, waitForRun } = await import('../../../helpers/service.js');
  const n = ++seq;
  const d1 = { distribution: { type: 'single' }, ...first, run_id: `${first.run_id ?? 'first'}-${n}` };
  const d2 = { distribution: { type: 'single' }, ...second, run_id: `${second.run_id ?? 'second'}-${n}` };
  const r1 = await call(x.port, 'ExecuteTest', d1);
  if (r1.error) throw new Error(`ExecuteTest (first) refused: ${r1.error.code} ${r1.error.message}`);
  const r2 = await call(y.port, 'ExecuteTest', d2);
  if (r2.error) throw new Error(`ExecuteTest (second) refused: ${r2.error.code} ${r2.error.message}`);
  return Promise.all([waitForRun(x.port, d1.run_id), waitForRun(y.port, d2.run_id)]);
}

/** The checks of a record's first instance that are not passes, for assertion messages. */
export function problems(rec: any): string {
  return JSON.stringify((rec.first_call?.check_log ?? []).filter((c: any) => c.status !== 'pass'));
}
