// The argument codec's decoder: walks a type descriptor (schema.ts) over BER and fills the flattened JSON form with
// every derived field (X and X_hex next to X_digits, X_noa, ...). Decoding is strict about tags (an untagged value
// carries its universal tag; primitive and constructed as BER has them) and records constraint violations (INTEGER
// ranges, SIZE) instead of stopping at them. What one call collects (the violations, the path of the value being
// decoded) and its options are a DecodeContext, passed down the walk.
import { TagClass, readTlv, decodeInteger, decodeBoolean, toHex, isBerError, type Tlv } from '../ber/index.js';
import type { Fields } from './numbers.js';
import type { ArgType, ExtTypes, Field, Ty as TypeDescriptor } from './schema.js';
import { CodecError, UNIVERSAL_TAG, formatOf, keysOf, rangeProblem, sizeProblem, universalTag, type Obj } from './values.js';

type Kind<K extends TypeDescriptor['k']> = Extract<TypeDescriptor, { k: K }>;

/** Violations reported per argument at most. */
const MAX_VIOLATIONS = 20;

/** The state of one decodeArg call. Contexts are pooled (acquire/release): each keeps its arrays. */
export class DecodeContext {
  /** The run's type map for `ext` fields (handed to their codec). */
  extensions: ExtTypes | undefined = undefined;
  /** Constraint violations met, as `path: problem`. */
  readonly violations: string[] = [];
  /** The path of the value being decoded, one entry per level (`a`, `b`, `[2]`, `c`). */
  readonly trail: string[] = [];

  violated(problem: string | undefined): void {
    if (problem !== undefined && this.violations.length < MAX_VIOLATIONS) this.violations.push(`${this.path()}: ${problem}`);
  }

  /** The dotted path of the value being decoded (`a.b[2].c`). */
  private path(): string {
    let s = '';
    for (const p of this.trail) s = p.charCodeAt(0) === 91 /* [ */ ? s + p : s ? `${s}.${p}` : p;
    return s;
  }
}

const idle: DecodeContext[] = [];

export function acquireDecodeContext(extensions: ExtTypes | undefined): DecodeContext {
  const ctx = idle.pop() ?? new DecodeContext();
  ctx.extensions = extensions;
  return ctx;
}

export function releaseDecodeContext(ctx: DecodeContext): void {
  ctx.extensions = undefined;
  // setting an array's length is a call into the runtime: only when there is something to drop, and the trail
  // (an entry or two left by a value decoded at the top) by pops
  if (ctx.violations.length) ctx.violations.length = 0;
  const trail = ctx.trail;
  while (trail.length !== 0) trail.pop();
  idle.push(ctx);
}

/** Decode the argument TLV at the start of `buf` into `out`. Throws BerError or CodecError on bad bytes. */
export function decodeInto(ctx: DecodeContext, at: ArgType, buf: Uint8Array, out: Obj): void {
  const tlv = readTlv(buf, 0);
  const type = at.ty;
  if (type.k === 'seq') {
    const [cls, num] = at.tag !== undefined ? [TagClass.Context, at.tag] : [TagClass.Universal, UNIVERSAL_TAG.seq];
    if (tlv.cls !== cls || tlv.tagNumber !== num) throw new CodecError(`expected ${at.tag !== undefined ? `a [${at.tag}] SEQUENCE` : 'a SEQUENCE'}, found tag ${tlv.cls}/${tlv.tagNumber}`);
    if (!tlv.constructed) throw new CodecError(`a SEQUENCE must be constructed, found a primitive ${tagText(tlv)}`);
    decodeFields(ctx, buf, tlv, type, type.fields, out);
  } else if (type.k === 'choice') decodeChoice(ctx, buf, tlv, type, out);
  else if (type.k === 'contain' && at.name) decodeContainedArgument(ctx, buf, tlv, type, at.name, out);
  else if (at.name) {
    if (at.tag !== undefined) {
      if (tlv.cls !== TagClass.Context || tlv.tagNumber !== at.tag) throw new CodecError(`${at.name}: expected [${at.tag}], found ${tagText(tlv)}`);
    } else expectUniversal(tlv, type, at.name);
    ctx.trail.push(at.name);
    decodeValue(ctx, buf, tlv, type, at.name, out);
  }
}

/** An argument that is an OCTET STRING containing an encoding: `x_hex`, then the contained fields at the top level. */
function decodeContainedArgument(ctx: DecodeContext, buf: Uint8Array, tlv: Tlv, type: Kind<'contain'>, name: string, out: Obj): void {
  const b = buf.subarray(tlv.valueStart, tlv.valueEnd);
  out[name + '_hex'] = toHex(b);
  ctx.trail.push(name);
  if (type.size) ctx.violated(sizeProblem(b.length, type.size, 'octet'));
  ctx.trail.pop();
  try {
    decodeInner(ctx, b, type.inner, out);
  } catch (e) {
    if (!isBerError(e) && !(e instanceof CodecError)) throw e;
    out[name + '_error'] = e.message;
  }
}

// ---------------------------------------------------------------- tags

/** Tag key -> the field(s) carrying that tag. Several fields share a key when a SEQUENCE has untagged fields of one
 *  universal type (MAP's USSD-Arg: three OCTET STRINGs); they are then taken in declaration order. */
const lookups = new WeakMap<TypeDescriptor, Map<number, Field | Field[]>>();

function tagKey(cls: number, tagNumber: number): number {
  return cls === TagClass.Context ? TagClass.Context * 65536 + tagNumber : cls === TagClass.Universal ? tagNumber : -1;
}

function addKeys(m: Map<number, Field | Field[]>, field: Field, owner: Field): void {
  const put = (key: number) => {
    const cur = m.get(key);
    if (cur === undefined) m.set(key, owner);
    else if (Array.isArray(cur)) cur.push(owner);
    else if (cur !== owner) m.set(key, [cur, owner]);
  };
  if (field.t !== undefined) put(TagClass.Context * 65536 + field.t);
  else if (field.ty.k === 'choice') for (const a of field.ty.alts) addKeys(m, a, owner);
  else put(universalTag(field.ty));
}

function lookup(type: TypeDescriptor, fields: readonly Field[]): Map<number, Field | Field[]> {
  let m = lookups.get(type);
  if (!m) {
    m = new Map();
    for (const field of fields) addKeys(m, field, field);
    lookups.set(type, m);
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
const PRIMITIVE_ONLY = new Set<TypeDescriptor['k']>(['int', 'enum', 'bool', 'null']);
const CONSTRUCTED_ONLY = new Set<TypeDescriptor['k']>(['seq', 'seqof', 'ext', 'choice']);

function tagText(tlv: Tlv): string {
  return tlv.cls === TagClass.Context ? `[${tlv.tagNumber}]` : tlv.cls === TagClass.Universal ? `UNIVERSAL ${tlv.tagNumber}` : `class ${tlv.cls} tag ${tlv.tagNumber}`;
}

/** The universal tag an untagged value of this kind must carry (strict decoding: a mismatch is a decode failure). */
function expectUniversal(tlv: Tlv, type: TypeDescriptor, name: string): void {
  const want = universalTag(type);
  if (want < 0) return;
  if (tlv.cls !== TagClass.Universal || tlv.tagNumber !== want) throw new CodecError(`${name}: expected UNIVERSAL ${want} (${type.k}), found ${tagText(tlv)}`);
}

// ---------------------------------------------------------------- values by kind

function decodeValue(ctx: DecodeContext, buf: Uint8Array, tlv: Tlv, type: TypeDescriptor, name: string, out: Obj): void {
  if (tlv.constructed ? PRIMITIVE_ONLY.has(type.k) : CONSTRUCTED_ONLY.has(type.k)) {
    throw new CodecError(`${name}: ${tagText(tlv)} is ${tlv.constructed ? 'constructed' : 'primitive'}, but ${type.k} must be ${tlv.constructed ? 'primitive' : 'constructed'}`);
  }
  switch (type.k) {
    case 'int': {
      const v = decodeInteger(buf, tlv);
      out[name] = v;
      if (type.range) ctx.violated(rangeProblem(v, type.range));
      return;
    }
    case 'enum': {
      const v = decodeInteger(buf, tlv);
      out[name] = v;
      const text = type.names?.[v];
      if (text !== undefined) out[keysOf(name).name] = text;
      return;
    }
    case 'bool':
      out[name] = decodeBoolean(buf, tlv);
      return;
    case 'null':
      out[name] = 1;
      return;
    case 'ia5':
      out[name] = Buffer.from(buf.buffer, buf.byteOffset + tlv.valueStart, tlv.valueEnd - tlv.valueStart).toString('latin1');
      if (type.size) ctx.violated(sizeProblem(tlv.valueEnd - tlv.valueStart, type.size, 'character'));
      return;
    case 'any':
      out[name] = toHex(buf.subarray(tlv.valueStart, tlv.valueEnd));
      return;
    case 'ext':
      return readExtensionList(ctx, buf, tlv, type, name, out);
    case 'oct':
      return readOctets(ctx, buf, tlv, type, name, out);
    case 'contain':
      return readContaining(ctx, buf, tlv, type, name, out);
    case 'seq': {
      const fields: Obj = {};
      decodeFields(ctx, buf, tlv, type, type.fields, fields);
      out[name] = fields;
      return;
    }
    case 'seqof':
      return readElements(ctx, buf, tlv, type, name, out);
    case 'choice': {
      const chosen: Obj = {};
      // a tagged CHOICE is explicit: the alternative is the first child
      decodeChoice(ctx, buf, readTlv(buf, tlv.valueStart, tlv.valueEnd), type, chosen);
      out[name] = chosen;
      return;
    }
  }
}

/** An `ext` field: `x_hex`, and the list its TCAP user's codec reads (or the hex again with `x_error` when it does not decode). */
function readExtensionList(ctx: DecodeContext, buf: Uint8Array, tlv: Tlv, type: Kind<'ext'>, name: string, out: Obj): void {
  const hex = toHex(buf.subarray(tlv.valueStart, tlv.valueEnd));
  out[keysOf(name).hex] = hex;
  try {
    out[name] = type.codec.read(buf, tlv, ctx.extensions);
  } catch (e) {
    if (!isBerError(e)) throw e;
    out[name] = hex;
    out[keysOf(name).error] = e.message;
  }
}

/** An OCTET STRING: `x` and `x_hex`, and the derived fields of its number format. */
function readOctets(ctx: DecodeContext, buf: Uint8Array, tlv: Tlv, type: Kind<'oct'>, name: string, out: Obj): void {
  const b = buf.subarray(tlv.valueStart, tlv.valueEnd);
  const hex = toHex(b);
  out[name] = hex;
  out[keysOf(name).hex] = hex;
  formatOf(type)?.decode(b, name, out as Fields);
  if (type.size) ctx.violated(sizeProblem(b.length, type.size, 'octet'));
}

/** An OCTET STRING containing an encoding: `x_hex`, and the decoded `x` (or `x_error`). */
function readContaining(ctx: DecodeContext, buf: Uint8Array, tlv: Tlv, type: Kind<'contain'>, name: string, out: Obj): void {
  const b = buf.subarray(tlv.valueStart, tlv.valueEnd);
  out[keysOf(name).hex] = toHex(b);
  if (type.size) ctx.violated(sizeProblem(b.length, type.size, 'octet'));
  const inner: Obj = {};
  try {
    decodeInner(ctx, b, type.inner, inner);
    out[name] = inner;
  } catch (e) {
    if (!isBerError(e) && !(e instanceof CodecError)) throw e;
    out[keysOf(name).error] = e.message;
  }
}

/** A SEQUENCE OF: the list; the first element's derived fields also at the top (`destinationRoutingAddress_digits`). */
function readElements(ctx: DecodeContext, buf: Uint8Array, tlv: Tlv, type: Kind<'seqof'>, name: string, out: Obj): void {
  const list: unknown[] = [];
  let p = tlv.valueStart;
  while (p < tlv.valueEnd) {
    const element = readTlv(buf, p, tlv.valueEnd);
    const holder: Obj = {};
    expectUniversal(element, type.of, `${name}[${list.length}]`);
    ctx.trail.push(`[${list.length}]`);
    // an untagged CHOICE element is its alternative's own TLV (decodeValue reads a tagged, explicit one)
    if (type.of.k === 'choice') decodeChoice(ctx, buf, element, type.of, (holder.e = {}) as Obj);
    else decodeValue(ctx, buf, element, type.of, 'e', holder);
    ctx.trail.pop();
    list.push(holder.e);
    if (list.length === 1 && formatOf(type.of)) {
      for (const k of Object.keys(holder)) if (k !== 'e' && k !== 'e_hex') out[name + k.slice(1)] = holder[k];
    }
    p = element.end;
  }
  out[name] = list;
  if (type.size) ctx.violated(sizeProblem(list.length, type.size, 'element'));
}

// ---------------------------------------------------------------- containers

function decodeChoice(ctx: DecodeContext, buf: Uint8Array, tlv: Tlv, type: Kind<'choice'>, out: Obj): void {
  const alt = fieldFor(lookup(type, type.alts), tagKey(tlv.cls, tlv.tagNumber), {});
  if (!alt) throw new CodecError(`unexpected tag [${tlv.cls === TagClass.Context ? '' : 'UNIVERSAL '}${tlv.tagNumber}] in CHOICE`);
  decodeField(ctx, buf, tlv, alt, out);
}

function decodeField(ctx: DecodeContext, buf: Uint8Array, tlv: Tlv, field: Field, out: Obj): void {
  ctx.trail.push(field.n);
  if (field.t === undefined && field.ty.k === 'choice') {
    const chosen: Obj = {};
    decodeChoice(ctx, buf, tlv, field.ty, chosen);
    out[field.n] = chosen;
  } else decodeValue(ctx, buf, tlv, field.ty, field.n, out);
  ctx.trail.pop();
  if (field.al !== undefined) out[field.al] = out[field.n];
}

function decodeFields(ctx: DecodeContext, buf: Uint8Array, tlv: Tlv, type: TypeDescriptor, fields: readonly Field[], out: Obj): void {
  const m = lookup(type, fields);
  let p = tlv.valueStart;
  while (p < tlv.valueEnd) {
    const child = readTlv(buf, p, tlv.valueEnd);
    const field = fieldFor(m, tagKey(child.cls, child.tagNumber), out);
    if (field) decodeField(ctx, buf, child, field, out);
    else out[`_unknown_${child.cls}_${child.tagNumber}`] = toHex(buf.subarray(child.valueStart, child.valueEnd));
    p = child.end;
  }
}

function decodeInner(ctx: DecodeContext, b: Uint8Array, type: TypeDescriptor, out: Obj): void {
  const tlv = readTlv(b, 0);
  if (type.k === 'choice') decodeChoice(ctx, b, tlv, type, out);
  else if (type.k === 'seq') decodeFields(ctx, b, tlv, type, type.fields, out);
  else throw new CodecError('unsupported contained type');
}
