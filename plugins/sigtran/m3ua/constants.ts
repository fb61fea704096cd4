// M3UA (RFC 4666) message classes, types, parameter tags and codes: its own (transfer, the MTP3 parameters) over
// what it shares with SUA (../ua/constants.ts).
import { CommonParam, UA_ERROR_CODES, UA_NAMES, UaClass, nameIn } from '../ua/constants.js';

export { AspsmType, AsptmType, ErrorCode, MgmtType, SsnmType } from '../ua/constants.js';

export const M3uaClass = { ...UaClass, TRANSFER: 1 } as const;

export const TransferType = { DATA: 1 } as const;

export const Param = {
  ...CommonParam,
  NetworkAppearance: 0x0200,
  UserCause: 0x0204,
  CongestionIndications: 0x0205,
  ConcernedDestination: 0x0206,
  RoutingKey: 0x0207,
  LocalRkId: 0x020a,
  ProtocolData: 0x0210,
} as const;

/** The SCTP payload protocol identifier of M3UA (RFC 4666 §1.4.7; IANA). */
export const M3UA_PPID = 3;

/** MTP3 service indicator of the user part a DATA message carries (Q.704 §14.2.1). */
export const ServiceIndicator = { SCCP: 3 } as const;

export const ErrorCodes = UA_ERROR_CODES;

const NAMES = { ...UA_NAMES, 1: { 1: 'DATA' } };

export function messageName(cls: number, type: number): string {
  return nameIn(NAMES, cls, type);
}
