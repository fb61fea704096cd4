// Text in USSD strings and short messages (3GPP TS 23.038): the GSM 7-bit default alphabet with its extension
// table, septet packing (SMS packing §6.1.2.1 and USSD packing §6.1.2.3 with the CR rule of §6.1.2.3.1), UCS2.

/** The GSM 7-bit default alphabet (TS 23.038 §6.2.1), indexed by septet; 0x1B is the escape to the extension table. */
const DEFAULT_ALPHABET =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table (§6.2.1.1): septet after the escape -> character. */
const EXTENSION: Readonly<Record<number, string>> = { 0x0a: '\f', 0x14: '^', 0x28: '{', 0x29: '}', 0x2f: '\\', 0x3c: '[', 0x3d: '~', 0x3e: ']', 0x40: '|', 0x65: '€' };

const ESC = 0x1b;
const CR = 0x0d;
const TO_SEPTET = new Map<string, number>([...DEFAULT_ALPHABET].map((c, i) => [c, i] as const).filter(([c]) => c !== '\u001b'));
const TO_EXTENDED = new Map<string, number>(Object.entries(EXTENSION).map(([k, c]) => [c, Number(k)] as const));

export class TextError extends Error {}

/** Text to septets of the default alphabet (extension characters take two). Throws TextError naming a character
 *  the alphabet cannot represent. */
export function toSeptets(text: string): number[] {
  const out: number[] = [];
  let i = 0;
  for (const ch of text) {
    const s = TO_SEPTET.get(ch);
    if (s !== undefined) out.push(s);
    else {
      const x = TO_EXTENDED.get(ch);
      if (x === undefined) throw new TextError(`character ${JSON.stringify(ch)} (position ${i}) is not in the GSM 7-bit default alphabet (use UCS2)`);
      out.push(ESC, x);
    }
    i++;
  }
  return out;
}

/** Septets to text; an escape followed by an unknown code gives a space (§6.2.1.1), a trailing escape nothing. */
export function fromSeptets(septets: readonly number[]): string {
  let s = '';
  for (let i = 0; i < septets.length; i++) {
    const v = septets[i]!;
    if (v === ESC) {
      if (i + 1 < septets.length) s += EXTENSION[septets[++i]!] ?? ' ';
      continue;
    }
    s += DEFAULT_ALPHABET[v]!;
  }
  return s;
}

/** Pack septets LSB first (§6.1.2.1.1), after `fillBits` zero bits (the fill after a user data header). */
export function pack7(septets: readonly number[], fillBits = 0): Uint8Array {
  const totalBits = fillBits + septets.length * 7;
  const out = new Uint8Array(Math.ceil(totalBits / 8));
  let bit = fillBits;
  for (const s of septets) {
    const byte = bit >> 3;
    const shift = bit & 7;
    out[byte]! |= (s << shift) & 0xff;
    if (shift > 1) out[byte + 1]! |= s >> (8 - shift);
    bit += 7;
  }
  return out;
}

/** Unpack `count` septets (default: as many as fit) starting after `fillBits` bits. */
export function unpack7(b: Uint8Array, count?: number, fillBits = 0): number[] {
  const n = count ?? Math.floor((b.length * 8 - fillBits) / 7);
  const out: number[] = [];
  for (let i = 0, bit = fillBits; i < n && bit + 7 <= b.length * 8; i++, bit += 7) {
    const byte = bit >> 3;
    const shift = bit & 7;
    let v = b[byte]! >> shift;
    if (shift > 1) v |= b[byte + 1]! << (8 - shift);
    out.push(v & 0x7f);
  }
  return out;
}

/**
 * USSD packing (§6.1.2.3) with the CR rule of §6.1.2.3.1: when the text leaves 7 spare bits in its last octet
 * they are filled with CR (not zeros, which read as '@'); when the text itself ends with CR on an octet boundary,
 * another CR is added (with a zero padding bit) so that the receiver's removal of a final padding CR keeps it.
 */
export function packUssd(text: string): Uint8Array {
  const s = toSeptets(text);
  if (s.length % 8 === 7 || (s.length > 0 && s.length % 8 === 0 && s[s.length - 1] === CR)) s.push(CR);
  return pack7(s);
}

/** USSD unpacking: every septet the octets hold; a final CR that ends exactly on an octet boundary is padding. */
export function unpackUssd(b: Uint8Array): string {
  const s = unpack7(b);
  if ((b.length * 8) % 7 === 0 && s.length > 0 && s[s.length - 1] === CR) s.pop();
  return fromSeptets(s);
}

/** UCS2 (big-endian UTF-16 code units, §6.2.3). */
export function encodeUcs2(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 * i] = c >> 8;
    out[2 * i + 1] = c & 0xff;
  }
  return out;
}

export function decodeUcs2(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i + 1 < b.length; i += 2) s += String.fromCharCode((b[i]! << 8) | b[i + 1]!);
  return s;
}
