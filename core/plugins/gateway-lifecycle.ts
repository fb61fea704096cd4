// Gateway instances start when the service is ready and stop when it shuts down: a built-in tap on the service
// hooks, like any plugin's. Each start is bounded, so a peer that is absent does not hold up the service; the
// instances keep (re)connecting on their own afterwards, and a run that needs one that is not up gets 2003.
import type { GatewayInstance } from '../api/index.js';
import { STAGE, type ServiceHookSet } from '../hooks.js';
import type { Registry } from './registry.js';

const NAME = 'gateways';
/** How long the service waits for one instance's start() before it goes on (the instance keeps trying). */
const GATEWAY_START_WAIT_MS = 5000;

/** How long ExecuteTest waits for the instances a run needs that are not up to try connecting once more. */
const GATEWAY_RECONNECT_WAIT_MS = 2000;

/**
 * Ask the instances that are not up to connect now (those that can: reconnect()), and wait for them at most
 * GATEWAY_RECONNECT_WAIT_MS together. Never throws: the caller checks the states afterwards.
 */
export async function reconnectGateways(gateways: readonly GatewayInstance[]): Promise<void> {
  const tries = gateways.filter((g) => g.state() !== 'up' && g.reconnect).map(async (g) => {
    try {
      await g.reconnect!();
    } catch {
      /* the state tells */
    }
  });
  if (tries.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(tries), new Promise((r) => (timer = setTimeout(r, GATEWAY_RECONNECT_WAIT_MS)))]);
  clearTimeout(timer);
}

export function tapGatewayLifecycle(hooks: ServiceHookSet, registry: Registry, log: (level: string, text: string) => void): void {
  const instances = (): GatewayInstance[] => [...registry.gateways.values()].flatMap((g) => [...g.byName.values()]);
  // First on ready: plugins' own ready taps may rely on their gateways having been started.
  hooks.ready.tapPromise({ name: NAME, stage: STAGE.FIRST }, async () => {
    await Promise.all(
      instances().map(async (i) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([i.start?.(), new Promise((r) => (timer = setTimeout(r, GATEWAY_START_WAIT_MS)))]);
        } catch (e) {
          log('warn', `gateway ${i.name} did not start: ${(e as Error).message}`);
        } finally {
          clearTimeout(timer);
        }
      }),
    );
  });
  // Last on shutdown: plugins release what uses the gateways first.
  hooks.shutdown.tapPromise({ name: NAME, stage: STAGE.LAST }, async () => {
    await Promise.all(
      instances().map(async (i) => {
        try {
          await i.stop?.();
        } catch {
          /* best effort */
        }
      }),
    );
  });
}
