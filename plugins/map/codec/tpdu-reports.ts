// The TPDUs besides SMS-SUBMIT and SMS-DELIVER (3GPP TS 23.040 §9.2.2.1a, .2a, .3, .4), field by field both ways:
//   SMS-DELIVER-REPORT (MS -> SC, MTI 00) and SMS-SUBMIT-REPORT (SC -> MS, MTI 01), each for RP-ACK or RP-ERROR:
//     first octet (MTI, UDHI), [TP-FCS: RP-ERROR only], TP-PI, [TP-SCTS: SUBMIT-REPORT], [TP-PID] [TP-DCS] [TP-UDL TP-UD]
//   SMS-STATUS-REPORT (SC -> MS, MTI 10): first octet (MMS, LP, SRQ, UDHI), TP-MR, TP-RA, TP-SCTS, TP-DT, TP-ST,
//     then optionally TP-PI and what it announces
//   SMS-COMMAND (MS -> SC, MTI 10): first octet (SRR, UDHI), TP-MR, TP-PID, TP-CT, TP-MN, TP-DA, TP-CDL, TP-CD
// JSON form: { type, rp_type: 'ack'|'error', fcs, pi, pid, dcs..., text / ud_hex, udh..., scts, mr, ra_*, dt, st,
//   st_meaning, mms, lp, srq, srr, ct, ct_name, mn, da_*, cd_hex }.
import { dcsFields } from './sms-dcs.js';
import { decodeAddress, decodeScts, decodeUserData, encodeAddress, encodeScts, encodeUserData, hex, hexOf, int, TpduError, udhOf, type Obj } from './tpdu-fields.js';

/** Which RP message a report travels in: RP-ACK (a MAP result's sm-RP-UI) or RP-ERROR (sm-DeliveryFailure's
 *  diagnosticInfo). */
export type RpKind = 'ack' | 'error';
export const REPORT_TYPES: readonly string[] = ['SMS-DELIVER-REPORT', 'SMS-SUBMIT-REPORT', 'SMS-STATUS-REPORT', 'SMS-COMMAND'];

const COMMANDS = ['enquiry', 'cancel-srr', 'delete', 'enable-srr'];

/** TP-ST's range (§9.2.3.15): what the SC says of the short message. */
function statusMeaning(st: number): string {
  if (st < 0x20) return 'completed';
  if (st < 0x40) return 'temporary-error-still-trying';
  if (st < 0x60) return 'permanent-error';
  if (st < 0x80) return 'temporary-error-not-trying';
  return 'reserved';
}

// ------------------------------------------------------------------ TP-PI and what it announces (§9.2.3.27)

const hasUserData = (o: Obj) => ['text', 'ud_hex', 'udh', 'udh_hex', 'concat_ref'].some((k) => o[k] !== undefined && o[k] !== null);
const hasDcs = (o: Obj) => Object.keys(o).some((k) => k === 'dcs' || k.startsWith('dcs_'));

/** TP-PI, TP-PID, TP-DCS, TP-UDL/UD as the fields give them; `optional` leaves the PI out when nothing follows it
 *  (SMS-STATUS-REPORT). A given `pi` is sent as it is (to test a receiver with a PI that lies). */
function encodeOptional(o: Obj, out: number[], optional: boolean, dcsOf: (o: Obj) => number): void {
  const ud = hasUserData(o);
  const withPid = o.pid !== undefined && o.pid !== null;
  const withDcs = hasDcs(o) || (ud && o.ud_hex === undefined);
  const computed = (withPid ? 1 : 0) | (withDcs ? 2 : 0) | (ud ? 4 : 0);
  const pi = int(o, 'pi', computed, 255);
  if (optional && o.pi === undefined && computed === 0) return;
  out.push(pi);
  if (withPid) out.push(int(o, 'pid', 0, 255));
  const dcs = withDcs ? dcsOf(o) : 0;
  if (withDcs) out.push(dcs);
  if (ud) encodeUserData(o, dcs, out);
}

function decodeOptional(b: Uint8Array, p: number, udhi: boolean, out: Obj): void {
  if (p >= b.length) return;
  const pi = b[p++]!;
  out.pi = pi;
  let q = pi;
  // extension bit 7: further PI octets follow (none defined yet); skip them
  while (q & 0x80 && p < b.length) q = b[p++]!;
  if (pi & 1) {
    if (p >= b.length) throw new TpduError('TP-PI announces a TP-PID that is missing');
    out.pid = b[p++];
  }
  let dcs = 0;
  if (pi & 2) {
    if (p >= b.length) throw new TpduError('TP-PI announces a TP-DCS that is missing');
    dcs = b[p++]!;
    dcsFields(dcs, out);
  }
  if (pi & 4) decodeUserData(b, p, udhi, dcs, out);
}

// ------------------------------------------------------------------ the four types

function udhiOf(o: Obj): number {
  return udhOf(o) !== undefined || o.udhi === 1 || o.udhi === true ? 0x40 : 0;
}

/** RP-ERROR when `rp_type` says so or a `fcs` is given. */
function isError(o: Obj): boolean {
  if (o.rp_type === 'error') return true;
  if (o.rp_type !== undefined && o.rp_type !== 'ack') throw new TpduError(`rp_type: must be 'ack' or 'error', got ${JSON.stringify(o.rp_type)}`);
  return o.rp_type === undefined && o.fcs !== undefined && o.fcs !== null;
}

/** Encode SMS-DELIVER-REPORT, SMS-SUBMIT-REPORT, SMS-STATUS-REPORT or SMS-COMMAND. */
export function encodeReport(type: string, o: Obj, dcsOf: (o: Obj) => number): Uint8Array {
  const out: number[] = [];
  const udhi = udhiOf(o);
  if (type === 'SMS-DELIVER-REPORT' || type === 'SMS-SUBMIT-REPORT') {
    out.push((type === 'SMS-DELIVER-REPORT' ? 0 : 1) | udhi);
    if (isError(o)) out.push(int(o, 'fcs', 0xff, 255));
    const rest: number[] = [];
    encodeOptional(o, rest, false, dcsOf);
    out.push(rest[0]!);
    if (type === 'SMS-SUBMIT-REPORT') out.push(...encodeScts(o));
    out.push(...rest.slice(1));
  } else if (type === 'SMS-STATUS-REPORT') {
    // TP-MMS inverted as in SMS-DELIVER: 0 = more messages are waiting
    out.push(2 | (int(o, 'mms', 0, 1) ? 0 : 4) | (int(o, 'lp', 0, 1) << 3) | (int(o, 'srq', 0, 1) << 5) | udhi, int(o, 'mr', 0, 255));
    encodeAddress(o, 'ra', out);
    out.push(...encodeScts(o), ...encodeScts(o, 'dt'), int(o, 'st', 0, 255));
    encodeOptional(o, out, true, dcsOf);
  } else {
    const ct = typeof o.ct === 'string' && COMMANDS.includes(o.ct) ? COMMANDS.indexOf(o.ct) : int(o, 'ct', 0, 255);
    out.push(2 | (int(o, 'srr', 0, 1) << 5) | udhi, int(o, 'mr', 0, 255), int(o, 'pid', 0, 255), ct, int(o, 'mn', 0, 255));
    encodeAddress(o, 'da', out);
    const cd = hexOf(o, 'cd_hex') ?? new Uint8Array(0);
    if (cd.length > 156) throw new TpduError(`cd_hex: ${cd.length} octets exceed the 156 of TP-CD`);
    out.push(cd.length, ...cd);
  }
  return Uint8Array.from(out);
}

function decodeAckOrError(type: string, b: Uint8Array, rp: RpKind | undefined, out: Obj): void {
  const fo = b[0]!;
  const udhi = (fo & 0x40) !== 0;
  out.udhi = udhi ? 1 : 0;
  let p = 1;
  // the TPDU does not say RP-ACK or RP-ERROR; without the RP layer's word, a TP-FCS is 0x80-0xFF (§9.2.3.22)
  const error = rp ? rp === 'error' : p < b.length && b[p]! >= 0x80;
  out.rp_type = error ? 'error' : 'ack';
  if (error) {
    if (p >= b.length) throw new TpduError('TP-FCS missing');
    out.fcs = b[p++];
  }
  if (p >= b.length) throw new TpduError('TP-PI missing');
  const pi = b[p]!;
  if (type === 'SMS-SUBMIT-REPORT') {
    if (p + 8 > b.length) throw new TpduError('TP-SCTS missing');
    out.scts = decodeScts(b.subarray(p + 1, p + 8));
    out.scts_hex = hex(b.subarray(p + 1, p + 8));
    // read the PI and what follows the time stamp as one run
    decodeOptional(Uint8Array.from([pi, ...b.subarray(p + 8)]), 0, udhi, out);
  } else decodeOptional(b, p, udhi, out);
}

function decodeStatusReport(b: Uint8Array, out: Obj): void {
  const fo = b[0]!;
  Object.assign(out, { mms: fo & 4 ? 0 : 1, lp: (fo >> 3) & 1, srq: (fo >> 5) & 1, udhi: fo & 0x40 ? 1 : 0 });
  if (b.length < 2) throw new TpduError('TP-MR missing');
  out.mr = b[1];
  const p = decodeAddress(b, 2, 'ra', out);
  if (p + 15 > b.length) throw new TpduError('TP-SCTS/TP-DT/TP-ST missing');
  out.scts = decodeScts(b.subarray(p, p + 7));
  out.scts_hex = hex(b.subarray(p, p + 7));
  out.dt = decodeScts(b.subarray(p + 7, p + 14));
  out.dt_hex = hex(b.subarray(p + 7, p + 14));
  out.st = b[p + 14];
  out.st_meaning = statusMeaning(b[p + 14]!);
  decodeOptional(b, p + 15, (fo & 0x40) !== 0, out);
}

function decodeCommand(b: Uint8Array, out: Obj): void {
  const fo = b[0]!;
  Object.assign(out, { srr: (fo >> 5) & 1, udhi: fo & 0x40 ? 1 : 0 });
  if (b.length < 5) throw new TpduError('TP-MR/TP-PID/TP-CT/TP-MN missing');
  Object.assign(out, { mr: b[1], pid: b[2], ct: b[3], mn: b[4] });
  if (COMMANDS[b[3]!]) out.ct_name = COMMANDS[b[3]!];
  const p = decodeAddress(b, 5, 'da', out);
  if (p >= b.length) throw new TpduError('TP-CDL missing');
  const cdl = b[p]!;
  if (p + 1 + cdl > b.length) throw new TpduError(`TP-CD of ${cdl} octets runs past the end`);
  out.cdl = cdl;
  out.cd_hex = hex(b.subarray(p + 1, p + 1 + cdl));
}

/** Decode the report or command `type` (TP-MTI and direction told it) into `out`. */
export function decodeReport(type: string, b: Uint8Array, rp: RpKind | undefined, out: Obj): void {
  if (type === 'SMS-STATUS-REPORT') decodeStatusReport(b, out);
  else if (type === 'SMS-COMMAND') decodeCommand(b, out);
  else decodeAckOrError(type, b, rp, out);
}
