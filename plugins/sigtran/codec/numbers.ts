// Number encodings used inside INAP/CAP/MAP OCTET STRINGs, and their flattened fields.
// Q.763 §3.9 Called Party Number, §3.10 Calling Party Number, §3.12 Cause (Q.850 values), §3.24 Generic Digits,
// §3.26 Generic Number; TS 29.002 AddressString (TON/NPI + TBCD), plain TBCD (IMSI), cell global id and LAI.
// Every decoder returns undefined on bytes it cannot read (never throws); callers keep the raw hex.

export type Fields = Record<string, unknown>;

const DIGIT_CHARS = '0123456789ABCDEF';

// Nibble of each character code: 0-9, A-F and a-f, * (B) and # (C); -1 for every other character.
const NIBBLE = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  NIBBLE[DIGIT_CHARS.charCodeAt(i)] = i;
  NIBBLE[DIGIT_CHARS.toLowerCase().charCodeAt(i)] = i;
}
NIBBLE[42] = 11; // *
NIBBLE[35] = 12; // #

/** Digits (0-9, A-F, also * # as B C) to nibbles; undefined on a bad character. */
function nibbles(digits: string): number[] | undefined {
  const out: number[] = new Array(digits.length);
  for (let i = 0; i < digits.length; i++) {
    const c = digits.charCodeAt(i);
    const v = c < 128 ? NIBBLE[c]! : -1;
    if (v < 0) return undefined;
    out[i] = v;
  }
  return out;
}

const CALLED_NAMES = ['digits', 'noa', 'inn', 'npi'];
const CALLING_NAMES = ['digits', 'noa', 'ni', 'npi', 'pri', 'si'];
const CAUSE_NAMES = ['cause', 'location', 'standard'];
const DIGITS_NOA_NPI_NAMES = ['digits', 'noa', 'npi'];

/** The first of `values` that is an error text, as `_<its name>: <text>`; undefined when none is. */
function firstProblem(names: readonly string[], ...values: unknown[]): string | undefined {
  for (let i = 0; i < values.length; i++) if (typeof values[i] === 'string') return `_${names[i]}: ${values[i] as string}`;
  return undefined;
}

/** Low nibble first (ISUP address signals); odd count gets a 0 filler. */
function packIsup(n: number[], out: number[]): void {
  for (let i = 0; i < n.length; i += 2) out.push(n[i]! | ((i + 1 < n.length ? n[i + 1]! : 0) << 4));
}

const ISUP_FILLER = 0;
const TBCD_FILLER = 15;

/**
 * `head` octets for the caller to fill, then the digit nibbles packed low nibble first (an odd count ends with
 * `filler`): the octets in one array of their final size (the encoders run for every message).
 */
function withDigits(head: number, n: readonly number[], filler: number): Uint8Array {
  const b = new Uint8Array(head + ((n.length + 1) >> 1));
  for (let i = 0, o = head; i < n.length; i += 2) b[o++] = n[i]! | ((i + 1 < n.length ? n[i + 1]! : filler) << 4);
  return b;
}

function unpackIsup(b: Uint8Array, start: number, odd: boolean): string {
  let s = '';
  for (let i = start; i < b.length; i++) {
    s += DIGIT_CHARS[b[i]! & 15];
    if (i < b.length - 1 || !odd) s += DIGIT_CHARS[b[i]! >> 4];
  }
  return s;
}

/** TBCD (GSM): low nibble first, 0xF filler; packed by withDigits(..., TBCD_FILLER). */
function unpackTbcd(b: Uint8Array, start: number): string {
  let s = '';
  for (let i = start; i < b.length; i++) {
    const lo = b[i]! & 15;
    const hi = b[i]! >> 4;
    if (lo === 15 && i === b.length - 1) break;
    s += DIGIT_CHARS[lo];
    if (hi === 15 && i === b.length - 1) break;
    s += DIGIT_CHARS[hi];
  }
  return s;
}

interface KeyTable {
  readonly suffixes: readonly string[];
  readonly keys: Readonly<Record<string, string>>;
  next: KeyTable | undefined;
}

/** By prefix, the key tables of each suffix list (a prefix is nearly always read with one list). */
const keyTables = new Map<string, KeyTable>();
// Prefixes are field names of the descriptors (a finite set); the bound only guards against other callers.
const MAX_PREFIXES = 20_000;
/** Suffix lists kept per prefix (the formats' lists are constants: a few at most). */
const MAX_LISTS = 16;

/**
 * The keys `prefix_suffix` of each suffix, made once per prefix: a decoder writes them for every message, and a key
 * concatenated per message is flattened and hashed again before each store. The encoder looks its derived fields up
 * by the same keys. One Map lookup by the prefix (a field name: an internalised string whose hash is kept), then the
 * suffix list by identity (this was two lookups, a WeakMap's and a Map's, ~12% of a call's first argument's encoding).
 */
export function suffixKeys(suffixes: readonly string[], prefix: string): Readonly<Record<string, string>> {
  const first = keyTables.get(prefix);
  let lists = 0;
  for (let t = first; t !== undefined; t = t.next, lists++) if (t.suffixes === suffixes) return t.keys;
  // a plain object, not Object.create(null): V8 keeps that one in dictionary mode, and the decoders' stores by
  // these keys are the hot path (the suffixes are fixed names, none of them a property of Object.prototype)
  const k: Record<string, string> = {};
  for (const s of suffixes) k[s] = prefix + '_' + s;
  if (lists < MAX_LISTS && (first !== undefined || keyTables.size < MAX_PREFIXES)) keyTables.set(prefix, { suffixes, keys: k, next: first });
  return k;
}

function int(v: unknown, dflt: number, max: number): number | string {
  if (v === undefined || v === null) return dflt;
  const n = typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max) return `must be an integer 0..${max}`;
  return n;
}

/** What a number format needs: derived field suffixes, an encoder from them and a decoder to them. */
export interface NumberFormat {
  /** Suffixes (without the leading `_`) that select this encoding, e.g. ['digits', 'noa', 'inn', 'npi']. */
  readonly suffixes: readonly string[];
  /** Suffixes whose values are strings (leading zeros matter); default only `digits`. */
  readonly text?: readonly string[];
  /** Encode from derived fields (`get(suffix)`); returns bytes or an error text. */
  encode(get: (suffix: string) => unknown): Uint8Array | string;
  /** Decode into `out[prefix + '_' + suffix]`; false when the bytes do not fit the format. */
  decode(b: Uint8Array, prefix: string, out: Fields): boolean;
}

function digitsArg(v: unknown): number[] | string {
  if (v === undefined || v === null) return [];
  const s = typeof v === 'number' ? String(v) : v;
  if (typeof s !== 'string') return 'digits must be a string';
  const n = nibbles(s);
  return n ?? `digits "${s}" hold a character other than 0-9, A-F, * or #`;
}

/** Q.763 Called Party Number (also DestinationRoutingAddress entries, IPRoutingAddress). */
export const calledNumber: NumberFormat = {
  suffixes: ['digits', 'noa', 'inn', 'npi'],
  encode(get) {
    const d = digitsArg(get('digits'));
    const noa = int(get('noa'), 2, 127), inn = int(get('inn'), 0, 1), npi = int(get('npi'), 1, 7);
    const bad = firstProblem(CALLED_NAMES, d, noa, inn, npi);
    if (bad !== undefined) return bad;
    const n = d as number[];
    const b = withDigits(2, n, ISUP_FILLER);
    b[0] = ((n.length & 1) << 7) | (noa as number);
    b[1] = ((inn as number) << 7) | ((npi as number) << 4);
    return b;
  },
  decode(b, p, out) {
    if (b.length < 2) return false;
    const k = suffixKeys(calledNumber.suffixes, p);
    out[k.noa!] = b[0]! & 0x7f;
    out[k.inn!] = b[1]! >> 7;
    out[k.npi!] = (b[1]! >> 4) & 7;
    out[k.digits!] = unpackIsup(b, 2, (b[0]! & 0x80) !== 0);
    return true;
  },
};

/**
 * The calling-party layout (Q.763 §3.10): odd/even + nature of address, NI/NPI/presentation/screening, then BCD
 * digits. Calling Party Number is this alone; Generic Number puts a number-qualifier octet before it.
 */
function encodeCallingLayout(get: Parameters<NumberFormat['encode']>[0], siDefault: number, qualifier: number | undefined): Uint8Array | string {
  const d = digitsArg(get('digits'));
  const ni = int(get('ni') ?? get('inn'), 0, 1);
  const noa = int(get('noa'), 2, 127), npi = int(get('npi'), 1, 7), pri = int(get('pri'), 0, 3), si = int(get('si'), siDefault, 3);
  const bad = firstProblem(CALLING_NAMES, d, noa, ni, npi, pri, si);
  if (bad !== undefined) return bad;
  const n = d as number[];
  const q = qualifier === undefined ? 0 : 1;
  const b = withDigits(q + 2, n, ISUP_FILLER);
  if (qualifier !== undefined) b[0] = qualifier;
  b[q] = ((n.length & 1) << 7) | (noa as number);
  b[q + 1] = ((ni as number) << 7) | ((npi as number) << 4) | ((pri as number) << 2) | (si as number);
  return b;
}

/** `k`: the keys of the format's suffixes (suffixKeys), among them noa, ni, npi, pri, si and digits. */
function decodeCallingLayout(b: Uint8Array, off: number, k: Readonly<Record<string, string>>, out: Record<string, unknown>): void {
  out[k.noa!] = b[off]! & 0x7f;
  out[k.ni!] = b[off + 1]! >> 7;
  out[k.npi!] = (b[off + 1]! >> 4) & 7;
  out[k.pri!] = (b[off + 1]! >> 2) & 3;
  out[k.si!] = b[off + 1]! & 3;
  out[k.digits!] = unpackIsup(b, off + 2, (b[off]! & 0x80) !== 0);
}

/** Q.763 Calling Party Number (also LocationNumber, RedirectingPartyID, OriginalCalledPartyID). */
export const callingNumber: NumberFormat = {
  suffixes: ['digits', 'noa', 'inn', 'ni', 'npi', 'pri', 'si'],
  encode: (get) => encodeCallingLayout(get, 3, undefined),
  decode(b, p, out) {
    if (b.length < 2) return false;
    const k = suffixKeys(callingNumber.suffixes, p);
    out[k.inn!] = b[1]! >> 7;
    decodeCallingLayout(b, 0, k, out);
    return true;
  },
};

/** Q.763 Generic Number (INAP Digits: correlationID, assistingSSPIPRoutingAddress, ...): qualifier octet first. */
export const genericNumber: NumberFormat = {
  suffixes: ['digits', 'nqi', 'noa', 'ni', 'npi', 'pri', 'si'],
  encode(get) {
    const nqi = int(get('nqi'), 0, 255);
    if (typeof nqi === 'string') return `_nqi: ${nqi}`;
    return encodeCallingLayout(get, 0, nqi);
  },
  decode(b, p, out) {
    if (b.length < 3) return false;
    const k = suffixKeys(genericNumber.suffixes, p);
    out[k.nqi!] = b[0]!;
    decodeCallingLayout(b, 1, k, out);
    return true;
  },
};

/** Q.763 Generic Digits (digitsResponse): encoding scheme (bits 8-6) and type of digits (bits 5-1), then digits. */
export const genericDigits: NumberFormat = {
  suffixes: ['digits', 'scheme', 'type'],
  encode(get) {
    const d = digitsArg(get('digits'));
    if (typeof d === 'string') return `_digits: ${d}`;
    const given = get('scheme');
    const scheme = int(given, d.length & 1, 7), type = int(get('type'), 0, 31);
    if (typeof scheme === 'string') return `_scheme: ${scheme}`;
    if (typeof type === 'string') return `_type: ${type}`;
    const out = [(scheme << 5) | type];
    if (scheme <= 1) packIsup(d, out);
    else {
      const s = String(get('digits') ?? '');
      for (let i = 0; i < s.length; i++) out.push(s.charCodeAt(i) & 0x7f);
    }
    return new Uint8Array(out);
  },
  decode(b, p, out) {
    if (b.length < 1) return false;
    const scheme = b[0]! >> 5;
    const k = suffixKeys(genericDigits.suffixes, p);
    out[k.scheme!] = scheme;
    out[k.type!] = b[0]! & 31;
    if (scheme <= 1) out[k.digits!] = unpackIsup(b, 1, scheme === 1);
    else out[k.digits!] = Buffer.from(b.subarray(1)).toString('latin1');
    return true;
  },
};

/** Q.850 cause in the ISUP Cause parameter layout: ext|standard|spare|location, ext|cause value, diagnostics. */
export const cause: NumberFormat = {
  suffixes: ['cause', 'location', 'standard'],
  encode(get) {
    const c = int(get('cause'), 31, 127), loc = int(get('location'), 0, 15), std = int(get('standard'), 0, 3);
    const bad = firstProblem(CAUSE_NAMES, c, loc, std);
    if (bad !== undefined) return bad;
    return Uint8Array.of(0x80 | ((std as number) << 5) | (loc as number), 0x80 | (c as number));
  },
  decode(b, p, out) {
    if (b.length < 2) return false;
    const k = suffixKeys(cause.suffixes, p);
    out[k.standard!] = (b[0]! >> 5) & 3;
    out[k.location!] = b[0]! & 15;
    // With ext=0 in octet 1 an octet 1a (recommendation) follows before the cause value.
    const ci = (b[0]! & 0x80) !== 0 ? 1 : 2;
    if (ci >= b.length) return false;
    out[k.cause!] = b[ci]! & 0x7f;
    return true;
  },
};

/** TS 29.002 AddressString / ISDN-AddressString, TS 24.008 CalledPartyBCDNumber: ext|TON|NPI then TBCD. */
export const addressString: NumberFormat = {
  suffixes: ['digits', 'noa', 'npi'],
  encode(get) {
    const d = digitsArg(get('digits'));
    const noa = int(get('noa'), 1, 7), npi = int(get('npi'), 1, 15);
    const bad = firstProblem(DIGITS_NOA_NPI_NAMES, d, noa, npi);
    if (bad !== undefined) return bad;
    const b = withDigits(1, d as number[], TBCD_FILLER);
    b[0] = 0x80 | ((noa as number) << 4) | (npi as number);
    return b;
  },
  decode(b, p, out) {
    if (b.length < 1) return false;
    const k = suffixKeys(addressString.suffixes, p);
    out[k.noa!] = (b[0]! >> 4) & 7;
    out[k.npi!] = b[0]! & 15;
    out[k.digits!] = unpackTbcd(b, 1);
    return true;
  },
};

/** Plain TBCD digits (IMSI). */
export const tbcd: NumberFormat = {
  suffixes: ['digits'],
  encode(get) {
    const d = digitsArg(get('digits'));
    if (typeof d === 'string') return `_digits: ${d}`;
    return withDigits(0, d, TBCD_FILLER);
  },
  decode(b, p, out) {
    out[suffixKeys(tbcd.suffixes, p).digits!] = unpackTbcd(b, 0);
    return true;
  },
};

/**
 * TS 24.008 §10.5.1.3 MCC/MNC in three octets (MCC2|MCC1, MNC3|MCC3, MNC2|MNC1; MNC3 = F for a 2-digit MNC), then
 * 16-bit fields (LAC, CI/SAC): TS 29.002 CellGlobalIdOrServiceAreaIdFixedLength (7 octets) and LAIFixedLength (5).
 */
function plmnArea(fields: readonly string[]): NumberFormat {
  const suffixes = ['mcc', 'mnc', ...fields];
  return {
    suffixes,
    text: ['mcc', 'mnc'],
    encode(get) {
      const mcc = String(get('mcc') ?? '');
      const mnc = String(get('mnc') ?? '');
      if (!/^\d{3}$/.test(mcc)) return `_mcc: must be 3 digits, got ${JSON.stringify(get('mcc') ?? null)}`;
      if (!/^\d{2,3}$/.test(mnc)) return `_mnc: must be 2 or 3 digits, got ${JSON.stringify(get('mnc') ?? null)}`;
      const d = (s: string, i: number) => (i < s.length ? s.charCodeAt(i) - 48 : 15);
      const out = [d(mcc, 1) << 4 | d(mcc, 0), d(mnc, 2) << 4 | d(mcc, 2), d(mnc, 1) << 4 | d(mnc, 0)];
      for (const f of fields) {
        const v = int(get(f), -1, 0xffff);
        if (typeof v === 'string') return `_${f}: ${v}`;
        if (v < 0) return `_${f}: missing`;
        out.push(v >> 8, v & 0xff);
      }
      return new Uint8Array(out);
    },
    decode(b, p, out) {
      if (b.length !== 3 + 2 * fields.length) return false;
      const n = (x: number) => (x < 10 ? String(x) : '');
      const k = suffixKeys(suffixes, p);
      out[k.mcc!] = n(b[0]! & 15) + n(b[0]! >> 4) + n(b[1]! & 15);
      out[k.mnc!] = n(b[2]! & 15) + n(b[2]! >> 4) + n(b[1]! >> 4);
      for (let i = 0; i < fields.length; i++) out[k[fields[i]!]!] = (b[3 + 2 * i]! << 8) | b[4 + 2 * i]!;
      return true;
    },
  };
}

/** Cell global identity (or service area id): MCC, MNC, LAC, CI (TS 29.002 CellGlobalIdOrServiceAreaIdFixedLength). */
export const cgi: NumberFormat = plmnArea(['lac', 'ci']);
/** Location area identity: MCC, MNC, LAC (TS 29.002 LAIFixedLength). */
export const lai: NumberFormat = plmnArea(['lac']);

export const numberFormats = { calledNumber, callingNumber, genericNumber, genericDigits, cause, addressString, tbcd, cgi, lai } as const;
export type NumberFormatName = keyof typeof numberFormats;
