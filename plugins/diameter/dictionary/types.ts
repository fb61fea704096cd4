// Dictionary data shapes. The built-in dictionaries are written in the compact source form; site dictionaries in
// plugins.json use the same form (or the expanded object form) and are merged on top.
import type { BaseType } from '../codec/types.js';

/** [code, name, type, flags ('M', 'VM', 'V' or ''), vendorId?]: a vendor id defaults to the source's `vendorId` when the flags contain V. */
export type AvpTuple = readonly [number, string, BaseType, string, number?];

export interface AvpSpec {
  name: string;
  code: number;
  /** Vendor-Id (0 or absent: IETF AVP, V flag clear). */
  vendor?: number;
  type: BaseType;
  /** Flags to set when encoding: 'M', 'VM', 'V', '' (default: 'M', plus 'V' when vendor is set). */
  flags?: string;
  /** Named values (Enumerated, or Unsigned32 AVPs with well-known values such as Result-Code). */
  enum?: Record<string, number>;
}

/** [code, name without -Request/-Answer, request abbreviation, answer abbreviation, application id or null, proxiable] */
export type CommandTuple = readonly [number, string, string, string, number | null, boolean];

export interface CommandSpec {
  name: string;
  code: number;
  /** Application id put in the header; absent: the session's / peer's default application. */
  application_id?: number | null;
  abbreviations?: [string, string];
  proxiable?: boolean;
}

export interface ApplicationSpec {
  id: number;
  name: string;
  vendor?: number;
  kind?: 'auth' | 'acct';
}

export interface DictionarySource {
  name: string;
  /** Vendor id given to AVP tuples whose flags contain V and that name no vendor. */
  vendorId?: number;
  vendors?: Record<string, string>;
  applications?: readonly (readonly [number, string, 'auth' | 'acct', number?])[];
  commands?: readonly CommandTuple[];
  avps: readonly AvpTuple[];
  enums?: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/** A site dictionary as written in plugins.json (expanded object form). */
export interface SiteDictionary {
  vendors?: Record<string, string>;
  applications?: ApplicationSpec[];
  commands?: CommandSpec[];
  avps?: AvpSpec[];
}

export interface AvpDefinition {
  name: string;
  code: number;
  vendorId: number;
  type: BaseType;
  /** Flags set when encoding (V set whenever vendorId != 0). */
  flags: number;
  enumByName?: Map<string, number>;
  enumByValue?: Map<number, string>;
  /** Which dictionary defined it ('base', 'credit-control', 'site', ...). */
  source: string;
}

export interface CommandDefinition {
  name: string;
  code: number;
  applicationId: number | null;
  requestName: string;
  answerName: string;
  requestAbbrev: string;
  answerAbbrev: string;
  proxiable: boolean;
}

export interface ApplicationDefinition {
  id: number;
  name: string;
  vendorId: number;
  kind: 'auth' | 'acct';
}
