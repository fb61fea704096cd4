// Test helper: the reference SCP (scp-sim engine on its own sigtran gateway, M3UA/TCP server on a free loopback
// port) and the service with sigtran + inap connected to it as an ASP.
import { readFileSync } from 'node:fs';
import { after, before } from 'node:test';
import type { RunningService } from '../../../../core/service.js';
import type { TesterOptions } from '../../../../builtins/index.js';
import { startTestService } from '../../../helpers/service.js';
import type { SigtranGateway } from '../../../../plugins/sigtran/api.js';
import { listenAddress, startStandaloneGateway as startGateway } from '../../../../plugins/sigtran/gateway/standalone.js';
import { startScpSim, type ScpSim } from '../../../../plugins/inap/scp-sim/engine.js';
import { parseScript } from '../../../../plugins/inap/scp-sim/script.js';

export interface Stack {
  svc: RunningService;
  port: number;
  simGw: SigtranGateway;
  sim: ScpSim | undefined;
  close(): Promise<void>;
}

let seq = 0;

/** Start an SCP gateway (with `script`, or none) and the service connected to it (over M3UA, or SUA with `adaptation`). */
export async function startStack(script?: unknown, opts: { inap?: Record<string, unknown>; tcapTimeoutMs?: number; pcap?: string; serviceOptions?: TesterOptions; adaptation?: { adaptation: 'sua'; routingContext: number }; seed?: number } = {}): Promise<Stack> {
  const name = `SIM${++seq}`;
  const simGw = await startGateway({ name, transport: 'tcp-server', localHost: '127.0.0.1', localPort: 0, role: 'sgp', opc: 2, dpc: 1, ssn: 146, tcapTimeoutMs: opts.tcapTimeoutMs ?? 5000, ...opts.adaptation });
  const addr = listenAddress(simGw)!;
  const port = Number(addr.split(':').pop());
  const sim = script === undefined ? undefined : startScpSim(simGw, parseScript(script), { timeoutMs: opts.tcapTimeoutMs ?? 5000, seed: opts.seed });
  const svc = await startTestService([
    { name: 'logic' },
    {
      name: 'sigtran',
      options: {
        instances: [{ name: 'SIG', transport: 'tcp-client', host: '127.0.0.1', port, role: 'asp', opc: 1, dpc: 2, ssn: 146, remote: { ri: 'ssn', pc: 2, ssn: 146 }, reconnectMinMs: 50, ...(opts.pcap ? { pcap: opts.pcap } : {}), ...opts.adaptation }],
      },
    },
    { name: 'inap', options: opts.inap ?? {} },
  ], opts.serviceOptions);
  await simGw.whenUp({ timeoutMs: 5000 });
  // the client side flips to 'up' on ASPAC-ACK, a moment after the server side
  for (let i = 0; i < 250; i++) {
    const gw = (svc.plugins.find((p) => p.def.name === 'sigtran')!.exports as { gateway(n?: string): SigtranGateway }).gateway('SIG');
    if (gw?.state() === 'up') break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    svc,
    port: svc.port,
    simGw,
    sim,
    async close() {
      sim?.stop();
      await svc.close();
      await simGw.stop?.();
    },
  };
}

/**
 * Two stacks against the reference SCP script (examples/inap/scp-sim.json), a service on one worker and a service
 * on two (docs/workers.md), started before the file's tests and closed after them; for the tests that compare
 * their records. The fields are set once the stacks are up.
 */
export function oneAndTwoWorkers(): { one: Stack; two: Stack } {
  const w = {} as { one: Stack; two: Stack };
  before(async () => {
    const script = JSON.parse(readFileSync(new URL('../../../../examples/inap/scp-sim.json', import.meta.url), 'utf8'));
    [w.one, w.two] = await Promise.all([startStack(script), startStack(script, { serviceOptions: { workers: 2 } })]);
  });
  after(async () => {
    await Promise.all([w.one?.close(), w.two?.close()]);
  });
  return w;
}
