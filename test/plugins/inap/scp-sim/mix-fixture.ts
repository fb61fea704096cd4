// The responder-mix scenario shared by the fast test (a few hundred calls) and the long one (10,000): scp-sim answers
// InitialDP with a weighted mix (answer, busy, an error, an abort, silence) and the tester counts what it received:
// each ReleaseCall cause in a global, the error, abort and silence as aborted instances.
import { SPEC_IDP } from '../fixtures/samples.js';

export const WEIGHTS = { answered: 80, busy: 12, error: 5, abort: 2, silence: 1 } as const;

export const MIX_SCRIPT = {
  rules: [
    {
      name: 'call',
      mix: [
        { weight: WEIGHTS.answered, name: 'answered', action: 'release', cause: 16 },
        { weight: WEIGHTS.busy, name: 'busy', action: 'release', cause: 17 },
        { weight: WEIGHTS.error, name: 'error', flow: [{ error: 7 }] },
        { weight: WEIGHTS.abort, name: 'abort', action: 'abort' },
        { weight: WEIGHTS.silence, name: 'silence', action: 'silence' },
      ],
    },
  ],
};

const cause = (c: number) => `{ ($g.c${c} || 0) + ($i.ReleaseCall.initialCallSegment_cause == ${c} ? 1 : 0) }`;

/** The tester's side: send InitialDP, take any ReleaseCall, count its cause. */
export function mixDefinition(runId: string, total: number, rate: number): Record<string, unknown> {
  return {
    run_id: runId,
    scp: { tcap_timeout: 2 },
    distribution: { type: 'linear', total, backlog: 5000, cps: rate },
    operations: [
      { type: 'inap.ssp_to_scp.InitialDP', arguments: SPEC_IDP },
      { type: 'inap.ssp_from_scp.ReleaseCall' },
      { type: 'set', arguments: { globals: { c16: cause(16), c17: cause(17) } } },
    ],
  };
}
