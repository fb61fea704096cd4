// SUA (RFC 3868) message classes, types, parameter tags and codes: the connectionless part (CLDT/CLDR) and the
// SUA-specific parameters (the 0x01xx tags, the address parts 0x80xx) over what it shares with M3UA
// (../ua/constants.ts: the management classes, the common header's numbering, the error and status codes).
import { CommonParam, UA_ERROR_CODES, UA_NAMES, UaClass, nameIn } from '../ua/constants.js';

export { AspsmType, AsptmType, ErrorCode, MgmtType, SsnmType } from '../ua/constants.js';

export const SuaClass = { ...UaClass, CL: 7, CO: 8 } as const;

export const ClType = { CLDT: 1, CLDR: 2 } as const;

/** Parameter tags (RFC 3868 §3.10): the common ones (shared with M3UA) and the SUA-specific ones. */
export const Param = {
  ...CommonParam,
  HopCount: 0x0101,
  SourceAddress: 0x0102,
  DestinationAddress: 0x0103,
  SccpCause: 0x0106,
  Data: 0x010b,
  UserCause: 0x010c,
  NetworkAppearance: 0x010d,
  Smi: 0x0112,
  Importance: 0x0113,
  MessagePriority: 0x0114,
  ProtocolClass: 0x0115,
  SequenceControl: 0x0116,
  Segmentation: 0x0117,
  CongestionLevel: 0x0118,
  /** Also a parameter of its own in SSNM messages (the affected subsystem). */
  Ssn: 0x8003,
} as const;

/** The parts of an address parameter (RFC 3868 §3.10.2.1 - 3). */
export const AddressPart = { GlobalTitle: 0x8001, PointCode: 0x8002, Ssn: 0x8003, Ipv4: 0x8004, Hostname: 0x8005, Ipv6: 0x8006 } as const;

/** The routing indicator of an address (RFC 3868 §3.10.2). */
export const RoutingIndicator = { GlobalTitle: 1, SsnPc: 2, Hostname: 3, SsnIp: 4 } as const;

/** The address indicator's bits: which parts are present (and, for routing on GT, may be used). */
export const AddressIndicator = { Ssn: 0x01, PointCode: 0x02, GlobalTitle: 0x04 } as const;

/** The SCTP payload protocol identifier of SUA (RFC 3868 §1.4.1; IANA). Its registered port is 14001. */
export const SUA_PPID = 4;

/** SCCP cause types (RFC 3868 §3.10.6): a CLDR carries a return cause. */
export const CauseType = { Return: 1, Refusal: 2, Release: 3, Reset: 4, Error: 5 } as const;

export const ErrorCodes: Readonly<Record<number, string>> = {
  ...UA_ERROR_CODES,
  0x1b: 'subsystem status unknown',
  0x1c: 'invalid loadsharing label',
};

const NAMES = { ...UA_NAMES, 7: { 1: 'CLDT', 2: 'CLDR' } };

export function messageName(cls: number, type: number): string {
  return nameIn(NAMES, cls, type);
}
