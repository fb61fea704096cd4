// The reference OCS's responder mix through the service: each Result-Code the tester receives is one the mix chose,
// silence ends the request by the tester's timeout, and the same seed makes the same choices.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runToCompletion } from '../../../helpers/service.js';
import { ccrEvents, startOcsStack, type OcsStack } from './mix-fixture.js';

const TOTAL = 300;

describe('diameter-ocs responder mix', () => {
  const stacks: OcsStack[] = [];
  after(async () => Promise.all(stacks.map((s) => s.close())));

  async function play(seed: number, id: string) {
    const st = await startOcsStack(seed, { uniform: { min: 1, max: 5 } });
    stacks.push(st);
    const r = await runToCompletion(st.svc.port, ccrEvents(id, TOTAL, 300), { timeoutMs: 60_000 });
    return { r, outcomes: { ...st.sim.stats.outcomes } };
  }

  test('what the tester receives is what the mix chose; a seed repeats it', async () => {
    const { r, outcomes } = await play(5, 'ocs-mix-a');
    assert.equal((outcomes['2001'] ?? 0) + (outcomes['4012'] ?? 0) + (outcomes.silence ?? 0), TOTAL, JSON.stringify(outcomes));
    for (const k of ['2001', '4012', 'silence']) assert.ok((outcomes[k] ?? 0) > 0, `${k} never chosen: ${JSON.stringify(outcomes)}`);
    assert.equal(r.globals.rc2001, outcomes['2001']);
    assert.equal(r.globals.rc4012, outcomes['4012']);
    assert.equal(r.counts.finished, TOTAL);
    const again = await play(5, 'ocs-mix-b');
    assert.deepEqual(again.outcomes, outcomes);
  });
});
