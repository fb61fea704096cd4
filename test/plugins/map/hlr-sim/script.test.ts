// The hlr-sim script: defaults, and every mistake named by its JSON path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ScriptError } from '../../../../sdk/index.js';
import { parseScript } from '../../../../plugins/map/hlr-sim/script.js';

test('defaults: no subscribers, unknownSubscriber, the default menu', () => {
  const s = parseScript({});
  assert.deepEqual(s.subscribers, []);
  assert.equal(s.unknown_error, 1);
  assert.equal(s.ussd.menu, '1 Balance\n2 Bundles');
  const t = parseScript({ subscribers: [{ msisdn: '491', imsi: '262' }], unknown_error: 'ati-NotAllowed' });
  assert.deepEqual(t.subscribers[0], { msisdn: '491', imsi: '262', state: 'assumedIdle', vlr: '491720000', age: 0 });
  assert.equal(t.unknown_error, 49);
});

test('mistakes are named', () => {
  const bad = (v: unknown, re: RegExp) => assert.throws(() => parseScript(v), (e: unknown) => e instanceof ScriptError && re.test(e.message));
  bad([], /must be a JSON object/);
  bad({ subscriber: [] }, /^subscriber: unknown key/);
  bad({ subscribers: {} }, /^subscribers: expected an array/);
  bad({ subscribers: [{ msisdn: '1', imsi: 'x' }] }, /^subscribers\[0\]\.imsi: expected a string of digits/);
  bad({ subscribers: [{ msisdn: '1', imsi: '2', state: 'sleeping' }] }, /^subscribers\[0\]\.state: one of assumedIdle/);
  bad({ subscribers: [{ msisdn: '1', imsi: '2', cell: { mcc: '26' } }] }, /^subscribers\[0\]\.cell: expected/);
  bad({ unknown_error: 'oops' }, /^unknown_error: not a MAP error/);
  bad({ ussd: { replies: { 1: 2 } } }, /^ussd\.replies/);
  bad({ ussd: { service_codes: '*100#' } }, /^ussd\.service_codes/);
  bad({ ussd: { menu: 7 } }, /^ussd\.menu: expected a string/);
});

test('subscription parts: profile defaults, vectors, SS states; mistakes named', () => {
  const s = parseScript({ subscribers: [{ msisdn: '491', imsi: '262', profile: {}, auth: { triplets: [{ rand: '00'.repeat(16), sres: 'a1b2c3d4', kc: '01'.repeat(8) }] }, ss: { 21: { forwarded_to: '4917' }, 92: { active: true } } }] });
  const sub = s.subscribers[0]!;
  assert.deepEqual(sub.profile, { category: '0a', teleservices: ['11', '21', '22'], bearer_services: [] });
  assert.equal(sub.auth!.triplets.length, 1);
  assert.deepEqual(sub.auth!.quintuplets, []);
  assert.deepEqual(sub.ss, { 21: { registered: true, active: false, forwarded_to: '4917' }, 92: { registered: false, active: true } });
  assert.equal(s.hlr_number, '491700001');
  const bad = (v: unknown, re: RegExp) => assert.throws(() => parseScript({ subscribers: [{ msisdn: '1', imsi: '2', ...(v as object) }] }), (e: unknown) => e instanceof ScriptError && re.test(e.message));
  bad({ profile: { category: '0a0b' } }, /^subscribers\[0\]\.profile\.category: expected hex of 1 octets/);
  bad({ profile: { o_csi: { scf: '49' } } }, /^subscribers\[0\]\.profile\.o_csi: expected/);
  bad({ auth: { triplets: [{ rand: '00', sres: 'a1b2c3d4', kc: '01'.repeat(8) }] } }, /^subscribers\[0\]\.auth\.triplets\[0\]\.rand: expected hex of 16 octets/);
  bad({ ss: { 21: { forwarded_to: 'x' } } }, /^subscribers\[0\]\.ss\.21\.forwarded_to/);
  assert.throws(() => parseScript({ hlr_number: 'x' }), /hlr_number: expected a string of digits/);
  assert.deepEqual(parseScript({ equipment: { 490154203237518: 'blackListed' } }).equipment, { 490154203237518: 'blackListed' });
  assert.throws(() => parseScript({ equipment: { 4901: 'pinkListed' } }), /equipment\.4901: one of whiteListed/);
});

test('gprs: PDP contexts with their defaults; mistakes named', () => {
  const s = parseScript({ subscribers: [{ msisdn: '491', imsi: '262', gprs: [{ apn: 'internet' }, { id: 5, apn: 'ims.mnc001.mcc262.gprs', pdp_type: 'F157', qos: '0b931f' }] }] });
  assert.deepEqual(s.subscribers[0]!.gprs, [
    { id: 1, apn: 'internet', pdp_type: 'f121', qos: '0b921f' },
    { id: 5, apn: 'ims.mnc001.mcc262.gprs', pdp_type: 'f157', qos: '0b931f' },
  ]);
  const bad = (v: unknown, re: RegExp) => assert.throws(() => parseScript({ subscribers: [{ msisdn: '1', imsi: '2', gprs: v }] }), (e: unknown) => e instanceof ScriptError && re.test(e.message));
  bad([], /^subscribers\[0\]\.gprs: expected an array of 1\.\.50 PDP contexts/);
  bad([{ apn: 'bad apn' }], /^subscribers\[0\]\.gprs\[0\]\.apn: expected a name/);
  bad([{ apn: 'x', id: 0 }], /^subscribers\[0\]\.gprs\[0\]\.id: expected an integer 1\.\.50/);
  bad([{ apn: 'x', qos: '0b' }], /^subscribers\[0\]\.gprs\[0\]\.qos: expected hex of 3 octets/);
});

test('mix and delay_ms: outcomes by operation, errors by name or code; mistakes named', () => {
  const s = parseScript({ mix: { SendRoutingInfoForSM: [{ weight: 90, answer: true }, { weight: 7, error: 'absentSubscriberSM' }, { weight: 3, name: 'gone', silence: true }] }, delay_ms: 5 });
  const m = s.mixes.byOp.get('SendRoutingInfoForSM')!;
  assert.deepEqual(m.names, ['answer', 'absentSubscriberSM', 'gone']);
  assert.deepEqual(m.outcomes, [{ answer: true }, { error: 6 }, { silence: true }]);
  assert.equal(s.mixes.delay, 5);
  assert.equal(parseScript({}).mixes.byOp.size, 0);
  const bad = (v: unknown, re: RegExp) => assert.throws(() => parseScript(v), (e: Error) => e instanceof ScriptError && re.test(e.message));
  bad({ mix: [] }, /^mix: expected \{ "<MAP operation>"/);
  bad({ mix: { SendRoutingInfoForXX: [{ weight: 1, answer: true }] } }, /^mix\.SendRoutingInfoForXX: not a MAP operation/);
  bad({ mix: { UpdateLocation: [{ weight: 1, error: 'noSuchError' }] } }, /^mix\.UpdateLocation\[0\]\.error: not a MAP error name or code/);
  bad({ mix: { UpdateLocation: [{ weight: 1, answer: true, abort: true }] } }, /^mix\.UpdateLocation\[0\]: expected \{weight, answer: true\}/);
  bad({ mix: { UpdateLocation: [{ weight: 0, answer: true }] } }, /^mix\.UpdateLocation\[0\]\.weight: a positive number/);
  bad({ delay_ms: { exponential: { mean: 0 } } }, /^delay_ms\.exponential\.mean/);
});
