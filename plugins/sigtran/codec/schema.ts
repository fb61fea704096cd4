// Descriptors of ASN.1 types (the TCAP users' IMPLICIT TAGS modules), interpreted by codec.ts to encode the
// flattened JSON argument form into BER and back. Only the constructs TCAP-user arguments need are modelled.
import type { BerWriter, Tlv } from '../ber/index.js';
import type { NumberFormat, NumberFormatName } from './numbers.js';

/** A constraint of the ASN.1 module: `INTEGER (min..max)`, `SIZE (min..max)`. */
export type Range = readonly [min: number, max: number];

// Constraints are part of the descriptors (one source): the codec checks them when it encodes (CodecError naming the
// argument) and when it decodes (decodeArg fails naming it), the static check at ExecuteTest (checkArg) and the JSON
// schemas (integer minimum/maximum) read them from here.
export type Ty =
  | { readonly k: 'int'; readonly range?: Range }
  | { readonly k: 'enum'; readonly names?: Readonly<Record<number, string>>; readonly aliases?: Readonly<Record<string, number>> }
  | { readonly k: 'bool' }
  | { readonly k: 'null' }
  /** OCTET STRING; `fmt` (a shared format) or `format` (a plugin's own) adds the derived fields (`X_digits`, `X_noa`, ...). */
  | { readonly k: 'oct'; readonly fmt?: NumberFormatName; readonly format?: NumberFormat; readonly size?: Range; readonly utag?: number }
  | { readonly k: 'ia5'; readonly size?: Range }
  | { readonly k: 'seq'; readonly fields: readonly Field[] }
  | { readonly k: 'choice'; readonly alts: readonly Field[] }
  | { readonly k: 'seqof'; readonly of: Ty; readonly size?: Range }
  /** OCTET STRING holding the BER encoding of `inner` (CAP billing characteristics, CallResult). */
  | { readonly k: 'contain'; readonly inner: Ty; readonly size?: Range }
  /** Any content, carried as hex of the value octets (extensions, unmodelled parts). */
  | { readonly k: 'any' }
  /** A list of open-typed values (a SEQUENCE OF whose values' types a run names), read and written by its TCAP user's codec. */
  | { readonly k: 'ext'; readonly codec: ExtCodec };

/** A run's type map for the open-typed values of `ext` fields (value type -> the name of an ASN.1 type its codec knows). */
export type ExtTypes = ReadonlyMap<string, string>;

/** The codec a TCAP user gives for its `ext` fields (the list's tag and length are the descriptor codec's). */
export interface ExtCodec {
  /** Write the list's content; throws CodecError naming the element at fault. */
  write(w: BerWriter, list: readonly unknown[], types: ExtTypes | undefined, path: string): void;
  /** The JSON form of the list whose TLV is `t`; throws BerError on bad bytes. */
  read(buf: Uint8Array, t: Tlv, types: ExtTypes | undefined): unknown;
}

export interface Field {
  /** Name in the flattened JSON form. */
  readonly n: string;
  /** Context-specific tag number; undefined = untagged (universal tag of the type, or the choice's own tags). */
  readonly t?: number;
  readonly ty: Ty;
  readonly opt?: boolean;
  /** Another name accepted on encode and also written on decode (CAP v2 vs v3 spellings). */
  readonly al?: string;
}

/** An operation argument or result type: `name` names the value when it is not a SEQUENCE or CHOICE. */
export interface ArgType {
  readonly name?: string;
  readonly ty: Ty;
  /** A context tag on the whole value (`[3] SEQUENCE`, as MAP's SendRoutingInfoRes): IMPLICIT, so a SEQUENCE is
   *  written `a3 ...` instead of `30 ...`. */
  readonly tag?: number;
}

// Shorthand constructors: the tables read like the ASN.1 modules.
export const INT: Ty = { k: 'int' };
export const BOOL: Ty = { k: 'bool' };
export const NULL: Ty = { k: 'null' };
export const OCT: Ty = { k: 'oct' };
export const IA5: Ty = { k: 'ia5' };
export const ANY: Ty = { k: 'any' };
/** BIT STRING, given and reported as hex of its content (the unused-bits octet first: `0780` is bit 0 of 1 bit): an
 *  OCTET STRING under universal tag 3, so untagged BIT STRINGs (MAP's ODB-GeneralData) keep their own tag. */
export const BITS: Ty = { k: 'oct', utag: 3 };
export const oct = (fmt?: NumberFormatName): Ty => ({ k: 'oct', fmt });
/** OCTET STRING with a plugin's own number format (derived fields `X_<suffix>`). */
export const octf = (format: NumberFormat): Ty => ({ k: 'oct', format });
/** `INTEGER (min..max)`. */
export const int = (min: number, max: number): Ty => ({ k: 'int', range: [min, max] });
/** `ty (SIZE (min..max))`: octets of an OCTET STRING (or of a contained encoding), characters of an IA5String,
 *  elements of a SEQUENCE OF. */
export function size(ty: Ty, min: number, max = min): Ty {
  if (ty.k !== 'oct' && ty.k !== 'ia5' && ty.k !== 'seqof' && ty.k !== 'contain') throw new Error(`SIZE does not apply to ${ty.k}`);
  return { ...ty, size: [min, max] };
}
export const enm = (names?: Record<number, string>, aliases?: Record<string, number>): Ty => ({ k: 'enum', names, aliases });
export const seq = (...fields: Field[]): Ty => ({ k: 'seq', fields });
export const choice = (...alts: Field[]): Ty => ({ k: 'choice', alts });
export const seqOf = (of: Ty): Ty => ({ k: 'seqof', of });
/** A list of open-typed values coded by `codec` (a TCAP user's: inap's extensions). */
export const ext = (codec: ExtCodec): Ty => ({ k: 'ext', codec });
export const contain = (inner: Ty): Ty => ({ k: 'contain', inner });
/** A mandatory field `[t] ty`. */
export const f = (n: string, t: number | undefined, ty: Ty): Field => ({ n, t, ty });
/** An OPTIONAL field. */
export const o = (n: string, t: number | undefined, ty: Ty): Field => ({ n, t, ty, opt: true });
/** An OPTIONAL field with an alias name. */
export const oa = (n: string, al: string, t: number | undefined, ty: Ty): Field => ({ n, t, ty, opt: true, al });
