// hlr-sim's responder mix through the service: SRI-SM answered, refused with absentSubscriberSM or callBarred, or
// aborted by weight; each failure the tester records names the error the mix chose, the counts agree with the
// simulator's, and the same seed repeats the choices.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runToCompletion } from '../../../helpers/service.js';
import { startSimStack, type SimStack } from '../helpers/sim.js';

const TOTAL = 150;
const MIX = {
  SendRoutingInfoForSM: [
    { weight: 70, answer: true },
    { weight: 15, error: 'absentSubscriberSM' },
    { weight: 10, error: 'callBarred' },
    { weight: 5, abort: true },
  ],
};

const definition = (runId: string) => ({
  run_id: runId,
  distribution: { type: 'load', total: TOTAL, backlog: 20 },
  detail: { failures: 100, trace_level: 0 },
  operations: [
    { type: 'map.smsc_to_hlr.SendRoutingInfoForSM', arguments: { msisdn_digits: '4917100001', 'sm-RP-PRI': true, serviceCentreAddress_digits: '4917000001' } },
    { type: 'map.smsc_from_hlr.SendRoutingInfoForSMResult', arguments: { last_component: 1 } },
  ],
});

describe('hlr-sim responder mix', () => {
  const stacks: SimStack[] = [];
  after(async () => Promise.all(stacks.map((s) => s.close())));

  async function play(seed: number, id: string) {
    const st = await startSimStack({ script: { mix: MIX, delay_ms: { uniform: { min: 0, max: 3 } } }, seed });
    stacks.push(st);
    const r = await runToCompletion(st.svc.port, definition(id), { timeoutMs: 60_000 });
    return { r, outcomes: { ...st.sim.stats.outcomes } };
  }

  test('each error the tester records is the one the mix chose; the counts agree; a seed repeats them', async () => {
    const { r, outcomes } = await play(3, 'hlr-mix-a');
    const n = (k: string) => outcomes[`SendRoutingInfoForSM/${k}`] ?? 0;
    assert.equal(n('answer') + n('absentSubscriberSM') + n('callBarred') + n('abort'), TOTAL, JSON.stringify(outcomes));
    for (const k of ['answer', 'absentSubscriberSM', 'callBarred', 'abort']) assert.ok(n(k) > 0, `${k} never chosen: ${JSON.stringify(outcomes)}`);
    assert.equal(r.counts.passed, n('answer'), JSON.stringify(r.counts));
    assert.equal(r.counts.failed + r.counts.aborted, TOTAL - n('answer'));
    const reasons = (r.failures as Array<{ reason: string }>).map((f) => f.reason);
    const count = (re: RegExp) => reasons.filter((t) => re.test(t)).length;
    assert.equal(count(/absentSubscriberSM/), n('absentSubscriberSM'), reasons.join('\n'));
    assert.equal(count(/callBarred/), n('callBarred'), reasons.join('\n'));
    const again = await play(3, 'hlr-mix-b');
    assert.deepEqual(again.outcomes, outcomes);
  });
});
