// SUA (RFC 3868) message classes, types, parameter tags and codes: the connectionless part (CLDT/CLDR), ASP
// management and signalling network management. The common header and the management messages have M3UA's
// layout; the SUA-specific parameters are the 0x01xx tags, the address parts 0x80xx.

export const SuaClass = { MGMT: 0, SSNM: 2, ASPSM: 3, ASPTM: 4, CL: 7, CO: 8, RKM: 9 } as const;

export const MgmtType = { ERR: 0, NTFY: 1 } as const;
export const SsnmType = { DUNA: 1, DAVA: 2, DAUD: 3, SCON: 4, DUPU: 5, DRST: 6 } as const;
export const AspsmType = { ASPUP: 1, ASPDN: 2, BEAT: 3, ASPUP_ACK: 4, ASPDN_ACK: 5, BEAT_ACK: 6 } as const;
export const AsptmType = { ASPAC: 1, ASPIA: 2, ASPAC_ACK: 3, ASPIA_ACK: 4 } as const;
export const ClType = { CLDT: 1, CLDR: 2 } as const;

/** Parameter tags (RFC 3868 §3.10): the common ones (shared with M3UA) and the SUA-specific ones. */
export const Param = {
  InfoString: 0x0004,
  RoutingContext: 0x0006,
  DiagnosticInfo: 0x0007,
  HeartbeatData: 0x0009,
  TrafficModeType: 0x000b,
  ErrorCode: 0x000c,
  Status: 0x000d,
  AspIdentifier: 0x0011,
  AffectedPointCode: 0x0012,
  CorrelationId: 0x0013,
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

export const TrafficMode = { override: 1, loadshare: 2, broadcast: 3 } as const;

/** SCCP cause types (RFC 3868 §3.10.6): a CLDR carries a return cause. */
export const CauseType = { Return: 1, Refusal: 2, Release: 3, Reset: 4, Error: 5 } as const;

export const ErrorCode = {
  InvalidVersion: 0x01,
  UnsupportedClass: 0x03,
  UnsupportedType: 0x04,
  UnsupportedTrafficMode: 0x05,
  UnexpectedMessage: 0x06,
  ProtocolError: 0x07,
  InvalidParameterValue: 0x11,
  ParameterFieldError: 0x12,
  UnexpectedParameter: 0x13,
  InvalidNetworkAppearance: 0x15,
  MissingParameter: 0x16,
  InvalidRoutingContext: 0x19,
  NoConfiguredAs: 0x1a,
} as const;

export const ErrorCodes: Readonly<Record<number, string>> = {
  0x01: 'invalid version',
  0x03: 'unsupported message class',
  0x04: 'unsupported message type',
  0x05: 'unsupported traffic mode type',
  0x06: 'unexpected message',
  0x07: 'protocol error',
  0x09: 'invalid stream identifier',
  0x0d: 'refused - management blocking',
  0x0e: 'ASP identifier required',
  0x0f: 'invalid ASP identifier',
  0x11: 'invalid parameter value',
  0x12: 'parameter field error',
  0x13: 'unexpected parameter',
  0x14: 'destination status unknown',
  0x15: 'invalid network appearance',
  0x16: 'missing parameter',
  0x19: 'invalid routing context',
  0x1a: 'no configured AS for ASP',
  0x1b: 'subsystem status unknown',
  0x1c: 'invalid loadsharing label',
};

/** NTFY status (RFC 3868 §3.8.2), as M3UA's. */
export const StatusType = { AsStateChange: 1, Other: 2 } as const;
export const AsState = { Inactive: 2, Active: 3, Pending: 4 } as const;
export const OtherStatus = { InsufficientAspResources: 1, AlternateAspActive: 2, AspFailure: 3 } as const;

export function statusText(type: number, info: number): string {
  if (type === StatusType.AsStateChange) return ({ 2: 'AS-INACTIVE', 3: 'AS-ACTIVE', 4: 'AS-PENDING' } as Record<number, string>)[info] ?? `AS state ${info}`;
  if (type === StatusType.Other) return ({ 1: 'insufficient ASP resources active in AS', 2: 'alternate ASP active', 3: 'ASP failure' } as Record<number, string>)[info] ?? `other ${info}`;
  return `status ${type}/${info}`;
}

const NAMES: Record<number, Record<number, string>> = {
  0: { 0: 'ERR', 1: 'NTFY' },
  2: { 1: 'DUNA', 2: 'DAVA', 3: 'DAUD', 4: 'SCON', 5: 'DUPU', 6: 'DRST' },
  3: { 1: 'ASPUP', 2: 'ASPDN', 3: 'BEAT', 4: 'ASPUP_ACK', 5: 'ASPDN_ACK', 6: 'BEAT_ACK' },
  4: { 1: 'ASPAC', 2: 'ASPIA', 3: 'ASPAC_ACK', 4: 'ASPIA_ACK' },
  7: { 1: 'CLDT', 2: 'CLDR' },
  9: { 1: 'REG_REQ', 2: 'REG_RSP', 3: 'DEREG_REQ', 4: 'DEREG_RSP' },
};

export function messageName(cls: number, type: number): string {
  return NAMES[cls]?.[type] ?? `class ${cls} type ${type}`;
}
