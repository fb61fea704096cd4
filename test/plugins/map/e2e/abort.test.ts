// tcap.<role>_from_<peer>.Abort when the peer answers with something else than an Abort: the instance aborts, and a
// dialogue the peer left open (a TCAP Continue came) is closed as `end_open_dialogues` says and released. The tester
// (B, gsmSCF) sends AnyTimeInterrogation; the peer (A) is the raw gateway API, so the test sees exactly what arrives.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RunningService } from '../../../../core/service.js';
import { call, waitForRun } from '../../../helpers/service.js';
import { gatewayOf, problems, startPair, type Pair } from '../helpers/pair.js';
import { MSISDN } from '../fixtures/samples.js';

let seq = 0;

/** Run the gsmSCF side (ATI, then expect an Abort) on `b` while `a` answers the Begin with an empty Continue;
 *  returns the run's record and the kind of the next TCAP message `a` receives on that dialogue. */
async function continueInsteadOfAbort(p: Pair): Promise<{ rec: any; next: string }> {
  const peer = gatewayOf(p.a);
  const begin = peer.acceptBegin({}, { timeoutMs: 5000 });
  const run_id = `abort-continue-${++seq}`;
  const r = await call(p.b.port, 'ExecuteTest', {
    run_id,
    distribution: { type: 'single' },
    operations: [
      { type: 'map.scp_to_hlr.AnyTimeInterrogation', arguments: { msisdn_digits: MSISDN, requestedInfo: { subscriberState: 1 }, 'gsmSCF-Address_digits': '49' } },
      { type: 'tcap.scp_from_hlr.Abort' },
    ],
  });
  if (r.error) throw new Error(`ExecuteTest refused: ${r.error.code} ${r.error.message}`);
  const m = await begin;
  m.dialogue.send(); // TCAP Continue (AARE, no components): the dialogue stays open
  const next = await m.dialogue.receive({ timeoutMs: 5000 });
  return { rec: await waitForRun(p.b.port, run_id), next: next.kind };
}

async function dialoguesSettle(svc: RunningService): Promise<number> {
  for (let i = 0; i < 100 && gatewayOf(svc).status().dialogues > 0; i++) await new Promise((r) => setTimeout(r, 20));
  return gatewayOf(svc).status().dialogues;
}

for (const mode of ['end', 'abort'] as const) {
  describe(`MAP Abort expected, TCAP Continue received (end_open_dialogues ${mode})`, () => {
    let p: Pair;
    before(async () => {
      p = await startPair({ map: { end_open_dialogues: mode } });
    });
    after(async () => {
      await p.close();
    });

    test(`the instance aborts and the open dialogue is closed with a TCAP ${mode === 'end' ? 'End' : 'U-Abort'}`, async () => {
      const { rec, next } = await continueInsteadOfAbort(p);
      assert.equal(rec.counts.aborted, 1, `${JSON.stringify(rec.counts)} ${problems(rec)}`);
      assert.match(JSON.stringify(rec.first_call.check_log), /tcap\.scp_from_hlr\.Abort: expected a TCAP Abort, received TCAP continue/);
      assert.equal(next, mode === 'end' ? 'end' : 'u-abort');
      assert.equal(await dialoguesSettle(p.b), 0, 'the tester released its dialogue');
      assert.equal(await dialoguesSettle(p.a), 0, 'the peer saw the dialogue end');
    });
  });
}
