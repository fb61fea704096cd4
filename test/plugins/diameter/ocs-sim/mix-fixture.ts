// The OCS responder mix shared by the fast test and the long one: the reference OCS answers CCR-Events with 2001,
// 4012 (credit limit reached) or not at all, by weight; the tester counts each Result-Code it received in a global.
import type { RunningService } from '../../../../core/service.js';
import { startTestService } from '../../../helpers/service.js';
import { parseOcsMix, startOcsSim, type OcsSim } from '../../../../plugins/diameter/ocs-sim/engine.js';
import { parseDelay, type Delay } from '../../../../sdk/index.js';

export const OCS_WEIGHTS = { '2001': 85, '4012': 12, silence: 3 } as const;
export const OCS_MIX = [{ weight: OCS_WEIGHTS['2001'], result_code: 2001 }, { weight: OCS_WEIGHTS['4012'], result_code: 4012 }, { weight: OCS_WEIGHTS.silence, silence: true }];

export interface OcsStack {
  sim: OcsSim;
  svc: RunningService;
  close(): Promise<void>;
}

/** The reference OCS with the mix (and a delay), and the service with a client-mode diameter instance towards it. */
export async function startOcsStack(seed: number | undefined, delay?: unknown, timeoutMs = 1000): Promise<OcsStack> {
  const sim = await startOcsSim({ port: 0, mix: parseOcsMix(OCS_MIX), delay: parseDelay(delay, 'delay') as Delay | undefined, seed });
  const svc = await startTestService([{ name: 'logic' }, { name: 'diameter', options: { instances: [
    { name: 'OCS', host: '127.0.0.1', port: sim.peer.config.port, origin_host: 'tester.localdomain', origin_realm: 'localdomain', request_timeout_ms: timeoutMs },
  ] } }]);
  return { sim, svc, close: async () => { await svc.close(); await sim.stop(); } };
}

const seen = (rc: number) => `{ ($g.rc${rc} || 0) + ($i.CCA['Result-Code'] == ${rc} ? 1 : 0) }`;

/** total CCR-Events at `rate` per second, each answer's Result-Code counted in $g.rc2001 / $g.rc4012. */
export function ccrEvents(runId: string, total: number, rate: number): Record<string, unknown> {
  return {
    run_id: runId,
    distribution: { type: 'linear', total, backlog: 5000, cps: rate },
    operations: [
      { type: 'diameter.Request', arguments: { name: 'CCR', avps: [{ name: 'Session-Id_auto' }, { name: 'Service-Context-Id', value: '32251@3gpp.org' }, { name: 'CC-Request-Type', value: 'EVENT_REQUEST' }, { name: 'CC-Request-Number', value: 0 }] } },
      { type: 'set', arguments: { globals: { rc2001: seen(2001), rc4012: seen(4012) } } },
    ],
  };
}
