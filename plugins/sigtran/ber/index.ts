// The BER codec of the sigtran plugin, also used by the inap and map plugins (import '../sigtran/ber/index.js').
//
// Reading (zero-copy, lazy): `readTlv(buf, offset, limit?)` parses one TLV header and returns a `Tlv`
//   { cls, constructed, tagNumber, start, headerLen, valueStart, valueEnd, end, indefinite } — offsets into
//   `buf`; values are not copied. Walk constructed values with `children(buf, t)`, `forEachChild(buf, t, fn)`,
//   `findChild(buf, t, cls, n)`; decode primitives with `decodeInteger` (also ENUMERATED), `decodeBigInt`,
//   `decodeBoolean`, `decodeNull`, `decodeOctets` (a view), `decodeOid` (dotted string), `decodeBitString`,
//   `decodeString`. `expectTag(t, cls, n, constructed?, what?)` checks a tag. Every problem with the bytes is
//   thrown as a `BerError` { kind, offset, reason } — never a plain Error/TypeError/RangeError.
// Writing: `new BerWriter()` appends into a growable buffer: `tag(cls, constructed, n)`, `len(n)`, `raw(bytes)`,
//   `begin(cls, n, indefinite?)` … `end()` (length back-patched), `beginSequence()`, `integer(v, cls?, n?)`,
//   `enumerated`, `boolean`, `null`, `octets`, `oid`, `bitString`, `string`, `primitive(cls, n, content)`;
//   the class/number default to the universal type and can be given for IMPLICIT tags. `toBytes()` copies,
//   `view()` does not; `reset()` reuses the buffer.
// Tag classes: `TagClass.Universal|Application|Context|Private` (0..3); universal numbers in `Universal`.
export { BerError, expectBer, isBerError, type BerErrorKind } from './errors.js';
export { TagClass, Universal, tagName } from './tags.js';
export {
  type Tlv,
  readTlv,
  readSingle,
  isTag,
  expectTag,
  children,
  forEachChild,
  findChild,
  decodeInteger,
  decodeIntegerAt,
  decodeBigInt,
  decodeBigIntAt,
  decodeBoolean,
  decodeNull,
  decodeOctets,
  decodeOid,
  decodeOidAt,
  decodeBitString,
  checkBitString,
  decodeString,
  valueOf,
  tlvBytes,
} from './reader.js';
export { BerWriter, encodeOidContent } from './writer.js';
export { toHex, parseHex, fromHex } from './hex.js';
export { dumpBer } from './dump.js';
