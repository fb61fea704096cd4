// Dictionary data shapes. The built-in dictionaries are written in the compact source form; site dictionaries
// (plugins.json, dictionary files: site.ts) in an expanded object form, merged on top.
import type { BaseType } from '../codec/types.js';

/** [code, name, type, flags ('M', 'VM', 'V' or ''), vendorId?]: a vendor id defaults to the source's `vendorId` when the flags contain V. */
type AvpTuple = readonly [number, string, BaseType, string, number?];

/** [code, name without -Request/-Answer, request abbreviation, answer abbreviation, application id or null, proxiable] */
type CommandTuple = readonly [number, string, string, string, number | null, boolean];

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
