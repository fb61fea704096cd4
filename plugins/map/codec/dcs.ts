// Data coding schemes (3GPP TS 23.038): the CBS scheme that USSD uses (§5) as the derived fields of
// `ussdDataCodingScheme`, the SMS scheme of TP-DCS (§4), and the alphabet each selects.
import type { NumberFormat } from '../../sigtran/codec/index.js';

export type Alphabet = 'gsm7' | '8bit' | 'ucs2';
const ALPHABETS: readonly Alphabet[] = ['gsm7', '8bit', 'ucs2'];

/** An alphabet given as 0/1/2 or by name; undefined when it is neither. */
export function alphabetOf(v: unknown): Alphabet | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string' && (ALPHABETS as readonly string[]).includes(v.toLowerCase())) return v.toLowerCase() as Alphabet;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return ALPHABETS[n];
}

/**
 * CBS data coding scheme -> alphabet and whether the text starts with a language indication (§5): 0000 GSM 7-bit
 * (language in bits 3-0), 0001 0000 GSM 7-bit / 0001 0001 UCS2 preceded by a language, 0010 / 0011 GSM 7-bit,
 * 01xx general coding (bits 3-2 the alphabet), 1001 with user data header, 1111 bit 2 8-bit or GSM 7-bit.
 * Reserved groups are read as GSM 7-bit (§5: "any reserved codings shall be assumed to be the GSM 7 bit default").
 */
export function cbsAlphabet(dcs: number): { alphabet: Alphabet; languagePrefix: boolean; compressed: boolean } {
  const group = dcs >> 4;
  if (dcs === 0x10) return { alphabet: 'gsm7', languagePrefix: true, compressed: false };
  if (dcs === 0x11) return { alphabet: 'ucs2', languagePrefix: true, compressed: false };
  if ((group & 0xc) === 0x4 || group === 0x9) {
    const a = (dcs >> 2) & 3;
    return { alphabet: a === 1 ? '8bit' : a === 2 ? 'ucs2' : 'gsm7', languagePrefix: false, compressed: (group & 0xc) === 0x4 && (dcs & 0x20) !== 0 };
  }
  if (group === 0xf) return { alphabet: dcs & 4 ? '8bit' : 'gsm7', languagePrefix: false, compressed: false };
  return { alphabet: 'gsm7', languagePrefix: false, compressed: false };
}

/** SMS TP-DCS -> alphabet (TS 23.038 §4); message waiting groups 1100/1101 are GSM 7-bit, 1110 UCS2. */
export function smsAlphabet(dcs: number): { alphabet: Alphabet; compressed: boolean; messageClass: number | undefined } {
  const group = dcs >> 4;
  if ((group & 0xc) === 0 || (group & 0xc) === 0x4) {
    const a = (dcs >> 2) & 3;
    return { alphabet: a === 1 ? '8bit' : a === 2 ? 'ucs2' : 'gsm7', compressed: (dcs & 0x20) !== 0, messageClass: dcs & 0x10 ? dcs & 3 : undefined };
  }
  if (group === 0xc || group === 0xd) return { alphabet: 'gsm7', compressed: false, messageClass: undefined };
  if (group === 0xe) return { alphabet: 'ucs2', compressed: false, messageClass: undefined };
  if (group === 0xf) return { alphabet: dcs & 4 ? '8bit' : 'gsm7', compressed: false, messageClass: dcs & 3 };
  return { alphabet: 'gsm7', compressed: false, messageClass: undefined };
}

/** Why a CBS group cannot code the requested alphabet (§5), or undefined. Groups 0, 2 and 3 are GSM 7-bit with a
 *  language, group 1 is GSM 7-bit or UCS2 preceded by a language, 1111 is GSM 7-bit or 8-bit (bit 2): a request the
 *  group cannot carry is refused rather than sent in another alphabet than asked. */
function cbsRefusal(group: number, alphabet: Alphabet | undefined): string | undefined {
  if (alphabet === undefined || alphabet === 'gsm7') return undefined;
  const refuse = (what: string) => `_encoding: ${alphabet} is not in CBS group ${group} (${what}, TS 23.038 §5); UCS2 is group 1 (language-prefixed) or 4-7 / 9 (general data coding)`;
  if (group === 0 || group === 2 || group === 3) return refuse('GSM 7-bit with a language');
  if (group === 1 && alphabet === '8bit') return refuse('GSM 7-bit or UCS2 preceded by a language');
  if (group === 15 && alphabet === 'ucs2') return refuse('GSM 7-bit or 8-bit data');
  if (group === 8 || (group >= 10 && group <= 14)) return refuse('reserved or not a data coding group');
  return undefined;
}

function int(v: unknown, dflt: number, max: number, name: string): number {
  if (v === undefined || v === null) return dflt;
  if (typeof v === 'boolean') return v ? 1 : 0;
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max) throw new RangeError(`_${name}: must be an integer 0..${max}, got ${JSON.stringify(v)}`);
  return n;
}

/**
 * `ussdDataCodingScheme` as the anchor's parts (TS 23.038 §5): `_group` (bits 8-5, default 0), `_language`
 * (bits 4-1 of groups 0, 2, 3; default 15 = unspecified), and for the general data coding groups 4-7 (and 9, 15)
 * `_is_compressed`, `_message_class` (0-3) and `_encoding` (0/gsm7, 1/8bit, 2/ucs2). Decoding gives every part
 * that applies to the group, plus `_alphabet` (the alphabet the text is read in).
 */
export const cbsDcs: NumberFormat = {
  suffixes: ['group', 'language', 'is_compressed', 'message_class', 'encoding', 'alphabet'],
  text: ['alphabet'],
  encode(get) {
    try {
      const enc = get('encoding') ?? get('alphabet');
      const alphabet = alphabetOf(enc);
      if (enc !== undefined && enc !== null && !alphabet) return `_encoding: must be 0/gsm7, 1/8bit or 2/ucs2, got ${JSON.stringify(enc)}`;
      // no group given: the general data coding group (01xx) carries 8-bit and UCS2, group 0 (language unspecified) GSM 7-bit
      const group = int(get('group'), alphabet === 'ucs2' || alphabet === '8bit' ? 4 : 0, 15, 'group');
      const a = ALPHABETS.indexOf(alphabet ?? 'gsm7');
      const why = cbsRefusal(group, alphabet);
      if (why) return why;
      const cls = get('message_class');
      if ((group & 0xc) === 0x4) {
        const c = int(cls, 0, 3, 'message_class');
        const classBit = cls === undefined || cls === null ? 0 : 0x10;
        return Uint8Array.of((group << 4) | (int(get('is_compressed'), 0, 1, 'is_compressed') << 5 & 0x20) | classBit | (a << 2) | c);
      }
      if (group === 9) return Uint8Array.of(0x90 | (a << 2) | int(cls, 0, 3, 'message_class'));
      if (group === 15) return Uint8Array.of(0xf0 | (a === 1 ? 4 : 0) | int(cls, 0, 3, 'message_class'));
      if (group === 1) return Uint8Array.of(0x10 | (a === 2 ? 1 : 0));
      return Uint8Array.of((group << 4) | int(get('language'), 15, 15, 'language'));
    } catch (e) {
      if (e instanceof RangeError) return e.message;
      throw e;
    }
  },
  decode(b, p, out) {
    if (b.length !== 1) return false;
    const d = b[0]!;
    const group = d >> 4;
    out[p + '_group'] = group;
    const { alphabet, compressed } = cbsAlphabet(d);
    if (group === 0 || group === 2 || group === 3) out[p + '_language'] = d & 15;
    if ((group & 0xc) === 0x4 || group === 9 || group === 15) {
      out[p + '_encoding'] = ALPHABETS.indexOf(alphabet);
      if ((group & 0xc) !== 0x4 || d & 0x10) out[p + '_message_class'] = d & 3;
    }
    if ((group & 0xc) === 0x4) out[p + '_is_compressed'] = compressed ? 1 : 0;
    out[p + '_alphabet'] = alphabet;
    return true;
  },
};
