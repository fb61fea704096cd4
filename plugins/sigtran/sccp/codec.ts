// SCCP connectionless messages (Q.713 §4): UDT/XUDT out, UDT/XUDT/UDTS/XUDTS in.
import type { SccpAddress } from '../api.js';
import { SccpError, decodeAddress } from './address.js';

export const SccpType = { UDT: 0x09, UDTS: 0x0a, XUDT: 0x11, XUDTS: 0x12, LUDT: 0x13, LUDTS: 0x14 } as const;

/** Largest SCCP message an MTP3 SIF carries (272 octets minus the 4-octet ITU routing label). */
export const MAX_SCCP_MESSAGE = 268;
/** Largest variable parameter (one length octet): addresses and the data of a UDT/XUDT or of one segment. */
export const MAX_VARIABLE_LENGTH = 255;
const DEFAULT_HOP_COUNTER = 15;
/** Octets of the fixed part up to the first variable parameter: type, class (+ hop counter), pointers. */
const UDT_FIXED_LENGTH = 5;
const XUDT_FIXED_LENGTH = 7;
/** The protocol-class octet's return-on-error flag and class bits (Q.713 §3.6). */
const RETURN_ON_ERROR = 0x80;
const CLASS_MASK = 0x0f;
/** Optional parameters: the segmentation parameter (name, length 4, value) and the end of the optional part. */
const SEGMENTATION = 0x10;
const SEGMENTATION_LENGTH = 4;
const END_OF_OPTIONAL = 0;
const FIRST_SEGMENT = 0x80;
const SEGMENTED_CLASS_1 = 0x40;
const REMAINING_MASK = 0x0f;

const RETURN_CAUSES: Readonly<Record<number, string>> = {
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

/**
 * A decoded UDT, UDTS, XUDT or XUDTS. The encoded addresses are viewed when first asked for (a reply to a Begin is
 * sent to them; most messages, an End or a Continue of an open dialogue, never need them): a view per address per
 * message was a fifth of the receive path's SCCP decoding.
 */
export class SccpMessage {
  /** UDTS/XUDTS: return cause. */
  returnCause?: number;
  hopCounter?: number;
  /** XUDT segmentation parameter, when present (first segment flag, remaining count, local reference). */
  segmentation?: SegmentationParameter & { protocolClass: number };

  constructor(
    readonly type: number,
    /** UDT/XUDT: protocol class (0/1) and return-on-error flag. */
    readonly protocolClass: number,
    readonly returnOnError: boolean,
    readonly called: SccpAddress,
    readonly calling: SccpAddress,
    /** User data (TCAP): a view. */
    readonly data: Uint8Array,
    private readonly buf: Uint8Array,
    /** Where each address's octets start in `buf` (after its length octet). */
    private readonly calledAt: number,
    private readonly callingAt: number,
  ) {}

  /** The encoded addresses as received (views), reusable as the addresses of replies. */
  get calledRaw(): Uint8Array {
    return this.buf.subarray(this.calledAt, this.calledAt + this.buf[this.calledAt - 1]!);
  }

  get callingRaw(): Uint8Array {
    return this.buf.subarray(this.callingAt, this.callingAt + this.buf[this.callingAt - 1]!);
  }
}

/** Decode a UDT, UDTS, XUDT or XUDTS. Throws SccpError on anything malformed or unsupported. */
export function decodeSccp(buf: Uint8Array, pcBits: 14 | 24 = 14): SccpMessage {
  if (buf.length < 1) throw new SccpError('empty SCCP message', 0);
  const type = buf[0]!;
  const n = buf.length;
  if (type === SccpType.UDT || type === SccpType.UDTS) {
    if (n < UDT_FIXED_LENGTH) throw new SccpError(`${type === SccpType.UDT ? 'UDT' : 'UDTS'} shorter than its fixed part`, 0);
    return decodeParts(buf, type, 2, pcBits, type === SccpType.UDTS);
  }
  if (type === SccpType.XUDT || type === SccpType.XUDTS) {
    if (n < XUDT_FIXED_LENGTH) throw new SccpError(`${type === SccpType.XUDT ? 'XUDT' : 'XUDTS'} shorter than its fixed part`, 0);
    const m = decodeParts(buf, type, 3, pcBits, type === SccpType.XUDTS);
    m.hopCounter = buf[2]!;
    const optPtr = buf[6]!;
    if (optPtr) {
      let p = 6 + optPtr;
      for (let guard = 0; guard < 16; guard++) {
        if (p >= n) throw new SccpError('optional part runs past the end of the message', p);
        const name = buf[p]!;
        if (name === END_OF_OPTIONAL) break;
        if (p + 2 > n || p + 2 + buf[p + 1]! > n) throw new SccpError(`optional parameter ${name} overruns the message`, p);
        const len = buf[p + 1]!;
        if (name === SEGMENTATION && len === SEGMENTATION_LENGTH) {
          m.segmentation = {
            first: (buf[p + 2]! & FIRST_SEGMENT) !== 0,
            remaining: buf[p + 2]! & REMAINING_MASK,
            reference: buf[p + 3]! | (buf[p + 4]! << 8) | (buf[p + 5]! << 16),
            protocolClass: (buf[p + 2]! & SEGMENTED_CLASS_1) !== 0 ? 1 : 0,
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
  const m = new SccpMessage(
    type,
    service ? 0 : buf[1]! & CLASS_MASK,
    service ? false : (buf[1]! & RETURN_ON_ERROR) !== 0,
    decodeAddress(buf, called, called + buf[called - 1]!, pcBits),
    decodeAddress(buf, calling, calling + buf[calling - 1]!, pcBits),
    buf.subarray(data, data + buf[data - 1]!),
    buf,
    called,
    calling,
  );
  if (service) m.returnCause = buf[1]!;
  return m;
}

/** Where the variable parameter the pointer at `ptrAt` points to starts (its content, after the length octet). */
function variable(buf: Uint8Array, ptrAt: number, n: number, what: string): number {
  const ptr = buf[ptrAt]!;
  if (ptr === 0) throw new SccpError(`${what} pointer is 0`, ptrAt);
  const lenAt = ptrAt + ptr;
  if (lenAt >= n) throw new SccpError(`${what} pointer ${ptr} points past the end of the message`, ptrAt);
  const len = buf[lenAt]!;
  if (lenAt + 1 + len > n) throw new SccpError(`${what} length ${len} overruns the message`, lenAt);
  return lenAt + 1;
}

/** What a UDT or XUDT (a UDTS or XUDTS, with a return cause) carries besides its data. */
export interface UnitdataHeader {
  /** XUDT/XUDTS (hop counter, optional part) instead of UDT/UDTS. */
  xudt: boolean;
  /** Protocol class 0 or 1, and the return-on-error option. */
  protocolClass: number;
  returnOnError: boolean;
  /** The encoded called and calling addresses (encodeAddress). */
  called: Uint8Array;
  calling: Uint8Array;
  /** A service message (UDTS/XUDTS) returning a message with this cause. */
  returnCause?: number;
  /** XUDT hop counter (default 15, the maximum). */
  hopCounter?: number;
}

/** The segmentation parameter of an XUDT segment (Q.713 §3.17). */
export interface SegmentationParameter {
  /** The first segment of the message. */
  first: boolean;
  /** Segments after this one (0-15). */
  remaining: number;
  /** The 24-bit local reference shared by the segments of one message. */
  reference: number;
}

/** Length of a UDT (or XUDT without optional part) under `h` carrying `dataLen` octets of data. */
export function sccpLength(h: UnitdataHeader, dataLen: number): number {
  return (h.xudt ? XUDT_FIXED_LENGTH : UDT_FIXED_LENGTH) + 1 + h.called.length + 1 + h.calling.length + 1 + dataLen;
}

/**
 * Write a UDT or XUDT (or, with `h.returnCause`, a UDTS/XUDTS) at `o`; returns the end offset. Data must be at most
 * 255 octets (the length octet); larger data is sent in XUDT segments (writeXudtSegment).
 */
export function writeSccp(b: Uint8Array, o: number, h: UnitdataHeader, data: Uint8Array): number {
  if (data.length > MAX_VARIABLE_LENGTH) {
    throw new SccpError(`user data of ${data.length} octets does not fit a ${h.xudt ? 'XUDT' : 'UDT'} (255 max; larger messages go in XUDT segments)`);
  }
  const service = h.returnCause !== undefined;
  const type = h.xudt ? (service ? SccpType.XUDTS : SccpType.XUDT) : service ? SccpType.UDTS : SccpType.UDT;
  const classOctet = service ? h.returnCause! : classOctetOf(h.protocolClass, h.returnOnError);
  return writeUnitdata(b, o, type, classOctet, h.xudt ? (h.hopCounter ?? DEFAULT_HOP_COUNTER) : undefined, h, data);
}

function classOctetOf(protocolClass: number, returnOnError: boolean): number {
  return (protocolClass & CLASS_MASK) | (returnOnError ? RETURN_ON_ERROR : 0);
}

/**
 * The part every unitdata message shares: type, class octet, hop counter (XUDT), the pointers and the three
 * variable parameters (called, calling, data), with no optional part. Returns the end offset.
 */
function writeUnitdata(b: Uint8Array, o: number, type: number, classOctet: number, hopCounter: number | undefined, h: UnitdataHeader, data: Uint8Array): number {
  const { called, calling } = h;
  if (called.length > MAX_VARIABLE_LENGTH || calling.length > MAX_VARIABLE_LENGTH) throw new SccpError('address too long');
  b[o] = type;
  b[o + 1] = classOctet;
  const xudt = hopCounter !== undefined;
  if (xudt) b[o + 2] = hopCounter;
  // each pointer counts from its own octet to the length octet of its parameter
  const pointers = o + (xudt ? 3 : 2);
  const calledAt = o + (xudt ? XUDT_FIXED_LENGTH : UDT_FIXED_LENGTH);
  const callingAt = calledAt + 1 + called.length;
  const dataAt = callingAt + 1 + calling.length;
  b[pointers] = calledAt - pointers;
  b[pointers + 1] = callingAt - (pointers + 1);
  b[pointers + 2] = dataAt - (pointers + 2);
  if (xudt) b[pointers + 3] = 0; // no optional part
  b[calledAt] = called.length;
  b.set(called, calledAt + 1);
  b[callingAt] = calling.length;
  b.set(calling, callingAt + 1);
  b[dataAt] = data.length;
  b.set(data, dataAt + 1);
  return dataAt + 1 + data.length;
}

/** Length of one XUDT segment under `h` carrying `dataLen` octets (segmentation parameter + end of optional part). */
export function xudtSegmentLength(h: Pick<UnitdataHeader, 'called' | 'calling'>, dataLen: number): number {
  return XUDT_FIXED_LENGTH + 1 + h.called.length + 1 + h.calling.length + 1 + dataLen + 2 + SEGMENTATION_LENGTH + 1;
}

/**
 * Write one XUDT segment (Q.713 §3.17 segmentation parameter `seg`): the class in the parameter is the whole
 * message's (`h.protocolClass`, 0 or 1); the segments themselves go in class 1 so that the network keeps their
 * order. `h.xudt` does not matter (a segment is an XUDT). Returns the end offset.
 */
export function writeXudtSegment(b: Uint8Array, o: number, h: UnitdataHeader, data: Uint8Array, seg: SegmentationParameter): number {
  if (data.length > MAX_VARIABLE_LENGTH) throw new SccpError(`segment of ${data.length} octets is too long`);
  let p = writeUnitdata(b, o, SccpType.XUDT, classOctetOf(1, h.returnOnError), h.hopCounter ?? DEFAULT_HOP_COUNTER, h, data);
  const optionalPointer = o + 6;
  b[optionalPointer] = p - optionalPointer;
  b[p++] = SEGMENTATION;
  b[p++] = SEGMENTATION_LENGTH;
  b[p++] = (seg.first ? FIRST_SEGMENT : 0) | (h.protocolClass === 1 ? SEGMENTED_CLASS_1 : 0) | (seg.remaining & REMAINING_MASK);
  b[p++] = seg.reference & 0xff;
  b[p++] = (seg.reference >> 8) & 0xff;
  b[p++] = (seg.reference >> 16) & 0xff;
  b[p++] = END_OF_OPTIONAL;
  return p;
}

/** Encode a standalone SCCP message (tests, UDTS generation). */
export function encodeSccp(h: UnitdataHeader, data: Uint8Array): Uint8Array {
  const b = new Uint8Array(sccpLength(h, data.length));
  writeSccp(b, 0, h, data);
  return b;
}
