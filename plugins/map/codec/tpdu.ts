// Short-message TPDUs (3GPP TS 23.040 §9.2.2) carried in the SM-RP-UI: SMS-SUBMIT (MS -> SC, in MO-ForwardSM) and
// SMS-DELIVER (SC -> MS, in MT-ForwardSM), with addresses (§9.1.2.5), the data coding scheme (TS 23.038 §4),
// the user data header (§9.2.3.24; concatenation IEs 00 and 08) and the text.
//
// JSON form (`sm-RP-UI_tpdu`): { type: 'SMS-SUBMIT' | 'SMS-DELIVER', text, dcs, dcs_alphabet, dcs_class, pid,
//   udh: [{ iei, data_hex }], concat_ref, concat_total, concat_seq, ud_hex, udl, rp, srr/sri,
//   SUBMIT: mr, rd, vpf, vp, da_digits, da_noa, da_npi (or da_text: alphanumeric);
//   DELIVER: mms, lp, scts ('YYMMDDhhmmss+QQ', QQ quarter hours), oa_digits, oa_noa, oa_npi (or oa_text) }.
import { alphabetOf, smsAlphabet, type Alphabet } from './dcs.js';
import { decodeUcs2, encodeUcs2, fromSeptets, pack7, toSeptets, unpack7 } from './text.js';

type Obj = Record<string, unknown>;
export type TpduDirection = 'mo' | 'mt';

export class TpduError extends Error {}

const HEX = '0123456789abcdef';
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

function int(o: Obj, k: string, dflt: number, max: number): number {
  const v = o[k];
  if (v === undefined || v === null) return dflt;
  if (typeof v === 'boolean') return v ? 1 : 0;
  const n = typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max) throw new TpduError(`${k}: must be an integer 0..${max}, got ${JSON.stringify(v)}`);
  return n;
}

function hexOf(o: Obj, k: string): Uint8Array | undefined {
  const v = o[k];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(v.replace(/[\s:]/g, ''))) throw new TpduError(`${k}: expected hex, got ${JSON.stringify(v)}`);
  return Buffer.from(v.replace(/[\s:]/g, ''), 'hex');
}

// ------------------------------------------------------------------ addresses (§9.1.2.5)

function encodeAddress(o: Obj, p: string, out: number[]): void {
  const text = o[p + '_text'];
  if (typeof text === 'string') {
    const packed = pack7(toSeptets(text));
    out.push(Math.ceil((toSeptets(text).length * 7) / 4), 0xd0, ...packed); // TON 5 alphanumeric, NPI 0
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

function decodeAddress(b: Uint8Array, off: number, p: string, out: Obj): number {
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

function udhOf(o: Obj): Uint8Array | undefined {
  const raw = hexOf(o, 'udh_hex');
  if (raw) return raw;
  const ies: number[] = [];
  if (Array.isArray(o.udh)) {
    o.udh.forEach((ie, i) => {
      if (typeof ie !== 'object' || ie === null) throw new TpduError(`udh[${i}]: expected { iei, data_hex }`);
      const iei = int(ie as Obj, 'iei', -1, 255);
      if (iei < 0) throw new TpduError(`udh[${i}].iei: missing`);
      const data = hexOf(ie as Obj, 'data_hex') ?? new Uint8Array(0);
      ies.push(iei, data.length, ...data);
    });
  }
  if (o.concat_ref !== undefined || o.concat_total !== undefined || o.concat_seq !== undefined) {
    const ref = int(o, 'concat_ref', 0, 0xffff);
    const total = int(o, 'concat_total', 1, 255);
    const seq = int(o, 'concat_seq', 1, 255);
    if (ref > 255) ies.push(0x08, 4, ref >> 8, ref & 0xff, total, seq);
    else ies.push(0x00, 3, ref, total, seq);
  }
  return ies.length ? Uint8Array.from(ies) : undefined;
}

/** Fill bits after a header of `headerOctets` (UDHL octet included) so that the text starts on a septet. */
const fillBits = (headerOctets: number) => (7 - ((headerOctets * 8) % 7)) % 7;

function encodeUserData(o: Obj, dcs: number, out: number[]): void {
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

function decodeUserData(b: Uint8Array, off: number, udhi: boolean, dcs: number, out: Obj): void {
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
      if (iei === 0x00 && len === 3) Object.assign(out, { concat_ref: data[0], concat_total: data[1], concat_seq: data[2] });
      if (iei === 0x08 && len === 4) Object.assign(out, { concat_ref: (data[0]! << 8) | data[1]!, concat_total: data[2], concat_seq: data[3] });
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

// ------------------------------------------------------------------ data coding scheme (TS 23.038 §4)

/** TP-DCS from `dcs`, or from `dcs_alphabet` / `dcs_class`, or from the text (UCS2 when GSM 7-bit cannot carry it). */
function dcsOf(o: Obj): number {
  if (o.dcs !== undefined && o.dcs !== null) return int(o, 'dcs', 0, 255);
  const given = o.dcs_alphabet;
  let alphabet: Alphabet | undefined = alphabetOf(given);
  if (given !== undefined && given !== null && !alphabet) throw new TpduError(`dcs_alphabet: must be gsm7, 8bit or ucs2, got ${JSON.stringify(given)}`);
  if (!alphabet) {
    try {
      toSeptets(String(o.text ?? ''));
      alphabet = 'gsm7';
    } catch {
      alphabet = 'ucs2';
    }
  }
  const cls = o.dcs_class === undefined || o.dcs_class === null ? undefined : int(o, 'dcs_class', 0, 3);
  return ({ gsm7: 0, '8bit': 4, ucs2: 8 }[alphabet]) | (cls === undefined ? 0 : 0x10 | cls);
}

function addDcsView(dcs: number, out: Obj): void {
  out.dcs = dcs;
  const a = smsAlphabet(dcs);
  out.dcs_alphabet = a.alphabet;
  if (a.messageClass !== undefined) out.dcs_class = a.messageClass;
}

// ------------------------------------------------------------------ service centre time stamp (§9.2.3.11)

const swap = (v: number) => ((v % 10) << 4) | Math.floor(v / 10);
const unswap = (b: number) => (b & 15) * 10 + (b >> 4);

function encodeScts(o: Obj): number[] {
  const raw = hexOf(o, 'scts_hex');
  if (raw) {
    if (raw.length !== 7) throw new TpduError('scts_hex: must be 7 octets');
    return [...raw];
  }
  let s = o.scts;
  if (s === undefined || s === null) {
    const d = new Date();
    const p2 = (n: number) => String(n).padStart(2, '0');
    s = `${p2(d.getUTCFullYear() % 100)}${p2(d.getUTCMonth() + 1)}${p2(d.getUTCDate())}${p2(d.getUTCHours())}${p2(d.getUTCMinutes())}${p2(d.getUTCSeconds())}+00`;
  }
  const m = typeof s === 'string' ? /^(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)([+-])(\d\d)$/.exec(s) : null;
  if (!m) throw new TpduError(`scts: expected 'YYMMDDhhmmss+QQ' (QQ quarter hours), got ${JSON.stringify(s)}`);
  const tz = Number(m[8]);
  return [...m.slice(1, 7).map((x) => swap(Number(x))), swap(tz) | (m[7] === '-' ? 0x08 : 0)];
}

function decodeScts(b: Uint8Array): string {
  const p2 = (n: number) => String(n).padStart(2, '0');
  const tz = unswap(b[6]! & 0xf7);
  return b.subarray(0, 6).reduce((s, x) => s + p2(unswap(x)), '') + (b[6]! & 0x08 ? '-' : '+') + p2(tz);
}

// ------------------------------------------------------------------ TPDUs

const VPF: Record<string, number> = { none: 0, enhanced: 1, relative: 2, absolute: 3 };
const VPF_NAMES = ['none', 'enhanced', 'relative', 'absolute'];

/** Encode a TPDU from its JSON form; throws TpduError / TextError naming the field. */
export function encodeTpdu(o: Obj, direction: TpduDirection): Uint8Array {
  const type = o.type ?? (direction === 'mo' ? 'SMS-SUBMIT' : 'SMS-DELIVER');
  const out: number[] = [];
  const header = udhOf(o);
  const udhi = header !== undefined || o.udhi === 1 || o.udhi === true ? 0x40 : 0;
  const dcs = dcsOf(o);
  if (type === 'SMS-SUBMIT') {
    const vpfGiven = o.vpf;
    let vpf = typeof vpfGiven === 'string' && VPF[vpfGiven] !== undefined ? VPF[vpfGiven]! : vpfGiven === undefined ? (o.vp !== undefined ? 2 : 0) : int(o, 'vpf', 0, 3);
    out.push(0x01 | (int(o, 'rd', 0, 1) << 2) | (vpf << 3) | (int(o, 'srr', 0, 1) << 5) | udhi | (int(o, 'rp', 0, 1) << 7), int(o, 'mr', 0, 255));
    encodeAddress(o, 'da', out);
    out.push(int(o, 'pid', 0, 255), dcs);
    if (vpf === 2) out.push(int(o, 'vp', 167, 255));
    else if (vpf === 1 || vpf === 3) {
      const vp = hexOf(o, 'vp');
      if (!vp || vp.length !== 7) throw new TpduError('vp: an enhanced or absolute validity period is 7 octets of hex');
      out.push(...vp);
    }
  } else if (type === 'SMS-DELIVER') {
    // TP-MMS is inverted on the wire: 0 = more messages are waiting.
    out.push(0x00 | (int(o, 'mms', 0, 1) ? 0 : 0x04) | (int(o, 'lp', 0, 1) << 3) | (int(o, 'sri', 0, 1) << 5) | udhi | (int(o, 'rp', 0, 1) << 7));
    encodeAddress(o, 'oa', out);
    out.push(int(o, 'pid', 0, 255), dcs, ...encodeScts(o));
  } else throw new TpduError(`type: ${JSON.stringify(type)} is not SMS-SUBMIT or SMS-DELIVER (give other TPDUs as hex)`);
  encodeUserData(o, dcs, out);
  return Uint8Array.from(out);
}

/**
 * Decode a TPDU. `direction` tells SMS-SUBMIT (MS -> SC, MTI 01) from SMS-DELIVER (SC -> MS, MTI 00); any other
 * TPDU gives only its `type`. Throws TpduError on bytes that do not hold the TPDU.
 */
export function decodeTpdu(b: Uint8Array, direction: TpduDirection): Obj {
  if (b.length < 1) throw new TpduError('empty TPDU');
  const fo = b[0]!;
  const mti = fo & 3;
  const out: Obj = {};
  const udhi = (fo & 0x40) !== 0;
  if (direction === 'mo' && mti === 1) {
    out.type = 'SMS-SUBMIT';
    Object.assign(out, { rd: (fo >> 2) & 1, vpf: VPF_NAMES[(fo >> 3) & 3], srr: (fo >> 5) & 1, udhi: udhi ? 1 : 0, rp: fo >> 7 });
    if (b.length < 2) throw new TpduError('TP-MR missing');
    out.mr = b[1];
    let p = decodeAddress(b, 2, 'da', out);
    if (p + 2 > b.length) throw new TpduError('TP-PID/TP-DCS missing');
    out.pid = b[p];
    addDcsView(b[p + 1]!, out);
    p += 2;
    const vpf = (fo >> 3) & 3;
    if (vpf === 2) out.vp = b[p++];
    else if (vpf) {
      out.vp = hex(b.subarray(p, p + 7));
      p += 7;
    }
    decodeUserData(b, p, udhi, out.dcs as number, out);
  } else if (direction === 'mt' && mti === 0) {
    out.type = 'SMS-DELIVER';
    Object.assign(out, { mms: fo & 4 ? 0 : 1, lp: (fo >> 3) & 1, sri: (fo >> 5) & 1, udhi: udhi ? 1 : 0, rp: fo >> 7 });
    let p = decodeAddress(b, 1, 'oa', out);
    if (p + 9 > b.length) throw new TpduError('TP-PID/TP-DCS/TP-SCTS missing');
    out.pid = b[p];
    addDcsView(b[p + 1]!, out);
    out.scts = decodeScts(b.subarray(p + 2, p + 9));
    out.scts_hex = hex(b.subarray(p + 2, p + 9));
    decodeUserData(b, p + 9, udhi, out.dcs as number, out);
  } else {
    const names = direction === 'mo' ? ['SMS-DELIVER-REPORT', 'SMS-SUBMIT', 'SMS-COMMAND', 'reserved'] : ['SMS-DELIVER', 'SMS-SUBMIT-REPORT', 'SMS-STATUS-REPORT', 'reserved'];
    out.type = names[mti];
  }
  return out;
}
