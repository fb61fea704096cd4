// What the argument codec's encoder (encode.ts) and decoder (decode.ts) share: the error they raise, the spellings
// of a field's keys in the flattened form, the number format behind an OCTET STRING's derived fields, the universal
// tags of the descriptor kinds, and the constraint checks (INTEGER ranges, SIZE).
import { suffixKeys, numberFormats, type NumberFormat } from './numbers.js';
import type { Range, Ty as TypeDescriptor } from './schema.js';

export class CodecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CodecError';
  }
}

/** A level of the flattened form: field names to values. */
export type Obj = Record<string, unknown>;

export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The universal tag an untagged value of each kind carries; -1: none of its own (a CHOICE, ANY). */
export const UNIVERSAL_TAG: Readonly<Record<TypeDescriptor['k'], number>> = {
  int: 2,
  enum: 10,
  bool: 1,
  null: 5,
  oct: 4,
  contain: 4,
  ia5: 22,
  seq: 16,
  seqof: 16,
  choice: -1,
  any: -1,
  ext: 16,
};

/** The universal tag of an untagged value of `type` (a BIT STRING is an OCTET STRING under tag 3). */
export function universalTag(type: TypeDescriptor): number {
  return type.k === 'oct' && type.utag !== undefined ? type.utag : UNIVERSAL_TAG[type.k];
}

/** The spellings of a field name `x`: `x_hex`, `x_name`, `x_error`. */
export interface NameKeys {
  readonly hex: string;
  readonly name: string;
  readonly error: string;
}

const NAME_SUFFIXES: readonly string[] = ['hex', 'name', 'error'];

/**
 * The keys `x_hex`, `x_name` and `x_error` of a field name, made once per name (suffixKeys): concatenating them per
 * field per message, then looking a property up by the fresh string (flattened and hashed each time), cost more
 * than the value's encoding.
 */
export function keysOf(name: string): NameKeys {
  return suffixKeys(NAME_SUFFIXES, name) as unknown as NameKeys;
}

/** The number format behind an OCTET STRING's derived fields, if any. */
export function formatOf(type: TypeDescriptor): NumberFormat | undefined {
  if (type.k !== 'oct') return undefined;
  return type.format ?? (type.fmt ? numberFormats[type.fmt] : undefined);
}

/** The derived-field keys of a field name under a number format (`x_digits`, ...), made once (as keysOf). */
export function derivedKeys(format: NumberFormat, name: string): Readonly<Record<string, string>> {
  return suffixKeys(format.suffixes, name);
}

function sizeText(r: Range): string {
  return r[0] === r[1] ? `SIZE(${r[0]})` : `SIZE(${r[0]}..${r[1]})`;
}

/** The violation of `INTEGER (min..max)` by `v`, if any. */
export function rangeProblem(v: number, r: Range | undefined): string | undefined {
  return r && (v < r[0] || v > r[1]) ? `${v} is out of range ${r[0]}..${r[1]}` : undefined;
}

/** The violation of `SIZE (min..max)` by a length `n` (of `unit`s), if any. */
export function sizeProblem(n: number, r: Range | undefined, unit: string): string | undefined {
  return r && (n < r[0] || n > r[1]) ? `${n} ${unit}${n === 1 ? '' : 's'}, the ASN.1 requires ${sizeText(r)}` : undefined;
}
