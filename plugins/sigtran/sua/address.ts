// SUA addresses (RFC 3868 §3.10.2): routing indicator and address indicator, then the parts — global title
// (0x8001: GTI, number of digits, TT, NP, NAI, BCD digits), point code (0x8002, 32 bits), SSN (0x8003) — each a
// tag-length-value padded to 4 octets. They carry what an SCCP address does, so the gateway's addresses (SccpAddress)
// map both ways; routing on hostname or IP address (RI 3, 4) has no SCCP counterpart and is refused.
import type { GlobalTitle, SccpAddress } from '../api.js';
import { decodeBcd, encodeBcd } from '../sccp/address.js';
import { AddressIndicator, AddressPart, ErrorCode, RoutingIndicator } from './constants.js';
import { SuaError } from './codec.js';

const HEADER = 4;
const PART_HEADER = 4;
const GT_FIXED = 8;
const ODD = 1;
const EVEN = 2;

function padded(n: number): number {
  return (n + 3) & ~3;
}

/** The value of a Source/Destination Address parameter for `a` (its national flag has no place in SUA). */
export function encodeSuaAddress(a: SccpAddress): Uint8Array {
  if (a.ri === 'gt' && !a.gt) throw new SuaError(ErrorCode.InvalidParameterValue, 'route on GT needs a global title');
  if (a.ri === 'ssn' && a.ssn === undefined) throw new SuaError(ErrorCode.InvalidParameterValue, 'route on SSN needs a subsystem number');
  const digits = a.gt ? encodeBcd(a.gt.digits) : undefined;
  const gtLength = digits ? PART_HEADER + GT_FIXED + digits.length : 0;
  const size = HEADER + (digits ? padded(gtLength) : 0) + (a.pc !== undefined ? 8 : 0) + (a.ssn !== undefined ? 8 : 0);
  const b = Buffer.alloc(size);
  const ai = (a.ssn !== undefined ? AddressIndicator.Ssn : 0) | (a.pc !== undefined ? AddressIndicator.PointCode : 0) | (a.gt ? AddressIndicator.GlobalTitle : 0);
  b.writeUInt16BE(a.ri === 'gt' ? RoutingIndicator.GlobalTitle : RoutingIndicator.SsnPc, 0);
  b.writeUInt16BE(ai, 2);
  let o = HEADER;
  if (a.gt && digits) {
    b.writeUInt16BE(AddressPart.GlobalTitle, o);
    b.writeUInt16BE(gtLength, o + 2);
    writeGlobalTitle(b, o + PART_HEADER, a.gt, digits);
    o += padded(gtLength);
  }
  if (a.pc !== undefined) o = writePart(b, o, AddressPart.PointCode, a.pc >>> 0);
  if (a.ssn !== undefined) writePart(b, o, AddressPart.Ssn, a.ssn & 0xff);
  return b;
}

function writeGlobalTitle(b: Buffer, o: number, gt: GlobalTitle, digits: Uint8Array): void {
  b[o + 3] = gt.gti;
  b[o + 4] = gt.digits.length;
  b[o + 5] = gt.tt ?? 0;
  b[o + 6] = gt.np ?? 1;
  b[o + 7] = gt.nai ?? 4;
  b.set(digits, o + GT_FIXED);
}

function writePart(b: Buffer, o: number, tag: number, value: number): number {
  b.writeUInt16BE(tag, o);
  b.writeUInt16BE(8, o + 2);
  b.writeUInt32BE(value, o + 4);
  return o + 8;
}

/** The address in a Source/Destination Address parameter's value. Throws SuaError. */
export function decodeSuaAddress(buf: Uint8Array): SccpAddress {
  if (buf.length < HEADER) throw new SuaError(ErrorCode.ParameterFieldError, `address of ${buf.length} octets`);
  const ri = (buf[0]! << 8) | buf[1]!;
  if (ri !== RoutingIndicator.GlobalTitle && ri !== RoutingIndicator.SsnPc) {
    throw new SuaError(ErrorCode.InvalidParameterValue, `routing indicator ${ri} (${ri === 3 ? 'hostname' : ri === 4 ? 'SSN and IP address' : 'reserved'}) is not supported: route on GT (1) or on SSN and PC (2)`);
  }
  const a: SccpAddress = { ri: ri === RoutingIndicator.GlobalTitle ? 'gt' : 'ssn' };
  let p = HEADER;
  while (p < buf.length) {
    if (buf.length - p < PART_HEADER) throw new SuaError(ErrorCode.ParameterFieldError, 'address part header overruns the address');
    const tag = (buf[p]! << 8) | buf[p + 1]!;
    const len = (buf[p + 2]! << 8) | buf[p + 3]!;
    if (len < PART_HEADER || p + len > buf.length) throw new SuaError(ErrorCode.ParameterFieldError, `address part 0x${tag.toString(16)} length ${len} overruns the address`);
    readPart(a, tag, buf, p + PART_HEADER, len - PART_HEADER);
    p += padded(len);
  }
  if (a.ri === 'gt' && !a.gt) throw new SuaError(ErrorCode.InvalidParameterValue, 'route on GT without a global title');
  if (a.ri === 'ssn' && a.ssn === undefined) throw new SuaError(ErrorCode.InvalidParameterValue, 'route on SSN without a subsystem number');
  return a;
}

function readPart(a: SccpAddress, tag: number, buf: Uint8Array, vs: number, vlen: number): void {
  const four = (what: string) => {
    if (vlen !== 4) throw new SuaError(ErrorCode.ParameterFieldError, `${what} of ${vlen} octets (expected 4)`);
    return ((buf[vs]! << 24) | (buf[vs + 1]! << 16) | (buf[vs + 2]! << 8) | buf[vs + 3]!) >>> 0;
  };
  if (tag === AddressPart.PointCode) a.pc = four('point code');
  else if (tag === AddressPart.Ssn) a.ssn = four('SSN') & 0xff;
  else if (tag === AddressPart.GlobalTitle) a.gt = readGlobalTitle(buf, vs, vlen);
  // IPv4, IPv6 and hostname parts do not go into an SCCP address
}

function readGlobalTitle(buf: Uint8Array, vs: number, vlen: number): GlobalTitle {
  if (vlen < GT_FIXED) throw new SuaError(ErrorCode.ParameterFieldError, `global title of ${vlen} octets`);
  const gti = buf[vs + 3]! & 0x0f;
  if (gti < 1 || gti > 4) throw new SuaError(ErrorCode.InvalidParameterValue, `global title indicator ${gti} is not supported (1-4)`);
  const count = buf[vs + 4]!;
  const octets = (count + 1) >> 1;
  if (GT_FIXED + octets > vlen) throw new SuaError(ErrorCode.ParameterFieldError, `${count} global title digits need ${octets} octets, ${vlen - GT_FIXED} given`);
  const odd = count % 2 === 1;
  const gt: GlobalTitle = { gti: gti as GlobalTitle['gti'], digits: decodeBcd(buf, vs + GT_FIXED, vs + GT_FIXED + octets, odd) };
  // the fields the SCCP address of this GTI has (Q.713 §3.4.2.3), as sccp/address.ts decodes them
  if (gti !== 1) gt.tt = buf[vs + 5]!;
  if (gti === 3 || gti === 4) {
    gt.np = buf[vs + 6]!;
    gt.es = odd ? ODD : EVEN;
  }
  if (gti === 1 || gti === 4) gt.nai = buf[vs + 7]!;
  return gt;
}
