// The fields TPDUs share (3GPP TS 23.040 §9.2.3): addresses (§9.1.2.5), the service centre time stamp (§9.2.3.11),
// the user data with its header (§9.2.3.16, .24; concatenation IEs 00 and 08) in the alphabet TP-DCS selects.
import { smsAlphabet } from './dcs.js';
import { decodeUcs2, encodeUcs2, fromSeptets, pack7, toSeptets, unpack7 } from './text.js';

export type Obj = Record<string, unknown>;
export class TpduError extends Error {}

const HEX = '0123456789abcdef';
export const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

export function int(o: Obj, k: string, dflt: number, max: number): number {
  const v = o[k];
  if (v === undefined || v === null) return dflt;
  if (typeof v === 'boolean') return v ? 1 : 0;
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max) throw new TpduError(`${k}: must be an integer 0..${max}, got ${JSON.stringify(v)}`);
  return n;
}

export function hexOf(o: Obj, k: string): Uint8Array | undefined {
  const v = o[k];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(v.replace(/[\s:]/g, ''))) throw new TpduError(`${k}: expected hex, got ${JSON.stringify(v)}`);
  return Buffer.from(v.replace(/[\s:]/g, ''), 'hex');
}

// ------------------------------------------------------------------ addresses (§9.1.2.5)

export function encodeAddress(o: Obj, p: string, out: number[]): void {
  const text = o[p + '_text'];
  if (typeof text === 'string') {
    const septets = toSeptets(text);
    // the address value is at most 10 octets (§9.1.2.5): 11 septets
    if (septets.length > 11) throw new TpduError(`${p}_text: ${septets.length} septets exceed the 11 of an alphanumeric address`);
    out.push(Math.ceil((septets.length * 7) / 4), 0xd0, ...pack7(septets)); // TON 5 alphanumeric, NPI 0
    return;
  }
  const digits = String(o[p + '_digits'] ?? '');
  if (!/^[0-9*#a-cA-C]*$/.test(digits)) throw new TpduError(`${p}_digits: ${JSON.stringify(digits)} holds a character other than 0-9, *, #, a-c`);
  const ton = int(o, p + '_noa', 1, 7);
  const npi = int(o, p + '_npi', 1, 15);
  out.push(digits.length, 0x80 | (ton << 4) | npi);
  const nib = [...digits].map((c) => (c === '*' ? 10 : c === '#' ? 11 : parseInt(c, 16)));
  for (let i = 0; i < nib.length; i += 2) out.push(nib[i]! | ((i + 1 < nib.length ? nib[i + 1]! : 15) << 4));
}

export function decodeAddress(b: Uint8Array, off: number, p: string, out: Obj): number {
  if (off + 2 > b.length) throw new TpduError(`${p}: truncated address`);
  const len = b[off]!;
  const toa = b[off + 1]!;
  const octets = Math.ceil(len / 2);
  if (off + 2 + octets > b.length) throw new TpduError(`${p}: address of ${len} semi-octets runs past the end`);
  const v = b.subarray(off + 2, off + 2 + octets);
  const ton = (toa >> 4) & 7;
  out[p + '_noa'] = ton;
  out[p + '_npi'] = toa & 15;
  if (ton === 5) out[p + '_text'] = fromSeptets(unpack7(v, Math.floor((len * 4) / 7)));
  else {
    let s = '';
    for (let i = 0; i < len; i++) {
      const n = i & 1 ? v[i >> 1]! >> 4 : v[i >> 1]! & 15;
      s += n === 10 ? '*' : n === 11 ? '#' : HEX[n];
    }
    out[p + '_digits'] = s;
  }
  return off + 2 + octets;
}

// ------------------------------------------------------------------ user data (§9.2.3.16, .24)

export function udhOf(o: Obj): Uint8Array | undefined {
  const raw = hexOf(o, 'udh_hex');
  if (raw) return raw;
  const ies: number[] = [];
  const concat = o.concat_ref !== undefined || o.concat_total !== undefined || o.concat_seq !== undefined;
  if (Array.isArray(o.udh)) {
    o.udh.forEach((ie, i) => {
      if (typeof ie !== 'object' || ie === null) throw new TpduError(`udh[${i}]: expected { iei, data_hex }`);
      const iei = int(ie as Obj, 'iei', -1, 255);
      if (iei < 0) throw new TpduError(`udh[${i}].iei: missing`);
      // a decoded list holds the concatenation IE the concat_* fields give again: once is enough
      if (concat && (iei === 0 || iei === 8)) return;
      const data = hexOf(ie as Obj, 'data_hex') ?? new Uint8Array(0);
      ies.push(iei, data.length, ...data);
    });
  }
  if (concat) {
    const ref = int(o, 'concat_ref', 0, 0xffff);
    const total = int(o, 'concat_total', 1, 255);
    const seq = int(o, 'concat_seq', 1, 255);
    // IEI 08 (16-bit reference) when asked by concat_ref_bits or when the reference needs it
    const bits = o.concat_ref_bits === undefined || o.concat_ref_bits === null ? (ref > 255 ? 16 : 8) : int(o, 'concat_ref_bits', 8, 16);
    if (bits !== 8 && bits !== 16) throw new TpduError(`concat_ref_bits: must be 8 (IEI 00) or 16 (IEI 08), got ${bits}`);
    if (bits === 8 && ref > 255) throw new TpduError(`concat_ref: ${ref} does not fit an 8-bit reference (concat_ref_bits 16)`);
    if (bits === 16) ies.push(0x08, 4, ref >> 8, ref & 0xff, total, seq);
    else ies.push(0x00, 3, ref, total, seq);
  }
  return ies.length ? Uint8Array.from(ies) : undefined;
}

/** Fill bits after a header of `headerOctets` (UDHL octet included) so that the text starts on a septet. */
const fillBits = (headerOctets: number) => (7 - ((headerOctets * 8) % 7)) % 7;

export function encodeUserData(o: Obj, dcs: number, out: number[]): void {
  const { alphabet } = smsAlphabet(dcs);
  const header = udhOf(o);
  const head = header ? [header.length, ...header] : [];
  const text = typeof o.text === 'string' ? o.text : undefined;
  const raw = hexOf(o, 'ud_hex');
  if (alphabet === 'gsm7') {
    const fill = head.length ? fillBits(head.length) : 0;
    const headSeptets = (head.length * 8 + fill) / 7;
    if (text === undefined && raw) {
      // packed septets as given: TP-UDL from `udl`, else every septet the octets hold
      out.push(int(o, 'udl', headSeptets + Math.floor((raw.length * 8 - fill) / 7), 255), ...head, ...raw);
      return;
    }
    const septets = toSeptets(text ?? '');
    const udl = headSeptets + septets.length;
    if (udl > 160) throw new TpduError(`text: ${septets.length} septets${head.length ? ' after the header' : ''} do not fit one short message (160 septets)`);
    out.push(udl, ...head, ...pack7(septets, fill));
    return;
  }
  const body = (alphabet === '8bit' && raw) || (text === undefined ? raw ?? new Uint8Array(0) : alphabet === 'ucs2' ? encodeUcs2(text) : Buffer.from(text, 'latin1'));
  if (head.length + body.length > 140) throw new TpduError(`text: ${head.length + body.length} octets of user data do not fit one short message (140)`);
  out.push(head.length + body.length, ...head, ...body);
}

export function decodeUserData(b: Uint8Array, off: number, udhi: boolean, dcs: number, out: Obj): void {
  if (off >= b.length) throw new TpduError('TP-UDL missing');
  const udl = b[off]!;
  const ud = b.subarray(off + 1);
  const { alphabet } = smsAlphabet(dcs);
  out.udl = udl;
  let headerOctets = 0;
  if (udhi) {
    if (ud.length < 1 || ud[0]! + 1 > ud.length) throw new TpduError('user data header runs past the end');
    headerOctets = ud[0]! + 1;
    const h = ud.subarray(1, headerOctets);
    out.udh_hex = hex(h);
    const ies: Obj[] = [];
    for (let i = 0; i + 1 < h.length; ) {
      const iei = h[i]!;
      const len = h[i + 1]!;
      const data = h.subarray(i + 2, i + 2 + len);
      ies.push({ iei, data_hex: hex(data) });
      if (iei === 0x00 && len === 3) Object.assign(out, { concat_ref: data[0], concat_ref_bits: 8, concat_total: data[1], concat_seq: data[2] });
      if (iei === 0x08 && len === 4) Object.assign(out, { concat_ref: (data[0]! << 8) | data[1]!, concat_ref_bits: 16, concat_total: data[2], concat_seq: data[3] });
      i += 2 + len;
    }
    out.udh = ies;
  }
  if (alphabet === 'gsm7') {
    const fill = headerOctets ? fillBits(headerOctets) : 0;
    const count = udl - (headerOctets * 8 + fill) / 7;
    const body = ud.subarray(headerOctets);
    out.ud_hex = hex(body);
    out.text = fromSeptets(unpack7(body, Math.max(0, count), fill));
  } else {
    const body = ud.subarray(headerOctets, Math.min(ud.length, udl));
    out.ud_hex = hex(body);
    out.text = alphabet === 'ucs2' ? decodeUcs2(body) : Buffer.from(body).toString('latin1');
  }
}

// ------------------------------------------------------------------ service centre time stamp (§9.2.3.11)

const swap = (v: number) => ((v % 10) << 4) | Math.floor(v / 10);
const unswap = (b: number) => (b & 15) * 10 + (b >> 4);

/** A time stamp (`k`: scts, dt) from `<k>_hex` (7 octets) or `<k>` 'YYMMDDhhmmss+QQ'; now when neither is given. */
export function encodeScts(o: Obj, k = 'scts'): number[] {
  const raw = hexOf(o, k + '_hex');
  if (raw) {
    if (raw.length !== 7) throw new TpduError(`${k}_hex: must be 7 octets`);
    return [...raw];
  }
  let s = o[k];
  if (s === undefined || s === null) {
    const d = new Date();
    const p2 = (n: number) => String(n).padStart(2, '0');
    s = `${p2(d.getUTCFullYear() % 100)}${p2(d.getUTCMonth() + 1)}${p2(d.getUTCDate())}${p2(d.getUTCHours())}${p2(d.getUTCMinutes())}${p2(d.getUTCSeconds())}+00`;
  }
  const m = typeof s === 'string' ? /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)([+-])(\d\d)$/.exec(s) : null;
  if (!m) throw new TpduError(`${k}: expected 'YYMMDDhhmmss+QQ' (QQ quarter hours), got ${JSON.stringify(s)}`);
  const tz = Number(m[8]);
  return [...m.slice(1, 7).map((x) => swap(Number(x))), swap(tz) | (m[7] === '-' ? 0x08 : 0)];
}

export function decodeScts(b: Uint8Array): string {
  const p2 = (n: number) => String(n).padStart(2, '0');
  const tz = unswap(b[6]! & 0xf7);
  return b.subarray(0, 6).reduce((s, x) => s + p2(unswap(x)), '') + (b[6]! & 0x08 ? '-' : '+') + p2(tz);
}

