// Long tier (timing- and load-sized): scp-sim's responder mix over 10,000 calls. Every observed share is within
// 1.5 points of its weight (the binomial standard error at n = 10,000 is at most 0.4 points for these weights, so
// 1.5 points is over three of them), counted on both sides; an answer delay drawn from a lognormal distribution
// gives the tester's call latency a median and p99 within 10% of the distribution's (sampling error at 10,000 calls:
// ~1% for the median, ~4% for the p99; the median is 1 s so that the event-loop lag of a busy machine, tens of ms, stays a few per cent).
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runToCompletion } from '../../../helpers/service.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { SPEC_IDP } from '../fixtures/samples.js';
import { MIX_SCRIPT, WEIGHTS, mixDefinition } from './mix-fixture.js';

const TOTAL = 10_000;
const share = (k: number) => (100 * k) / TOTAL;

describe('scp-sim responder mix over 10,000 calls', () => {
  const stacks: Stack[] = [];
  after(async () => Promise.all(stacks.map((s) => s.close())));

  test('each outcome\'s share within 1.5 points of its weight, on the simulator\'s and on the tester\'s side', async () => {
    const st = await startStack(MIX_SCRIPT, { tcapTimeoutMs: 5000 });
    stacks.push(st);
    const r = await runToCompletion(st.port, mixDefinition('mix-10k', TOTAL, 1000), { timeoutMs: 120_000 });
    const sim = st.sim!.stats.byOutcome;
    for (const [k, w] of Object.entries(WEIGHTS)) {
      const got = share(sim[`call/${k}`] ?? 0);
      assert.ok(Math.abs(got - w) <= 1.5, `${k}: ${got}% for weight ${w}`);
    }
    assert.ok(Math.abs(share(r.globals.c16) - WEIGHTS.answered) <= 1.5, `the tester received cause 16 in ${share(r.globals.c16)}%`);
    assert.ok(Math.abs(share(r.globals.c17) - WEIGHTS.busy) <= 1.5, `the tester received cause 17 in ${share(r.globals.c17)}%`);
    const noRelease = WEIGHTS.error + WEIGHTS.abort + WEIGHTS.silence;
    assert.ok(Math.abs(share(r.counts.aborted) - noRelease) <= 1.5, `aborted ${share(r.counts.aborted)}% for ${noRelease}`);
    assert.equal(r.counts.finished, TOTAL);
  });

  test('answer delays from a lognormal distribution: the calls\' median and p99 within 10%', async () => {
    const median = 1000;
    const sigma = 0.5;
    const st = await startStack({ rules: [{ action: 'release', cause: 16, delay_ms: { lognormal: { median, sigma } } }] });
    stacks.push(st);
    const r = await runToCompletion(st.port, {
      run_id: 'delay-10k',
      // 500/s: the simulator and the service share this test's thread; a starved thread would queue the answers
      distribution: { type: 'linear', total: TOTAL, backlog: 5000, cps: 500 },
      operations: [{ type: 'inap.ssp_to_scp.InitialDP', arguments: SPEC_IDP }, { type: 'inap.ssp_from_scp.ReleaseCall' }],
    }, { timeoutMs: 120_000 });
    assert.equal(r.counts.passed, TOTAL);
    const p99 = median * Math.exp(sigma * 2.3263);
    const { p50, p99: got99 } = r.latency.instance;
    assert.ok(Math.abs(p50 / median - 1) <= 0.1, `median ${p50} ms for ${median}`);
    assert.ok(Math.abs(got99 / p99 - 1) <= 0.1, `p99 ${got99} ms for ${p99.toFixed(1)}`);
  });
});
