// Concatenated short messages (TS 23.040 §9.2.3.24.1 IEI 00, §9.2.3.24.8 IEI 08): a long text split into parts
// that each fit one TPDU, with the septet fill after the header (§9.2.3.24: the text starts on a septet boundary),
// GSM 7-bit extension characters and UCS2 surrogate pairs kept whole, and the parts put together again.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Reassembly, splitTpdu } from '../../../../plugins/map/codec/concat.js';
import { decodeTpdu, encodeTpdu, TpduError } from '../../../../plugins/map/codec/tpdu.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
type Obj = Record<string, unknown>;
const roundTrip = (parts: Obj[], dir: 'mo' | 'mt') => parts.map((p) => decodeTpdu(encodeTpdu(p, dir), dir));

describe('splitting', () => {
  test('GSM 7-bit, 8-bit reference: 153 septets a part, UDL 160, one fill bit after the 6-octet header', () => {
    const text = 'A'.repeat(153) + 'B'.repeat(153) + 'C'.repeat(50);
    const parts = splitTpdu({ da_digits: '4917100002', text }, 0xcc, 8);
    assert.deepEqual(parts.map((p) => [p.concat_seq, p.concat_total, (p.text as string).length]), [[1, 3, 153], [2, 3, 153], [3, 3, 50]]);
    const b = encodeTpdu(parts[0]!, 'mo');
    // ... TP-DCS 00, TP-UDL a0 (160), UDHL 05, IEI 00 len 03 ref cc total 03 seq 01, then 'A' (0x41) after one fill bit: 0x82
    assert.match(hex(b), /00a0050003cc030182/);
    const d = roundTrip(parts, 'mo');
    assert.deepEqual(d.map((x) => [x.udl, x.concat_ref, x.concat_ref_bits, x.concat_seq]), [[160, 0xcc, 8, 1], [160, 0xcc, 8, 2], [57, 0xcc, 8, 3]]);
    assert.equal(d.map((x) => x.text).join(''), text);
  });
  test('GSM 7-bit, 16-bit reference: 152 septets a part, no fill (7 header octets are 8 septets)', () => {
    const text = 'x'.repeat(152 * 2 + 1);
    const parts = splitTpdu({ oa_digits: '4917100002', scts: '240101120000+00', text }, 0x1234, 16);
    assert.deepEqual(parts.map((p) => (p.text as string).length), [152, 152, 1]);
    const b = encodeTpdu(parts[1]!, 'mt');
    // TP-UDL a0, UDHL 06, IEI 08 len 04 ref 1234 total 03 seq 02, then 'x' (0x78) with no fill: 78 (a fill bit gives f0)
    assert.match(hex(b), /a006080412340302783c/);
    assert.equal(roundTrip(parts, 'mt').map((x) => x.text).join(''), text);
  });
  test('an extension character (escape + code) is not cut between parts', () => {
    const text = 'x'.repeat(152) + '€' + 'y'.repeat(10);
    const parts = splitTpdu({ da_digits: '1', text }, 1, 8);
    // 152 septets + the 2 of € would be 154 > 153: € opens part 2
    assert.deepEqual(parts.map((p) => p.text), ['x'.repeat(152), '€' + 'y'.repeat(10)]);
    const d = roundTrip(parts, 'mo');
    assert.deepEqual(d.map((x) => x.udl), [7 + 152, 7 + 12]);
    assert.equal(d.map((x) => x.text).join(''), text);
  });
  test('UCS2: 67 characters a part (134 octets), 66 with a 16-bit reference; a surrogate pair kept whole', () => {
    const text = 'Ж'.repeat(67 * 2 + 3);
    assert.deepEqual(splitTpdu({ da_digits: '1', text }, 9, 8).map((p) => [...(p.text as string)].length), [67, 67, 3]);
    assert.deepEqual(splitTpdu({ da_digits: '1', text }, 9, 16).map((p) => [...(p.text as string)].length), [66, 66, 5]);
    const emoji = 'a'.repeat(66) + '😀' + 'b'.repeat(70);
    const parts = splitTpdu({ da_digits: '1', text: emoji }, 9, 8);
    assert.equal(parts[0]!.text, 'a'.repeat(66));
    const d = roundTrip(parts, 'mo');
    assert.deepEqual([d[0]!.dcs_alphabet, d[0]!.udl, d.map((x) => x.text).join('')], ['ucs2', 6 + 132, emoji]);
  });
  test('the alphabet of the whole holds for every part: a part that GSM 7-bit could carry stays UCS2', () => {
    const parts = splitTpdu({ da_digits: '1', text: 'Ж' + 'a'.repeat(140) }, 2, 8);
    assert.deepEqual(roundTrip(parts, 'mo').map((x) => x.dcs_alphabet), ['ucs2', 'ucs2', 'ucs2']);
  });
  test('8-bit data given as hex: 134 octets a part', () => {
    const parts = splitTpdu({ da_digits: '1', dcs: 4, ud_hex: 'ab'.repeat(200) }, 3, 8);
    assert.deepEqual(parts.map((p) => (p.ud_hex as string).length / 2), [134, 66]);
  });
  test('a text that fits is not split; other header IEs count', () => {
    assert.equal(splitTpdu({ da_digits: '1', text: 'x'.repeat(160) }, 1, 8).length, 1);
    // an IE of 3 octets (UDHL 1 + 3): 160 - 5 septets fit alone
    assert.equal(splitTpdu({ da_digits: '1', udh: [{ iei: 0x24, data_hex: '01' }], text: 'x'.repeat(155) }, 1, 8).length, 1);
    const parts = splitTpdu({ da_digits: '1', udh: [{ iei: 0x24, data_hex: '01' }], text: 'x'.repeat(156) }, 1, 8);
    // with both IEs (UDHL 1 + 3 + 5 = 9 octets = 11 septets): 149 a part
    assert.deepEqual(parts.map((p) => (p.text as string).length), [149, 7]);
    assert.deepEqual(roundTrip(parts, 'mo').map((x) => [x.udl, (x.udh as Obj[]).length]), [[160, 2], [18, 2]]);
  });
  test('other IEs given as udh_hex stay in every part, beside the concatenation IE built again', () => {
    const parts = splitTpdu({ da_digits: '1', udh_hex: '240101', text: 'x'.repeat(300) }, 4, 8);
    // UDHL 1 + 3 + 5 = 9 octets = 11 septets: 149 a part, 3 parts
    assert.deepEqual(roundTrip(parts, 'mo').map((x) => x.udh), [1, 2, 3].map((k) => [{ iei: 0x24, data_hex: '01' }, { iei: 0, data_hex: `04030${k}` }]));
  });
  test('a decoded part (its udh list holding the concatenation IE) encodes back to the same octets', () => {
    const b = encodeTpdu(splitTpdu({ da_digits: '1', text: 'x'.repeat(300) }, 4, 16)[1]!, 'mo');
    const { udh_hex: _raw, ...d } = decodeTpdu(b, 'mo');
    assert.equal(hex(encodeTpdu(d, 'mo')), hex(b));
  });
  test('limits: 255 parts, a reference in its size', () => {
    assert.throws(() => splitTpdu({ da_digits: '1', text: 'x'.repeat(153 * 256) }, 1, 8), (e) => e instanceof TpduError && /needs 256 parts/.test(e.message));
    assert.throws(() => splitTpdu({ da_digits: '1', text: 'x'.repeat(200) }, 256, 8), /concat_ref: must be an integer 0..255/);
  });
});

describe('reassembly', () => {
  test('parts in any order, by sender and reference; the whole when the last is in', () => {
    const r = new Reassembly();
    const text = 'Hello '.repeat(60);
    const a = roundTrip(splitTpdu({ oa_digits: '111', scts: '240101120000+00', text }, 5, 8), 'mt');
    const b = roundTrip(splitTpdu({ oa_digits: '222', scts: '240101120000+00', text: text.toUpperCase() }, 5, 8), 'mt');
    assert.equal(a.length, 3);
    assert.equal(r.add(a[2]!), undefined);
    assert.equal(r.add(b[0]!), undefined);
    assert.equal(r.add(a[0]!), undefined);
    assert.equal(r.held(), 3);
    const whole = r.add(a[1]!);
    assert.deepEqual([whole?.text, whole?.parts.map((p) => p.concat_seq)], [text, [1, 2, 3]]);
    assert.equal(r.held(), 1);
    assert.equal(r.add({ text: 'single' }), undefined);
  });
});
