// The MAP paths' common setup: `tester hlr-sim` with examples/map/hlr-sim.json (M3UA/TCP, SGP, SSN 6) and a service
// configured as examples/map/plugins.json (ASP, SSN 147) pointed at it.
import { join } from 'node:path';
import { root } from '../processes.js';
import type { PathSetup } from './path.js';
import { pathSetup, readJson, startPathService, startPeer } from './service.js';

/** hlr-sim and the service for MAP; every instance runs `operations`. */
export async function mapSetup(work: string, operations: unknown[]): Promise<PathSetup> {
  const { peer, port: simPort } = await startPeer('hlr-sim', ['hlr-sim', '--listen', '127.0.0.1:0', '--script', join(root, 'examples/map/hlr-sim.json'), '--quiet', '--config', join(root, 'examples/map/plugins.json')]);
  const config = readJson('examples/map/plugins.json') as Array<{ name: string; options?: { instances: Array<Record<string, unknown>> } }>;
  const sig = config.find((e) => e.name === 'sigtran')!.options!.instances[0]!;
  // the load search holds up to a few thousand dialogues at once: room for them, as bench/processes.ts gives INAP
  Object.assign(sig, { port: simPort, maxDialogues: 200_000 });
  const definition = { operations };
  const { port, service } = await startPathService(work, config, definition);
  return pathSetup(port, service, [peer], definition);
}
