// The descriptor-driven BER codec shared by the TCAP-user plugins (inap, map): import '../sigtran/codec/index.js'.
//
// - schema.ts: descriptors of ASN.1 types (INT, enm, seq, choice, seqOf, oct(fmt), contain, ANY, ext(codec); f/o/oa fields
//   with context tags), written to read like the IMPLICIT TAGS modules (CHOICEs explicit).
// - codec.ts: encodeArg / decodeArg between BER and the anchor's flattened JSON form (`X`, `X_hex`, `X_digits`, ...;
//   dotted keys; decoded messages carry every derived field). Encoding errors are CodecErrors naming the path;
//   decoding never throws.
// - numbers.ts: the formats behind the derived fields (Q.763 numbers and cause, TS 29.002 AddressString, TBCD,
//   TS 23.003 cell global id / LAI).
// - json-schema.ts: the JSON-schema properties of an argument type (operation `arguments` schemas).
// - expected.ts: matching helpers for inbound operations (nested expected values to dotted paths, loose equality).
export * from './schema.js';
export { encodeArg, decodeArg, checkArg, expandDotted, formatOf, CodecError, type CodecOptions, type DecodeResult } from './codec.js';
export { argProperties, fieldProperties } from './json-schema.js';
export * from './numbers.js';
export { flattenExpected, getPath, hasKeys, looseEqual } from './expected.js';
