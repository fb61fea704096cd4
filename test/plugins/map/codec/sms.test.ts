// The short message delivery chain, the v1/v2 forms of SRI and SRI-SM, the v1 mobility forms and the gsmSCF's
// subscription management between the flattened form and BER, both ways, byte for byte where a version has its own
// form: a phase 1 reportSM-DeliveryStatus without outcome, a bare stored MSISDN in v2, a roaming number [0] and
// mwd-Set in v1 SRI-SM, the untagged routing info of SRI v1/v2, ResetArg v1, a NumericString password.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mapOperation } from '../../../../plugins/map/catalogue.js';
import { decodeMessage, encodeMessage } from '../../../../plugins/map/codec/message.js';
import type { WireKind } from '../../../../plugins/sigtran/user/index.js';
import { INVOKES, RESULTS, sampleOf } from '../fixtures/samples.js';

const hex = (b: Uint8Array | undefined) => Buffer.from(b ?? []).toString('hex');
type Obj = Record<string, unknown>;
const MSISDN = '0406919471010010';
const SMSC = '0406919471000010';
const IMSI = '040862021132547698f0';

function roundTrip(name: string, wire: WireKind, version: number, fields?: Obj): { bytes: string; back: Obj } {
  const op = mapOperation(name)!;
  const b = encodeMessage(op, wire, version, fields ?? sampleOf(wire === 'invoke' ? INVOKES : RESULTS, name, version));
  const d = decodeMessage(op, wire, version, b);
  assert.ok(d.ok, `${name} ${wire} v${version}: ${d.ok ? '' : d.error}`);
  return { bytes: hex(b), back: d.fields };
}

describe('the SMS delivery chain', () => {
  test('reportSM-DeliveryStatus: v1 without the outcome, v2/v3 with it; the stored MSISDN bare in v2, in a SEQUENCE in v3', () => {
    assert.equal(roundTrip('ReportSMDeliveryStatus', 'invoke', 1).bytes, `3010${MSISDN}${SMSC}`);
    const v2 = roundTrip('ReportSMDeliveryStatus', 'invoke', 2);
    assert.equal(v2.bytes, `3016${MSISDN}${SMSC}0a0101800101`);
    assert.equal(v2.back['sm-DeliveryOutcome_name'], 'absentSubscriber');
    assert.equal(roundTrip('ReportSMDeliveryStatus', 'result', 2).bytes, MSISDN);
    assert.equal(roundTrip('ReportSMDeliveryStatus', 'result', 3).bytes, `3008${MSISDN}`);
    assert.equal(roundTrip('ReportSMDeliveryStatus', 'result', 2).back.storedMSISDN_digits, '4917100001');
    // v1 has no result parameter
    assert.throws(() => encodeMessage(mapOperation('ReportSMDeliveryStatus')!, 'result', 1, { storedMSISDN_digits: '1' }), /no parameter in version 1/);
  });
  test('alertServiceCentre: the same argument under opcode 49 (v1) and 64 (v2); informServiceCentre MW-Status as a BIT STRING', () => {
    assert.equal(roundTrip('AlertServiceCentre', 'invoke', 1).bytes, `3010${MSISDN}${SMSC}`);
    assert.equal(roundTrip('AlertServiceCentre', 'invoke', 2).bytes, `3010${MSISDN}${SMSC}`);
    const isc = roundTrip('InformServiceCentre', 'invoke', 3);
    assert.equal(isc.bytes, `300c${MSISDN}03020260`);
    assert.equal(isc.back['mw-Status'], '0260');
  });
  test('readyForSM: [0] IMSI and the untagged alert reason', () => {
    const r = roundTrip('ReadyForSM', 'invoke', 3);
    assert.equal(r.bytes, '300d800862021132547698f00a0101');
    assert.equal(r.back.alertReason_name, 'memoryAvailable');
  });
  test('SRI-SM v1: CUG interlock and teleservice tags, a roaming number [0] in the location and mwd-Set [2]', () => {
    assert.equal(roundTrip('SendRoutingInfoForSM', 'invoke', 1).bytes, '301680069194710100108101ff8206919471000010850122');
    const res = roundTrip('SendRoutingInfoForSM', 'result', 1);
    assert.equal(res.bytes, `3017${IMSI}a00880069194719909208201ff`);
    assert.equal(((res.back.locationInfoWithLMSI as Obj).locationInfo as Obj).roamingNumber_digits, '4917999002');
    assert.equal(res.back['mwd-Set'], true);
  });
});

describe('SRI v1/v2, the v1 mobility forms', () => {
  test('SRI v1/v2: msisdn [0], CUG check [1], forwarding count [2]; the result an untagged IMSI and routing info (roaming number or forwarding data)', () => {
    assert.equal(roundTrip('SendRoutingInfo', 'invoke', 1).bytes, '300b8006919471010010820102');
    assert.equal(roundTrip('SendRoutingInfo', 'invoke', 2).bytes, '30138006919471010010a106040400000101820101');
    const v2 = roundTrip('SendRoutingInfo', 'result', 2);
    assert.equal(v2.bytes, `3012${IMSI}0406919471990900`);
    assert.equal((v2.back.routingInfo as Obj).roamingNumber_digits, '4917999000');
    const v1 = roundTrip('SendRoutingInfo', 'result', 1);
    assert.equal(((v1.back.routingInfo as Obj).forwardingData as Obj).forwardedToNumber_digits, '4917100099');
    // v3 is still the [3] SEQUENCE with the extended routing info
    assert.equal(roundTrip('SendRoutingInfo', 'result', 3).bytes.slice(0, 2), 'a3');
    // the roamingNumber shorthand stands for the path of the version's type
    const short = roundTrip('SendRoutingInfo', 'result', 2, { imsi_digits: '262011234567890', roamingNumber_digits: '4917999000' });
    assert.equal(short.bytes, v2.bytes);
    assert.equal(short.back.roamingNumber_digits, '4917999000');
    const short3 = roundTrip('SendRoutingInfo', 'result', 3, { imsi_digits: '262011234567890', roamingNumber_digits: '4917999000' });
    assert.equal((((short3.back.extendedRoutingInfo as Obj).routingInfo as Obj)).roamingNumber_digits, '4917999000');
  });
  test('UpdateLocation v1: the location info CHOICE (roaming number [0] or MSC number [1]); Reset v1: network resource and hlr-Number', () => {
    assert.equal(roundTrip('UpdateLocation', 'invoke', 1).bytes, `3020${IMSI}81069194710200f104069194710200f08a0401020304`);
    const rn = roundTrip('UpdateLocation', 'invoke', 1, { imsi_digits: '262011234567890', locationInfo: { roamingNumber_digits: '4917999000' }, 'vlr-Number_digits': '491720000' });
    assert.ok(rn.bytes.includes('80069194719909'), rn.bytes);
    const reset = roundTrip('Reset', 'invoke', 1);
    assert.equal(reset.bytes, '30130a010104069194710000f13006040462021132');
    assert.equal(reset.back.networkResource_name, 'hlr');
  });
  test('CancelLocation v1: the Identity CHOICE as IMSI-WithLMSI (a SEQUENCE)', () => {
    const r = roundTrip('CancelLocation', 'invoke', 1);
    assert.equal(r.bytes, `3010${IMSI}040401020304`);
    assert.equal((r.back['imsi-WithLMSI'] as Obj).lmsi, '01020304');
  });
});

describe('subscription management by the gsmSCF', () => {
  test('anyTimeSubscriptionInterrogation result: forwarding, barring (NumericString password, UNIVERSAL 18), ODB, O-CSI, CAMEL phases', () => {
    const r = roundTrip('AnyTimeSubscriptionInterrogation', 'result', 3);
    assert.ok(r.bytes.includes('120431323334'), r.bytes);
    assert.ok(r.bytes.includes('a307300503030100c0'), r.bytes);
    assert.equal((r.back.callBarringData as Obj).password, '31323334');
    assert.equal((((r.back['camel-SubscriptionInfo'] as Obj)['o-CSI'] as Obj)['o-BcsmCamelTDPDataList'] as Obj[])[0]!.serviceKey, 100);
  });
  test('anyTimeModification: the subscriber identity an explicit CHOICE under [0], CF modification fields', () => {
    const r = roundTrip('AnyTimeModification', 'invoke', 3);
    assert.ok(r.bytes.startsWith('3034a00a800862021132547698f0'), r.bytes);
    assert.equal(r.back.imsi_digits, '262011234567890', 'the imsi shorthand is filled on decode');
    assert.equal((r.back['modificationRequestFor-CF-Info'] as Obj).modifyNotificationToCSE_name, 'activate');
  });
  test('noteSubscriberDataModified: untagged IMSI and MSISDN, barring info for the CSE ([0] ss-Code, [2] password)', () => {
    const r = roundTrip('NoteSubscriberDataModified', 'invoke', 3);
    assert.equal(r.bytes, `3029${IMSI}${MSISDN}a113800192a10830068301108401058204313233348400`);
    assert.equal(r.back.allInformationSent, 1);
  });
});
