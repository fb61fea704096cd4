// TP-DCS of a short message (3GPP TS 23.038 §4) between its octet and the `dcs_*` fields of a TPDU's JSON form:
// every coding group decoded into its parts, and built from them when no raw `dcs` is given.
//   00xx / 01xx  general data coding (01xx: marked for automatic deletion): bit 5 compressed, bit 4 "bits 1-0 are a
//                class", bits 3-2 the alphabet (00 GSM 7-bit, 01 8-bit, 10 UCS2, 11 reserved), bits 1-0 the class
//   1000-1011    reserved (read as GSM 7-bit)
//   1100 / 1101  message waiting indication, discard / store the message, GSM 7-bit;
//   1110         message waiting indication, store, UCS2: bit 3 the indication is active, bits 1-0 its type
//   1111         data coding / message class: bit 2 8-bit (else GSM 7-bit), bits 1-0 the class — no UCS2 here
import { alphabetOf, smsAlphabet, type Alphabet } from './dcs.js';
import { toSeptets } from './text.js';

type Obj = Record<string, unknown>;

export class DcsError extends Error {}

const MWI_TYPES = ['voicemail', 'fax', 'email', 'other'] as const;

/** The fields of a TP-DCS octet: dcs, dcs_group, dcs_alphabet, dcs_class, dcs_compressed, dcs_auto_delete, and for
 *  groups 1100-1110 dcs_mwi_store, dcs_mwi_active, dcs_mwi_type; reserved values and bits set are named
 *  (dcs_reserved, dcs_alphabet_reserved, dcs_reserved_bits). */
export function dcsFields(dcs: number, out: Obj): void {
  const group = dcs >> 4;
  const a = smsAlphabet(dcs);
  out.dcs = dcs;
  out.dcs_group = group;
  out.dcs_alphabet = a.alphabet;
  if (a.messageClass !== undefined) out.dcs_class = a.messageClass;
  if (group < 8) {
    out.dcs_compressed = a.compressed ? 1 : 0;
    out.dcs_auto_delete = group & 4 ? 1 : 0;
    if (((dcs >> 2) & 3) === 3) out.dcs_alphabet_reserved = 1;
    // bit 4 clear: bits 1-0 are reserved, not a class
    if (!(dcs & 0x10) && dcs & 3) out.dcs_reserved_bits = dcs & 3;
  } else if (group >= 0xc && group <= 0xe) {
    out.dcs_mwi_store = group === 0xc ? 0 : 1;
    out.dcs_mwi_active = (dcs >> 3) & 1;
    out.dcs_mwi_type = MWI_TYPES[dcs & 3];
    if (dcs & 4) out.dcs_reserved_bits = 4;
  } else if (group < 0xc) out.dcs_reserved = 1;
  else if (dcs & 8) out.dcs_reserved_bits = 8;
}

function int(o: Obj, k: string, max: number): number | undefined {
  const v = o[k];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'boolean') return v ? 1 : 0;
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max) throw new DcsError(`${k}: must be an integer 0..${max}, got ${JSON.stringify(v)}`);
  return n;
}

/** The alphabet asked for (`dcs_alphabet`), else the one the text needs (UCS2 when GSM 7-bit cannot carry it). */
function alphabetFor(o: Obj): Alphabet {
  const given = o.dcs_alphabet;
  const a = alphabetOf(given);
  if (given !== undefined && given !== null && !a) throw new DcsError(`dcs_alphabet: must be gsm7, 8bit or ucs2, got ${JSON.stringify(given)}`);
  if (a) return a;
  try {
    toSeptets(String(o.text ?? ''));
    return 'gsm7';
  } catch {
    return 'ucs2';
  }
}

const CODE: Readonly<Record<Alphabet, number>> = { gsm7: 0, '8bit': 1, ucs2: 2 };

/** A message waiting group: 1100 discard / 1101 store with GSM 7-bit text, 1110 store with UCS2 (no 8-bit). */
function mwiDcs(o: Obj, given: number | undefined, alphabet: Alphabet): number {
  const t = o.dcs_mwi_type ?? 'voicemail';
  const type = typeof t === 'string' ? (MWI_TYPES as readonly string[]).indexOf(t) : typeof t === 'number' && t >= 0 && t <= 3 ? t : -1;
  if (type < 0) throw new DcsError(`dcs_mwi_type: must be ${MWI_TYPES.join(', ')} (or 0-3), got ${JSON.stringify(t)}`);
  if (alphabet === '8bit') throw new DcsError('dcs_alphabet: the message waiting groups carry GSM 7-bit or UCS2 text, not 8-bit data (TS 23.038 §4)');
  const store = int(o, 'dcs_mwi_store', 1) ?? (given === 0xc ? 0 : 1);
  if (alphabet === 'ucs2' && (!store || (given !== undefined && given !== 0xe))) throw new DcsError('dcs_alphabet: a UCS2 message waiting indication is group 1110 (store) only (TS 23.038 §4)');
  if (alphabet === 'gsm7' && given === 0xe) throw new DcsError('dcs_group: group 1110 is UCS2 text');
  const group = alphabet === 'ucs2' ? 0xe : store ? 0xd : 0xc;
  return (group << 4) | ((int(o, 'dcs_mwi_active', 1) ?? 1) << 3) | type;
}

/**
 * TP-DCS from `dcs` (the octet, as given), else from the fields: `dcs_group` (0-3 general data coding, the default;
 * 4-7 the same marked for automatic deletion; 12-14 message waiting; 15), `dcs_alphabet`, `dcs_class`,
 * `dcs_compressed`, `dcs_mwi_*`. An alphabet the group cannot carry (UCS2 in group 1111, 8-bit with a message waiting
 * indication) is refused, naming the group that can: the tester never sends another alphabet than asked.
 */
export function dcsOf(o: Obj): number {
  const raw = int(o, 'dcs', 255);
  if (raw !== undefined) return raw;
  const given = int(o, 'dcs_group', 15);
  const explicit = o.dcs_alphabet !== undefined && o.dcs_alphabet !== null;
  const alphabet = given === 0xe && !explicit ? 'ucs2' : alphabetFor(o);
  const mwi = ['dcs_mwi_type', 'dcs_mwi_active', 'dcs_mwi_store'].some((k) => o[k] !== undefined && o[k] !== null);
  const group = given ?? (mwi ? 0xd : 0);
  const cls = int(o, 'dcs_class', 3);
  if (group >= 0xc && group <= 0xe) return mwiDcs(o, given, alphabet);
  if (group === 0xf) {
    if (alphabet === 'ucs2') throw new DcsError('dcs_alphabet: group 1111 codes GSM 7-bit or 8-bit data only (TS 23.038 §4); UCS2 with a class is dcs_group 0 (general data coding)');
    return 0xf0 | (alphabet === '8bit' ? 4 : 0) | (cls ?? 0);
  }
  if (group >= 8) throw new DcsError(`dcs_group: ${group} is reserved (TS 23.038 §4); give the octet as dcs`);
  // a group number 0-7 given says bits 6-4 too (automatic deletion, compressed, class meaning); the fields win
  const compressed = int(o, 'dcs_compressed', 1) ?? (group >> 1) & 1;
  const autoDelete = int(o, 'dcs_auto_delete', 1) ?? (group >> 2);
  const classBit = cls !== undefined || group & 1 ? 0x10 : 0;
  return (autoDelete << 6) | (compressed << 5) | classBit | (CODE[alphabet] << 2) | (cls ?? 0);
}
