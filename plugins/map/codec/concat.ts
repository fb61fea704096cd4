// Concatenated short messages (3GPP TS 23.040 §9.2.3.24.1, .24.8): a text too long for one TPDU split into parts,
// each with the concatenation IE (IEI 00: 8-bit reference, IEI 08: 16-bit reference; total, sequence number), and
// the parts put back together by reference on receipt.
//
// Splitting counts what each character costs in the alphabet TP-DCS selects (TS 23.038): a GSM 7-bit extension
// character is an escape and its code (2 septets) and a UCS2 character outside the BMP a surrogate pair (4 octets);
// neither is cut between parts (a part ending on a lone escape would show a space, §6.2.1.1). The header's
// septet fill is the encoder's (tpdu-fields.ts): the text of a GSM 7-bit part starts on a septet boundary.
import { smsAlphabet } from './dcs.js';
import { toSeptets } from './text.js';
import { hexOf, int, TpduError, udhOf, type Obj } from './tpdu-fields.js';
import { dcsOf } from './tpdu.js';

/** What one TPDU's user data holds (TS 23.040 §9.2.3.16): 140 octets, 160 GSM 7-bit septets. */
const UD_OCTETS = 140;
const MAX_PARTS = 255;

/** The reference size a split uses: IEI 00 (8-bit, the default) or IEI 08 (16-bit). */
export type RefBits = 8 | 16;

/** How many units (septets or octets) of text fit after a user data header of `headerOctets` (UDHL included). */
function room(alphabet: string, headerOctets: number): number {
  // GSM 7-bit: 160 septets, less the header's octets rounded up to septets (the fill bits, §9.2.3.24)
  if (alphabet === 'gsm7') return (UD_OCTETS * 8) / 7 - Math.ceil((headerOctets * 8) / 7);
  return UD_OCTETS - headerOctets;
}

/** The cost of each character (code point) of `text` in units of `alphabet`. */
function costs(text: string, alphabet: string): { ch: string; n: number }[] {
  return [...text].map((ch) => ({ ch, n: alphabet === 'gsm7' ? toSeptets(ch).length : alphabet === 'ucs2' ? ch.length * 2 : 1 }));
}

/** The header octets besides the concatenation IE (other IEs given by `udh`/`udh_hex`). */
function otherHeader(o: Obj): number {
  const rest: Obj = { ...o };
  delete rest.concat_ref;
  delete rest.concat_total;
  delete rest.concat_seq;
  return udhOf(rest)?.length ?? 0;
}

/** The other IEs of a header given as `udh_hex`, as a `udh` list (a part's header is built again around them). */
function iesOf(o: Obj): Obj[] | undefined {
  const raw = hexOf(o, 'udh_hex');
  if (!raw) return Array.isArray(o.udh) ? (o.udh as Obj[]).filter((ie) => ie.iei !== 0 && ie.iei !== 8) : undefined;
  const ies: Obj[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2 + raw[i + 1]!) {
    if (raw[i] !== 0 && raw[i] !== 8) ies.push({ iei: raw[i], data_hex: Buffer.from(raw.subarray(i + 2, i + 2 + raw[i + 1]!)).toString('hex') });
  }
  return ies;
}

/** Cut `text` into pieces of at most `max` units, never inside a character. */
function cut(text: string, alphabet: string, max: number): string[] {
  const out: string[] = [];
  let cur = '';
  let used = 0;
  for (const { ch, n } of costs(text, alphabet)) {
    if (used + n > max) {
      out.push(cur);
      cur = '';
      used = 0;
    }
    cur += ch;
    used += n;
  }
  out.push(cur);
  return out;
}

/** The user data of `o` as text pieces or, for 8-bit data given as `ud_hex`, as hex pieces. */
function pieces(o: Obj, alphabet: string, max: number): { key: 'text' | 'ud_hex'; values: string[] } {
  const raw = typeof o.text === 'string' ? undefined : hexOf(o, 'ud_hex');
  if (raw && alphabet === '8bit') {
    const values: string[] = [];
    for (let i = 0; i < raw.length; i += max) values.push(Buffer.from(raw.subarray(i, i + max)).toString('hex'));
    return { key: 'ud_hex', values };
  }
  return { key: 'text', values: cut(String(o.text ?? ''), alphabet, max) };
}

/** Whether the TPDU's text fits one TPDU as it is (with the header it already has). */
function fitsOne(o: Obj): boolean {
  // a part given by hand (concat_seq, concat_total) is sent as it is
  if (o.concat_seq !== undefined && o.concat_seq !== null) return true;
  const { alphabet } = smsAlphabet(dcsOf(o));
  const header = otherHeader(o);
  const max = room(alphabet, header ? header + 1 : 0);
  const p = pieces(o, alphabet, max);
  return p.values.length === 1;
}

/**
 * The parts of a TPDU whose text does not fit one: each a copy of `o` with its piece of the text and the
 * concatenation IE (reference `ref`, in 8 or 16 bits), the alphabet fixed (a part must not fall back to another
 * alphabet than the whole: TP-DCS is the whole text's). A text that fits gives the TPDU alone.
 */
export function splitTpdu(o: Obj, ref: number, refBits: RefBits = 8): Obj[] {
  if (fitsOne(o)) return [o];
  const dcs = dcsOf(o);
  const { alphabet } = smsAlphabet(dcs);
  const limit = refBits === 16 ? 0xffff : 0xff;
  if (!Number.isInteger(ref) || ref < 0 || ref > limit) throw new TpduError(`concat_ref: must be an integer 0..${limit} for a ${refBits}-bit reference, got ${ref}`);
  const header = 1 + otherHeader(o) + (refBits === 16 ? 6 : 5);
  const p = pieces(o, alphabet, room(alphabet, header));
  if (p.values.length > MAX_PARTS) throw new TpduError(`text: needs ${p.values.length} parts, more than the ${MAX_PARTS} a concatenated message can have`);
  const ies = iesOf(o);
  return p.values.map((v, i) => {
    const part: Obj = { ...o, dcs, [p.key]: v, concat_ref: ref, concat_ref_bits: refBits, concat_total: p.values.length, concat_seq: i + 1 };
    if (p.key === 'text') delete part.ud_hex;
    delete part.udh_hex;
    if (ies) part.udh = ies;
    return part;
  });
}

/** The reference bits asked for (`concat_ref_bits`, 8 or 16; 8 by default). */
export function refBitsOf(o: Obj): RefBits {
  const n = int(o, 'concat_ref_bits', 8, 16);
  if (n !== 8 && n !== 16) throw new TpduError(`concat_ref_bits: must be 8 (IEI 00) or 16 (IEI 08), got ${n}`);
  return n;
}

// ------------------------------------------------------------------ reassembly

/** The key parts of one message share: the other party's address, the reference and the total (§9.2.3.24.1). */
function partKey(t: Obj): string | undefined {
  if (typeof t.concat_ref !== 'number' || typeof t.concat_total !== 'number' || t.concat_total < 2) return undefined;
  const party = t.oa_digits ?? t.oa_text ?? t.da_digits ?? t.da_text ?? '';
  return `${String(party)}|${t.concat_ref}|${t.concat_total}`;
}

/** Parts of a concatenated message (TPDUs as decoded), by key; a message is whole when every sequence number is in. */
export class Reassembly {
  private readonly pending = new Map<string, Map<number, Obj>>();

  /** Keep part `t`; the whole message when it completes one: `text` (the parts' texts in sequence order) and `parts`. */
  add(t: Obj): { text: string; parts: Obj[] } | undefined {
    const key = partKey(t);
    if (key === undefined) return undefined;
    let parts = this.pending.get(key);
    if (!parts) this.pending.set(key, (parts = new Map()));
    parts.set(t.concat_seq as number, t);
    const total = t.concat_total as number;
    if (parts.size < total) return undefined;
    const ordered: Obj[] = [];
    for (let i = 1; i <= total; i++) {
      const p = parts.get(i);
      if (!p) return undefined;
      ordered.push(p);
    }
    this.pending.delete(key);
    return { text: ordered.map((p) => String(p.text ?? '')).join(''), parts: ordered };
  }

  /** The parts held of messages not yet whole. */
  held(): number {
    let n = 0;
    for (const m of this.pending.values()) n += m.size;
    return n;
  }
}
