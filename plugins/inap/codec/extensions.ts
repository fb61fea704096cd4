// The `extensions` field of INAP/CAP operations (SEQUENCE OF ExtensionField) with the run's type map
// (ExecuteTest param `inap.extensions`, the anchor's `{"400":"OCTET STRING"}`: extension type -> ASN.1 type): the
// codec of the descriptor `EXT` (an `ext` field of sigtran's descriptor codec).
//
//   ExtensionField ::= SEQUENCE {
//     type        EXTENSION.&id,                    -- INTEGER (local code) or OBJECT IDENTIFIER (global)
//     criticality CriticalityType DEFAULT ignore,   -- ENUMERATED { ignore(0), abort(1) }
//     value       [1] EXTENSION.&ExtensionType }    -- an open type: the tag is explicit
//
// JSON form of one element: `{ type, criticality, value, value_hex }`. `value_hex` is the content of [1] (the whole
// inner TLV); `value` is that TLV decoded as the mapped type, or the same hex when the type is not mapped (or the
// inner TLV does not fit the mapped type). On encode `value_hex` wins; otherwise `value` is encoded as the mapped type,
// and an unmapped type needs `value` / `value_hex` as the hex of a whole TLV.
import { BerWriter, TagClass, readTlv, decodeInteger, decodeBoolean, decodeOid, toHex, parseHex, type Tlv } from '../../sigtran/ber/index.js';
import { CodecError, ext, type Ty } from '../../sigtran/codec/index.js';

/** The ASN.1 types an extension value may be mapped to. */
type ExtensionAsnType = 'OCTET STRING' | 'INTEGER' | 'BOOLEAN' | 'ENUMERATED' | 'IA5String' | 'UTF8String' | 'NULL';

/** Extension type (decimal integer or dotted OID, as a string) -> ASN.1 type. */
export type ExtensionTypes = ReadonlyMap<string, ExtensionAsnType>;

const NAMES: Record<string, ExtensionAsnType> = {
  'OCTET STRING': 'OCTET STRING', OCTETSTRING: 'OCTET STRING', INTEGER: 'INTEGER', BOOLEAN: 'BOOLEAN', ENUMERATED: 'ENUMERATED',
  IA5STRING: 'IA5String', UTF8STRING: 'UTF8String', NULL: 'NULL',
};
const UNIV: Record<ExtensionAsnType, number> = { 'OCTET STRING': 4, INTEGER: 2, BOOLEAN: 1, ENUMERATED: 10, IA5String: 22, UTF8String: 12, NULL: 5 };

const parsed = new WeakMap<object, ExtensionTypes>();

/**
 * The type map of `inap.extensions` (an object; anything else gives an empty map). Names are case-insensitive and
 * blank-insensitive (`"octet string"`, `"IA5String"`); a name not listed in ExtensionAsnType leaves that type
 * unmapped (its values stay hex). Parsed once per object.
 */
export function extensionTypes(param: unknown): ExtensionTypes | undefined {
  if (typeof param !== 'object' || param === null || Array.isArray(param)) return undefined;
  let m = parsed.get(param);
  if (!m) {
    const map = new Map<string, ExtensionAsnType>();
    for (const [k, v] of Object.entries(param as Record<string, unknown>)) {
      const t = typeof v === 'string' ? NAMES[v.toUpperCase().replace(/\s+/g, ' ').trim()] ?? NAMES[v.toUpperCase().replace(/\s+/g, '')] : undefined;
      if (t) map.set(k.trim(), t);
    }
    m = map;
    parsed.set(param, m);
  }
  return m.size ? m : undefined;
}

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function intOf(v: unknown, path: string): number {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) return Number(v);
  throw new CodecError(`${path}: expected an integer, got ${JSON.stringify(v)}`);
}

function hexOf(v: unknown, path: string): Uint8Array {
  const b = typeof v === 'string' ? parseHex(v) : undefined;
  if (!b) throw new CodecError(`${path}: expected a hex string, got ${JSON.stringify(v)}`);
  return b;
}

function writeValue(w: BerWriter, t: ExtensionAsnType, v: unknown, path: string): void {
  switch (t) {
    case 'OCTET STRING':
      w.octets(hexOf(v, path));
      return;
    case 'INTEGER':
      w.integer(intOf(v, path));
      return;
    case 'ENUMERATED':
      w.enumerated(intOf(v, path));
      return;
    case 'BOOLEAN':
      if (v === true || v === 1 || v === '1' || v === 'true') w.boolean(true);
      else if (v === false || v === 0 || v === '0' || v === 'false') w.boolean(false);
      else throw new CodecError(`${path}: expected a boolean, got ${JSON.stringify(v)}`);
      return;
    case 'IA5String':
    case 'UTF8String':
      if (typeof v !== 'string' && typeof v !== 'number') throw new CodecError(`${path}: expected a string, got ${JSON.stringify(v)}`);
      w.primitive(TagClass.Universal, UNIV[t], Buffer.from(String(v), t === 'IA5String' ? 'latin1' : 'utf8'));
      return;
    case 'NULL':
      w.null();
      return;
  }
}

/**
 * Write the content of the `extensions` SEQUENCE OF (the caller wrote its tag): one ExtensionField per element of
 * `list`. Throws CodecError naming the element at fault.
 */
function writeExtensions(w: BerWriter, list: readonly unknown[], types: ExtensionTypes | undefined, path: string): void {
  for (let i = 0; i < list.length; i++) {
    const el = list[i];
    const p = `${path}[${i}]`;
    if (!isObj(el)) throw new CodecError(`${p}: expected an object { type, criticality, value | value_hex }`);
    const type = el.type;
    w.beginSequence();
    let key: string;
    if (typeof type === 'string' && type.includes('.')) {
      if (!/^\d+(\.\d+)+$/.test(type.trim())) throw new CodecError(`${p}.type: not an OBJECT IDENTIFIER: ${JSON.stringify(type)}`);
      key = type.trim();
      w.oid(key);
    } else {
      const n = intOf(type, `${p}.type`);
      key = String(n);
      w.integer(n);
    }
    const c = el.criticality;
    if (c !== undefined && c !== null && c !== 0 && c !== '0' && c !== 'ignore') {
      if (c === 1 || c === '1' || c === 'abort') w.enumerated(1);
      else throw new CodecError(`${p}.criticality: expected 0/ignore or 1/abort, got ${JSON.stringify(c)}`);
    }
    w.begin(TagClass.Context, 1);
    const t = types?.get(key);
    if (el.value_hex !== undefined && el.value_hex !== null) w.raw(hexOf(el.value_hex, `${p}.value_hex`));
    else if (t) writeValue(w, t, el.value, `${p}.value`);
    else if (typeof el.value === 'string') w.raw(hexOf(el.value, `${p}.value (type ${key} is not in inap.extensions: hex of a whole TLV)`));
    else throw new CodecError(`${p}: type ${key} is not in inap.extensions; give value_hex (hex of a whole TLV) or map the type`);
    w.end();
    w.end();
  }
}

function readValue(buf: Uint8Array, t: Tlv, ty: ExtensionAsnType): unknown {
  if (t.cls !== TagClass.Universal || t.tagNumber !== UNIV[ty]) return undefined;
  switch (ty) {
    case 'OCTET STRING':
      return t.constructed ? undefined : toHex(buf.subarray(t.valueStart, t.valueEnd));
    case 'INTEGER':
    case 'ENUMERATED':
      return decodeInteger(buf, t);
    case 'BOOLEAN':
      return decodeBoolean(buf, t);
    case 'IA5String':
    case 'UTF8String':
      return Buffer.from(buf.buffer, buf.byteOffset + t.valueStart, t.valueEnd - t.valueStart).toString(ty === 'IA5String' ? 'latin1' : 'utf8');
    case 'NULL':
      return t.valueEnd === t.valueStart ? 1 : undefined;
  }
}

/**
 * Decode the content of an `extensions` SEQUENCE OF (`t` is its TLV) into the JSON form. Throws BerError on bad
 * bytes (the codec turns it into a readable decode error and keeps `extensions_hex`).
 */
function readExtensions(buf: Uint8Array, t: Tlv, types: ExtensionTypes | undefined): Obj[] {
  const out: Obj[] = [];
  let p = t.valueStart;
  while (p < t.valueEnd) {
    const ef = readTlv(buf, p, t.valueEnd);
    p = ef.end;
    const item: Obj = {};
    let q = ef.valueStart;
    let criticality = 0;
    while (q < ef.valueEnd) {
      const c = readTlv(buf, q, ef.valueEnd);
      q = c.end;
      if (c.cls === TagClass.Universal && c.tagNumber === 2) item.type = decodeInteger(buf, c);
      else if (c.cls === TagClass.Universal && c.tagNumber === 6) item.type = decodeOid(buf, c);
      else if (c.cls === TagClass.Universal && c.tagNumber === 10) criticality = decodeInteger(buf, c);
      else if (c.cls === TagClass.Context && c.tagNumber === 1) {
        const hex = toHex(buf.subarray(c.valueStart, c.valueEnd));
        item.value_hex = hex;
        let value: unknown;
        const ty = item.type !== undefined ? types?.get(String(item.type)) : undefined;
        if (ty && c.valueEnd > c.valueStart) {
          const inner = readTlv(buf, c.valueStart, c.valueEnd);
          if (inner.end === c.valueEnd) value = readValue(buf, inner, ty);
        }
        item.value = value ?? hex;
      } else item[`_unknown_${c.cls}_${c.tagNumber}`] = toHex(buf.subarray(c.valueStart, c.valueEnd));
    }
    item.criticality = criticality;
    out.push(item);
  }
  return out;
}

/** The descriptor of an `extensions` field: sigtran's codec hands its content to this file. */
export const EXT: Ty = ext({ write: writeExtensions, read: readExtensions });
