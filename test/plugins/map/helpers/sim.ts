// Test helper: `tester hlr-sim`'s engine on its own gateway (M3UA/TCP server on a free loopback port, as the command
// runs it) and the service configured by examples/map/plugins.json, connected to it.
import { spawn, type ChildProcess } from 'node:child_process';
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

export async function startSimStack(opts: { tcapTimeoutMs?: number; pcap?: string; script?: Record<string, unknown>; seed?: number } = {}): Promise<SimStack> {
  // examples/map/hlr-sim.json, with the keys of `script` added or replaced
  const script = parseScript({ ...JSON.parse(readFileSync(join(EXAMPLES, 'hlr-sim.json'), 'utf8')), ...opts.script });
  const simGw = await startStandaloneGateway({ name: `HLRSIM${++seq}`, transport: 'tcp-server', localHost: '127.0.0.1', localPort: 0, role: 'sgp', opc: 2, dpc: 1, ssn: 6, tcapTimeoutMs: opts.tcapTimeoutMs ?? 5000 });
  const sim = startHlrSim(simGw, script, { timeoutMs: opts.tcapTimeoutMs ?? 5000, seed: opts.seed });
  const svc = await startMapService(Number(listenAddress(simGw)!.split(':').pop()), opts.pcap ? { pcap: opts.pcap } : {});
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

/** `tester hlr-sim` as a process on a free port with examples/map/hlr-sim.json; resolves once it listens. */
export async function spawnHlrSim(extra: string[] = []): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, '../../../../bin/tester.js'), 'hlr-sim', '--config', join(EXAMPLES, 'plugins.json'), '--listen', '127.0.0.1:0', '--script', join(EXAMPLES, 'hlr-sim.json'), '--quiet', ...extra], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  const port = await new Promise<number>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`hlr-sim did not start: ${out}`)), 60_000);
    child.stdout!.on('data', () => {
      const m = /hlr-sim listening on [\d.]+:(\d+)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve(Number(m[1]));
      }
    });
  });
  return { child, port, output: () => out };
}

/** The service configured by examples/map/plugins.json, connected to `port`; `instance` adds to its sigtran
 *  instance (e.g. `pcap`). */
export async function startMapService(port: number, instance: Record<string, unknown> = {}): Promise<RunningService> {
  const cfg = JSON.parse(readFileSync(join(EXAMPLES, 'plugins.json'), 'utf8'));
  Object.assign(cfg.find((e: { name: string }) => e.name === 'sigtran').options.instances[0], { port, reconnectMinMs: 50, ...instance });
  const svc = await startTestService(cfg);
  await gatewayOf(svc).whenUp({ timeoutMs: 5000 });
  return svc;
}
