// SCCP connectionless messages (Q.713 §4): UDT/XUDT out, UDT/XUDT/UDTS/XUDTS in.
import type { SccpAddress } from '../api.js';
import { SccpError, decodeAddress } from './address.js';

export const SccpType = { UDT: 0x09, UDTS: 0x0a, XUDT: 0x11, XUDTS: 0x12, LUDT: 0x13, LUDTS: 0x14 } as const;

export const RETURN_CAUSES: Readonly<Record<number, string>> = {
  0: 'no translation for an address of such nature',
  1: 'no translation for this specific address',
  2: 'subsystem congestion',
  3: 'subsystem failure',
  4: 'unequipped user',
  5: 'MTP failure',
  6: 'network congestion',
  7: 'unqualified',
  8: 'error in message transport',
  9: 'error in local processing',
  10: 'destination cannot perform reassembly',
  11: 'SCCP failure',
  12: 'hop counter violation',
  13: 'segmentation not supported',
  14: 'segmentation failure',
};

export function returnCauseText(cause: number): string {
  return `SCCP return cause ${cause}: ${RETURN_CAUSES[cause] ?? 'unknown'}`;
}

export interface SccpMessage {
  type: number;
  /** UDT/XUDT: protocol class (0/1) and return-on-error flag. */
  protocolClass: number;
  returnOnError: boolean;
  /** UDTS/XUDTS: return cause. */
  returnCause?: number;
  hopCounter?: number;
  called: SccpAddress;
  calling: SccpAddress;
  /** User data (TCAP): a view. */
  data: Uint8Array;
  /** The encoded addresses as received (views), reusable as the addresses of replies. */
  calledRaw: Uint8Array;
  callingRaw: Uint8Array;
  /** XUDT segmentation parameter, when present (first segment flag, remaining count, local reference). */
  segmentation?: { first: boolean; remaining: number; reference: number; protocolClass: number };
}

/** Decode a UDT, UDTS, XUDT or XUDTS. Throws SccpError on anything malformed or unsupported. */
export function decodeSccp(buf: Uint8Array, pcBits: 14 | 24 = 14): SccpMessage {
  if (buf.length < 1) throw new SccpError('empty SCCP message', 0);
  const type = buf[0]!;
  const n = buf.length;
  if (type === SccpType.UDT || type === SccpType.UDTS) {
    if (n < 5) throw new SccpError(`${type === SccpType.UDT ? 'UDT' : 'UDTS'} shorter than its fixed part`, 0);
    return decodeParts(buf, type, 2, pcBits, type === SccpType.UDTS);
  }
  if (type === SccpType.XUDT || type === SccpType.XUDTS) {
    if (n < 7) throw new SccpError(`${type === SccpType.XUDT ? 'XUDT' : 'XUDTS'} shorter than its fixed part`, 0);
    const m = decodeParts(buf, type, 3, pcBits, type === SccpType.XUDTS);
    m.hopCounter = buf[2]!;
    const optPtr = buf[6]!;
    if (optPtr) {
      let p = 6 + optPtr;
      for (let guard = 0; guard < 16; guard++) {
        if (p >= n) throw new SccpError('optional part runs past the end of the message', p);
        const name = buf[p]!;
        if (name === 0) break;
        if (p + 2 > n || p + 2 + buf[p + 1]! > n) throw new SccpError(`optional parameter ${name} overruns the message`, p);
        const len = buf[p + 1]!;
        if (name === 0x10 && len === 4) {
          m.segmentation = {
            first: (buf[p + 2]! & 0x80) !== 0,
            remaining: buf[p + 2]! & 0x0f,
            reference: buf[p + 3]! | (buf[p + 4]! << 8) | (buf[p + 5]! << 16),
            protocolClass: (buf[p + 2]! & 0x40) !== 0 ? 1 : 0,
          };
        }
        p += 2 + len;
      }
    }
    return m;
  }
  const names: Record<number, string> = { 1: 'CR', 2: 'CC', 3: 'CREF', 4: 'RLSD', 5: 'RLC', 6: 'DT1', 0x13: 'LUDT', 0x14: 'LUDTS' };
  throw new SccpError(`message type 0x${type.toString(16).padStart(2, '0')}${names[type] ? ' (' + names[type] + ')' : ''} is not supported (connectionless UDT/XUDT only)`, 0);
}

/**
 * The part UDT/UDTS and XUDT/XUDTS share: protocol class (or return cause) in octet 1, then the pointers to the
 * called address, calling address and data, starting at octet `ptrAt`.
 */
function decodeParts(buf: Uint8Array, type: number, ptrAt: number, pcBits: 14 | 24, service: boolean): SccpMessage {
  const n = buf.length;
  const called = variable(buf, ptrAt, n, 'called address');
  const calling = variable(buf, ptrAt + 1, n, 'calling address');
  const data = variable(buf, ptrAt + 2, n, 'data');
  const m: SccpMessage = {
    type,
    protocolClass: service ? 0 : buf[1]! & 0x0f,
    returnOnError: service ? false : (buf[1]! & 0x80) !== 0,
    called: decodeAddress(buf, called[0], called[1], pcBits),
    calling: decodeAddress(buf, calling[0], calling[1], pcBits),
    data: buf.subarray(data[0], data[1]),
    calledRaw: buf.subarray(called[0], called[1]),
    callingRaw: buf.subarray(calling[0], calling[1]),
  };
  if (service) m.returnCause = buf[1]!;
  return m;
}

/** [start, end) of the variable parameter the pointer at `ptrAt` points to (content after the length octet). */
function variable(buf: Uint8Array, ptrAt: number, n: number, what: string): [number, number] {
  const ptr = buf[ptrAt]!;
  if (ptr === 0) throw new SccpError(`${what} pointer is 0`, ptrAt);
  const lenAt = ptrAt + ptr;
  if (lenAt >= n) throw new SccpError(`${what} pointer ${ptr} points past the end of the message`, ptrAt);
  const len = buf[lenAt]!;
  if (lenAt + 1 + len > n) throw new SccpError(`${what} length ${len} overruns the message`, lenAt);
  return [lenAt + 1, lenAt + 1 + len];
}

/**
 * Length of a UDT (or XUDT without optional part) carrying these encoded addresses and `dataLen` octets of data.
 */
export function sccpLength(xudt: boolean, calledLen: number, callingLen: number, dataLen: number): number {
  return (xudt ? 7 : 5) + 1 + calledLen + 1 + callingLen + 1 + dataLen;
}

/**
 * Write a UDT or XUDT (or, with `returnCause`, a UDTS/XUDTS) at `o`. Addresses are pre-encoded (encodeAddress).
 * Data must be at most 255 octets (UDT/XUDT length octet); larger data needs segmentation (not supported yet).
 */
export function writeSccp(
  b: Uint8Array,
  o: number,
  xudt: boolean,
  protocolClass: number,
  returnOnError: boolean,
  called: Uint8Array,
  calling: Uint8Array,
  data: Uint8Array,
  returnCause?: number,
  hopCounter = 15,
): number {
  if (data.length > 255) throw new SccpError(`user data of ${data.length} octets does not fit a ${xudt ? 'XUDT' : 'UDT'} (255 max; segmentation is not supported)`);
  if (called.length > 255 || calling.length > 255) throw new SccpError('address too long');
  const s = returnCause !== undefined;
  b[o] = xudt ? (s ? SccpType.XUDTS : SccpType.XUDT) : s ? SccpType.UDTS : SccpType.UDT;
  b[o + 1] = s ? returnCause! : (protocolClass & 0x0f) | (returnOnError ? 0x80 : 0);
  let p: number;
  if (xudt) {
    b[o + 2] = hopCounter;
    b[o + 3] = 4;
    b[o + 4] = 3 + 1 + called.length;
    b[o + 5] = 2 + 1 + called.length + 1 + calling.length;
    b[o + 6] = 0; // no optional part
    p = o + 7;
  } else {
    b[o + 2] = 3;
    b[o + 3] = 2 + 1 + called.length;
    b[o + 4] = 1 + 1 + called.length + 1 + calling.length;
    p = o + 5;
  }
  b[p++] = called.length;
  b.set(called, p);
  p += called.length;
  b[p++] = calling.length;
  b.set(calling, p);
  p += calling.length;
  b[p++] = data.length;
  b.set(data, p);
  return p + data.length;
}

/** Largest SCCP message an MTP3 SIF carries (272 octets minus the 4-octet ITU routing label). */
export const MAX_SCCP_MESSAGE = 268;

/** Length of one XUDT segment carrying `dataLen` octets (segmentation parameter + end of optional part). */
export function xudtSegmentLength(calledLen: number, callingLen: number, dataLen: number): number {
  return 7 + 1 + calledLen + 1 + callingLen + 1 + dataLen + 6 + 1;
}

/**
 * Write one XUDT segment (Q.713 §3.17 segmentation parameter): `first` segment flag, `remaining` segments after
 * this one (0-15), the class of the whole message (`protocolClass`, 0 or 1) and a 24-bit local reference.
 * Segments themselves go in class 1 so that the network keeps their order. Returns the end offset.
 */
export function writeXudtSegment(
  b: Uint8Array,
  o: number,
  protocolClass: number,
  returnOnError: boolean,
  called: Uint8Array,
  calling: Uint8Array,
  data: Uint8Array,
  first: boolean,
  remaining: number,
  reference: number,
  hopCounter = 15,
): number {
  if (data.length > 255) throw new SccpError(`segment of ${data.length} octets is too long`);
  // the XUDT of class 1 with its variable part; then the optional part: the segmentation parameter
  let p = writeSccp(b, o, true, 1, returnOnError, called, calling, data, undefined, hopCounter);
  b[o + 6] = p - (o + 6);
  b[p++] = 0x10;
  b[p++] = 4;
  b[p++] = (first ? 0x80 : 0) | (protocolClass === 1 ? 0x40 : 0) | (remaining & 0x0f);
  b[p++] = reference & 0xff;
  b[p++] = (reference >> 8) & 0xff;
  b[p++] = (reference >> 16) & 0xff;
  b[p++] = 0; // end of optional parameters
  return p;
}

/** Encode a standalone SCCP message (tests, UDTS generation). */
export function encodeSccp(
  xudt: boolean,
  protocolClass: number,
  returnOnError: boolean,
  called: Uint8Array,
  calling: Uint8Array,
  data: Uint8Array,
  returnCause?: number,
): Uint8Array {
  const b = new Uint8Array(sccpLength(xudt, called.length, calling.length, data.length));
  writeSccp(b, 0, xudt, protocolClass, returnOnError, called, calling, data, returnCause);
  return b;
}
