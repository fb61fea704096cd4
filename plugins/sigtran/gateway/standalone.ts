// One gateway instance outside a service (for simulators and tools such as `tester scp-sim`): the same
// configuration, defaults and validation as an instance of plugins.json, started at once. Exported to dependent
// plugins (see `exports` in index.ts) beside api.ts.
import type { SigtranGateway, SigtranInstanceConfig } from '../api.js';
import { normalizeInstance } from './config.js';
import { SigtranGatewayImpl } from './instance.js';

/** Create and start one gateway instance from a (partial) instance config; `log` gets non-debug lines. */
export async function startStandaloneGateway(inst: Partial<SigtranInstanceConfig> & { name: string }, log: (t: string) => void = () => {}): Promise<SigtranGateway> {
  const cfg = normalizeInstance(inst);
  const gw = new SigtranGatewayImpl(cfg, (level, text) => {
    if (level !== 'debug') log(`[sigtran ${level}] ${cfg.name}: ${text}`);
  });
  await gw.start();
  return gw;
}

/** The "HOST:PORT" a tcp-server gateway listens on. */
export function listenAddress(gw: SigtranGateway): string | undefined {
  const d = gw.describe?.() as { listen?: string | null } | undefined;
  return d?.listen ?? undefined;
}
