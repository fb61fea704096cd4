// What M3UA (RFC 4666) and SUA (RFC 3868) number alike: the management, signalling network management, ASP state
// and traffic maintenance classes and types, the common parameter tags (0x00xx), the error and NTFY status codes.
// Each adaptation's constants.ts adds its own transfer classes and parameters.

/** The message classes both adaptations have (RFC 4666 §3.1.2, RFC 3868 §3.1.3). */
export const UaClass = { MGMT: 0, SSNM: 2, ASPSM: 3, ASPTM: 4, RKM: 9 } as const;

export const MgmtType = { ERR: 0, NTFY: 1 } as const;
export const SsnmType = { DUNA: 1, DAVA: 2, DAUD: 3, SCON: 4, DUPU: 5, DRST: 6 } as const;
export const AspsmType = { ASPUP: 1, ASPDN: 2, BEAT: 3, ASPUP_ACK: 4, ASPDN_ACK: 5, BEAT_ACK: 6 } as const;
export const AsptmType = { ASPAC: 1, ASPIA: 2, ASPAC_ACK: 3, ASPIA_ACK: 4 } as const;

/** The parameter tags common to both (RFC 4666 §3.2, RFC 3868 §3.10). */
export const CommonParam = {
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
} as const;

export const TrafficMode = { override: 1, loadshare: 2, broadcast: 3 } as const;

/** The error codes of an ERR both define (RFC 4666 §3.8.1; SUA adds two of its own). */
export const UA_ERROR_CODES: Readonly<Record<number, string>> = {
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
};

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

/** NTFY status (RFC 4666 §3.8.2, RFC 3868 §3.8.2): type 1 an AS state change, type 2 other. */
export const StatusType = { AsStateChange: 1, Other: 2 } as const;
export const AsState = { Inactive: 2, Active: 3, Pending: 4 } as const;
export const OtherStatus = { InsufficientAspResources: 1, AlternateAspActive: 2, AspFailure: 3 } as const;

export function statusText(type: number, info: number): string {
  if (type === StatusType.AsStateChange) return ({ 2: 'AS-INACTIVE', 3: 'AS-ACTIVE', 4: 'AS-PENDING' } as Record<number, string>)[info] ?? `AS state ${info}`;
  if (type === StatusType.Other) return ({ 1: 'insufficient ASP resources active in AS', 2: 'alternate ASP active', 3: 'ASP failure' } as Record<number, string>)[info] ?? `other ${info}`;
  return `status ${type}/${info}`;
}

/** The names of the common classes' messages, by class and type; an adaptation adds its transfer classes. */
export const UA_NAMES: Readonly<Record<number, Readonly<Record<number, string>>>> = {
  0: { 0: 'ERR', 1: 'NTFY' },
  2: { 1: 'DUNA', 2: 'DAVA', 3: 'DAUD', 4: 'SCON', 5: 'DUPU', 6: 'DRST' },
  3: { 1: 'ASPUP', 2: 'ASPDN', 3: 'BEAT', 4: 'ASPUP_ACK', 5: 'ASPDN_ACK', 6: 'BEAT_ACK' },
  4: { 1: 'ASPAC', 2: 'ASPIA', 3: 'ASPAC_ACK', 4: 'ASPIA_ACK' },
  9: { 1: 'REG_REQ', 2: 'REG_RSP', 3: 'DEREG_REQ', 4: 'DEREG_RSP' },
};

/** A message's name from a names table ("class 5 type 1" when not in it). */
export function nameIn(names: Readonly<Record<number, Readonly<Record<number, string>>>>, cls: number, type: number): string {
  return names[cls]?.[type] ?? `class ${cls} type ${type}`;
}
