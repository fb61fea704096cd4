// Test helper: `tester hlr-sim`'s engine on its own gateway (M3UA/TCP server on a free loopback port, as the command
// runs it) and the service configured by examples/map/plugins.json, connected to it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunningService } from '../../../../core/service.js';
import type { SigtranGateway } from '../../../../plugins/sigtran/api.js';
import { listenAddress, startStandaloneGateway } from '../../../../plugins/sigtran/gateway/standalone.js';
import { startHlrSim, type HlrSim } from '../../../../plugins/map/hlr-sim/engine.js';
import { parseScript } from '../../../../plugins/map/hlr-sim/script.js';
import { startTestService } from '../../../helpers/service.js';
import { gatewayOf } from './pair.js';

export const EXAMPLES = join(import.meta.dirname, '../../../../examples/map');

export interface SimStack {
  svc: RunningService;
  simGw: SigtranGateway;
  sim: HlrSim;
  close(): Promise<void>;
}

let seq = 0;

export async function startSimStack(opts: { tcapTimeoutMs?: number } = {}): Promise<SimStack> {
  const script = parseScript(JSON.parse(readFileSync(join(EXAMPLES, 'hlr-sim.json'), 'utf8')));
  const simGw = await startStandaloneGateway({ name: `HLRSIM${++seq}`, transport: 'tcp-server', localHost: '127.0.0.1', localPort: 0, role: 'sgp', opc: 2, dpc: 1, ssn: 6, tcapTimeoutMs: opts.tcapTimeoutMs ?? 5000 });
  const sim = startHlrSim(simGw, script, { timeoutMs: opts.tcapTimeoutMs ?? 5000 });
  const cfg = JSON.parse(readFileSync(join(EXAMPLES, 'plugins.json'), 'utf8'));
  const inst = cfg.find((e: { name: string }) => e.name === 'sigtran').options.instances[0];
  inst.port = Number(listenAddress(simGw)!.split(':').pop());
  inst.reconnectMinMs = 50;
  const svc = await startTestService(cfg);
  await gatewayOf(svc).whenUp({ timeoutMs: 5000 });
  await simGw.whenUp({ timeoutMs: 5000 });
  return {
    svc, simGw, sim,
    async close() {
      sim.stop();
      await svc.close();
      await simGw.stop?.();
    },
  };
}
