// Our short-message TPDUs in MAP forwardSM messages (TCAP Begin / End, the operation's AC) decoded by tshark's
// gsm_sms dissector: the reports, SMS-STATUS-REPORT and SMS-COMMAND field by field, the parts of a long text with
// their concatenation IE and text, the DCS groups as Wireshark reads them; no malformed packet or expert item.
import { describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { defaultAc, MAP_OPERATIONS } from '../../../../plugins/map/catalogue.js';
import { splitTpdu } from '../../../../plugins/map/codec/concat.js';
import { encodeMessage } from '../../../../plugins/map/codec/message.js';
import { needsTool } from '../../../helpers/tools.js';
import { begin, decode } from '../helpers/tshark.js';

type Obj = Record<string, unknown>;
const op = (n: string) => MAP_OPERATIONS.find((o) => o.name === n)!;
const MT = op('MtForwardSM');
const MO = op('MoForwardSM');
const MT_BASE = { 'sm-RP-DA': { imsi_digits: '262011234567890' }, 'sm-RP-OA': { serviceCentreAddressOA_digits: '4917000001' } };
const MO_BASE = { 'sm-RP-DA': { serviceCentreAddressDA_digits: '4917000001' }, 'sm-RP-OA': { msisdn_digits: '4917100001' } };

const invoke = (o: typeof MT, base: Obj, tpdu: Obj, more = false) =>
  begin(defaultAc(o, 3), [{ t: 'invoke', s: { invokeId: 1, opcode: o.versions[3]!.opcode, argument: encodeMessage(o, 'invoke', 3, { ...base, 'sm-RP-UI_tpdu': tpdu, ...(more ? { moreMessagesToSend: 1 } : {}) }) } }]);
const result = (o: typeof MT, tpdu: Obj) => begin(defaultAc(o, 3), [{ t: 'result', s: { invokeId: 1, opcode: o.versions[3]!.opcode, result: encodeMessage(o, 'result', 3, { 'sm-RP-UI_tpdu': tpdu }) } }]);
const failure = (tpdu: Obj) =>
  begin(defaultAc(MT, 3), [{ t: 'error', s: { invokeId: 1, errorCode: 32, parameter: encodeMessage(MT, 'error', 3, { 'sm-EnumeratedDeliveryFailureCause': 'memoryCapacityExceeded', diagnosticInfo_tpdu: tpdu }, 'sm-DeliveryFailure') } }]);

describe('tshark decodes our short-message TPDUs', needsTool('tshark', 'apt-get install tshark'), () => {
  test('reports, status report and command, field by field', () => {
    const c = decode([
      invoke(MT, MT_BASE, { type: 'SMS-STATUS-REPORT', mr: 17, srq: 0, ra_digits: '4917100002', scts: '240101120000+04', dt: '240101120500+04', st: 0x41 }),
      invoke(MO, MO_BASE, { type: 'SMS-COMMAND', srr: 1, mr: 5, ct: 'delete', mn: 3, da_digits: '4917100002', cd_hex: 'a1b2' }),
      result(MT, { pid: 0, text: 'ok' }),
      result(MO, { scts: '240101120000+04', pid: 0x41 }),
      failure({ fcs: 0xd3 }),
      failure({ fcs: 0xd2, pid: 0, dcs_alphabet: 'ucs2', text: 'Ж' }),
    ]);
    assert.equal(c.expert, 0, c.text());
    assert.deepEqual(c.fields(0, ['gsm_sms.tp-mti', 'gsm_sms.tp-mr', 'gsm_sms.tp-ra', 'gsm_sms.dis_field.st_error', 'gsm_sms.dis.field_st_reason']), {
      'gsm_sms.tp-mti': '2', 'gsm_sms.tp-mr': '17', 'gsm_sms.tp-ra': '4917100002', 'gsm_sms.dis_field.st_error': '2', 'gsm_sms.dis.field_st_reason': '1',
    });
    assert.deepEqual(c.fields(1, ['gsm_sms.tp-mti', 'gsm_sms.tp-srr', 'gsm_sms.tp-mr', 'gsm_sms.tp.command_type', 'gsm_sms.tp.message_number', 'gsm_sms.tp-da', 'gsm_sms.tp.command_data_length']), {
      'gsm_sms.tp-mti': '2', 'gsm_sms.tp-srr': '1', 'gsm_sms.tp-mr': '5', 'gsm_sms.tp.command_type': '2', 'gsm_sms.tp.message_number': '3', 'gsm_sms.tp-da': '4917100002', 'gsm_sms.tp.command_data_length': '2',
    });
    assert.deepEqual(c.fields(2, ['gsm_sms.tp-mti', 'gsm_sms.tp-pid', 'gsm_sms.sms_text', 'gsm_sms.tp-fcs']), { 'gsm_sms.tp-mti': '0', 'gsm_sms.tp-pid': '0', 'gsm_sms.sms_text': 'ok', 'gsm_sms.tp-fcs': '' });
    assert.deepEqual(c.fields(3, ['gsm_sms.tp-mti', 'gsm_sms.tp-pid', 'gsm_sms.scts.year', 'gsm_sms.scts.minutes']), { 'gsm_sms.tp-mti': '1', 'gsm_sms.tp-pid': '65', 'gsm_sms.scts.year': '24', 'gsm_sms.scts.minutes': '0' });
    assert.deepEqual(c.fields(4, ['gsm_sms.tp-mti', 'gsm_sms.tp-fcs']), { 'gsm_sms.tp-mti': '0', 'gsm_sms.tp-fcs': '0xd3' });
    assert.deepEqual(c.fields(5, ['gsm_sms.tp-fcs', 'gsm_sms.dcs.character_set', 'gsm_sms.sms_text']), { 'gsm_sms.tp-fcs': '0xd2', 'gsm_sms.dcs.character_set': '0x02', 'gsm_sms.sms_text': 'Ж' });
  });

  // no commas in the texts: the helper joins a field's occurrences with them
  for (const [alphabet, text] of [['GSM 7-bit', 'Long text with [brackets] and € signs; '.repeat(10)], ['UCS2', 'Длинный текст на русском языке; '.repeat(5)]] as const) {
    test(`the 3 parts of a long ${alphabet} text: concatenation IE, reference, and the text of each`, () => {
      for (const bits of [8, 16] as const) {
        const parts = splitTpdu({ oa_digits: '4917100002', scts: '240101120000+00', text }, bits === 8 ? 0xa5 : 0x1234, bits);
        assert.equal(parts.length, 3);
        const c = decode(parts.map((p, i) => invoke(MT, MT_BASE, p, i < parts.length - 1)));
        assert.equal(c.expert, 0, c.text());
        const got = parts.map((_p, i) => c.fields(i, ['gsm_sms.udh.mm.msg_id', 'gsm_sms.udh.mm.msg_parts', 'gsm_sms.udh.mm.msg_part', 'gsm_sms.sms_text']));
        assert.deepEqual(got.map((f) => [f['gsm_sms.udh.mm.msg_id'], f['gsm_sms.udh.mm.msg_parts'], f['gsm_sms.udh.mm.msg_part']]), parts.map((_p, i) => [String(bits === 8 ? 0xa5 : 0x1234), '3', String(i + 1)]));
        // each part's text as tshark unpacks it (after the header's fill bits); on the last, tshark's own reassembly
        // of the three shows each fragment's text in order, together the whole
        const texts = got.map((f) => f['gsm_sms.sms_text']!.split(','));
        assert.deepEqual(texts.slice(0, 2), [[parts[0]!.text], [parts[1]!.text]]);
        assert.deepEqual(texts[2], parts.map((p) => p.text));
        assert.equal(texts[2]!.join(''), text);
      }
    });
  }

  test('DCS groups as Wireshark reads them: class, compressed bit, message waiting, group 1111', () => {
    const c = decode([
      invoke(MT, MT_BASE, { oa_digits: '1', scts: '240101120000+00', text: 'cls', dcs_class: 1 }),
      invoke(MT, MT_BASE, { oa_digits: '1', scts: '240101120000+00', text: 'vm', dcs_mwi_type: 'voicemail', dcs_mwi_active: 1 }),
      invoke(MT, MT_BASE, { oa_digits: '1', scts: '240101120000+00', ud_hex: '0102', dcs_group: 15, dcs_alphabet: '8bit', dcs_class: 2 }),
    ]);
    assert.equal(c.expert, 0, c.text());
    assert.deepEqual(c.fields(0, ['gsm_sms.tp-dcs', 'gsm_sms.dcs.message_class', 'gsm_sms.sms_text']), { 'gsm_sms.tp-dcs': '17', 'gsm_sms.dcs.message_class': '0x01', 'gsm_sms.sms_text': 'cls' });
    assert.deepEqual(c.fields(1, ['gsm_sms.tp-dcs', 'gsm_sms.dcs.indication_sense', 'gsm_sms.sms_text']), { 'gsm_sms.tp-dcs': '216', 'gsm_sms.dcs.indication_sense': '1', 'gsm_sms.sms_text': 'vm' });
    assert.deepEqual(c.fields(2, ['gsm_sms.tp-dcs', 'gsm_sms.dcs.message_class']), { 'gsm_sms.tp-dcs': '246', 'gsm_sms.dcs.message_class': '0x02' });
  });
});
