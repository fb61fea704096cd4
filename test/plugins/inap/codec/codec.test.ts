import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { encodeArg, decodeArg, checkArg, expandDotted, CodecError } from '../../../../plugins/sigtran/codec/index.js';
import { argType, definedIn } from '../../../../plugins/inap/codec/args.js';
import { VARIANTS } from '../../../../plugins/inap/codec/variants.js';
import { OPCODES } from '../../../../plugins/inap/catalogue.js';
import { outboundFields, unknownArgument } from '../../../../plugins/inap/runtime/prepare-args.js';
import { getPath, looseEqual } from '../../../../plugins/sigtran/codec/index.js';
import { addFlags } from '../../../../plugins/inap/behaviour/rrbcsm.js';
import { toHex } from '../../../../plugins/sigtran/ber/index.js';
import { sample, PACUI_RESULT } from '../fixtures/samples.js';

function leaves(o: Record<string, unknown>, prefix = '', out: Array<[string, unknown]> = []): Array<[string, unknown]> {
  for (const [k, v] of Object.entries(o)) {
    const p = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) leaves(v as Record<string, unknown>, p, out);
    else out.push([p, v]);
  }
  return out;
}

describe('round trip of every operation argument in every variant', () => {
  for (const v of VARIANTS) {
    for (const op of Object.keys(OPCODES)) {
      const at = argType(op, v);
      if (!at || !definedIn(op, v)) continue;
      test(`${op} (${v})`, () => {
        const s = sample(op, v);
        assert.ok(s, `no sample for ${op}`);
        const fields = outboundFields(op, v, s);
        assert.equal(unknownArgument(at, fields), undefined);
        const bytes = encodeArg(at, fields);
        const d = decodeArg(at, bytes);
        assert.ok(d.ok, d.ok ? '' : d.error);
        if (op === 'RequestReportBCSMEvent') addFlags(d.fields as never);
        for (const [path, want] of leaves(expandDotted(s))) {
          const got = getPath(d.fields, path);
          assert.ok(looseEqual(want, got), `${path}: sent ${JSON.stringify(want)}, decoded ${JSON.stringify(got)}`);
        }
        // the decoded form encodes to the same bytes (raw fields win over derived ones)
        const again = encodeArg(at, d.fields as never);
        assert.equal(toHex(again), toHex(bytes));
      });
    }
    test(`PromptAndCollectUserInformation result (${v})`, () => {
      const at = argType('PromptAndCollectUserInformation', v, true)!;
      const b = encodeArg(at, PACUI_RESULT);
      assert.equal(toHex(b), '8003002143');
      const d = decodeArg(at, b);
      assert.ok(d.ok);
      assert.equal(d.fields.digitsResponse_digits, '1234');
    });
  }
});

describe('variant differences', () => {
  test('ReleaseCall: a bare Cause (04 02 80 90) up to CAP v3, a CHOICE in CAP v4 whose first arm is the same', () => {
    for (const v of VARIANTS) assert.equal(toHex(encodeArg(argType('ReleaseCall', v)!, { initialCallSegment_cause: '16' })), '04028090');
    const d = decodeArg(argType('ReleaseCall', 'camel4')!, Uint8Array.from([0xa2, 0x06, 0x80, 0x02, 0x80, 0x91, 0xa1, 0x00]));
    assert.ok(d.ok);
    assert.equal((d.fields.allCallSegmentsWithExtension as Record<string, unknown>).allCallSegments_cause, 17);
  });
  test('ApplyCharging: CAP v2 releaseIfdurationExceeded is a SEQUENCE holding tone, CAP v3 a BOOLEAN', () => {
    const v2 = encodeArg(argType('ApplyCharging', 'camel2')!, { 'aChBillingChargingCharacteristics.timeDurationCharging': { maxCallPeriodDuration: 10, releaseIfdurationExceeded: { tone: true } } });
    const v3 = encodeArg(argType('ApplyCharging', 'camel3')!, { 'aChBillingChargingCharacteristics.timeDurationCharging': { maxCallPeriodDuration: 10, releaseIfdurationExceeded: true } });
    // 80 len [a0 len [80 01 0a] [a1 03 01 01 ff]]  vs  [a0 len [80 01 0a] [81 01 ff]]
    assert.match(toHex(v2), /a0..80010aa1030101ff$/);
    assert.match(toHex(v3), /a0..80010a8101ff$/);
  });
  test('ApplyChargingReport: CAP v2/v3 name callActive, v4 legActive; each accepts the other; aChChargingAddress is v4 only', () => {
    const a2 = argType('ApplyChargingReport', 'camel2')!;
    const a3 = argType('ApplyChargingReport', 'camel3')!;
    const a4 = argType('ApplyChargingReport', 'camel4')!;
    const s = { 'timeDurationChargingResult.partyToCharge.receivingSideID_hex': '01', 'timeDurationChargingResult.timeInformation.timeIfNoTariffSwitch': 5, 'timeDurationChargingResult.legActive': true };
    assert.equal(toHex(encodeArg(a2, s)), toHex(encodeArg(a4, s)));
    assert.equal(toHex(encodeArg(a3, s)), toHex(encodeArg(a4, s)));
    const d = decodeArg(a3, encodeArg(a4, s)).fields.timeDurationChargingResult as Record<string, unknown>;
    assert.equal(d.legActive, true);
    assert.equal(d.callActive, true);
    const withAddress = { ...s, 'timeDurationChargingResult.aChChargingAddress_hex': '8101' + '02' };
    assert.match(toHex(encodeArg(a4, withAddress)), /a5038101..$/);
    assert.doesNotMatch(toHex(encodeArg(a3, withAddress)), /a503/);
  });
  test('ApplyCharging CAP v3: the SCP bytes a00e8002012c8101ff82020e108301ff decode fully (tone [3] BOOLEAN; issue 11)', () => {
    const ach = 'a00e8002012c8101ff82020e108301ff';
    const arg = Buffer.from(`30178010${ach}a203800101`, 'hex');
    const d = decodeArg(argType('ApplyCharging', 'camel3')!, arg);
    assert.ok(d.ok, d.ok ? '' : d.error);
    assert.equal(d.fields.aChBillingChargingCharacteristics_error, undefined);
    const tdc = (d.fields.aChBillingChargingCharacteristics as any).timeDurationCharging;
    assert.deepEqual(tdc, { maxCallPeriodDuration: 300, releaseIfdurationExceeded: true, tariffSwitchInterval: 3600, tone: true });
    // the same bytes read as CAP v4 are the ill-formed v4 CHOICE: the v4 decoder reports it, it does not invent a tone
    const d4 = decodeArg(argType('ApplyCharging', 'camel4')!, arg);
    assert.ok(d4.fields.aChBillingChargingCharacteristics_error !== undefined || !d4.ok);
  });
  test('ApplyCharging: tone true is 83 01 ff in CAP v3 (the bytes an independent CAP v3 SCP sends), a3 03 01 01 ff in CAP v4', () => {
    const args = { 'aChBillingChargingCharacteristics.timeDurationCharging': { maxCallPeriodDuration: 300, releaseIfdurationExceeded: true, tariffSwitchInterval: 3600, tone: true } };
    const v3 = encodeArg(argType('ApplyCharging', 'camel3')!, outboundFields('ApplyCharging', 'camel3', args));
    assert.equal(toHex(v3), '30128010a00e8002012c8101ff82020e108301ff');
    const v4 = encodeArg(argType('ApplyCharging', 'camel4')!, outboundFields('ApplyCharging', 'camel4', args));
    assert.equal(toHex(v4), '30148012a0108002012c8101ff82020e10a3030101ff');
    const burst = outboundFields('ApplyCharging', 'camel4', { 'aChBillingChargingCharacteristics.timeDurationCharging': { maxCallPeriodDuration: 300, audibleIndicator: { burstList: { warningPeriod: 20, bursts: { numberOfBursts: 3 } } } } });
    assert.match(toHex(encodeArg(argType('ApplyCharging', 'camel4')!, burst)), /a30aa108800114a103800103$/);
  });
  test('EventSpecificInformationBCSM (CAP): oAbandonSpecificInfo [21], o/tChangeOfPositionSpecificInfo [50]/[51], dpSpecificInfoAlt [52]', () => {
    const at = argType('EventReportBCSM', 'camel4')!;
    const hex = (esi: Record<string, unknown>) => toHex(encodeArg(at, { eventTypeBCSM: 10, eventSpecificInformationBCSM: esi }));
    assert.equal(hex({ oAbandonSpecificInfo: { routeNotPermitted: 1 } }), '300a80010aa205b5039f3200');
    assert.equal(hex({ oChangeOfPositionSpecificInfo: {} }), '300880010aa203bf3200');
    assert.equal(hex({ tChangeOfPositionSpecificInfo: {} }), '300880010aa203bf3300');
    assert.equal(hex({ dpSpecificInfoAlt_hex: '' }), '300880010aa203bf3400');
  });
  test('CallInformationRequest/Report: calledAddress (3) is CS-1 only', () => {
    assert.match(toHex(encodeArg(argType('CallInformationRequest', 'cs1')!, { requestedInformationTypeList: ['calledAddress'] })), /0a0103/);
    assert.throws(() => encodeArg(argType('CallInformationRequest', 'camel3')!, { requestedInformationTypeList: ['calledAddress'] }), /unknown name "calledAddress"/);
    assert.throws(() => encodeArg(argType('CallInformationReport', 'camel3')!, { requestedInformationList: [{ requestedInformationType: 2, requestedInformationValue: { calledAddressValue_digits: '1' } }] }), /give one of/);
  });
  test('PromptAndCollectUserInformation result: CS-1 iA5Response [1] IA5String, CAP digitsResponse only', () => {
    assert.equal(toHex(encodeArg(argType('PromptAndCollectUserInformation', 'cs1', true)!, { iA5Response: '12#' })), '8103313223');
    assert.throws(() => encodeArg(argType('PromptAndCollectUserInformation', 'camel3', true)!, { iA5Response: '12#' }), /give one of digitsResponse/);
  });
  test('PlayAnnouncement CAP v4: requestAnnouncementStartedNotification [51] is a BOOLEAN; [2] is named requestAnnouncementCompleteNotification', () => {
    const at = argType('PlayAnnouncement', 'camel4')!;
    const b = encodeArg(at, { 'informationToSend.tone.toneID': 1, requestAnnouncementComplete: true, requestAnnouncementStartedNotification: true });
    assert.match(toHex(b), /8201ff9f3301ff$/);
    const d = decodeArg(at, b).fields;
    assert.equal(d.requestAnnouncementCompleteNotification, true);
    assert.equal(d.requestAnnouncementComplete, true);
    assert.equal(d.requestAnnouncementStartedNotification, true);
  });
  test('Cancel CAP v4: callSegmentToCancel [2]', () => {
    assert.equal(toHex(encodeArg(argType('Cancel', 'camel4')!, { callSegmentToCancel: { callSegmentID: 1 } })), 'a203810101');
    assert.throws(() => encodeArg(argType('Cancel', 'camel3')!, { callSegmentToCancel: { callSegmentID: 1 } }), /give one of invokeID, allRequests/);
  });
  test('operations per variant (TS 29.078 contracts per phase, ETS 300 374-1)', () => {
    const where = (op: string) => VARIANTS.filter((v) => definedIn(op, v)).join(',');
    assert.equal(where('CallGap'), 'cs1,camel3,camel4');
    assert.equal(where('ContinueWithArgument'), 'camel3,camel4');
    assert.equal(where('DisconnectForwardConnectionWithArgument'), 'camel4');
    assert.equal(where('DisconnectLeg'), 'camel4');
    assert.equal(where('InitiateCallAttempt'), 'cs1,camel4');
    assert.equal(where('ApplyCharging'), 'cs1,camel2,camel3,camel4');
  });
  test('DpSpecificCriteria: midCallControlInfo and dpSpecificCriteriaAlt are CAP v4', () => {
    const ev = { bcsmEvents: [{ eventTypeBCSM: 8, monitorMode: 1, dpSpecificCriteria: { midCallControlInfo_hex: '810104' } }] };
    assert.match(toHex(encodeArg(argType('RequestReportBCSMEvent', 'camel4')!, ev)), /be05a203810104/);
    assert.throws(() => encodeArg(argType('RequestReportBCSMEvent', 'camel3')!, ev), /give one of applicationTimer/);
  });
  test('InitialDP: CS-1 has no IMSI; CAP has no dialledDigits', () => {
    assert.equal(unknownArgument(argType('InitialDP', 'cs1'), { serviceKey: 1, iMSI_digits: '1' }), 'iMSI_digits');
    assert.equal(unknownArgument(argType('InitialDP', 'camel3'), { serviceKey: 1, dialledDigits_digits: '1' }), 'dialledDigits_digits');
    assert.equal(unknownArgument(argType('InitialDP', 'camel3'), { serviceKey: 1, iMSI_digits: '1' }), undefined);
  });
});

describe('encoding errors name the argument', () => {
  const idp = argType('InitialDP', 'camel3')!;
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['missing mandatory serviceKey', { eventTypeBCSM: 2 }, /serviceKey: missing/],
    ['serviceKey not an integer', { serviceKey: 'abc' }, /serviceKey: expected an integer/],
    ['bad hex', { serviceKey: 1, callingPartysCategory_hex: 'zz' }, /callingPartysCategory_hex: expected a hex string/],
    ['bad digits', { serviceKey: 1, calledPartyNumber_digits: '12x4' }, /calledPartyNumber_digits: digits "12x4"/],
    ['noa out of range', { serviceKey: 1, calledPartyNumber_digits: '1', calledPartyNumber_noa: 128 }, /calledPartyNumber_noa: must be an integer 0..127/],
    ['unknown enum name', { serviceKey: 1, eventTypeBCSM_name: 'oFoo' }, /eventTypeBCSM: unknown name "oFoo"/],
    ['choice with no known alternative', { serviceKey: 1, bearerCapability: { foo: 1 } }, /bearerCapability: give one of bearerCap/],
  ];
  for (const [name, args, re] of cases) {
    test(name, () => {
      assert.throws(() => encodeArg(idp, args), (e: unknown) => e instanceof CodecError && re.test(e.message));
    });
  }
  test('eventTypeBCSM by name and alias spellings', () => {
    const a = toHex(encodeArg(idp, { serviceKey: 1, eventTypeBCSM_name: 'analysedInformation' }));
    const b = toHex(encodeArg(idp, { serviceKey: 1, eventTypeBCSM: 'analyzedInformation' }));
    assert.equal(a, b);
    assert.equal(a, '30068001019c0103');
  });
});

describe('decoding bad bytes never throws', () => {
  test('truncated, wrong tag and random mutations give ok=false or a partial decode', () => {
    const at = argType('InitialDP', 'camel3')!;
    const good = encodeArg(at, outboundFields('InitialDP', 'camel3', sample('InitialDP', 'camel3')!));
    assert.equal(decodeArg(at, good.subarray(0, good.length - 3)).ok, false);
    assert.equal(decodeArg(at, Uint8Array.of(0x04, 0x01, 0x00)).ok, false);
    let seed = 12345;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (let i = 0; i < 2000; i++) {
      const b = Uint8Array.from(good);
      for (let k = 0; k < 3; k++) b[Math.floor(rnd() * b.length)] = Math.floor(rnd() * 256);
      const op = Object.keys(OPCODES)[i % Object.keys(OPCODES).length]!;
      const t = argType(op, VARIANTS[i % 4]!) ?? at;
      const r = decodeArg(t, b);
      assert.equal(typeof r.ok, 'boolean');
    }
  });
});

describe('constraints of the descriptors, checked when encoding and when decoding (issue 11)', () => {
  const idp = argType('InitialDP', 'camel3')!;
  test('encoding refuses a value outside its SIZE or range, naming it', () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ serviceKey: 1, timeAndTimezone_hex: '02122011151005' }, /^timeAndTimezone: 7 octets, the ASN\.1 requires SIZE\(8\)$/],
      [{ serviceKey: -1 }, /^serviceKey: -1 is out of range 0\.\.2147483647$/],
      [{ serviceKey: 1, callingPartysCategory_hex: '' }, /^callingPartysCategory: 0 octets, the ASN\.1 requires SIZE\(1\)$/],
      [{ serviceKey: 1, iMSI_digits: '1234567890123456789' }, /^iMSI: 10 octets, the ASN\.1 requires SIZE\(3\.\.8\)$/],
      [{ serviceKey: 1, 'locationInformation.ageOfLocationInformation': 40000 }, /^locationInformation\.ageOfLocationInformation: 40000 is out of range 0\.\.32767$/],
      [{ serviceKey: 1, 'bearerCapability.bearerCap_hex': '80' }, /^bearerCapability\.bearerCap: 1 octet, the ASN\.1 requires SIZE\(2\.\.11\)$/],
    ];
    for (const [args, re] of cases) assert.throws(() => encodeArg(idp, args), (e: unknown) => e instanceof CodecError && re.test(e.message), JSON.stringify(args));
    assert.throws(() => encodeArg(argType('ApplyCharging', 'camel3')!, { 'aChBillingChargingCharacteristics.timeDurationCharging.maxCallPeriodDuration': 0 }), /timeDurationCharging\.maxCallPeriodDuration: 0 is out of range 1\.\.864000/);
    const events = Array.from({ length: 31 }, () => ({ eventTypeBCSM: 7, monitorMode: 1 }));
    assert.throws(() => encodeArg(argType('RequestReportBCSMEvent', 'camel3')!, { bcsmEvents: events }), /bcsmEvents: 31 elements, the ASN\.1 requires SIZE\(1\.\.30\)$/);
    assert.throws(() => encodeArg(argType('Connect', 'camel3')!, { destinationRoutingAddress: ['0311', '0322'] }), /destinationRoutingAddress: 2 elements, the ASN\.1 requires SIZE\(1\)$/);
    assert.throws(() => encodeArg(argType('PlayAnnouncement', 'camel3')!, { 'informationToSend.inbandInfo.messageID.text.messageContent': 'x'.repeat(128) }), /messageContent: 128 characters, the ASN\.1 requires SIZE\(1\.\.127\)/);
  });
  test('CS-1 checks only the constraints its types fix (its bounds are network-specific)', () => {
    const cs1 = argType('InitialDP', 'cs1')!;
    assert.doesNotThrow(() => encodeArg(cs1, { serviceKey: 1, calledPartyNumber_digits: '1234567890'.repeat(4) }));
    assert.throws(() => encodeArg(cs1, { serviceKey: 1, callingPartysCategory_hex: '0a0b' }), /callingPartysCategory: 2 octets/);
    assert.throws(() => encodeArg(cs1, { serviceKey: 2 ** 31 }), /serviceKey: 2147483648 is out of range/);
  });
  test('decoding reports each violation with its path and keeps every field', () => {
    // InitialDPArg { serviceKey 1, timeAndTimezone [57] of 7 octets } as a peer sent it
    const bad = Buffer.from('300d800101' + '9f3907' + '02122011151005', 'hex');
    const d = decodeArg(idp, bad);
    assert.equal(d.ok, false);
    assert.equal(d.ok ? '' : d.error, 'timeAndTimezone: 7 octets, the ASN.1 requires SIZE(8)');
    assert.equal(d.fields.serviceKey, 1);
    assert.equal(d.fields.timeAndTimezone_hex, '02122011151005');
    const good = Buffer.from('300e800101' + '9f3908' + '0212201115100500', 'hex');
    assert.ok(decodeArg(idp, good).ok);
    // nested, in a SEQUENCE OF and inside a contained encoding
    const rrb = decodeArg(argType('RequestReportBCSMEvent', 'camel3')!, Buffer.from('3018a016' + '3006800107810101' + '300c800106810100a20480020102', 'hex'));
    assert.equal(rrb.ok ? '' : rrb.error, 'bcsmEvents[1].legID.sendingSideID: 2 octets, the ASN.1 requires SIZE(1)');
    const ach = decodeArg(argType('ApplyCharging', 'camel3')!, Buffer.from('300a8008a006800100820100', 'hex'));
    assert.match(ach.ok ? '' : ach.error, /aChBillingChargingCharacteristics\.timeDurationCharging\.maxCallPeriodDuration: 0 is out of range 1\.\.864000/);
    assert.match(ach.ok ? '' : ach.error, /timeDurationCharging\.tariffSwitchInterval: 0 is out of range 1\.\.86400/);
  });
  test('the static check: expressions count as present and are not checked; the first problem is returned', () => {
    const isExpr = (v: unknown) => typeof v === 'string' && v.startsWith('{');
    assert.equal(checkArg(idp, { calledPartyNumber_digits: '1' }, isExpr), 'serviceKey: missing (mandatory)');
    assert.equal(checkArg(idp, { serviceKey: '{$n}' }, isExpr), undefined);
    assert.equal(checkArg(idp, { serviceKey: 1, timeAndTimezone_hex: '{$v.t}' }, isExpr), undefined);
    assert.equal(checkArg(idp, { serviceKey: 1, calledPartyNumber_digits: '{$v.d}', calledPartyNumber_noa: 4 }, isExpr), undefined);
    assert.equal(checkArg(idp, { serviceKey: 1, timeAndTimezone_hex: '00' }, isExpr), 'timeAndTimezone: 1 octet, the ASN.1 requires SIZE(8)');
    const ctr = argType('ConnectToResource', 'camel3')!;
    assert.equal(checkArg(ctr, { resourceAddress: '{$v.ra}' }, isExpr), undefined);
    assert.equal(checkArg(ctr, {}, isExpr), 'resourceAddress: missing (mandatory)');
    // a contained encoding holding an expression is not size-checked
    assert.equal(checkArg(argType('ApplyCharging', 'camel3')!, { 'aChBillingChargingCharacteristics.timeDurationCharging.maxCallPeriodDuration': '{$v.m}' }, isExpr), undefined);
    // the real encoder is not left in checking mode
    assert.throws(() => encodeArg(idp, { serviceKey: '{$n}' }), /serviceKey: expected an integer/);
  });
});
