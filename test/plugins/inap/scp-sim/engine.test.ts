// The reference SCP's rule matching over a real M3UA association: `~` patterns, dotted paths and plain values, each
// rule's tests made once and used for every call.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runToCompletion } from '../../../helpers/service.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { SPEC_IDP } from '../fixtures/samples.js';

let n = 0;
const IDP = (args: Record<string, unknown>) => ({ type: 'inap.ssp_to_scp.InitialDP', arguments: { ...SPEC_IDP, ...args } });
const answer = async (st: Stack, args: Record<string, unknown>) => {
  const r = await runToCompletion(st.port, { run_id: `sim-match-${++n}`, trace_level: 1, operations: [IDP(args), { type: 'inap.ssp_from_scp.ReleaseCall' }] }, { timeoutMs: 20_000 });
  // which rule answered: the cause of its ReleaseCall
  const rc = r.first_call.messages.find((m: { name: string }) => m.name === 'ReleaseCall');
  return rc?.fields.initialCallSegment_cause as number | undefined;
};

describe('scp-sim rule matching', () => {
  let st: Stack;
  after(async () => st?.close());

  test('a pattern, a dotted path and a plain value pick their rules, call after call', async () => {
    st = await startStack({
      rules: [
        { match: { calledPartyNumber_digits: '~^0211\\d+$' }, action: 'release', cause: 17 },
        { match: { 'locationNumber.x': 1 }, action: 'release', cause: 18 },
        { match: { serviceKey: 7, eventTypeBCSM: 2 }, action: 'release', cause: 19 },
        { action: 'release', cause: 16 },
      ],
    });
    // twice each: the compiled tests of a rule serve every call
    for (let i = 0; i < 2; i++) {
      assert.equal(await answer(st, { calledPartyNumber_digits: `0211${i}5` }), 17);
      assert.equal(await answer(st, { calledPartyNumber_digits: '02115x'.replace('x', 'A') }), 16, 'a digit string the pattern does not take');
      assert.equal(await answer(st, { serviceKey: 7 }), 19);
      assert.equal(await answer(st, { serviceKey: 8 }), 16);
    }
    // a path through a field that is not an object matches nothing (and throws nothing)
    assert.equal(await answer(st, { locationNumber_digits: '1234' }), 16);
  });
});
