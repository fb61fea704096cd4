// Encodes the flattened JSON argument form into BER by walking a type descriptor (schema.ts), and decodes BER
// back into the same form with every derived field present (X and X_hex next to X_digits, X_noa, X_cause, ...).
// Encoding errors are CodecErrors naming the argument path; decoding never throws (see decodeArg). Both check the
// constraints of the descriptors (INTEGER ranges, SIZE); checkArg runs the encoder as a static check (ExecuteTest).
import { BerWriter, TagClass, readTlv, decodeInteger, decodeBoolean, toHex, parseHex, isBerError, type Tlv } from '../ber/index.js';
import { numberFormats, suffixKeys, type Fields, type NumberFormat } from './numbers.js';
import type { ArgType, ExtTypes, Field, Range, Ty } from './schema.js';

/** Per-call options of encodeArg / decodeArg. */
export interface CodecOptions {
  /** The run's type map for `ext` fields (handed to their codec). */
  extensions?: ExtTypes | undefined;
}

// The options of the encodeArg/decodeArg call in progress (both are synchronous; saves threading them through).
let extTypes: ExtTypes | undefined;
// checkArg in progress: values known only later (expressions); they count as present and are not checked.
let unknownValue: ((v: unknown) => boolean) | undefined;
// checkArg: how many unknown values were met (a container holding one cannot have its SIZE checked).
let unknownSeen = 0;
// decodeArg in progress: constraint violations met, and the path of the value being decoded.
let violations: string[] = [];
const trail: string[] = [];

export class CodecError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CodecError';
  }
}

type Obj = Record<string, unknown>;

const UNIV: Record<Ty['k'], number> = { int: 2, enum: 10, bool: 1, null: 5, oct: 4, contain: 4, ia5: 22, seq: 16, seqof: 16, choice: -1, any: -1, ext: 16 };

/** The spellings of a field name `n`: `n_hex`, `n_name`, `n_error`. */
interface NameKeys {
  readonly hex: string;
  readonly name: string;
  readonly error: string;
}

const NAME_SUFFIXES: readonly string[] = ['hex', 'name', 'error'];

/**
 * The keys `n_hex`, `n_name` and `n_error`, made once per name (suffixKeys): concatenating them per field per message,
 * then looking a property up by the fresh string (flattened and hashed each time), cost more than the value's encoding.
 */
function keysOf(n: string): NameKeys {
  return suffixKeys(NAME_SUFFIXES, n) as unknown as NameKeys;
}

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Expand dotted keys (`legID.receivingSideID_hex`) into nested objects; returns a new object when needed. */
export function expandDotted(v: Obj): Obj {
  let out: Obj | undefined;
  for (const key of Object.keys(v)) {
    const val = v[key];
    const dot = key.indexOf('.');
    if (dot < 0) {
      if (isObj(val)) {
        const e = expandDotted(val);
        if (e !== val) (out ??= { ...v })[key] = e;
      }
      continue;
    }
    out ??= { ...v };
    delete out[key];
    let cur = out;
    const parts = key.split('.');
    for (let i = 0; i < parts.length - 1; i++) {
      const p = parts[i]!;
      if (!isObj(cur[p])) cur[p] = {};
      else cur[p] = { ...(cur[p] as Obj) };
      cur = cur[p] as Obj;
    }
    cur[parts[parts.length - 1]!] = isObj(val) ? expandDotted(val) : val;
  }
  return out ?? v;
}

// ---------------------------------------------------------------- encoding

// The encoder's checks take the argument path in two parts (`path` of the holder, `n` of the value) and join them
// only to name a fault: joining them for every value of every message cost more than most values' encoding.

function toInt(v: unknown, path: string, n = ''): number {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  throw new CodecError(`${path}${n}: expected an integer, got ${JSON.stringify(v)}`);
}

function toBool(v: unknown, path: string, n = ''): boolean {
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false') return false;
  throw new CodecError(`${path}${n}: expected a boolean (true/false or 1/0), got ${JSON.stringify(v)}`);
}

function hexArg(v: unknown, path: string, n = ''): Uint8Array {
  const b = typeof v === 'string' ? parseHex(v) : undefined;
  if (!b) throw new CodecError(`${path}${n}: expected a hex string, got ${JSON.stringify(v)}`);
  return b;
}

function enumValue(ty: Extract<Ty, { k: 'enum' }>, v: unknown, path: string, n = ''): number {
  if (typeof v === 'string' && ty.names && !/^\s*-?\d+\s*$/.test(v)) {
    for (const [num, name] of Object.entries(ty.names)) if (name === v) return Number(num);
    const alias = ty.aliases?.[v];
    if (alias !== undefined) return alias;
    throw new CodecError(`${path}${n}: unknown name "${v}" (one of ${Object.values(ty.names).join(', ')})`);
  }
  return toInt(v, path, n);
}

function sizeText(r: Range): string {
  return r[0] === r[1] ? `SIZE(${r[0]})` : `SIZE(${r[0]}..${r[1]})`;
}

/** The violation of `INTEGER (min..max)` by `v`, if any. */
function rangeProblem(v: number, r: Range | undefined): string | undefined {
  return r && (v < r[0] || v > r[1]) ? `${v} is out of range ${r[0]}..${r[1]}` : undefined;
}

/** The violation of `SIZE (min..max)` by a length `n` (of `unit`s), if any. */
function sizeProblem(n: number, r: Range | undefined, unit: string): string | undefined {
  return r && (n < r[0] || n > r[1]) ? `${n} ${unit}${n === 1 ? '' : 's'}, the ASN.1 requires ${sizeText(r)}` : undefined;
}

function checked(problem: string | undefined, path: string, n = ''): void {
  if (problem !== undefined) throw new CodecError(`${path}${n}: ${problem}`);
}

/** checkArg: whether the value of `n` (or any of its spellings) is known only later. */
function unknownIn(ty: Ty, holder: Obj, n: string): boolean {
  const u = unknownValue!;
  const v = holder[n];
  const keys = keysOf(n);
  if (u(v) || u(holder[keys.hex]) || (ty.k === 'enum' && u(holder[keys.name]))) return true;
  if (ty.k === 'ext') return deepUnknown(v);
  const fmt = formatOf(ty.k === 'seqof' ? ty.of : ty);
  if (fmt) {
    const k = derivedKeys(fmt, n);
    for (const s of fmt.suffixes) if (u(holder[k[s]!])) return true;
  }
  return false;
}

function deepUnknown(v: unknown): boolean {
  if (unknownValue!(v)) return true;
  if (Array.isArray(v)) return v.some(deepUnknown);
  if (isObj(v)) return Object.values(v).some(deepUnknown);
  return false;
}

/** The number format behind an OCTET STRING's derived fields, if any. */
export function formatOf(ty: Ty): NumberFormat | undefined {
  if (ty.k !== 'oct') return undefined;
  return ty.format ?? (ty.fmt ? numberFormats[ty.fmt] : undefined);
}

/** The derived-field value of an octet-string field `n` in `holder`, when any is given. */
function derivedPresent(ty: Ty, holder: Obj, n: string): boolean {
  const fmt = formatOf(ty);
  if (!fmt) return false;
  const keys = derivedKeys(fmt, n);
  for (const s of fmt.suffixes) if (holder[keys[s]!] !== undefined) return true;
  return false;
}

/** Whether field `fd` has a value in `holder` (absent, null and false-for-NULL mean not present). */
function present(fd: Field, holder: Obj): boolean {
  const n = fd.n;
  const ty = fd.ty;
  if (fd.t === undefined && ty.k === 'choice') {
    const v = holder[n];
    if (unknownValue?.(v)) return true;
    return isObj(v) && ty.alts.some((a) => present(a, v));
  }
  const v = holder[n];
  if (ty.k === 'null') return v !== undefined && v !== null && v !== false && v !== 0 && v !== '0';
  if (v !== undefined && v !== null) return true;
  if (ty.k === 'oct' || ty.k === 'contain' || ty.k === 'any' || ty.k === 'ext') {
    const hex = holder[keysOf(n).hex];
    if (hex !== undefined && hex !== null) return true;
    return derivedPresent(ty, holder, n);
  }
  if (ty.k === 'enum') {
    const name = holder[keysOf(n).name];
    return name !== undefined && name !== null;
  }
  if (ty.k === 'seqof' && ty.of.k === 'oct') return derivedPresent(ty.of, holder, n);
  return false;
}

// The derived-field keys of a field name under a number format (`n_digits`, ...), made once: building them per field
// per encode (string concatenation, then a lookup by a fresh string) cost more than the encoding itself.
function derivedKeys(fmt: NumberFormat, n: string): Readonly<Record<string, string>> {
  return suffixKeys(fmt.suffixes, n);
}

/**
 * The fields of a SEQUENCE by every key of the flattened form that can give them a value (`n`, its alias, `n_hex`,
 * `n_name`, `n_<suffix>`): an argument names a few of a SEQUENCE's many optional fields, so the encoder looks up the
 * argument's keys here instead of probing every spelling of every field (writeFields).
 */
const fieldIndexes = new WeakMap<readonly Field[], Map<string, number[]>>();
function fieldIndex(fields: readonly Field[]): Map<string, number[]> {
  let m = fieldIndexes.get(fields);
  if (m) return m;
  m = new Map();
  const add = (k: string, i: number) => {
    const l = m!.get(k);
    if (!l) m!.set(k, [i]);
    else if (!l.includes(i)) l.push(i);
  };
  fields.forEach((fd, i) => {
    const n = fd.n;
    add(n, i);
    if (fd.al !== undefined) add(fd.al, i);
    const ty = fd.ty;
    add(n + '_hex', i);
    add(n + '_name', i);
    const fmt = formatOf(ty.k === 'seqof' ? ty.of : ty);
    if (fmt) for (const s of fmt.suffixes) add(n + '_' + s, i);
  });
  fieldIndexes.set(fields, m);
  return m;
}

// The derived fields a number format reads (octetsFor): one getter for every call instead of a closure per value.
// Formats encode synchronously and never encode another value meanwhile.
const NO_HOLDER: Obj = Object.freeze({});
let derivedHolder: Obj = NO_HOLDER;
let derivedKeysNow: Readonly<Record<string, string>> = {};
let derivedName = '';
const derivedGet = (s: string): unknown => derivedHolder[derivedKeysNow[s] ?? derivedName + '_' + s];

function octetsFor(ty: Extract<Ty, { k: 'oct' }>, holder: Obj, n: string, path: string): Uint8Array {
  const raw = holder[n] ?? holder[keysOf(n).hex];
  let b: Uint8Array;
  if (raw !== undefined && raw !== null) b = hexArg(raw, path, holder[n] !== undefined ? n : keysOf(n).hex);
  else {
    const fmt = formatOf(ty);
    if (!fmt) throw new CodecError(`${path}${n}: missing (give ${n}_hex)`);
    derivedHolder = holder;
    derivedKeysNow = derivedKeys(fmt, n);
    derivedName = n;
    let r: Uint8Array | string;
    try {
      r = fmt.encode(derivedGet);
    } finally {
      derivedHolder = NO_HOLDER; // not kept alive by the getter
    }
    if (typeof r === 'string') throw new CodecError(`${path}${n}${r}`);
    b = r;
  }
  if (ty.size) checked(sizeProblem(b.length, ty.size, 'octet'), path, n);
  return b;
}

function writeTagged(w: BerWriter, ty: Ty, tag: number | undefined, holder: Obj, n: string, path: string): void {
  const cls = tag === undefined ? TagClass.Universal : TagClass.Context;
  const num = tag ?? UNIV[ty.k];
  const v = holder[n];
  if (unknownValue !== undefined && unknownIn(ty, holder, n)) {
    unknownSeen++; // checkArg: known per instance only; the encoder checks it then
    return;
  }
  switch (ty.k) {
    case 'int': {
      const i = toInt(v, path, n);
      if (ty.range) checked(rangeProblem(i, ty.range), path, n);
      w.integer(i, cls, num);
      return;
    }
    case 'enum':
      w.enumerated(enumValue(ty, v ?? holder[keysOf(n).name], path, n), cls, num);
      return;
    case 'bool':
      w.boolean(toBool(v, path, n), cls, num);
      return;
    case 'null':
      w.null(cls, num);
      return;
    case 'ia5': {
      if (typeof v !== 'string' && typeof v !== 'number') throw new CodecError(`${path}${n}: expected a string`);
      const b = Buffer.from(String(v), 'latin1');
      checked(sizeProblem(b.length, ty.size, 'character'), path, n);
      w.primitive(cls, num, b);
      return;
    }
    case 'oct':
      w.octets(octetsFor(ty, holder, n, path), cls, num);
      return;
    case 'any': {
      const b = hexArg(v ?? holder[keysOf(n).hex], path, n);
      w.tag(cls, true, num).len(b.length).raw(b);
      return;
    }
    case 'ext': {
      if (Array.isArray(v)) {
        w.begin(cls, num);
        ty.codec.write(w, v, extTypes, path + n);
        w.end();
        return;
      }
      const b = hexArg(v ?? holder[keysOf(n).hex], path, n);
      w.tag(cls, true, num).len(b.length).raw(b);
      return;
    }
    case 'contain': {
      const rawHex = holder[keysOf(n).hex] ?? (typeof v === 'string' ? v : undefined);
      let content: Uint8Array;
      const seen = unknownSeen;
      if (rawHex !== undefined && rawHex !== null) content = hexArg(rawHex, path, keysOf(n).hex);
      else {
        if (!isObj(v)) throw new CodecError(`${path}${n}: expected an object or ${n}_hex`);
        content = encodeInner(ty.inner, v, `${path}${n}.`);
      }
      if (unknownSeen === seen) checked(sizeProblem(content.length, ty.size, 'octet'), path, n);
      w.octets(content, cls, num);
      return;
    }
    case 'seq':
      if (!isObj(v)) throw new CodecError(`${path}${n}: expected an object`);
      w.begin(cls, num);
      writeFields(w, ty.fields, v, `${path}${n}.`);
      w.end();
      return;
    case 'seqof': {
      w.begin(cls, num);
      writeElements(w, ty, holder, n, path);
      w.end();
      return;
    }
    case 'choice': {
      if (!isObj(v)) throw new CodecError(`${path}${n}: expected an object naming one of ${ty.alts.map((a) => a.n).join(', ')}`);
      if (tag !== undefined) w.begin(TagClass.Context, tag);
      writeChoice(w, ty, v, `${path}${n}.`);
      if (tag !== undefined) w.end();
      return;
    }
  }
}

function writeElements(w: BerWriter, ty: Extract<Ty, { k: 'seqof' }>, holder: Obj, n: string, path: string): void {
  const of = ty.of;
  const v = holder[n];
  if (v === undefined || v === null) {
    // `X_digits` etc. stand for a one-element list (destinationRoutingAddress_digits).
    if (of.k === 'oct') {
      checked(sizeProblem(1, ty.size, 'element'), path, n);
      w.octets(octetsFor(of, holder, n, path));
      return;
    }
    throw new CodecError(`${path}${n}: missing`);
  }
  if (!Array.isArray(v)) throw new CodecError(`${path}${n}: expected an array`);
  checked(sizeProblem(v.length, ty.size, 'element'), path, n);
  for (let i = 0; i < v.length; i++) {
    const el = v[i];
    const p = `${path}${n}[${i}]`;
    if (of.k === 'oct' && isObj(el)) {
      const fmt = formatOf(of);
      if (unknownValue !== undefined && deepUnknown(el)) continue;
      const r = fmt ? fmt.encode((s) => el[s] ?? el['_' + s]) : undefined;
      if (r === undefined) throw new CodecError(`${p}: expected a hex string`);
      if (typeof r === 'string') throw new CodecError(`${p}${r}`);
      checked(sizeProblem(r.length, of.size, 'octet'), p);
      w.octets(r);
    } else writeTagged(w, of, undefined, { '': el }, '', p);
  }
}

function writeChoice(w: BerWriter, ty: Extract<Ty, { k: 'choice' }>, v: Obj, path: string): void {
  for (const a of ty.alts) {
    if (present(a, v)) {
      writeField(w, a, v, path);
      return;
    }
  }
  throw new CodecError(`${path.slice(0, -1) || 'arguments'}: give one of ${ty.alts.map((a) => a.n).join(', ')}`);
}

function writeField(w: BerWriter, fd: Field, holder: Obj, path: string): void {
  if (fd.t === undefined && fd.ty.k === 'choice') {
    const v = holder[fd.n];
    if (unknownValue?.(v)) return;
    writeChoice(w, fd.ty, v as Obj, `${path}${fd.n}.`);
    return;
  }
  writeTagged(w, fd.ty, fd.t, holder, fd.n, path);
}

// writeFields' marks of the fields an argument names, one array per nesting depth (reused: a typed array per
// SEQUENCE per message was the encoder's largest allocation).
const namedByDepth: Uint8Array[] = [];
let fieldsDepth = 0;

function writeFields(w: BerWriter, fields: readonly Field[], holder: Obj, path: string): void {
  // Which fields the argument names at all (by any of their keys): the others are absent without probing them.
  let named: Uint8Array | undefined;
  if (fields.length > 4) {
    const index = fieldIndex(fields);
    named = namedByDepth[fieldsDepth];
    if (named === undefined || named.length < fields.length) named = namedByDepth[fieldsDepth] = new Uint8Array(Math.max(64, fields.length));
    else named.fill(0, 0, fields.length);
    for (const k in holder) {
      const l = index.get(k);
      if (l) for (const i of l) named[i] = 1;
    }
  }
  fieldsDepth++;
  try {
    for (let i = 0; i < fields.length; i++) {
      const fd = fields[i]!;
      if (named !== undefined && named[i] === 0) {
        if (!fd.opt) throw new CodecError(`${path}${fd.n}: missing (mandatory)`);
        continue;
      }
      if (fd.al !== undefined && holder[fd.n] === undefined && holder[fd.al] !== undefined) holder = { ...holder, [fd.n]: holder[fd.al] };
      if (present(fd, holder)) writeField(w, fd, holder, path);
      else if (!fd.opt) throw new CodecError(`${path}${fd.n}: missing (mandatory)`);
    }
  } finally {
    fieldsDepth--;
  }
}

function encodeInner(ty: Ty, v: Obj, path: string): Uint8Array {
  const w = new BerWriter(64);
  if (ty.k === 'choice') writeChoice(w, ty, v, path);
  else if (ty.k === 'seq') {
    w.beginSequence();
    writeFields(w, ty.fields, v, path);
    w.end();
  } else throw new CodecError(`${path}: unsupported contained type`);
  return w.toBytes();
}

const shared = new BerWriter(512);

/**
 * Encode an operation argument (or result) from the flattened form. Returns a fresh Uint8Array holding the
 * argument TLV. Throws CodecError naming the argument at fault.
 */
export function encodeArg(at: ArgType, input: Obj, opts?: CodecOptions): Uint8Array {
  extTypes = opts?.extensions;
  const args = expandDotted(input);
  const w = shared.reset();
  const ty = at.ty;
  if (ty.k === 'seq') {
    if (at.tag !== undefined) w.begin(TagClass.Context, at.tag);
    else w.beginSequence();
    writeFields(w, ty.fields, args, '');
    w.end();
  } else if (ty.k === 'choice') writeChoice(w, ty, args, '');
  else if (ty.k === 'contain' && at.name) {
    const rawHex = args[at.name + '_hex'] ?? args[at.name];
    if (unknownValue?.(rawHex)) return w.toBytes();
    const seen = unknownSeen;
    const content = rawHex !== undefined && rawHex !== null ? hexArg(rawHex, at.name + '_hex') : encodeInner(ty.inner, args, '');
    if (unknownSeen === seen) checked(sizeProblem(content.length, ty.size, 'octet'), at.name);
    w.octets(content);
  } else if (at.name) {
    if (!present({ n: at.name, ty }, args)) {
      if (ty.k === 'null') w.null();
      else throw new CodecError(`${at.name}: missing (mandatory)`);
    } else writeTagged(w, ty, undefined, args, at.name, '');
  } else throw new CodecError('unsupported argument type');
  return w.toBytes();
}

/**
 * The static check of an argument (ExecuteTest): encodes it with the values for which `unknown` is true (expressions,
 * evaluated per instance) taken as present but unchecked. Returns the first problem (`path: text`, as encodeArg's
 * CodecError: a missing mandatory field, a wrong type, a constraint violated) or undefined.
 */
export function checkArg(at: ArgType, input: Obj, unknown: (v: unknown) => boolean, opts?: CodecOptions): string | undefined {
  unknownValue = unknown;
  unknownSeen = 0;
  try {
    encodeArg(at, input, opts);
    return undefined;
  } catch (e) {
    if (e instanceof CodecError) return e.message;
    throw e;
  } finally {
    unknownValue = undefined;
  }
}

// ---------------------------------------------------------------- decoding

/** The dotted path of the value being decoded (`a.b[2].c`), for violation messages. */
function trailPath(): string {
  let s = '';
  for (const p of trail) s = p.charCodeAt(0) === 91 ? s + p : s ? `${s}.${p}` : p;
  return s;
}

function violated(problem: string | undefined): void {
  if (problem !== undefined && violations.length < 20) violations.push(`${trailPath()}: ${problem}`);
}

// Tag key -> the field(s) carrying that tag. Several fields share a key when a SEQUENCE has untagged fields of one
// universal type (MAP's USSD-Arg: three OCTET STRINGs); they are then taken in declaration order.
const lookups = new WeakMap<Ty, Map<number, Field | Field[]>>();

function tagKey(cls: number, n: number): number {
  return cls === TagClass.Context ? TagClass.Context * 65536 + n : cls === TagClass.Universal ? n : -1;
}

function addKeys(m: Map<number, Field | Field[]>, fd: Field, owner: Field): void {
  const put = (k: number) => {
    const cur = m.get(k);
    if (cur === undefined) m.set(k, owner);
    else if (Array.isArray(cur)) cur.push(owner);
    else if (cur !== owner) m.set(k, [cur, owner]);
  };
  if (fd.t !== undefined) put(TagClass.Context * 65536 + fd.t);
  else if (fd.ty.k === 'choice') for (const a of fd.ty.alts) addKeys(m, a, owner);
  else put(UNIV[fd.ty.k]);
}

function lookup(ty: Ty, fields: readonly Field[]): Map<number, Field | Field[]> {
  let m = lookups.get(ty);
  if (!m) {
    m = new Map();
    for (const fd of fields) addKeys(m, fd, fd);
    lookups.set(ty, m);
  }
  return m;
}

/** The field a TLV with `key` stands for: the only one, or the first of several not decoded yet into `out`. */
function fieldFor(m: Map<number, Field | Field[]>, key: number, out: Obj): Field | undefined {
  const f = m.get(key);
  if (!Array.isArray(f)) return f;
  return f.find((x) => out[x.n] === undefined) ?? f[f.length - 1];
}

/** Kinds that BER encodes primitive only, and kinds that are always constructed (OCTET STRING and IA5String may be either). */
const PRIMITIVE_ONLY = new Set<Ty['k']>(['int', 'enum', 'bool', 'null']);
const CONSTRUCTED_ONLY = new Set<Ty['k']>(['seq', 'seqof', 'ext', 'choice']);

function tagText(t: Tlv): string {
  return t.cls === TagClass.Context ? `[${t.tagNumber}]` : t.cls === TagClass.Universal ? `UNIVERSAL ${t.tagNumber}` : `class ${t.cls} tag ${t.tagNumber}`;
}

/** The universal tag an untagged value of this kind must carry (strict decoding: a mismatch is a decode failure). */
function expectUniversal(t: Tlv, ty: Ty, n: string): void {
  const want = UNIV[ty.k];
  if (want < 0) return;
  if (t.cls !== TagClass.Universal || t.tagNumber !== want) throw new CodecError(`${n}: expected UNIVERSAL ${want} (${ty.k}), found ${tagText(t)}`);
}

function decodeValue(buf: Uint8Array, t: Tlv, ty: Ty, n: string, out: Obj): void {
  if (t.constructed ? PRIMITIVE_ONLY.has(ty.k) : CONSTRUCTED_ONLY.has(ty.k)) {
    throw new CodecError(`${n}: ${tagText(t)} is ${t.constructed ? 'constructed' : 'primitive'}, but ${ty.k} must be ${t.constructed ? 'primitive' : 'constructed'}`);
  }
  switch (ty.k) {
    case 'int': {
      const v = decodeInteger(buf, t);
      out[n] = v;
      if (ty.range) violated(rangeProblem(v, ty.range));
      return;
    }
    case 'enum': {
      const v = decodeInteger(buf, t);
      out[n] = v;
      const name = ty.names?.[v];
      if (name !== undefined) out[keysOf(n).name] = name;
      return;
    }
    case 'bool':
      out[n] = decodeBoolean(buf, t);
      return;
    case 'null':
      out[n] = 1;
      return;
    case 'ia5':
      out[n] = Buffer.from(buf.buffer, buf.byteOffset + t.valueStart, t.valueEnd - t.valueStart).toString('latin1');
      if (ty.size) violated(sizeProblem(t.valueEnd - t.valueStart, ty.size, 'character'));
      return;
    case 'any':
      out[n] = toHex(buf.subarray(t.valueStart, t.valueEnd));
      return;
    case 'ext': {
      const hex = toHex(buf.subarray(t.valueStart, t.valueEnd));
      out[keysOf(n).hex] = hex;
      try {
        out[n] = ty.codec.read(buf, t, extTypes);
      } catch (e) {
        if (!isBerError(e)) throw e;
        out[n] = hex;
        out[keysOf(n).error] = e.message;
      }
      return;
    }
    case 'oct': {
      const b = buf.subarray(t.valueStart, t.valueEnd);
      const hex = toHex(b);
      out[n] = hex;
      out[keysOf(n).hex] = hex;
      formatOf(ty)?.decode(b, n, out as Fields);
      if (ty.size) violated(sizeProblem(b.length, ty.size, 'octet'));
      return;
    }
    case 'contain': {
      const b = buf.subarray(t.valueStart, t.valueEnd);
      out[keysOf(n).hex] = toHex(b);
      if (ty.size) violated(sizeProblem(b.length, ty.size, 'octet'));
      const inner: Obj = {};
      try {
        decodeInner(b, ty.inner, inner);
        out[n] = inner;
      } catch (e) {
        if (!isBerError(e) && !(e instanceof CodecError)) throw e;
        out[keysOf(n).error] = e.message;
      }
      return;
    }
    case 'seq': {
      const o: Obj = {};
      decodeFields(buf, t, ty, ty.fields, o);
      out[n] = o;
      return;
    }
    case 'seqof': {
      const arr: unknown[] = [];
      let p = t.valueStart;
      while (p < t.valueEnd) {
        const c = readTlv(buf, p, t.valueEnd);
        const holder: Obj = {};
        expectUniversal(c, ty.of, `${n}[${arr.length}]`);
        trail.push(`[${arr.length}]`);
        decodeValue(buf, c, ty.of, 'e', holder);
        trail.pop();
        arr.push(holder.e);
        if (arr.length === 1 && formatOf(ty.of)) {
          // promote the first element's derived fields: destinationRoutingAddress_digits, ...
          for (const k of Object.keys(holder)) if (k !== 'e' && k !== 'e_hex') out[n + k.slice(1)] = holder[k];
        }
        p = c.end;
      }
      out[n] = arr;
      if (ty.size) violated(sizeProblem(arr.length, ty.size, 'element'));
      return;
    }
    case 'choice': {
      const o: Obj = {};
      // a tagged CHOICE is explicit: the alternative is the first child
      const c = readTlv(buf, t.valueStart, t.valueEnd);
      decodeChoice(buf, c, ty, o);
      out[n] = o;
      return;
    }
  }
}

function decodeChoice(buf: Uint8Array, t: Tlv, ty: Extract<Ty, { k: 'choice' }>, out: Obj): void {
  const a = fieldFor(lookup(ty, ty.alts), tagKey(t.cls, t.tagNumber), {});
  if (!a) throw new CodecError(`unexpected tag [${t.cls === 2 ? '' : 'UNIVERSAL '}${t.tagNumber}] in CHOICE`);
  decodeFieldTlv(buf, t, a, out);
}

function decodeFieldTlv(buf: Uint8Array, t: Tlv, fd: Field, out: Obj): void {
  trail.push(fd.n);
  if (fd.t === undefined && fd.ty.k === 'choice') {
    const o: Obj = {};
    decodeChoice(buf, t, fd.ty, o);
    out[fd.n] = o;
  } else decodeValue(buf, t, fd.ty, fd.n, out);
  trail.pop();
  if (fd.al !== undefined) out[fd.al] = out[fd.n];
}

function decodeFields(buf: Uint8Array, t: Tlv, ty: Ty, fields: readonly Field[], out: Obj): void {
  const m = lookup(ty, fields);
  let p = t.valueStart;
  while (p < t.valueEnd) {
    const c = readTlv(buf, p, t.valueEnd);
    const fd = fieldFor(m, tagKey(c.cls, c.tagNumber), out);
    if (fd) decodeFieldTlv(buf, c, fd, out);
    else out[`_unknown_${c.cls}_${c.tagNumber}`] = toHex(buf.subarray(c.valueStart, c.valueEnd));
    p = c.end;
  }
}

function decodeInner(b: Uint8Array, ty: Ty, out: Obj): void {
  const t = readTlv(b, 0);
  if (ty.k === 'choice') decodeChoice(b, t, ty, out);
  else if (ty.k === 'seq') decodeFields(b, t, ty, ty.fields, out);
  else throw new CodecError('unsupported contained type');
}

export type DecodeResult = { ok: true; fields: Obj } | { ok: false; error: string; fields: Obj };

/**
 * Decode an argument TLV (the parameter of an Invoke/ReturnResult) into the flattened form. Never throws:
 * bad bytes give ok=false with a readable error and whatever was decoded before the fault; values that violate
 * a constraint of the descriptors (INTEGER range, SIZE) give ok=false naming each (`timeAndTimezone: 7 octets, the
 * ASN.1 requires SIZE(8)`) with every field decoded.
 */
export function decodeArg(at: ArgType, buf: Uint8Array | undefined, opts?: CodecOptions): DecodeResult {
  extTypes = opts?.extensions;
  violations = [];
  trail.length = 0;
  const out: Obj = {};
  if (!buf || buf.length === 0) return { ok: true, fields: out };
  try {
    const t = readTlv(buf, 0);
    const ty = at.ty;
    if (ty.k === 'seq') {
      const [cls, num] = at.tag !== undefined ? [TagClass.Context, at.tag] : [TagClass.Universal, 16];
      if (t.cls !== cls || t.tagNumber !== num) throw new CodecError(`expected ${at.tag !== undefined ? `a [${at.tag}] SEQUENCE` : 'a SEQUENCE'}, found tag ${t.cls}/${t.tagNumber}`);
      if (!t.constructed) throw new CodecError(`a SEQUENCE must be constructed, found a primitive ${tagText(t)}`);
      decodeFields(buf, t, ty, ty.fields, out);
    } else if (ty.k === 'choice') decodeChoice(buf, t, ty, out);
    else if (ty.k === 'contain' && at.name) {
      const b = buf.subarray(t.valueStart, t.valueEnd);
      out[at.name + '_hex'] = toHex(b);
      trail.push(at.name);
      if (ty.size) violated(sizeProblem(b.length, ty.size, 'octet'));
      trail.pop();
      try {
        decodeInner(b, ty.inner, out);
      } catch (e) {
        if (!isBerError(e) && !(e instanceof CodecError)) throw e;
        out[at.name + '_error'] = e.message;
      }
    } else if (at.name) {
      if (at.tag !== undefined) {
        if (t.cls !== TagClass.Context || t.tagNumber !== at.tag) throw new CodecError(`${at.name}: expected [${at.tag}], found ${tagText(t)}`);
      } else expectUniversal(t, ty, at.name);
      trail.push(at.name);
      decodeValue(buf, t, ty, at.name, out);
    }
    if (violations.length) return { ok: false, error: violations.join('; '), fields: out };
    return { ok: true, fields: out };
  } catch (e) {
    if (isBerError(e) || e instanceof CodecError) return { ok: false, error: e.message, fields: out };
    return { ok: false, error: `undecodable argument: ${(e as Error).message}`, fields: out };
  }
}
