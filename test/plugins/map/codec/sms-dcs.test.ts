// TP-DCS (3GPP TS 23.038 §4) decoded into fields for every coding group, built from fields, and the alphabets a
// group cannot carry refused (UCS2 in group 1111, 8-bit with a message waiting indication); the USSD scheme's
// UCS2 request (§5) through the message codec.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { dcsFields, dcsOf, DcsError } from '../../../../plugins/map/codec/sms-dcs.js';
import { decodeMessage, encodeMessage } from '../../../../plugins/map/codec/message.js';
import { MAP_OPERATIONS } from '../../../../plugins/map/catalogue.js';
import { CodecError } from '../../../../plugins/sigtran/codec/index.js';

const fields = (dcs: number) => {
  const out: Record<string, unknown> = {};
  dcsFields(dcs, out);
  return out;
};

describe('every coding group decoded into fields', () => {
  test('general data coding 00xx and automatic deletion 01xx: compressed, class, alphabet', () => {
    assert.deepEqual(fields(0x00), { dcs: 0, dcs_group: 0, dcs_alphabet: 'gsm7', dcs_compressed: 0, dcs_auto_delete: 0 });
    assert.deepEqual(fields(0x18), { dcs: 0x18, dcs_group: 1, dcs_alphabet: 'ucs2', dcs_class: 0, dcs_compressed: 0, dcs_auto_delete: 0 });
    assert.deepEqual(fields(0x36), { dcs: 0x36, dcs_group: 3, dcs_alphabet: '8bit', dcs_class: 2, dcs_compressed: 1, dcs_auto_delete: 0 });
    assert.deepEqual(fields(0x48), { dcs: 0x48, dcs_group: 4, dcs_alphabet: 'ucs2', dcs_compressed: 0, dcs_auto_delete: 1 });
    assert.equal(fields(0x0c).dcs_alphabet_reserved, 1);
  });
  test('message waiting groups 1100 (discard), 1101 (store), 1110 (store, UCS2): active, type', () => {
    assert.deepEqual(fields(0xc8), { dcs: 0xc8, dcs_group: 12, dcs_alphabet: 'gsm7', dcs_mwi_store: 0, dcs_mwi_active: 1, dcs_mwi_type: 'voicemail' });
    assert.deepEqual(fields(0xd2), { dcs: 0xd2, dcs_group: 13, dcs_alphabet: 'gsm7', dcs_mwi_store: 1, dcs_mwi_active: 0, dcs_mwi_type: 'email' });
    assert.deepEqual(fields(0xeb), { dcs: 0xeb, dcs_group: 14, dcs_alphabet: 'ucs2', dcs_mwi_store: 1, dcs_mwi_active: 1, dcs_mwi_type: 'other' });
  });
  test('group 1111: 8-bit or GSM 7-bit with a class; reserved groups 1000-1011', () => {
    assert.deepEqual(fields(0xf5), { dcs: 0xf5, dcs_group: 15, dcs_alphabet: '8bit', dcs_class: 1 });
    assert.deepEqual(fields(0xf2), { dcs: 0xf2, dcs_group: 15, dcs_alphabet: 'gsm7', dcs_class: 2 });
    assert.deepEqual(fields(0x85), { dcs: 0x85, dcs_group: 8, dcs_alphabet: 'gsm7', dcs_reserved: 1 });
  });
});

describe('TP-DCS built from fields', () => {
  test('the alphabet from the text, or as asked, with a class', () => {
    assert.equal(dcsOf({ text: 'hello' }), 0x00);
    assert.equal(dcsOf({ text: 'Привет' }), 0x08);
    assert.equal(dcsOf({ text: 'hello', dcs_alphabet: 'ucs2' }), 0x08);
    assert.equal(dcsOf({ text: 'hello', dcs_alphabet: 'ucs2', dcs_class: 1 }), 0x19);
    assert.equal(dcsOf({ dcs_alphabet: '8bit', dcs_group: 4 }), 0x44);
    assert.equal(dcsOf({ dcs_alphabet: 'gsm7', dcs_compressed: 1 }), 0x20);
    assert.equal(dcsOf({ dcs: 0xf1 }), 0xf1);
  });
  test('group 1111 for GSM 7-bit and 8-bit; UCS2 refused there (TS 23.038 §4), with the group that has it', () => {
    assert.equal(dcsOf({ text: 'x', dcs_group: 15, dcs_class: 1 }), 0xf1);
    assert.equal(dcsOf({ dcs_group: 15, dcs_alphabet: '8bit', dcs_class: 2 }), 0xf6);
    assert.throws(() => dcsOf({ dcs_group: 15, dcs_alphabet: 'ucs2' }), (e) => e instanceof DcsError && /group 1111 codes GSM 7-bit or 8-bit data only .* dcs_group 0/.test(e.message));
    // a text only UCS2 can carry, in group 1111: refused too rather than sent in another alphabet
    assert.throws(() => dcsOf({ dcs_group: 15, text: 'Ж' }), DcsError);
  });
  test('message waiting indications', () => {
    assert.equal(dcsOf({ dcs_mwi_type: 'voicemail' }), 0xd8);
    assert.equal(dcsOf({ dcs_mwi_type: 'fax', dcs_mwi_active: 0, dcs_mwi_store: 0 }), 0xc1);
    assert.equal(dcsOf({ dcs_mwi_type: 'email', text: 'Ж' }), 0xea);
    assert.equal(dcsOf({ dcs_group: 14 }), 0xe8);
    assert.throws(() => dcsOf({ dcs_mwi_type: 'fax', dcs_alphabet: '8bit' }), /not 8-bit data/);
    assert.throws(() => dcsOf({ dcs_group: 12, dcs_alphabet: 'ucs2' }), /group 1110 \(store\) only/);
    assert.throws(() => dcsOf({ dcs_mwi_type: 'pager' }), /^Error: dcs_mwi_type|dcs_mwi_type: must be/);
  });
  test('every octet decodes to fields that build it again (but the reserved values)', () => {
    let n = 0;
    for (let d = 0; d < 256; d++) {
      const f = fields(d);
      if (Object.keys(f).some((k) => k.includes('reserved'))) continue;
      const { dcs: _raw, ...parts } = f;
      assert.equal(dcsOf(parts), d, `0x${d.toString(16)}: ${JSON.stringify(parts)}`);
      n++;
    }
    // 00xx/01xx: 4 (bits 6-5) x 3 alphabets x (4 classes + none); 1100-1110: 3 x 2 (active) x 4 types; 1111: 2 x 4
    assert.equal(n, 4 * 3 * 5 + 3 * 2 * 4 + 2 * 4);
  });
});

describe('USSD: an explicit UCS2 request through the message codec (TS 23.038 §5)', () => {
  const ussr = MAP_OPERATIONS.find((o) => o.name === 'UnstructuredSSRequest')!;
  test('the encoding alone selects the general data coding group: UCS2 text, DCS 0x48', () => {
    const b = encodeMessage(ussr, 'invoke', 2, { ussdString_text: 'ab', ussdDataCodingScheme_encoding: 'ucs2' });
    const d = decodeMessage(ussr, 'invoke', 2, b).fields;
    assert.deepEqual([d.ussdDataCodingScheme, d.ussdString, d.ussdString_text], ['48', '00610062', 'ab']);
  });
  test('group 15 with UCS2 is refused naming the groups that have it', () => {
    assert.throws(() => encodeMessage(ussr, 'invoke', 2, { ussdString_text: 'Ж', ussdDataCodingScheme_group: 15, ussdDataCodingScheme_encoding: 'ucs2' }), (e) => e instanceof CodecError && /ucs2 is not in CBS group 15 .*group 1 .*4-7/.test(e.message));
  });
});
