// Gateway instances start when the service is ready and stop when it shuts down: a built-in tap on the service
// hooks, like any plugin's. Each start is bounded, so a peer that is absent does not hold up the service; the
// instances keep (re)connecting on their own afterwards, and a run that needs one that is not up gets 2003.
import type { GatewayInstance } from '../api/index.js';
import type { ServiceHookSet } from '../hooks.js';
import type { Registry } from './registry.js';

const NAME = 'gateways';
/** How long the service waits for one instance's start() before it goes on (the instance keeps trying). */
export const GATEWAY_START_WAIT_MS = 5000;

export function tapGatewayLifecycle(hooks: ServiceHookSet, registry: Registry, log: (level: string, text: string) => void): void {
  const instances = (): GatewayInstance[] => [...registry.gateways.values()].flatMap((g) => [...g.byName.values()]);
  // First on ready: plugins' own ready taps may rely on their gateways having been started.
  hooks.ready.tapPromise({ name: NAME, stage: -100 }, async () => {
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
  hooks.shutdown.tapPromise({ name: NAME, stage: 100 }, async () => {
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
