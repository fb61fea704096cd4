// MAP messages between the flattened form and BER: published USSD vectors both ways, shorthands, USSD text in the
// alphabet of its data coding scheme, TPDUs in the SM-RP-UI, error parameters, the MAP-OPEN, readable errors.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mapOperation, resolveError } from '../../../../plugins/map/catalogue.js';
import { decodeMessage, encodeMessage } from '../../../../plugins/map/codec/message.js';
import { decodeMapDialogue, encodeMapDialogue } from '../../../../plugins/map/codec/dialogue.js';
import { CodecError } from '../../../../plugins/sigtran/codec/index.js';

const hex = (b: Uint8Array | undefined) => Buffer.from(b ?? []).toString('hex');
const bytes = (h: string) => Buffer.from(h, 'hex');
const op = (n: string) => mapOperation(n)!;

describe('USSD (libosmocore tests/ussd/ussd_test.c vectors)', () => {
  test('ProcessUnstructuredSS-Request argument of the REGISTER example: **321#', () => {
    const d = decodeMessage(op('ProcessUnstructuredSSRequest'), 'invoke', 2, bytes('300b04010f04062ad54c161b01'));
    assert.ok(d.ok);
    assert.equal(d.fields.ussdString_text, '**321#');
    assert.equal(d.fields.ussdString, '2ad54c161b01');
    assert.equal(d.fields.ussdDataCodingScheme_language, 15);
    assert.equal(hex(encodeMessage(op('ProcessUnstructuredSSRequest'), 'invoke', 2, { ussdString_text: '**321#' })), '300b04010f04062ad54c161b01');
  });
  test('UnstructuredSS-Notify "forty-two" with alertingPattern 42: three untagged OCTET STRINGs in order', () => {
    const v = '301004010f0408e6b79c9e6fd1ef6f040142';
    const d = decodeMessage(op('UnstructuredSSNotify'), 'invoke', 2, bytes(v));
    assert.deepEqual([d.fields.ussdString_text, d.fields.alertingPattern], ['forty-two', '42']);
    assert.equal(hex(encodeMessage(op('UnstructuredSSNotify'), 'invoke', 2, { ussdString_text: 'forty-two', alertingPattern: '42' })), v);
  });
  test('UCS2 when the text needs it (DCS 0x48), or when the DCS parts say so', () => {
    const b = encodeMessage(op('UnstructuredSSRequest'), 'invoke', 2, { ussdString_text: 'Ж' });
    assert.equal(hex(b), '300704014804020416');
    const c = encodeMessage(op('UnstructuredSSRequest'), 'invoke', 2, { ussdString_text: 'ab', ussdDataCodingScheme_group: 4, ussdDataCodingScheme_encoding: 'ucs2' });
    assert.equal(decodeMessage(op('UnstructuredSSRequest'), 'invoke', 2, c).fields.ussdString_text, 'ab');
    assert.equal(hex(c).slice(8, 10), '48');
  });
  test('text and raw string together, bad DCS parts, text too long are named', () => {
    const e = (a: Record<string, unknown>, re: RegExp) => assert.throws(() => encodeMessage(op('UnstructuredSSRequest'), 'invoke', 2, a), (x: unknown) => x instanceof CodecError && re.test(x.message));
    e({ ussdString_text: 'a', ussdString: '61' }, /give either ussdString\(_hex\) or ussdString_text/);
    e({ ussdString_text: 'a', ussdDataCodingScheme_group: 99 }, /ussdDataCodingScheme_group: must be an integer 0..15/);
    e({ ussdString_text: 'x'.repeat(200) }, /exceed the USSD-String maximum of 160/);
    e({ ussdString_text: 7 }, /ussdString_text: expected a string/);
  });
});

describe('shorthands and nested fields', () => {
  test('ATI: msisdn_digits stands for subscriberIdentity.msisdn_digits, both ways', () => {
    const b = encodeMessage(op('AnyTimeInterrogation'), 'invoke', 3, { msisdn_digits: '4917100001', requestedInfo: { subscriberState: 1 }, 'gsmSCF-Address_digits': '49170' });
    // [0] { [1] 91 94 71 01 00 10 }, [1] { [1] NULL }, [3] 91 94 71 f0
    assert.equal(hex(b), '3014a0088106919471010010a10281008304919471f0');
    const d = decodeMessage(op('AnyTimeInterrogation'), 'invoke', 3, b).fields;
    assert.equal(d.msisdn_digits, '4917100001');
    assert.equal((d.subscriberIdentity as Record<string, unknown>).msisdn_digits, '4917100001');
  });
  test('SRI result: [3] SEQUENCE, roamingNumber inside extendedRoutingInfo.routingInfo', () => {
    const b = encodeMessage(op('SendRoutingInfo'), 'result', 3, { imsi_digits: '262011234567890', roamingNumber_digits: '4917999000' })!;
    assert.equal(b[0], 0xa3);
    const d = decodeMessage(op('SendRoutingInfo'), 'result', 3, b).fields;
    assert.equal(d.roamingNumber_digits, '4917999000');
    assert.deepEqual(Object.keys(d.extendedRoutingInfo as object), ['routingInfo']);
  });
  test('location: cell global id parts and age, subscriber state choice', () => {
    const res = { locationInformation: { ageOfLocationInformation: 0, cellGlobalIdOrServiceAreaIdOrLAI: { laiFixedLength_mcc: '310', laiFixedLength_mnc: '410', laiFixedLength_lac: 1 } }, subscriberState: { camelBusy: 1 } };
    const d = decodeMessage(op('AnyTimeInterrogation'), 'result', 3, encodeMessage(op('AnyTimeInterrogation'), 'result', 3, res)).fields as any;
    assert.equal(d.locationInformation.cellGlobalIdOrServiceAreaIdOrLAI.laiFixedLength, '1300140001');
    assert.equal(d.locationInformation.ageOfLocationInformation, 0);
    assert.equal(d.subscriberInfo.subscriberState.camelBusy, 1);
  });
  test('a missing mandatory field is named', () => {
    assert.throws(() => encodeMessage(op('SendRoutingInfoForSM'), 'invoke', 3, { msisdn_digits: '1', 'sm-RP-PRI': true }), /serviceCentreAddress: missing \(mandatory\)/);
  });
});

describe('short messages', () => {
  test('MO-ForwardSM v3: SM-RP-DA/OA choices share tags; the TPDU text is read back', () => {
    const a = { 'sm-RP-DA': { serviceCentreAddressDA_digits: '4917000001' }, 'sm-RP-OA': { msisdn_digits: '4917100001' }, 'sm-RP-UI_tpdu': { da_digits: '4917100002', text: 'hi there' } };
    const d = decodeMessage(op('MoForwardSM'), 'invoke', 3, encodeMessage(op('MoForwardSM'), 'invoke', 3, a)).fields as any;
    assert.equal(d['sm-RP-DA'].serviceCentreAddressDA_digits, '4917000001');
    assert.equal(d['sm-RP-OA'].msisdn_digits, '4917100001');
    assert.equal(d['sm-RP-UI_tpdu'].type, 'SMS-SUBMIT');
    assert.equal(d['sm-RP-UI_tpdu'].text, 'hi there');
    assert.match(d['sm-RP-UI'], /^[0-9a-f]+$/);
  });
  test('MT-ForwardSM: the SMS-DELIVER; v2 forwardSM has the same argument and no result', () => {
    const a = { 'sm-RP-DA': { imsi_digits: '262011234567890' }, 'sm-RP-OA': { serviceCentreAddressOA_digits: '4917000001' }, 'sm-RP-UI_tpdu': { oa_digits: '4917100002', text: 'MT text', scts: '240101120000+04' }, moreMessagesToSend: 1 };
    for (const v of [2, 3]) {
      const d = decodeMessage(op('MtForwardSM'), 'invoke', v, encodeMessage(op('MtForwardSM'), 'invoke', v, a)).fields as any;
      assert.deepEqual([d['sm-RP-DA'].imsi_digits, d['sm-RP-UI_tpdu'].text, d.moreMessagesToSend], ['262011234567890', 'MT text', 1]);
    }
    assert.equal(encodeMessage(op('MtForwardSM'), 'result', 2, {}), undefined);
    assert.throws(() => encodeMessage(op('MtForwardSM'), 'result', 2, { 'sm-RP-UI': '00' }), /MtForwardSM results have no parameter in version 2/);
  });
  test('a raw SM-RP-UI that is not a TPDU is kept as hex with the reason', () => {
    const b = encodeMessage(op('MtForwardSM'), 'invoke', 3, { 'sm-RP-DA': { imsi_digits: '1' }, 'sm-RP-OA': { serviceCentreAddressOA_digits: '1' }, 'sm-RP-UI': '04' })!;
    const d = decodeMessage(op('MtForwardSM'), 'invoke', 3, b).fields;
    assert.equal(d['sm-RP-UI'], '04');
    assert.match(String(d['sm-RP-UI_tpdu_error']), /truncated address/);
  });
});

describe('errors and the MAP-OPEN', () => {
  test('error names are case- and hyphen-insensitive; codes pass through', () => {
    assert.deepEqual(resolveError('ati-NotAllowed'), { code: 49, name: 'ati-NotAllowed' });
    assert.deepEqual(resolveError('atiNotAllowed'), { code: 49, name: 'ati-NotAllowed' });
    assert.deepEqual(resolveError('27'), { code: 27, name: 'absentSubscriber' });
    assert.deepEqual(resolveError(200), { code: 200, name: undefined });
    assert.equal(resolveError('noSuchError'), undefined);
  });
  test('error parameters: typed fields, or parameter_hex; errors without a modelled parameter refuse fields', () => {
    const p = encodeMessage(op('SendRoutingInfo'), 'error', 3, { unknownSubscriberDiagnostic: 'imsiUnknown' }, 'unknownSubscriber');
    assert.equal(hex(p), '30030a0100');
    assert.equal(decodeMessage(op('SendRoutingInfo'), 'error', 3, p, 'unknownSubscriber').fields.unknownSubscriberDiagnostic_name, 'imsiUnknown');
    assert.equal(hex(encodeMessage(op('MtForwardSM'), 'error', 3, { networkResource: 'hlr' }, 'systemFailure')), '0a0101');
    assert.equal(hex(encodeMessage(op('AnyTimeInterrogation'), 'error', 3, { parameter_hex: '3000' }, 'ati-NotAllowed')), '3000');
    assert.throws(() => encodeMessage(op('UnstructuredSSNotify'), 'error', 2, { x: 1 }, 'ussd-Busy'), /has no modelled parameter \(give parameter_hex\)/);
    assert.deepEqual(decodeMessage(op('UnstructuredSSNotify'), 'error', 2, bytes('0500'), 'ussd-Busy').fields, { parameter_hex: '0500' });
  });
  test('MAP-OPEN: EXTERNAL under 0.4.0.0.1.1.1.1 with destination and origination references, both ways', () => {
    const ui = encodeMapDialogue({ map_open: { destination_reference_digits: '4917100001', origination_reference_digits: '491720000' } });
    // 28 len | 06 07 04 00 00 01 01 01 01 | a0 len | a0 len (map-open) 80 06 9194710100 10 81 06 919471 0200f0
    assert.equal(hex(ui), '281d060704000001010101a012a010800691947101001081069194710200f0');
    const d = decodeMapDialogue(ui) as any;
    assert.equal(d.map_open.destination_reference_digits, '4917100001');
    assert.equal(d.map_open.origination_reference_digits, '491720000');
    assert.equal(decodeMapDialogue(undefined), undefined);
    assert.match(String((decodeMapDialogue(bytes('28ff')) as any).error), /./);
  });
});
