// SMS-SUBMIT and SMS-DELIVER TPDUs (3GPP TS 23.040 §9.2.2): published PDUs both ways, concatenation headers,
// UCS2, alphanumeric addresses, and readable errors.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeTpdu, encodeTpdu, TpduError } from '../../../../plugins/map/codec/tpdu.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const bytes = (h: string) => Buffer.from(h, 'hex');

// "SMS messages and the PDU format" (dreamfabric.com, mirrored at turbocontrol.com): the SMS-SUBMIT of "hellohello" to
// +46708251358, validity 4 days, without its leading SMSC length octet.
const SUBMIT = '11000b916407281553f80000aa0ae8329bfd4697d9ec37';
// The same tutorial's SMS-DELIVER (mirrored in the LoriotPro SMS manager documentation) after its SMSC information:
// from 27838890001 (TON 4, NPI 8), time stamp 99-03-29 15:16:59 +2 h.
const DELIVER = '040bc87238880900f10000993092516195800ae8329bfd4697d9ec37';

describe('published PDUs', () => {
  test('SMS-SUBMIT decodes field by field and encodes back', () => {
    const d = decodeTpdu(bytes(SUBMIT), 'mo');
    assert.deepEqual(
      { type: d.type, mr: d.mr, da_digits: d.da_digits, da_noa: d.da_noa, da_npi: d.da_npi, vpf: d.vpf, vp: d.vp, dcs: d.dcs, udl: d.udl, text: d.text },
      { type: 'SMS-SUBMIT', mr: 0, da_digits: '46708251358', da_noa: 1, da_npi: 1, vpf: 'relative', vp: 0xaa, dcs: 0, udl: 10, text: 'hellohello' },
    );
    assert.equal(hex(encodeTpdu({ da_digits: '46708251358', vp: 0xaa, text: 'hellohello' }, 'mo')), SUBMIT);
    assert.equal(hex(encodeTpdu(d, 'mo')), SUBMIT);
  });
  test('SMS-DELIVER decodes field by field and encodes back', () => {
    const d = decodeTpdu(bytes(DELIVER), 'mt');
    assert.deepEqual(
      { type: d.type, oa_digits: d.oa_digits, oa_noa: d.oa_noa, oa_npi: d.oa_npi, mms: d.mms, scts: d.scts, text: d.text },
      { type: 'SMS-DELIVER', oa_digits: '27838890001', oa_noa: 4, oa_npi: 8, mms: 0, scts: '990329151659+08', text: 'hellohello' },
    );
    assert.equal(hex(encodeTpdu(d, 'mt')), DELIVER);
    assert.equal(hex(encodeTpdu({ oa_digits: '27838890001', oa_noa: 4, oa_npi: 8, scts: '990329151659+08', text: 'hellohello' }, 'mt')), DELIVER);
  });
});

describe('user data', () => {
  test('concatenation header (IEI 00): fill bit, UDL in septets, parts readable', () => {
    const b = encodeTpdu({ da_digits: '123', text: 'part one', concat_ref: 7, concat_total: 2, concat_seq: 1 }, 'mo');
    // UDHL 05, IEI 00 len 03 ref 07 total 02 seq 01; 6 octets = 48 bits + 1 fill bit = 7 septets, + 8 text septets
    assert.equal(hex(b).slice(16, 30), '0f050003070201');
    const d = decodeTpdu(b, 'mo');
    assert.deepEqual([d.udhi, d.concat_ref, d.concat_total, d.concat_seq, d.text, d.udh], [1, 7, 2, 1, 'part one', [{ iei: 0, data_hex: '070201' }]]);
  });
  test('16-bit reference (IEI 08) and explicit IEs', () => {
    const d = decodeTpdu(encodeTpdu({ oa_digits: '1', text: 'x', concat_ref: 300, concat_total: 3, concat_seq: 3, scts: '240101000000+00' }, 'mt'), 'mt');
    assert.deepEqual([d.concat_ref, d.concat_total, d.concat_seq, d.text], [300, 3, 3, 'x']);
    const e = decodeTpdu(encodeTpdu({ da_digits: '1', udh: [{ iei: 0x24, data_hex: '01' }], text: 'y' }, 'mo'), 'mo');
    assert.deepEqual(e.udh, [{ iei: 0x24, data_hex: '01' }]);
  });
  test('UCS2 chosen for text outside GSM 7-bit; 8-bit as given', () => {
    const d = decodeTpdu(encodeTpdu({ da_digits: '1', text: 'Привет 😀' }, 'mo'), 'mo');
    assert.deepEqual([d.dcs, d.dcs_alphabet, d.text], [8, 'ucs2', 'Привет 😀']);
    const e = decodeTpdu(encodeTpdu({ da_digits: '1', dcs: 4, ud_hex: '00ff10' }, 'mo'), 'mo');
    assert.deepEqual([e.dcs_alphabet, e.ud_hex, e.udl], ['8bit', '00ff10', 3]);
  });
  test('alphanumeric originator (TON 5)', () => {
    const d = decodeTpdu(encodeTpdu({ oa_text: 'Tester', text: 'hi', scts: '240101000000+00' }, 'mt'), 'mt');
    assert.deepEqual([d.oa_noa, d.oa_text, d.text], [5, 'Tester', 'hi']);
  });
  test('the other TPDU types are told by TP-MTI and the direction (field by field in tpdu-reports.test.ts)', () => {
    assert.equal(decodeTpdu(bytes('01004210102100004000'), 'mt').type, 'SMS-SUBMIT-REPORT');
    assert.equal(decodeTpdu(bytes('0000'), 'mo').type, 'SMS-DELIVER-REPORT');
    assert.equal(decodeTpdu(bytes('03'), 'mo').type, 'reserved');
  });
});

describe('errors name the field', () => {
  const bad = (o: Record<string, unknown>, dir: 'mo' | 'mt', re: RegExp) => assert.throws(() => encodeTpdu(o, dir), (e: unknown) => e instanceof TpduError && re.test(e.message));
  test('bad inputs', () => {
    bad({ da_digits: '12x' }, 'mo', /^da_digits: "12x"/);
    bad({ oa_digits: '1', scts: 'yesterday' }, 'mt', /^scts: expected 'YYMMDDhhmmss\+QQ'/);
    bad({ da_digits: '1', text: 'a'.repeat(161) }, 'mo', /^text: 161 septets do not fit/);
    bad({ type: 'SMS-STATUS-REPORT' }, 'mo', /^type: "SMS-STATUS-REPORT" does not go MS -> SC/);
    bad({ oa_text: 'A much too long name', text: 'x' }, 'mt', /^oa_text: 20 septets exceed the 11/);
    bad({ da_digits: '1', text: 'x', concat_ref: 300, concat_ref_bits: 8, concat_total: 2, concat_seq: 1 }, 'mo', /^concat_ref: 300 does not fit an 8-bit reference/);
    bad({ da_digits: '1', mr: 256 }, 'mo', /^mr: must be an integer 0..255/);
    bad({ da_digits: '1', dcs_alphabet: 'utf8' }, 'mo', /^dcs_alphabet: must be gsm7, 8bit or ucs2/);
  });
  test('truncated TPDUs throw TpduError', () => {
    for (const h of ['', '11', '1100', '11000b91', DELIVER.slice(0, 20)]) assert.throws(() => decodeTpdu(bytes(h), h.startsWith('04') ? 'mt' : 'mo'), TpduError, h);
  });
});
