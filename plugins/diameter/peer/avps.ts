// Small builders (and readers) for the AVPs the peer itself sends and reads (CER/CEA, DWR/DWA, DPR/DPA, errors).
import { AvpFlag, type AvpNode, type RawAvp } from '../codec/avp.js';
import { findAvp } from '../codec/message.js';
import { encodeValue } from '../codec/types.js';

const M = AvpFlag.M;

export function u32(code: number, v: number, flags: number = M, vendorId = 0): AvpNode {
  const data = Buffer.allocUnsafe(4);
  data.writeUInt32BE(v >>> 0, 0);
  return { code, flags, vendorId, data };
}

export function str(code: number, v: string, flags: number = M, vendorId = 0): AvpNode {
  return { code, flags, vendorId, data: Buffer.from(v, 'utf8') };
}

export function addr(code: number, ip: string, flags: number = M): AvpNode {
  return { code, flags, data: encodeValue('Address', ip) };
}

export function group(code: number, children: AvpNode[], flags: number = M, vendorId = 0): AvpNode {
  return { code, flags, vendorId, children };
}

/** AVP codes the peer reads and writes. */
export const A = {
  SessionId: 263, OriginHost: 264, OriginRealm: 296, DestinationHost: 293, DestinationRealm: 283,
  HostIpAddress: 257, VendorId: 266, ProductName: 269, OriginStateId: 278, SupportedVendorId: 265,
  AuthApplicationId: 258, AcctApplicationId: 259, VendorSpecificApplicationId: 260, FirmwareRevision: 267,
  ResultCode: 268, ExperimentalResult: 297, ExperimentalResultCode: 298, ErrorMessage: 281, FailedAvp: 279,
  DisconnectCause: 273, InbandSecurityId: 299,
} as const;

/** Command codes of the base protocol. */
export const C = { CER: 257, DWR: 280, DPR: 282 } as const;

/** The Unsigned32 value of the first top-level AVP with this code, or undefined (absent or not 4 bytes). */
export function u32Of(avps: readonly RawAvp[], code: number): number | undefined {
  const a = findAvp(avps, code);
  return a && a.data.length === 4 ? a.data.readUInt32BE(0) : undefined;
}

/** The text of the first top-level AVP with this code, or undefined. */
export function strOf(avps: readonly RawAvp[], code: number): string | undefined {
  const a = findAvp(avps, code);
  return a ? a.data.toString('utf8') : undefined;
}
