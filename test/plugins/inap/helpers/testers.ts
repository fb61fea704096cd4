// Test helper: two tester services with sigtran + inap over M3UA/TCP on loopback — one plays the SCP (SGP server,
// point code 2), the other the SSP (ASP client, point code 1) — both up on return.
import type { RunningService } from '../../../../core/service.js';
import type { SigtranGateway } from '../../../../plugins/sigtran/api.js';
import { startTestService } from '../../../helpers/service.js';

export const gatewayOf = (svc: RunningService): SigtranGateway => (svc.plugins.find((p) => p.def.name === 'sigtran')!.exports as { gateway(): SigtranGateway }).gateway();

export interface Testers {
  scp: RunningService;
  ssp: RunningService;
  close(): Promise<void>;
}

/** `sspPcap`: the SSP side's gateway writes its capture there. */
export async function startTesters(opts: { sspPcap?: string } = {}): Promise<Testers> {
  const scp = await startTestService([
    { name: 'logic' },
    { name: 'sigtran', options: { instances: [{ name: 'SCPSIDE', transport: 'tcp-server', localHost: '127.0.0.1', localPort: 0, role: 'sgp', opc: 2, dpc: 1, ssn: 146, remote: { ri: 'ssn', pc: 1, ssn: 146 } }] } },
    { name: 'inap' },
  ]);
  const listen = (gatewayOf(scp).describe!() as { listen: string }).listen;
  const ssp = await startTestService([
    { name: 'logic' },
    {
      name: 'sigtran',
      options: { instances: [{ name: 'SSPSIDE', transport: 'tcp-client', host: '127.0.0.1', port: Number(listen.split(':').pop()), role: 'asp', opc: 1, dpc: 2, ssn: 146, remote: { ri: 'ssn', pc: 2, ssn: 146 }, reconnectMinMs: 50, ...(opts.sspPcap ? { pcap: opts.sspPcap } : {}) }] },
    },
    { name: 'inap' },
  ]);
  await gatewayOf(ssp).whenUp({ timeoutMs: 5000 });
  await gatewayOf(scp).whenUp({ timeoutMs: 5000 });
  return {
    scp, ssp,
    async close() {
      await ssp.close();
      await scp.close();
    },
  };
}
