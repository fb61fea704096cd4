// SMS-STATUS-REPORT, SMS-COMMAND, SMS-SUBMIT-REPORT and SMS-DELIVER-REPORT (3GPP TS 23.040 §9.2.2.1a, .2a, .3,
// .4) field by field both ways: a published status report, RP-ACK and RP-ERROR forms with and without the optional
// parameters TP-PI announces, and the reports in forwardSM results and in sm-DeliveryFailure's diagnosticInfo.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeTpdu, encodeTpdu, TpduError } from '../../../../plugins/map/codec/tpdu.js';
import { decodeMessage, encodeMessage } from '../../../../plugins/map/codec/message.js';
import { MAP_OPERATIONS } from '../../../../plugins/map/catalogue.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const bytes = (h: string) => Buffer.from(h, 'hex');
const op = (name: string) => MAP_OPERATIONS.find((o) => o.name === name)!;

// "Receiving SMS Status Report message" (amro.blogspot.com, 2007-09): the +CDS PDU of a status report for
// message reference 0 to +20121875612, time stamp 07-09-12 15:10:12 and discharge time 15:10:17 (+2 h), status 0.
const STATUS_REPORT = '06000b910221815716f2709021510121807090215101718000';

describe('SMS-STATUS-REPORT', () => {
  test('the published PDU decodes field by field and encodes back from its fields', () => {
    const d = decodeTpdu(bytes(STATUS_REPORT), 'mt');
    assert.deepEqual(
      [d.type, d.mms, d.srq, d.mr, d.ra_digits, d.ra_noa, d.ra_npi, d.scts, d.dt, d.st, d.st_meaning, d.pi],
      ['SMS-STATUS-REPORT', 0, 0, 0, '20121875612', 1, 1, '070912151012+08', '070912151017+08', 0, 'completed', undefined],
    );
    assert.equal(hex(encodeTpdu({ type: 'SMS-STATUS-REPORT', mms: 0, ra_digits: '20121875612', scts: '070912151012+08', dt: '070912151017+08', st: 0 }, 'mt')), STATUS_REPORT);
  });
  test('with TP-PI, PID, DCS and user data; the status ranges', () => {
    const b = encodeTpdu({ type: 'SMS-STATUS-REPORT', mr: 9, srq: 1, ra_digits: '4917100002', scts: '240101120000+04', dt: '240101120500+04', st: 0x41, pid: 0, text: 'gone' }, 'mt');
    const d = decodeTpdu(b, 'mt');
    assert.deepEqual([d.mr, d.srq, d.st, d.st_meaning, d.pi, d.pid, d.dcs, d.text], [9, 1, 0x41, 'permanent-error', 7, 0, 0, 'gone']);
    assert.equal(decodeTpdu(encodeTpdu({ type: 'SMS-STATUS-REPORT', ra_digits: '1', st: 0x20, scts: '240101120000+00', dt: '240101120000+00' }, 'mt'), 'mt').st_meaning, 'temporary-error-still-trying');
  });
});

describe('SMS-COMMAND', () => {
  test('command type, message number, destination and command data', () => {
    const b = encodeTpdu({ type: 'SMS-COMMAND', srr: 1, mr: 5, ct: 'delete', mn: 3, da_digits: '4917100002', cd_hex: '0102' }, 'mo');
    // first octet 0x22 (MTI 10, SRR), MR 5, PID 0, CT 2, MN 3, DA 10 digits international, CDL 2, CD
    assert.equal(hex(b), '22050002030a919471010020020102');
    const d = decodeTpdu(b, 'mo');
    assert.deepEqual([d.type, d.srr, d.mr, d.pid, d.ct, d.ct_name, d.mn, d.da_digits, d.cdl, d.cd_hex], ['SMS-COMMAND', 1, 5, 0, 2, 'delete', 3, '4917100002', 2, '0102']);
    assert.equal(hex(encodeTpdu(d, 'mo')), hex(b));
  });
});

describe('SMS-DELIVER-REPORT and SMS-SUBMIT-REPORT', () => {
  test('RP-ERROR with a failure cause and nothing else: first octet, TP-FCS, TP-PI 0', () => {
    assert.equal(hex(encodeTpdu({ type: 'SMS-DELIVER-REPORT', fcs: 0xd2 }, 'mo')), '00d200');
    const d = decodeTpdu(bytes('00d200'), 'mo');
    assert.deepEqual([d.type, d.rp_type, d.fcs, d.pi], ['SMS-DELIVER-REPORT', 'error', 0xd2, 0]);
  });
  test('RP-ACK without and with optional parameters', () => {
    assert.equal(hex(encodeTpdu({ type: 'SMS-DELIVER-REPORT' }, 'mo')), '0000');
    const b = encodeTpdu({ type: 'SMS-DELIVER-REPORT', pid: 0x41, text: 'ok' }, 'mo');
    // PI 07: PID, DCS, UDL; PID 41, DCS 00, UDL 2, 'ok' packed
    assert.equal(hex(b), '0007410002ef35');
    const d = decodeTpdu(b, 'mo');
    assert.deepEqual([d.rp_type, d.pi, d.pid, d.dcs, d.udl, d.text], ['ack', 7, 0x41, 0, 2, 'ok']);
  });
  test('SMS-SUBMIT-REPORT: the time stamp after TP-PI, the optional parameters after it', () => {
    const ack = encodeTpdu({ type: 'SMS-SUBMIT-REPORT', scts: '240101120000+04', pid: 0 }, 'mt');
    assert.equal(hex(ack), '01014210102100004000');
    const d = decodeTpdu(ack, 'mt');
    assert.deepEqual([d.rp_type, d.pi, d.scts, d.pid], ['ack', 1, '240101120000+04', 0]);
    const err = decodeTpdu(encodeTpdu({ type: 'SMS-SUBMIT-REPORT', rp_type: 'error', fcs: 0xc5, scts: '240101120000+04', dcs_alphabet: 'ucs2', text: 'Ж' }, 'mt'), 'mt');
    assert.deepEqual([err.rp_type, err.fcs, err.pi, err.scts, err.dcs_alphabet, err.text], ['error', 0xc5, 6, '240101120000+04', 'ucs2', 'Ж']);
  });
  test('the RP layer says ack or error where the TPDU cannot: a PI with its extension bit is not a TP-FCS', () => {
    assert.deepEqual(decodeTpdu(bytes('0080'), 'mo', 'ack'), { type: 'SMS-DELIVER-REPORT', udhi: 0, rp_type: 'ack', pi: 0x80 });
    assert.deepEqual(decodeTpdu(bytes('008000'), 'mo'), { type: 'SMS-DELIVER-REPORT', udhi: 0, rp_type: 'error', fcs: 0x80, pi: 0 });
  });
  test('truncated reports throw TpduError naming the field', () => {
    assert.throws(() => decodeTpdu(bytes('00'), 'mo'), (e) => e instanceof TpduError && /TP-PI missing/.test(e.message));
    assert.throws(() => decodeTpdu(bytes('0100'), 'mt'), (e) => e instanceof TpduError && /TP-SCTS missing/.test(e.message));
    assert.throws(() => decodeTpdu(bytes('0001'), 'mo'), (e) => e instanceof TpduError && /TP-PID that is missing/.test(e.message));
    assert.throws(() => encodeTpdu({ type: 'SMS-DELIVER-REPORT', rp_type: 'nack' }, 'mo'), /^Error: rp_type|rp_type: must be 'ack' or 'error'/);
  });
});

describe('reports in MAP messages', () => {
  test('MT-ForwardSM result: an SMS-DELIVER-REPORT (RP-ACK) by default, decoded back', () => {
    const b = encodeMessage(op('MtForwardSM'), 'result', 3, { 'sm-RP-UI_tpdu': { pid: 0 } });
    const d = decodeMessage(op('MtForwardSM'), 'result', 3, b).fields as Record<string, Record<string, unknown>>;
    assert.equal(d['sm-RP-UI'] as unknown, '000100');
    assert.deepEqual([d['sm-RP-UI_tpdu']!.type, d['sm-RP-UI_tpdu']!.rp_type, d['sm-RP-UI_tpdu']!.pid], ['SMS-DELIVER-REPORT', 'ack', 0]);
  });
  test('MO-ForwardSM result: an SMS-SUBMIT-REPORT', () => {
    const b = encodeMessage(op('MoForwardSM'), 'result', 3, { 'sm-RP-UI_tpdu': { scts: '240101120000+04' } });
    const d = decodeMessage(op('MoForwardSM'), 'result', 3, b).fields as Record<string, Record<string, unknown>>;
    assert.deepEqual([d['sm-RP-UI_tpdu']!.type, d['sm-RP-UI_tpdu']!.scts], ['SMS-SUBMIT-REPORT', '240101120000+04']);
  });
  test('sm-DeliveryFailure: the RP-ERROR report in diagnosticInfo, with its failure cause', () => {
    const args = { 'sm-EnumeratedDeliveryFailureCause': 'memoryCapacityExceeded', diagnosticInfo_tpdu: { fcs: 0xd3 } };
    const b = encodeMessage(op('MtForwardSM'), 'error', 3, args, 'sm-DeliveryFailure');
    const d = decodeMessage(op('MtForwardSM'), 'error', 3, b, 'sm-DeliveryFailure').fields as Record<string, Record<string, unknown>>;
    assert.equal(d.diagnosticInfo as unknown, '00d300');
    assert.deepEqual([d.diagnosticInfo_tpdu!.type, d.diagnosticInfo_tpdu!.rp_type, d.diagnosticInfo_tpdu!.fcs], ['SMS-DELIVER-REPORT', 'error', 0xd3]);
  });
  test('a status report goes to the MS in MT-ForwardSM', () => {
    const b = encodeMessage(op('MtForwardSM'), 'invoke', 3, { 'sm-RP-DA': { imsi_digits: '262011234567890' }, 'sm-RP-OA': { serviceCentreAddressOA_digits: '4917000001' }, 'sm-RP-UI': STATUS_REPORT });
    const d = decodeMessage(op('MtForwardSM'), 'invoke', 3, b).fields as Record<string, Record<string, unknown>>;
    assert.deepEqual([d['sm-RP-UI_tpdu']!.type, d['sm-RP-UI_tpdu']!.ra_digits], ['SMS-STATUS-REPORT', '20121875612']);
  });
});
