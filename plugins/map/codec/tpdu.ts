// Short-message TPDUs (3GPP TS 23.040 §9.2.2) carried in the SM-RP-UI: SMS-SUBMIT (MS -> SC, in MO-ForwardSM) and
// SMS-DELIVER (SC -> MS, in MT-ForwardSM), with addresses (§9.1.2.5), the data coding scheme (TS 23.038 §4),
// the user data header (§9.2.3.24; concatenation IEs 00 and 08) and the text; the reports, SMS-STATUS-REPORT and
// SMS-COMMAND are in tpdu-reports.ts.
//
// JSON form (`sm-RP-UI_tpdu`): { type: 'SMS-SUBMIT' | 'SMS-DELIVER', text, dcs, dcs_alphabet, dcs_class, pid,
//   udh: [{ iei, data_hex }], concat_ref, concat_total, concat_seq, ud_hex, udl, rp, srr/sri,
//   SUBMIT: mr, rd, vpf, vp, da_digits, da_noa, da_npi (or da_text: alphanumeric);
//   DELIVER: mms, lp, scts ('YYMMDDhhmmss+QQ', QQ quarter hours), oa_digits, oa_noa, oa_npi (or oa_text) }.
import { dcsFields, dcsOf as dcsOfFields, DcsError } from './sms-dcs.js';
import { decodeAddress, decodeScts, decodeUserData, encodeAddress, encodeScts, encodeUserData, hex, hexOf, int, TpduError, udhOf, type Obj } from './tpdu-fields.js';
import { decodeReport, encodeReport, REPORT_TYPES, type RpKind } from './tpdu-reports.js';

export { TpduError } from './tpdu-fields.js';
export type TpduDirection = 'mo' | 'mt';

/** TP-DCS from the fields; a DCS the spec does not allow is a TpduError like the rest. */
export function dcsOf(o: Obj): number {
  try {
    return dcsOfFields(o);
  } catch (e) {
    if (e instanceof DcsError) throw new TpduError(e.message);
    throw e;
  }
}

// ------------------------------------------------------------------ TPDUs

const VPF: Record<string, number> = { none: 0, enhanced: 1, relative: 2, absolute: 3 };
const VPF_NAMES = ['none', 'enhanced', 'relative', 'absolute'];

function encodeSubmit(o: Obj, udhi: number, dcs: number, out: number[]): void {
  const vpfGiven = o.vpf;
  const vpf = typeof vpfGiven === 'string' && VPF[vpfGiven] !== undefined ? VPF[vpfGiven]! : vpfGiven === undefined ? (o.vp !== undefined ? 2 : 0) : int(o, 'vpf', 0, 3);
  out.push(0x01 | (int(o, 'rd', 0, 1) << 2) | (vpf << 3) | (int(o, 'srr', 0, 1) << 5) | udhi | (int(o, 'rp', 0, 1) << 7), int(o, 'mr', 0, 255));
  encodeAddress(o, 'da', out);
  out.push(int(o, 'pid', 0, 255), dcs);
  if (vpf === 2) out.push(int(o, 'vp', 167, 255));
  else if (vpf === 1 || vpf === 3) {
    const vp = hexOf(o, 'vp');
    if (!vp || vp.length !== 7) throw new TpduError('vp: an enhanced or absolute validity period is 7 octets of hex');
    out.push(...vp);
  }
}

function encodeDeliver(o: Obj, udhi: number, dcs: number, out: number[]): void {
  // TP-MMS is inverted on the wire: 0 = more messages are waiting.
  out.push(0x00 | (int(o, 'mms', 0, 1) ? 0 : 0x04) | (int(o, 'lp', 0, 1) << 3) | (int(o, 'sri', 0, 1) << 5) | udhi | (int(o, 'rp', 0, 1) << 7));
  encodeAddress(o, 'oa', out);
  out.push(int(o, 'pid', 0, 255), dcs, ...encodeScts(o));
}

/** The TPDU types each direction carries: MS -> SC (mo) and SC -> MS (mt), by TP-MTI. */
const TYPES: Readonly<Record<TpduDirection, readonly string[]>> = {
  mo: ['SMS-DELIVER-REPORT', 'SMS-SUBMIT', 'SMS-COMMAND', 'reserved'],
  mt: ['SMS-DELIVER', 'SMS-SUBMIT-REPORT', 'SMS-STATUS-REPORT', 'reserved'],
};

/** Encode a TPDU from its JSON form; throws TpduError / TextError naming the field. `direction` is the way it goes
 *  (mo: MS -> SC, mt: SC -> MS) and gives the default type (SMS-SUBMIT / SMS-DELIVER). */
export function encodeTpdu(o: Obj, direction: TpduDirection): Uint8Array {
  const type = o.type ?? (direction === 'mo' ? 'SMS-SUBMIT' : 'SMS-DELIVER');
  if (typeof type !== 'string' || !TYPES[direction].includes(type) || type === 'reserved') {
    throw new TpduError(`type: ${JSON.stringify(type)} does not go ${direction === 'mo' ? 'MS -> SC' : 'SC -> MS'} (${TYPES[direction].slice(0, 3).join(', ')})`);
  }
  if (REPORT_TYPES.includes(type)) return encodeReport(type, o, dcsOf);
  const out: number[] = [];
  const udhi = udhOf(o) !== undefined || o.udhi === 1 || o.udhi === true ? 0x40 : 0;
  const dcs = dcsOf(o);
  if (type === 'SMS-SUBMIT') encodeSubmit(o, udhi, dcs, out);
  else encodeDeliver(o, udhi, dcs, out);
  encodeUserData(o, dcs, out);
  return Uint8Array.from(out);
}

function decodeSubmit(b: Uint8Array, fo: number, out: Obj): void {
  const udhi = (fo & 0x40) !== 0;
  Object.assign(out, { rd: (fo >> 2) & 1, vpf: VPF_NAMES[(fo >> 3) & 3], srr: (fo >> 5) & 1, udhi: udhi ? 1 : 0, rp: fo >> 7 });
  if (b.length < 2) throw new TpduError('TP-MR missing');
  out.mr = b[1];
  let p = decodeAddress(b, 2, 'da', out);
  if (p + 2 > b.length) throw new TpduError('TP-PID/TP-DCS missing');
  out.pid = b[p];
  dcsFields(b[p + 1]!, out);
  p += 2;
  const vpf = (fo >> 3) & 3;
  if (vpf === 2) out.vp = b[p++];
  else if (vpf) {
    out.vp = hex(b.subarray(p, p + 7));
    p += 7;
  }
  decodeUserData(b, p, udhi, out.dcs as number, out);
}

function decodeDeliver(b: Uint8Array, fo: number, out: Obj): void {
  const udhi = (fo & 0x40) !== 0;
  Object.assign(out, { mms: fo & 4 ? 0 : 1, lp: (fo >> 3) & 1, sri: (fo >> 5) & 1, udhi: udhi ? 1 : 0, rp: fo >> 7 });
  const p = decodeAddress(b, 1, 'oa', out);
  if (p + 9 > b.length) throw new TpduError('TP-PID/TP-DCS/TP-SCTS missing');
  out.pid = b[p];
  dcsFields(b[p + 1]!, out);
  out.scts = decodeScts(b.subarray(p + 2, p + 9));
  out.scts_hex = hex(b.subarray(p + 2, p + 9));
  decodeUserData(b, p + 9, udhi, out.dcs as number, out);
}

/**
 * Decode a TPDU field by field. `direction` (mo: MS -> SC, mt: SC -> MS) tells the types apart (TP-MTI means
 * SMS-SUBMIT or SMS-SUBMIT-REPORT by the way it goes); `rp` says whether a report came in an RP-ACK or an RP-ERROR
 * (a MAP result or the sm-DeliveryFailure error), else the octet after the first tells (a TP-FCS is 0x80 or more).
 * Throws TpduError on bytes that do not hold the TPDU.
 */
export function decodeTpdu(b: Uint8Array, direction: TpduDirection, rp?: RpKind): Obj {
  if (b.length < 1) throw new TpduError('empty TPDU');
  const fo = b[0]!;
  const type = TYPES[direction][fo & 3]!;
  const out: Obj = { type };
  if (type === 'SMS-SUBMIT') decodeSubmit(b, fo, out);
  else if (type === 'SMS-DELIVER') decodeDeliver(b, fo, out);
  else if (type !== 'reserved') decodeReport(type, b, rp, out);
  return out;
}
