// The SCP role registers for the calls it should take (inap.scp_from_ssp.Register, by service key or called number):
// two SCP-side runs on one gateway each get only their own InitialDPs; a call nobody registered is refused with a
// TCAP Abort and counted, without harming the other runs.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, waitForRun } from '../../../helpers/service.js';
import type { RunningService } from '../../../../core/service.js';
import { SPEC_IDP } from '../fixtures/samples.js';
import { gatewayOf as gw, startTesters, type Testers } from '../helpers/testers.js';
const checks = (rec: any) => JSON.stringify((rec.first_call?.check_log ?? []).filter((c: any) => c.status !== 'pass'));

describe('inap: SCP-role instances register for their InitialDPs', () => {
  let t: Testers;
  let scp: RunningService;
  let ssp: RunningService;
  before(async () => {
    t = await startTesters();
    ({ scp, ssp } = t);
  });
  after(async () => {
    await t.close();
  });

  test('by service key and by called number; an unregistered call gets a U-Abort', async () => {
    const scpRun = (id: string, reg: Record<string, unknown>, cause: number) => ({
      run_id: id,
      distribution: { type: 'load', total: 2, backlog: 2 },
      operations: [
        { type: 'inap.scp_from_ssp.Register', arguments: reg },
        { type: 'inap.scp_from_ssp.InitialDP', arguments: { ...reg, tcap_ac: 'camel2' } },
        { type: 'inap.scp_to_ssp.ReleaseCall', arguments: { initialCallSegment_cause: cause, send_and_close: true } },
      ],
    });
    const refused0 = gw(scp).status().refusedBegins;
    for (const d of [scpRun('by-key', { serviceKey: 100 }, 16), scpRun('by-number', { calledPartyNumber_digits: '800123' }, 17)]) {
      const r = await call(scp.port, 'ExecuteTest', d);
      assert.equal(r.result, 'ok', JSON.stringify(r.error));
    }
    for (let i = 0; i < 500 && gw(scp).status().registeredBegins < 4; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(gw(scp).status().registeredBegins, 4);
    // an InitialDP for service key 300 to number 999: nobody registered it
    const stray = await call(ssp.port, 'ExecuteTest', {
      run_id: 'stray', distribution: { type: 'single' }, ssp_ac: 'camel2',
      operations: [{ type: 'inap.ssp_to_scp.InitialDP', arguments: { ...SPEC_IDP, serviceKey: 300, calledPartyNumber_digits: '999' } }, { type: 'tcap.ssp_from_scp.Abort', arguments: { kind: 'u-abort' } }],
    });
    assert.equal(stray.result, 'ok');
    const st = await waitForRun(ssp.port, 'stray');
    assert.equal(st.counts.passed, 1, checks(st));
    assert.equal(gw(scp).status().refusedBegins, refused0 + 1);
    // four calls: even instances dial service key 100 (to another number), odd ones number 800123 (another key)
    const r = await call(ssp.port, 'ExecuteTest', {
      run_id: 'calls', distribution: { type: 'load', total: 4, backlog: 4 }, ssp_ac: 'camel2',
      operations: [
        { type: 'inap.ssp_to_scp.InitialDP', arguments: { ...SPEC_IDP, serviceKey: '{ $n % 2 == 0 ? 100 : 555 }', calledPartyNumber_digits: "{ $n % 2 == 0 ? '1234' : '800123' }" } },
        { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: '{ $n % 2 == 0 ? 16 : 17 }' } },
      ],
    });
    assert.equal(r.result, 'ok', JSON.stringify(r.error));
    const [calls, byKey, byNumber] = await Promise.all([waitForRun(ssp.port, 'calls'), waitForRun(scp.port, 'by-key'), waitForRun(scp.port, 'by-number')]);
    assert.equal(calls.counts.passed, 4, checks(calls));
    assert.equal(byKey.counts.passed, 2, checks(byKey));
    assert.equal(byNumber.counts.passed, 2, checks(byNumber));
  });
});
