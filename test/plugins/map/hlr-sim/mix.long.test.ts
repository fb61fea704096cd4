// Long tier (load-sized): hlr-sim's responder mix over 10,000 SRI-SMs. Each share within 1.5 points of its weight
// on the simulator's side and on the tester's (binomial standard error at n = 10,000: at most 0.4 points). The delay
// distributions themselves are checked over 10,000 answers in the scp-sim and diameter-ocs long tests (one sampler).
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runToCompletion } from '../../../helpers/service.js';
import { startSimStack, type SimStack } from '../helpers/sim.js';

const TOTAL = 10_000;
const WEIGHTS = { answer: 93, absentSubscriberSM: 5, callBarred: 2 };
const share = (k: number | undefined) => (100 * (k ?? 0)) / TOTAL;

describe('hlr-sim responder mix over 10,000 SRI-SMs', () => {
  let st: SimStack | undefined;
  after(async () => st?.close());

  test('shares within 1.5 points of the weights, on both sides', async () => {
    st = await startSimStack({ script: { mix: { SendRoutingInfoForSM: Object.entries(WEIGHTS).map(([k, weight]) => (k === 'answer' ? { weight, answer: true } : { weight, error: k })) } } });
    const r = await runToCompletion(st.svc.port, {
      run_id: 'hlr-mix-10k',
      distribution: { type: 'linear', total: TOTAL, backlog: 2000, cps: 1000 },
      operations: [
        { type: 'map.smsc_to_hlr.SendRoutingInfoForSM', arguments: { msisdn_digits: '4917100001', 'sm-RP-PRI': true, serviceCentreAddress_digits: '4917000001' } },
        { type: 'map.smsc_from_hlr.SendRoutingInfoForSMResult', arguments: { last_component: 1 } },
      ],
    }, { timeoutMs: 180_000 });
    const sim = st.sim.stats.outcomes;
    for (const [k, w] of Object.entries(WEIGHTS)) assert.ok(Math.abs(share(sim[`SendRoutingInfoForSM/${k}`]) - w) <= 1.5, `${k}: ${share(sim[`SendRoutingInfoForSM/${k}`])}% for ${w}`);
    assert.equal(r.counts.finished, TOTAL);
    assert.ok(Math.abs(share(r.counts.passed) - WEIGHTS.answer) <= 1.5, `the tester got a result in ${share(r.counts.passed)}%`);
    assert.equal(r.counts.passed, sim['SendRoutingInfoForSM/answer']);
  });
});
