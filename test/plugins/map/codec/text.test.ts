// GSM 7-bit default alphabet, SMS and USSD packing (3GPP TS 23.038 §6.1.2) with the CR rule of §6.1.2.3.1, UCS2,
// and the data coding schemes. Byte vectors from published examples, both ways.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeUcs2, encodeUcs2, fromSeptets, pack7, packUssd, toSeptets, unpack7, unpackUssd, TextError } from '../../../../plugins/map/codec/text.js';
import { cbsAlphabet, cbsDcs, smsAlphabet } from '../../../../plugins/map/codec/dcs.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const bytes = (h: string) => Buffer.from(h, 'hex');

describe('USSD packing with the CR rule (TS 23.038 §6.1.2.3.1)', () => {
  // libosmocore tests/ussd/ussd_test.c, test_7bit_ussd(): text, packed octets, and the text read back
  const vectors: Array<[string, string, string]> = [
    ['01234567', 'b0986c46abd96e', '01234567'], // 8 characters fill 7 octets exactly: no padding
    ['0123456', 'b0986c46abd91a', '0123456'], // 7 spare bits: filled with CR (0x0d << 1 = 0x1a), removed on reading
    ['01234567\r', 'b0986c46abd96e0d', '01234567\r'],
    ['0123456\r', 'b0986c46abd91a0d', '0123456\r\r'], // a wanted CR on an octet boundary gets a second CR (read twice: harmless)
    ['012345\r', 'b0986c46ab351a', '012345\r'], // 7 spare bits after a wanted CR: padding CR, then the final one is removed
    ['forty-two', 'e6b79c9e6fd1ef6f', 'forty-two'],
    ['', '', ''],
  ];
  for (const [text, packed, read] of vectors) {
    test(`${JSON.stringify(text)} <-> ${packed || '(empty)'}`, () => {
      assert.equal(hex(packUssd(text)), packed);
      assert.equal(unpackUssd(bytes(packed)), read);
    });
  }
  test('protocols.md §1.4b and libosmocore REGISTER vector: *100# and **321#', () => {
    assert.equal(hex(packUssd('*100#')), 'aa180c3602');
    assert.equal(unpackUssd(bytes('2ad54c161b01')), '**321#');
  });
});

describe('SMS packing and the alphabet (TS 23.038 §6.1.2.1, §6.2.1)', () => {
  test('"test text" and "hellohello" (libosmocore tests/sms/sms_test.c; the GSM 03.40 PDU tutorial)', () => {
    assert.equal(hex(pack7(toSeptets('test text'))), 'f4f29c0ea297f174');
    assert.equal(fromSeptets(unpack7(bytes('f4f29c0ea297f174'), 9)), 'test text');
    assert.equal(hex(pack7(toSeptets('hellohello'))), 'e8329bfd4697d9ec37');
  });
  test('extension characters take an escape: ^ counts twice (libosmocore escape vector)', () => {
    const text = '!$ a more#^- complicated test@@?_%! case';
    const s = toSeptets(text);
    assert.equal(s.length, 41);
    assert.ok(hex(pack7(s)).startsWith('2101280c6abfe5e5d186d2028d'));
    assert.equal(fromSeptets(unpack7(pack7(s), 41)), text);
  });
  test('the whole default alphabet and extension table round-trip', () => {
    const all = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà^{}\\[~]|€\f';
    assert.equal(fromSeptets(unpack7(pack7(toSeptets(all)), toSeptets(all).length)), all);
  });
  test('fill bits after a header shift the septets', () => {
    assert.equal(fromSeptets(unpack7(pack7(toSeptets('abc'), 1), 3, 1)), 'abc');
  });
  test('a character outside the alphabet is named', () => {
    assert.throws(() => toSeptets('ab\u0416'), (e: unknown) => e instanceof TextError && /"Ж" \(position 2\)/.test(e.message));
  });
  test('UCS2 is big-endian UTF-16, surrogate pairs kept', () => {
    assert.equal(hex(encodeUcs2('A€😀')), '004120acd83dde00');
    assert.equal(decodeUcs2(bytes('004120acd83dde00')), 'A€😀');
  });
});

describe('data coding schemes (TS 23.038 §4, §5)', () => {
  const enc = (v: Record<string, unknown>) => cbsDcs.encode((s) => v[s]);
  test('USSD DCS from parts: default 0x0F (GSM 7-bit, language unspecified); general coding, UCS2; class', () => {
    assert.equal(hex(enc({}) as Uint8Array), '0f');
    assert.equal(hex(enc({ group: 0, language: 1 }) as Uint8Array), '01');
    assert.equal(hex(enc({ group: 4, encoding: 'ucs2' }) as Uint8Array), '48');
    assert.equal(hex(enc({ group: 4, encoding: 1, message_class: 2 }) as Uint8Array), '56');
    assert.equal(hex(enc({ group: 15, encoding: '8bit', message_class: 1 }) as Uint8Array), 'f5');
    assert.match(String(enc({ group: 16 })), /^_group: must be an integer 0..15/);
    assert.match(String(enc({ group: 4, encoding: 'utf8' })), /^_encoding: must be/);
  });
  test('an explicit UCS2 request is honoured or refused, never sent as GSM 7-bit (audit C.3)', () => {
    // without a group: the general data coding group carries it
    assert.equal(hex(enc({ encoding: 'ucs2' }) as Uint8Array), '48');
    assert.equal(hex(enc({ encoding: '8bit' }) as Uint8Array), '44');
    // group 1: UCS2 preceded by a language (0x11)
    assert.equal(hex(enc({ group: 1, encoding: 'ucs2' }) as Uint8Array), '11');
    assert.equal(hex(enc({ group: 9, encoding: 'ucs2' }) as Uint8Array), '98');
    // groups 0, 2, 3 (GSM 7-bit with a language) and 15 (GSM 7-bit or 8-bit) have no UCS2 (TS 23.038 §5)
    for (const group of [0, 2, 3, 15]) assert.match(String(enc({ group, encoding: 'ucs2' })), new RegExp(`^_encoding: ucs2 is not in CBS group ${group} `));
    assert.match(String(enc({ group: 0, encoding: '8bit' })), /^_encoding: 8bit is not in CBS group 0/);
  });
  test('USSD DCS decoded into its parts', () => {
    const out: Record<string, unknown> = {};
    cbsDcs.decode(bytes('48'), 'd', out);
    assert.deepEqual(out, { d_group: 4, d_encoding: 2, d_is_compressed: 0, d_alphabet: 'ucs2' });
    const o2: Record<string, unknown> = {};
    cbsDcs.decode(bytes('0f'), 'd', o2);
    assert.deepEqual(o2, { d_group: 0, d_language: 15, d_alphabet: 'gsm7' });
  });
  test('alphabets selected by CBS and SMS schemes', () => {
    assert.equal(cbsAlphabet(0x0f).alphabet, 'gsm7');
    assert.deepEqual(cbsAlphabet(0x11), { alphabet: 'ucs2', languagePrefix: true, compressed: false });
    assert.equal(cbsAlphabet(0x44).alphabet, '8bit');
    assert.equal(cbsAlphabet(0xf4).alphabet, '8bit');
    assert.equal(smsAlphabet(0x08).alphabet, 'ucs2');
    assert.equal(smsAlphabet(0x04).alphabet, '8bit');
    assert.deepEqual(smsAlphabet(0x12), { alphabet: 'gsm7', compressed: false, messageClass: 2 });
    assert.equal(smsAlphabet(0xe0).alphabet, 'ucs2');
  });
});
