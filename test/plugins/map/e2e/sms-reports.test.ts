// The reports back in MAP answers, tester -> tester over M3UA on loopback: the MSC answers an MT-ForwardSM with an
// SMS-DELIVER-REPORT in its result (RP-ACK) or with sm-DeliveryFailure carrying the RP-ERROR report, and the SMSC
// tests them field by field.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { problems, runBoth, startPair, type Pair } from '../helpers/pair.js';
import { IMSI, MSISDN, SMSC } from '../fixtures/samples.js';

const mt = { type: 'map.smsc_to_msc.MtForwardSM', arguments: { 'sm-RP-DA': { imsi_digits: IMSI }, 'sm-RP-OA': { serviceCentreAddressOA_digits: SMSC }, 'sm-RP-UI_tpdu': { oa_digits: MSISDN, text: 'hi' } } };

describe('SMS-DELIVER-REPORT in MT-ForwardSM answers', () => {
  let p: Pair;
  before(async () => {
    p = await startPair();
  });
  after(async () => {
    await p.close();
  });

  test('RP-ACK in the result, RP-ERROR with its failure cause in sm-DeliveryFailure', async () => {
    for (const [answer, expect] of [
      [{ type: 'map.msc_to_smsc.MtForwardSMResult', arguments: { 'sm-RP-UI_tpdu': { pid: 0, text: 'thanks' } } },
        { type: 'map.smsc_from_msc.MtForwardSMResult', arguments: { 'sm-RP-UI_tpdu.type': 'SMS-DELIVER-REPORT', 'sm-RP-UI_tpdu.rp_type': 'ack', 'sm-RP-UI_tpdu.pi': 7, 'sm-RP-UI_tpdu.text': 'thanks' } }],
      [{ type: 'map.msc_to_smsc.MtForwardSMError', arguments: { errorCode: 'sm-DeliveryFailure', 'sm-EnumeratedDeliveryFailureCause': 'memoryCapacityExceeded', diagnosticInfo_tpdu: { fcs: 0xd3 } } },
        { type: 'map.smsc_from_msc.MtForwardSMError', arguments: { errorCode: 'sm-DeliveryFailure', 'diagnosticInfo_tpdu.rp_type': 'error', 'diagnosticInfo_tpdu.fcs': 0xd3, 'diagnosticInfo_tpdu.pi': 0 } }],
    ] as const) {
      const [msc, smsc] = await runBoth(p.a, {
        run_id: 'msc-report',
        operations: [{ type: 'map.msc_from_smsc.Register', arguments: { opcode: 44, imsi_digits: IMSI } }, { type: 'map.msc_from_smsc.MtForwardSM' }, answer],
      }, p.b, { run_id: 'smsc-report', operations: [mt, expect] });
      assert.equal(msc.counts.passed, 1, problems(msc));
      assert.equal(smsc.counts.passed, 1, problems(smsc));
    }
  });
});
