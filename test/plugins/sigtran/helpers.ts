// Shared helpers of the sigtran tests: a pair of gateway instances over loopback TCP (SGP server + ASP client).
import { normalizeInstance } from '../../../plugins/sigtran/gateway/config.js';
import { SigtranGatewayImpl } from '../../../plugins/sigtran/gateway/instance.js';
import type { SigtranInstanceConfig } from '../../../plugins/sigtran/api.js';

export type Cfg = Partial<SigtranInstanceConfig> & { name: string };

export interface Pair {
  ssp: SigtranGatewayImpl;
  scp: SigtranGatewayImpl;
  logs: string[];
  close(): Promise<void>;
}

/** An SGP (or IPSP) server on 127.0.0.1:0 and an ASP (or IPSP) client connected to it; both up on return. */
export async function tcpPair(server: Partial<Cfg> = {}, client: Partial<Cfg> = {}): Promise<Pair> {
  const logs: string[] = [];
  const scp = new SigtranGatewayImpl(
    normalizeInstance({ name: 'SCP', transport: 'tcp-server', localHost: '127.0.0.1', localPort: 0, role: 'sgp', opc: 200, dpc: 100, ssn: 146, beatIntervalMs: 0, ...server }),
    (l, t) => logs.push(`SCP ${l} ${t}`),
  );
  await scp.start();
  const port = scp.boundPort()!;
  const ssp = new SigtranGatewayImpl(
    normalizeInstance({ name: 'SSP', transport: 'tcp-client', host: '127.0.0.1', port, role: 'asp', opc: 100, dpc: 200, ssn: 146, beatIntervalMs: 0, reconnectMinMs: 50, reconnectMaxMs: 200, ...client }),
    (l, t) => logs.push(`SSP ${l} ${t}`),
  );
  await ssp.start();
  await ssp.whenUp({ timeoutMs: 5000 });
  await scp.whenUp({ timeoutMs: 5000 });
  return {
    ssp,
    scp,
    logs,
    async close() {
      await ssp.stop();
      await scp.stop();
    },
  };
}
