import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { outboundFields, unknownArgument } from '../../../../plugins/inap/runtime/prepare-args.js';
import { applyChargingView } from '../../../../plugins/inap/behaviour/apply-charging.js';
import { argType } from '../../../../plugins/inap/codec/args.js';
import { decodeArg, encodeArg } from '../../../../plugins/sigtran/codec/index.js';
import { toHex } from '../../../../plugins/sigtran/ber/index.js';

describe('outbound argument conveniences', () => {
  test('control arguments are never encoded', () => {
    assert.deepEqual(outboundFields('InitialDP', 'camel3', { serviceKey: 1, tcap_ac: 'camel3', send_with_next: true, send_and_close: false, variant: 'camel3' }), { serviceKey: 1 });
  });
  test('RRBCSM flags become bcsmEvents', () => {
    const f = outboundFields('RequestReportBCSMEvent', 'camel3', { oAnswer: 1, oNoAnswer: 1, oNoAnswer_timer: 20 });
    assert.equal((f.bcsmEvents as unknown[]).length, 2);
    assert.equal(f.oAnswer, undefined);
  });
  test('ReleaseCall without a cause sends 31; CAP v4 SRR without arguments is allAnnouncementsComplete; CAP ARI gets iPSSPCapabilities', () => {
    assert.deepEqual(outboundFields('ReleaseCall', 'camel3', {}), { initialCallSegment_cause: 31 });
    assert.deepEqual(outboundFields('SpecializedResourceReport', 'camel4', {}), { allAnnouncementsComplete: 1 });
    assert.deepEqual(outboundFields('SpecializedResourceReport', 'camel3', {}), {});
    assert.equal(outboundFields('AssistRequestInstructions', 'camel2', { correlationID_digits: '1' }).iPSSPCapabilities_hex, '01');
    assert.equal(outboundFields('AssistRequestInstructions', 'cs1', { correlationID_digits: '1' }).iPSSPCapabilities_hex, undefined);
  });
  test('ApplyCharging: tone under timeDurationCharging, per CAP version (v3: tone [3] itself; issue 11 sent the v4 form)', () => {
    const args = { 'aChBillingChargingCharacteristics.timeDurationCharging': { maxCallPeriodDuration: 100, releaseIfdurationExceeded: true, tone: true } };
    const v4 = outboundFields('ApplyCharging', 'camel4', args);
    const v3 = outboundFields('ApplyCharging', 'camel3', args);
    const v2 = outboundFields('ApplyCharging', 'camel2', args);
    const tdc = (f: Record<string, unknown>) => (f.aChBillingChargingCharacteristics as any).timeDurationCharging;
    assert.deepEqual(tdc(v4), { maxCallPeriodDuration: 100, releaseIfdurationExceeded: true, audibleIndicator: { tone: true } });
    assert.deepEqual(tdc(v3), { maxCallPeriodDuration: 100, releaseIfdurationExceeded: true, tone: true });
    assert.deepEqual(tdc(v2), { maxCallPeriodDuration: 100, releaseIfdurationExceeded: { tone: true } });
    // the v4 spelling is accepted in CAP v3 and sent in the v3 form
    const v3b = outboundFields('ApplyCharging', 'camel3', { 'aChBillingChargingCharacteristics.timeDurationCharging': { maxCallPeriodDuration: 100, audibleIndicator: { tone: true } } });
    assert.deepEqual(tdc(v3b), { maxCallPeriodDuration: 100, tone: true });
    for (const [v, f] of [['camel2', v2], ['camel3', v3], ['camel4', v4]] as const) {
      const at = argType('ApplyCharging', v)!;
      const d = decodeArg(at, encodeArg(at, f)).fields as any;
      applyChargingView(d, v);
      assert.equal(d.aChBillingChargingCharacteristics.timeDurationCharging.tone, true, v);
      assert.equal(d.aChBillingChargingCharacteristics.timeDurationCharging.releaseIfdurationExceeded, true, v);
    }
  });
  test('ApplyCharging: the generic spelling achBillingChargingCharacteristics_hex', () => {
    const f = outboundFields('ApplyCharging', 'camel3', { achBillingChargingCharacteristics_hex: 'a0038001ff' });
    assert.equal(unknownArgument(argType('ApplyCharging', 'camel3'), f), undefined);
    assert.match(toHex(encodeArg(argType('ApplyCharging', 'camel3')!, f)), /^30078005a0038001ff$/);
  });
});
