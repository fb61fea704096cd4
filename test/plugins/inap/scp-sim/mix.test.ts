// scp-sim's responder mix over a real M3UA association: what the tester receives call by call is what the mix chose
// (its ReleaseCall causes and its aborted calls match the simulator's outcome counts), every outcome occurs, and the
// same seed makes the same choices. The 10,000-call shares are checked in mix.long.test.ts.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runToCompletion } from '../../../helpers/service.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { MIX_SCRIPT, mixDefinition } from './mix-fixture.js';

const TOTAL = 400;

describe('scp-sim responder mix', () => {
  const stacks: Stack[] = [];
  after(async () => Promise.all(stacks.map((s) => s.close())));

  async function play(seed: number, id: string) {
    const st = await startStack(MIX_SCRIPT, { seed, tcapTimeoutMs: 5000 });
    stacks.push(st);
    const r = await runToCompletion(st.port, mixDefinition(id, TOTAL, 400), { timeoutMs: 60_000 });
    return { r, outcomes: { ...st.sim!.stats.byOutcome } };
  }

  test('the tester sees each outcome the mix chose, and a seed repeats the choices', async () => {
    const { r, outcomes } = await play(11, 'mix-a');
    const n = (k: string) => outcomes[`call/${k}`] ?? 0;
    assert.equal(['answered', 'busy', 'error', 'abort', 'silence'].reduce((s, k) => s + n(k), 0), TOTAL, JSON.stringify(outcomes));
    for (const k of ['answered', 'busy', 'error', 'abort']) assert.ok(n(k) > 0, `outcome ${k} never chosen in ${TOTAL} calls: ${JSON.stringify(outcomes)}`);
    assert.equal(r.counts.finished, TOTAL);
    assert.equal(r.globals.c16, n('answered'), 'ReleaseCall cause 16 per answered');
    assert.equal(r.globals.c17, n('busy'), 'ReleaseCall cause 17 per busy');
    assert.equal(r.counts.passed, n('answered') + n('busy'));
    assert.equal(r.counts.aborted, n('error') + n('abort') + n('silence'), 'the error, the abort and silence end calls without a ReleaseCall');
    const again = await play(11, 'mix-b');
    assert.deepEqual(again.outcomes, outcomes, 'the same seed, the same arrivals: the same choices');
  });
});
