// What hlr-sim's HLR builds from a subscriber of its script: SS-Status bits, SS-Info by kind of service, the
// InsertSubscriberData argument, the ATSI result — each encoded by the MAP codec as the operation's type.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mapOperation } from '../../../../plugins/map/catalogue.js';
import { decodeMessage, encodeMessage } from '../../../../plugins/map/codec/message.js';
import { insertSubscriberData, interrogation, ssInfo, ssStatus, subscriptionInfo } from '../../../../plugins/map/hlr-sim/data.js';
import { parseScript } from '../../../../plugins/map/hlr-sim/script.js';

const script = parseScript({
  subscribers: [{
    msisdn: '4917100004', imsi: '262011000000004',
    profile: { category: '0a', teleservices: ['11'], bearer_services: ['1f'], odb: '0100c0', o_csi: { service_key: 100, scf: '4917000000' } },
    ss: { 21: { forwarded_to: '4917100099', active: true }, 92: {}, 11: { active: true } },
  }],
});
const s = script.subscribers[0]!;

test('SS-Status: provisioned, registered, active', () => {
  assert.equal(ssStatus({ registered: false, active: false }), '04');
  assert.equal(ssStatus({ registered: true, active: true }), '07');
  assert.equal(ssStatus({ registered: false, active: true }), '05');
});

test('SS-Info by kind: forwarding, barring, other; InterrogateSS-Res', () => {
  assert.deepEqual(ssInfo('21', s.ss!['21']!), { forwardingInfo: { 'ss-Code': '21', forwardingFeatureList: [{ 'ss-Status': '07', forwardedToNumber_digits: '4917100099' }] } });
  assert.deepEqual(ssInfo('92', s.ss!['92']!), { callBarringInfo: { 'ss-Code': '92', callBarringFeatureList: [{ 'ss-Status': '04' }] } });
  assert.deepEqual(ssInfo('11', s.ss!['11']!), { 'ss-Data': { 'ss-Code': '11', 'ss-Status': '05' } });
  assert.deepEqual(interrogation('11', s.ss!['11']!), { 'ss-Status': '05' });
  const reg = mapOperation('RegisterSS')!;
  const back = decodeMessage(reg, 'result', 2, encodeMessage(reg, 'result', 2, ssInfo('21', s.ss!['21']!)));
  assert.equal(back.ok, true);
  assert.equal((back.fields as any).forwardingInfo.forwardingFeatureList[0].forwardedToNumber_digits, '4917100099');
});

test('InsertSubscriberData from the profile encodes and decodes as the VLR sees it', () => {
  const isd = mapOperation('InsertSubscriberData')!;
  const f = insertSubscriberData(s);
  assert.equal(f.subscriberStatus, 'operatorDeterminedBarring');
  const d = decodeMessage(isd, 'invoke', 3, encodeMessage(isd, 'invoke', 3, f));
  assert.equal(d.ok, true, JSON.stringify(d));
  const x = d.fields as any;
  assert.equal(x.msisdn_digits, '4917100004');
  assert.equal(x.category, '0a');
  assert.deepEqual(x.teleserviceList, ['11']);
  assert.deepEqual(x.bearerServiceList, ['1f']);
  assert.equal(x.provisionedSS.length, 3);
  assert.equal(x.vlrCamelSubscriptionInfo['o-CSI']['o-BcsmCamelTDPDataList'][0].serviceKey, 100);
  assert.equal(x['odb-Data']['odb-GeneralData'], '0100c0');
});

test('an inactive O-CSI is not inserted; ATSI shows it with its state and ODB on request', () => {
  const off = structuredClone(s);
  off.profile!.o_csi!.active = false;
  assert.equal(insertSubscriberData(off).vlrCamelSubscriptionInfo, undefined);
  const atsi = mapOperation('AnyTimeSubscriptionInterrogation')!;
  const on = subscriptionInfo(s, { 'requestedCAMEL-SubscriptionInfo': 0, odb: 1 });
  assert.deepEqual(Object.keys(on).sort(), ['camel-SubscriptionInfo', 'odb-Info']);
  const d = decodeMessage(atsi, 'result', 3, encodeMessage(atsi, 'result', 3, on));
  assert.equal((d.fields as any)['camel-SubscriptionInfo']['o-CSI'].csiActive, 1);
  assert.equal(subscriptionInfo(off, { 'requestedCAMEL-SubscriptionInfo': 'o-CSI' })['camel-SubscriptionInfo'] !== undefined, true);
  assert.deepEqual(subscriptionInfo(s, { 'requestedSS-Info': { 'ss-Code': '92' } }), { callBarringData: { callBarringFeatureList: [{ 'ss-Status': '04' }] } });
});
