// Mobility-management and supplementary-service messages between the flattened form and BER, both ways: the bytes
// of the forms that differ by version (a bare IMSI, IMEI or hlr-Number in v2, a [3] SEQUENCE in v3), BIT STRINGs
// under their own universal tag, and lists of CHOICEs (the provisioned supplementary services of InsertSubscriberData).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mapOperation } from '../../../../plugins/map/catalogue.js';
import { decodeMessage, encodeMessage } from '../../../../plugins/map/codec/message.js';
import type { WireKind } from '../../../../plugins/sigtran/user/index.js';
import { INVOKES, RESULTS, sampleOf } from '../fixtures/samples.js';

const hex = (b: Uint8Array | undefined) => Buffer.from(b ?? []).toString('hex');
const op = (n: string) => mapOperation(n)!;
type Obj = Record<string, unknown>;

function roundTrip(name: string, wire: WireKind, version: number, fields: Obj): { bytes: string; back: Obj } {
  const b = encodeMessage(op(name), wire, version, fields);
  const d = decodeMessage(op(name), wire, version, b);
  assert.ok(d.ok, `${name} ${wire} v${version}: ${d.ok ? '' : d.error}`);
  return { bytes: hex(b), back: d.fields };
}

describe('version-specific forms', () => {
  test('SendAuthenticationInfo v2: a bare IMSI, triplets as a SEQUENCE OF; v3: [0] IMSI and a [3] SEQUENCE with quintuplets', () => {
    assert.equal(roundTrip('SendAuthenticationInfo', 'invoke', 2, { imsi_digits: '262011234567890' }).bytes, '040862021132547698f0');
    const v2 = roundTrip('SendAuthenticationInfo', 'result', 2, sampleOf(RESULTS, 'SendAuthenticationInfo', 2));
    assert.equal(v2.bytes.slice(0, 4), '3048');
    assert.deepEqual((v2.back.authenticationSets as Obj[]).map((t) => t.sres), ['a1b2c3d4', '01020304']);
    const v3 = roundTrip('SendAuthenticationInfo', 'result', 3, RESULTS.SendAuthenticationInfo!);
    assert.equal(v3.bytes.slice(0, 2), 'a3');
    assert.equal(((v3.back.authenticationSetList as Obj).quintupletList as Obj[])[0]!.xres, '0102030405060708');
  });
  test('UpdateLocation result: hlr-Number bare in v2, in a SEQUENCE in v3; CheckIMEI: bare IMEI / equipment status in v2', () => {
    assert.equal(roundTrip('UpdateLocation', 'result', 2, { 'hlr-Number_digits': '491700001' }).bytes, '04069194710000f1');
    assert.equal(roundTrip('UpdateLocation', 'result', 3, { 'hlr-Number_digits': '491700001' }).bytes, '300804069194710000f1');
    assert.equal(roundTrip('CheckIMEI', 'invoke', 2, { imei_digits: '490154203237518' }).bytes, '040894104502237315f8');
    assert.equal(roundTrip('CheckIMEI', 'result', 2, { equipmentStatus: 'greyListed' }).bytes, '0a0102');
  });
  test('CancelLocation: Identity alone in v2, a [3] SEQUENCE in v3 (IMSI routed by Register either way)', () => {
    assert.equal(roundTrip('CancelLocation', 'invoke', 2, { imsi_digits: '262011234567890' }).bytes, '040862021132547698f0');
    const v3 = roundTrip('CancelLocation', 'invoke', 3, INVOKES.CancelLocation!);
    assert.equal(v3.bytes, 'a30d040862021132547698f00a0101');
    assert.equal((v3.back.identity as Obj).imsi_digits, '262011234567890');
  });
});

describe('InsertSubscriberData', () => {
  test('BIT STRINGs keep UNIVERSAL 3 untagged (odb-GeneralData) and the context tag when tagged; SS info list of CHOICEs decodes back', () => {
    const { bytes, back } = roundTrip('InsertSubscriberData', 'invoke', 3, INVOKES.InsertSubscriberData!);
    assert.ok(bytes.includes('a80503030100c0'), bytes);
    assert.deepEqual((back['odb-Data'] as Obj)['odb-GeneralData'], '0100c0');
    const ss = back.provisionedSS as Obj[];
    assert.deepEqual(Object.keys(ss[0]!), ['forwardingInfo']);
    assert.equal(((ss[1]!['ss-Data'] as Obj)['ss-SubscriptionOption'] as Obj).cliRestrictionOption_name, 'permanent');
    const camel = back.vlrCamelSubscriptionInfo as Obj;
    assert.equal(((camel['o-CSI'] as Obj)['o-BcsmCamelTDPDataList'] as Obj[])[0]!.serviceKey, 100);
    assert.equal(((camel['mo-sms-CSI'] as Obj)['sms-CAMEL-TDP-DataList'] as Obj[])[0]!['defaultSMS-Handling_name'], 'releaseTransaction');
  });
  test('an OCTET STRING where the ASN.1 has a BIT STRING is not taken for it', () => {
    // odb-Data [8] { OCTET STRING 0100c0 } instead of BIT STRING
    const d = decodeMessage(op('InsertSubscriberData'), 'invoke', 3, Buffer.from('3007a80504030100c0', 'hex'));
    assert.equal((d.fields['odb-Data'] as Obj | undefined)?.['odb-GeneralData'], undefined);
  });
});

describe('supplementary services', () => {
  test('InterrogateSS result: the CHOICE of a status, a group list or a forwarding feature list', () => {
    assert.equal(roundTrip('InterrogateSS', 'result', 2, { 'ss-Status': '05' }).bytes, '800105');
    const list = roundTrip('InterrogateSS', 'result', 2, { basicServiceGroupList: [{ teleservice: '10' }, { bearerService: '1f' }] });
    assert.equal(list.bytes, 'a20683011082011f');
    assert.deepEqual((list.back.basicServiceGroupList as Obj[]).map((e) => Object.keys(e)[0]), ['teleservice', 'bearerService']);
  });
});
