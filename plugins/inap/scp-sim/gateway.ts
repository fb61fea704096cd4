// A standalone sigtran gateway instance for the reference SCP, built through the sigtran plugin's own setup()
// (the declared dependency), so scp-sim runs without a service and without plugins.json.
import type { PluginApi } from '../../../sdk/index.js';
import sigtranPlugin from '../../sigtran/index.js';
import type { SigtranGateway, SigtranInstanceConfig, SigtranPluginExports } from '../../sigtran/api.js';

function stubApi(log: (t: string) => void): PluginApi {
  return {
    name: 'sigtran',
    operation() {},
    gateway() {},
    param() {},
    expressionFunction() {},
    use<T>() {
      return undefined as T;
    },
    hooks: {} as PluginApi['hooks'],
    log: (level, text) => {
      if (level !== 'debug') log(`[sigtran ${level}] ${text}`);
    },
    dataDir: () => process.cwd(),
  };
}

/** Create and start one gateway instance from a (partial) sigtran instance config. */
export async function startGateway(inst: Partial<SigtranInstanceConfig> & { name: string }, log: (t: string) => void = () => {}): Promise<SigtranGateway> {
  const exp = (await sigtranPlugin.setup(stubApi(log), { instances: [inst] })) as SigtranPluginExports;
  const gw = exp.gateway(inst.name);
  if (!gw) throw new Error(`sigtran instance ${inst.name} was not created`);
  await gw.start?.();
  return gw;
}

/** The "HOST:PORT" a tcp-server gateway listens on. */
export function listenAddress(gw: SigtranGateway): string | undefined {
  const d = gw.describe?.() as { listen?: string | null } | undefined;
  return d?.listen ?? undefined;
}
