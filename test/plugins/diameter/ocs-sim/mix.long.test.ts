// Long tier (load- and timing-sized): the reference OCS's responder mix over 10,000 CCRs. Each share within 1.5
// points of its weight on both sides (binomial standard error at n = 10,000: at most 0.36 points), and CCA delays
// drawn from a lognormal distribution give the tester's request latency a median and p99 within 10% of the
// distribution's (sampling error ~1% and ~4%; median 1 s so that a busy machine's event-loop lag stays small).
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runToCompletion } from '../../../helpers/service.js';
import { OCS_WEIGHTS, ccrEvents, startOcsStack, type OcsStack } from './mix-fixture.js';

const TOTAL = 10_000;
const share = (k: number | undefined) => (100 * (k ?? 0)) / TOTAL;

describe('diameter-ocs responder mix over 10,000 CCRs', () => {
  const stacks: OcsStack[] = [];
  after(async () => Promise.all(stacks.map((s) => s.close())));

  test('shares within 1.5 points, and the delays\' median and p99 within 10%', async () => {
    const median = 1000;
    const sigma = 0.4;
    // the tester waits 8 s for an answer: past the delays' p99 (2.5 s), so only silence times out
    const st = await startOcsStack(undefined, { lognormal: { median, sigma } }, 8000);
    stacks.push(st);
    const r = await runToCompletion(st.svc.port, ccrEvents('ocs-mix-10k', TOTAL, 500), { timeoutMs: 180_000 });
    const sim = st.sim.stats.outcomes;
    for (const [k, w] of Object.entries(OCS_WEIGHTS)) assert.ok(Math.abs(share(sim[k]) - w) <= 1.5, `${k}: ${share(sim[k])}% for ${w}`);
    assert.ok(Math.abs(share(r.globals.rc2001) - OCS_WEIGHTS['2001']) <= 1.5, `the tester received 2001 in ${share(r.globals.rc2001)}%`);
    assert.ok(Math.abs(share(r.globals.rc4012) - OCS_WEIGHTS['4012']) <= 1.5, `the tester received 4012 in ${share(r.globals.rc4012)}%`);
    // the operation's latency covers the answered requests (silence's time-outs are aborted instances, not in it)
    const ok = r.latency.operations['diameter.Request'];
    assert.equal(ok.count, TOTAL - r.counts.aborted);
    const p99 = median * Math.exp(sigma * 2.3263);
    assert.ok(Math.abs(ok.p50 / median - 1) <= 0.1, `median ${ok.p50} ms for ${median}`);
    assert.ok(Math.abs(ok.p99 / p99 - 1) <= 0.1, `p99 ${ok.p99} ms for ${p99.toFixed(1)}`);
  });
});
