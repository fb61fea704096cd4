// The argument codec's encoder: walks a type descriptor (schema.ts) over the flattened JSON form and writes BER,
// checking the descriptors' constraints. A fault is a CodecError naming the argument path. What one call needs
// (its options, checkArg's values known only later, a writer, the scratch of writeFields) is an EncodeContext,
// passed down the walk.
//
// The checks take the argument path in two parts (`path` of the holder, `name` of the value) and join them only to
// name a fault: joining them for every value of every message cost more than most values' encoding.
import { BerWriter, TagClass, parseHex } from '../ber/index.js';
import type { ArgType, ExtTypes, Field, Ty as TypeDescriptor } from './schema.js';
import { DerivedMemos } from './derived-memo.js';
import { deepUnknown, fieldIndex, present, unknownIn } from './presence.js';
import { CodecError, derivedKeys, formatOf, isObj, keysOf, rangeProblem, sizeProblem, universalTag, type Obj } from './values.js';

type Kind<K extends TypeDescriptor['k']> = Extract<TypeDescriptor, { k: K }>;

/** The state of one encodeArg or checkArg call. Contexts are pooled (acquire/release): each keeps its scratch. */
export class EncodeContext {
  /** The run's type map for `ext` fields (handed to their codec). */
  extensions: ExtTypes | undefined = undefined;
  /** checkArg: whether a value is known only per instance (an expression): present, and not checked. */
  unknown: ((v: unknown) => boolean) | undefined = undefined;
  /** checkArg: how many such values were met (a container holding one cannot have its SIZE checked). */
  unknownSeen = 0;
  readonly writer = new BerWriter(512);
  /**
   * writeFields' marks of the fields an argument names, one array per nesting depth (reused: a typed array per
   * SEQUENCE per message was the encoder's largest allocation).
   */
  readonly marks: Uint8Array[] = [];
  depth = 0;
  /** The number formats' octets, taken again while the values they read do not change (derived-memo.ts). */
  private readonly derived = new DerivedMemos();

  /** Encode the derived fields of `name` in `holder` with `format`: the octets, or the fault's text. */
  encodeDerived(format: NonNullable<ReturnType<typeof formatOf>>, holder: Obj, name: string): Uint8Array | string {
    return this.derived.encode(format, derivedKeys(format, name), holder, name);
  }
}

const idle: EncodeContext[] = [];

/** A context for one call (synchronous; a call made while another runs gets its own). Give it back with release. */
export function acquireEncodeContext(extensions: ExtTypes | undefined, unknown: ((v: unknown) => boolean) | undefined): EncodeContext {
  const ctx = idle.pop() ?? new EncodeContext();
  ctx.extensions = extensions;
  ctx.unknown = unknown;
  ctx.unknownSeen = 0;
  ctx.depth = 0;
  return ctx;
}

export function releaseEncodeContext(ctx: EncodeContext): void {
  ctx.extensions = undefined;
  ctx.unknown = undefined;
  idle.push(ctx);
}

/** Encode an argument from its (expanded) flattened form into ctx.writer; returns a copy of the bytes. */
export function encodeInto(ctx: EncodeContext, at: ArgType, args: Obj): Uint8Array {
  const w = ctx.writer.reset();
  const type = at.ty;
  if (type.k === 'seq') {
    if (at.tag !== undefined) w.begin(TagClass.Context, at.tag);
    else w.beginSequence();
    writeFields(ctx, w, type.fields, args, '');
    w.end();
  } else if (type.k === 'choice') writeChoice(ctx, w, type, args, '');
  else if (type.k === 'contain' && at.name) {
    const rawHex = args[at.name + '_hex'] ?? args[at.name];
    if (ctx.unknown?.(rawHex)) return w.toBytes();
    const seen = ctx.unknownSeen;
    const content = rawHex !== undefined && rawHex !== null ? hexArg(rawHex, at.name + '_hex') : encodeInner(ctx, type.inner, args, '');
    if (ctx.unknownSeen === seen) checked(sizeProblem(content.length, type.size, 'octet'), at.name);
    w.octets(content);
  } else if (at.name) {
    if (!present(ctx.unknown, { n: at.name, ty: type }, args)) {
      if (type.k === 'null') w.null();
      else throw new CodecError(`${at.name}: missing (mandatory)`);
    } else writeTagged(ctx, w, type, undefined, args, at.name, '');
  } else throw new CodecError('unsupported argument type');
  return w.toBytes();
}

// ---------------------------------------------------------------- conversions of values

function toInt(v: unknown, path: string, name = ''): number {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  throw new CodecError(`${path}${name}: expected an integer, got ${JSON.stringify(v)}`);
}

function toBool(v: unknown, path: string, name = ''): boolean {
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false') return false;
  throw new CodecError(`${path}${name}: expected a boolean (true/false or 1/0), got ${JSON.stringify(v)}`);
}

function hexArg(v: unknown, path: string, name = ''): Uint8Array {
  const b = typeof v === 'string' ? parseHex(v) : undefined;
  if (!b) throw new CodecError(`${path}${name}: expected a hex string, got ${JSON.stringify(v)}`);
  return b;
}

function enumValue(type: Kind<'enum'>, v: unknown, path: string, name = ''): number {
  if (typeof v === 'string' && type.names && !/^\s*-?\d+\s*$/.test(v)) {
    for (const [num, text] of Object.entries(type.names)) if (text === v) return Number(num);
    const alias = type.aliases?.[v];
    if (alias !== undefined) return alias;
    throw new CodecError(`${path}${name}: unknown name "${v}" (one of ${Object.values(type.names).join(', ')})`);
  }
  return toInt(v, path, name);
}

function checked(problem: string | undefined, path: string, name = ''): void {
  if (problem !== undefined) throw new CodecError(`${path}${name}: ${problem}`);
}

// ---------------------------------------------------------------- values by kind

/** Write the value `holder[name]` of `type`, with context tag `tag` (undefined: its universal tag). */
function writeTagged(ctx: EncodeContext, w: BerWriter, type: TypeDescriptor, tag: number | undefined, holder: Obj, name: string, path: string): void {
  const cls = tag === undefined ? TagClass.Universal : TagClass.Context;
  const num = tag ?? universalTag(type);
  if (ctx.unknown !== undefined && unknownIn(ctx.unknown, type, holder, name)) {
    ctx.unknownSeen++; // checkArg: known per instance only; the encoder checks it then
    return;
  }
  const v = holder[name];
  switch (type.k) {
    case 'int': {
      const i = toInt(v, path, name);
      if (type.range) checked(rangeProblem(i, type.range), path, name);
      w.integer(i, cls, num);
      return;
    }
    case 'enum':
      w.enumerated(enumValue(type, v ?? holder[keysOf(name).name], path, name), cls, num);
      return;
    case 'bool':
      w.boolean(toBool(v, path, name), cls, num);
      return;
    case 'null':
      w.null(cls, num);
      return;
    case 'ia5':
      return writeIa5(w, type, cls, num, v, path, name);
    case 'oct':
      w.octets(octetsFor(ctx, type, holder, name, path), cls, num);
      return;
    case 'any':
      return writeRaw(w, cls, num, v ?? holder[keysOf(name).hex], path, name);
    case 'ext':
      return writeExtensionList(ctx, w, type, cls, num, holder, name, path);
    case 'contain':
      return writeContaining(ctx, w, type, cls, num, holder, name, path);
    case 'seq':
      if (!isObj(v)) throw new CodecError(`${path}${name}: expected an object`);
      w.begin(cls, num);
      writeFields(ctx, w, type.fields, v, `${path}${name}.`);
      w.end();
      return;
    case 'seqof':
      w.begin(cls, num);
      writeElements(ctx, w, type, holder, name, path);
      w.end();
      return;
    case 'choice':
      return writeTaggedChoice(ctx, w, type, tag, v, path, name);
  }
}

function writeIa5(w: BerWriter, type: Kind<'ia5'>, cls: number, num: number, v: unknown, path: string, name: string): void {
  if (typeof v !== 'string' && typeof v !== 'number') throw new CodecError(`${path}${name}: expected a string`);
  const b = Buffer.from(String(v), 'latin1');
  checked(sizeProblem(b.length, type.size, 'character'), path, name);
  w.primitive(cls, num, b);
}

/** An OCTET STRING: `x` or `x_hex`, else the derived fields (`x_digits`, ...) through its number format. */
function octetsFor(ctx: EncodeContext, type: Kind<'oct'>, holder: Obj, name: string, path: string): Uint8Array {
  const raw = holder[name] ?? holder[keysOf(name).hex];
  let b: Uint8Array;
  if (raw !== undefined && raw !== null) b = hexArg(raw, path, holder[name] !== undefined ? name : keysOf(name).hex);
  else {
    const format = formatOf(type);
    if (!format) throw new CodecError(`${path}${name}: missing (give ${name}_hex)`);
    const r = ctx.encodeDerived(format, holder, name);
    if (typeof r === 'string') throw new CodecError(`${path}${name}${r}`);
    b = r;
  }
  if (type.size) checked(sizeProblem(b.length, type.size, 'octet'), path, name);
  return b;
}

/** ANY (and extensions given as hex): the value octets as given, in a constructed TLV. */
function writeRaw(w: BerWriter, cls: number, num: number, hex: unknown, path: string, name: string): void {
  const b = hexArg(hex, path, name);
  w.tag(cls, true, num).len(b.length).raw(b);
}

/** An `ext` field: a list of open-typed values written by its TCAP user's codec (CodecErrors name the element), or hex. */
function writeExtensionList(ctx: EncodeContext, w: BerWriter, type: Kind<'ext'>, cls: number, num: number, holder: Obj, name: string, path: string): void {
  const v = holder[name];
  if (!Array.isArray(v)) return writeRaw(w, cls, num, v ?? holder[keysOf(name).hex], path, name);
  w.begin(cls, num);
  type.codec.write(w, v, ctx.extensions, path + name);
  w.end();
}

/** An OCTET STRING holding the encoding of `type.inner`: from `x_hex` (or a hex `x`), else from the object `x`. */
function writeContaining(ctx: EncodeContext, w: BerWriter, type: Kind<'contain'>, cls: number, num: number, holder: Obj, name: string, path: string): void {
  const v = holder[name];
  const rawHex = holder[keysOf(name).hex] ?? (typeof v === 'string' ? v : undefined);
  let content: Uint8Array;
  const seen = ctx.unknownSeen;
  if (rawHex !== undefined && rawHex !== null) content = hexArg(rawHex, path, keysOf(name).hex);
  else {
    if (!isObj(v)) throw new CodecError(`${path}${name}: expected an object or ${name}_hex`);
    content = encodeInner(ctx, type.inner, v, `${path}${name}.`);
  }
  if (ctx.unknownSeen === seen) checked(sizeProblem(content.length, type.size, 'octet'), path, name);
  w.octets(content, cls, num);
}

/** A CHOICE as a field's value; a tagged CHOICE is explicit (the alternative inside the tag). */
function writeTaggedChoice(ctx: EncodeContext, w: BerWriter, type: Kind<'choice'>, tag: number | undefined, v: unknown, path: string, name: string): void {
  if (!isObj(v)) throw new CodecError(`${path}${name}: expected an object naming one of ${type.alts.map((a) => a.n).join(', ')}`);
  if (tag !== undefined) w.begin(TagClass.Context, tag);
  writeChoice(ctx, w, type, v, `${path}${name}.`);
  if (tag !== undefined) w.end();
}

// ---------------------------------------------------------------- containers

function writeElements(ctx: EncodeContext, w: BerWriter, type: Kind<'seqof'>, holder: Obj, name: string, path: string): void {
  const of = type.of;
  const v = holder[name];
  if (v === undefined || v === null) {
    // `X_digits` etc. stand for a one-element list (destinationRoutingAddress_digits).
    if (of.k === 'oct') {
      checked(sizeProblem(1, type.size, 'element'), path, name);
      w.octets(octetsFor(ctx, of, holder, name, path));
      return;
    }
    throw new CodecError(`${path}${name}: missing`);
  }
  if (!Array.isArray(v)) throw new CodecError(`${path}${name}: expected an array`);
  checked(sizeProblem(v.length, type.size, 'element'), path, name);
  for (let i = 0; i < v.length; i++) {
    const element = v[i];
    const where = `${path}${name}[${i}]`;
    if (of.k === 'oct' && isObj(element)) {
      if (ctx.unknown !== undefined && deepUnknown(ctx.unknown, element)) continue;
      writeDerivedElement(w, of, element, where);
    } else writeTagged(ctx, w, of, undefined, { '': element }, '', where);
  }
}

/** An element of a SEQUENCE OF OCTET STRING given by its derived fields (`{ digits, noa }`). */
function writeDerivedElement(w: BerWriter, of: Kind<'oct'>, element: Obj, where: string): void {
  const format = formatOf(of);
  const r = format ? format.encode((s) => element[s] ?? element['_' + s]) : undefined;
  if (r === undefined) throw new CodecError(`${where}: expected a hex string`);
  if (typeof r === 'string') throw new CodecError(`${where}${r}`);
  checked(sizeProblem(r.length, of.size, 'octet'), where);
  w.octets(r);
}

function writeChoice(ctx: EncodeContext, w: BerWriter, type: Kind<'choice'>, v: Obj, path: string): void {
  for (const a of type.alts) {
    if (present(ctx.unknown, a, v)) {
      writeField(ctx, w, a, v, path);
      return;
    }
  }
  throw new CodecError(`${path.slice(0, -1) || 'arguments'}: give one of ${type.alts.map((a) => a.n).join(', ')}`);
}

function writeField(ctx: EncodeContext, w: BerWriter, field: Field, holder: Obj, path: string): void {
  if (field.t === undefined && field.ty.k === 'choice') {
    const v = holder[field.n];
    if (ctx.unknown?.(v)) return;
    writeChoice(ctx, w, field.ty, v as Obj, `${path}${field.n}.`);
    return;
  }
  writeTagged(ctx, w, field.ty, field.t, holder, field.n, path);
}

function writeFields(ctx: EncodeContext, w: BerWriter, fields: readonly Field[], holder: Obj, path: string): void {
  // An argument named by the same keys as the last one written of these fields names the same fields: the plan of
  // that one is followed (a load run's every instance), without marking and walking every field of the SEQUENCE.
  const plan = fields.length > 4 && ctx.unknown === undefined ? plans.get(fields) : undefined;
  ctx.depth++;
  try {
    if (plan !== undefined && !plan.busy && sameKeys(plan, holder)) {
      plan.busy = true;
      try {
        followPlan(ctx, w, fields, plan, holder, path);
      } catch (e) {
        forget(plan); // the fields after the fault kept TLVs of values older than `last`'s
        throw e;
      } finally {
        plan.busy = false;
      }
      return;
    }
    // Which fields the argument names at all (by any of their keys): the others are absent without probing them.
    const named = fields.length > 4 ? markNamed(ctx, fields, holder) : undefined;
    const given = holder;
    for (let i = 0; i < fields.length; i++) {
      const field = fields[i]!;
      if (named !== undefined && named[i] === 0) {
        if (!field.opt) throw new CodecError(`${path}${field.n}: missing (mandatory)`);
        continue;
      }
      holder = writeNamed(ctx, w, field, holder, path);
    }
    if (named !== undefined && ctx.unknown === undefined) {
      const plan = planOf(fields, named, given);
      if (plan) plans.set(fields, plan);
      else plans.delete(fields);
    }
  } finally {
    ctx.depth--;
  }
}

/**
 * Write the fields of `plan` (sameKeys has compared the argument's values with the last one's): a field whose values
 * are all the same primitives as last time is the same TLV, taken again (a load run's constant fields: a service key,
 * an event type, a calling number); one whose values changed is encoded, and kept once the next argument gives it
 * the same values again.
 */
function followPlan(ctx: EncodeContext, w: BerWriter, fields: readonly Field[], plan: Plan, holder: Obj, path: string): void {
  const at = plan.at;
  for (let j = 0; j < at.length; j++) {
    const field = fields[at[j]!]!;
    const keyAt = plan.fieldKeys[j];
    if (keyAt === undefined || !unchanged(plan, keyAt)) {
      plan.tlv[j] = undefined;
      holder = writeNamed(ctx, w, field, holder, path);
      continue;
    }
    const tlv = plan.tlv[j];
    if (tlv !== undefined) {
      w.raw(tlv);
      continue;
    }
    const start = w.length;
    holder = writeNamed(ctx, w, field, holder, path);
    plan.tlv[j] = w.since(start);
  }
}

/** Whether none of the plan's keys at `keyAt` changed value in this argument (sameKeys' marks). */
function unchanged(plan: Plan, keyAt: Uint16Array): boolean {
  const changed = plan.changed;
  for (let i = 0; i < keyAt.length; i++) if (changed[keyAt[i]!] !== 0) return false;
  return true;
}

/** Write `field` when `holder` gives it a value (its alias taken as its name); the holder with the alias applied. */
function writeNamed(ctx: EncodeContext, w: BerWriter, field: Field, holder: Obj, path: string): Obj {
  if (field.al !== undefined && holder[field.n] === undefined && holder[field.al] !== undefined) holder = { ...holder, [field.n]: holder[field.al] };
  if (present(ctx.unknown, field, holder)) writeField(ctx, w, field, holder, path);
  else if (!field.opt) throw new CodecError(`${path}${field.n}: missing (mandatory)`);
  return holder;
}

/**
 * The keys an argument was written from (in their order) and the fields they named; with the values of those keys
 * in the last argument that followed it, and the TLV each field wrote from them (followPlan).
 */
interface Plan {
  readonly keys: readonly string[];
  readonly at: Uint16Array;
  /** Per field of `at`: the indices in `keys` of the keys that give it a value; undefined: never taken again (an alias). */
  readonly fieldKeys: readonly (Uint16Array | undefined)[];
  /** The last argument's value of each key, and whether this argument's differs (or is an object or array). */
  readonly last: unknown[];
  readonly changed: Uint8Array;
  /** Per field of `at`: the TLV it wrote from the values in `last`, while they do not change. */
  readonly tlv: (Uint8Array | undefined)[];
  /** Being followed (a SEQUENCE within itself is written without it). */
  busy: boolean;
}

/** The last plan of each SEQUENCE's fields (a new plan replaces it: one being followed is never changed). */
const plans = new WeakMap<readonly Field[], Plan>();

/** At most this many keys are kept in a plan: an argument with more is marked every time. */
const MAX_PLAN_KEYS = 64;

/** The plan of an argument written from `holder`; undefined when it has more than MAX_PLAN_KEYS keys. */
function planOf(fields: readonly Field[], named: Uint8Array, holder: Obj): Plan | undefined {
  const keys: string[] = [];
  const last: unknown[] = [];
  for (const key in holder) {
    if (keys.push(key) > MAX_PLAN_KEYS) return undefined;
    last.push(holder[key]);
  }
  const at: number[] = [];
  for (let i = 0; i < fields.length; i++) if (named[i] === 1) at.push(i);
  const index = fieldIndex(fields);
  const fieldKeys = at.map((i) => {
    if (fields[i]!.al !== undefined) return undefined;
    const ks: number[] = [];
    keys.forEach((key, k) => {
      if (index.get(key)?.includes(i)) ks.push(k);
    });
    return Uint16Array.from(ks);
  });
  return { keys, at: Uint16Array.from(at), fieldKeys, last, changed: new Uint8Array(keys.length), tlv: at.map(() => undefined), busy: false };
}

/**
 * Whether `holder` has exactly the plan's keys, in the same order (the keys of the argument's object as built); when
 * it has, the plan's `changed` marks which of their values differ from the last argument's.
 */
function sameKeys(plan: Plan, holder: Obj): boolean {
  const keys = plan.keys;
  const last = plan.last;
  const changed = plan.changed;
  let n = 0;
  for (const key in holder) {
    if (n >= keys.length || keys[n] !== key) return forget(plan);
    const v = holder[key];
    changed[n] = v === last[n] && (typeof v !== 'object' || v === null) ? 0 : 1;
    last[n++] = v;
  }
  return n === keys.length || forget(plan);
}

/** Another argument's keys: `last` now holds some of its values, so no kept TLV can be trusted. Returns false. */
function forget(plan: Plan): false {
  plan.tlv.fill(undefined);
  return false;
}

/** The marks (1 = named by one of the argument's keys) of `fields`, in the context's array for this depth. */
function markNamed(ctx: EncodeContext, fields: readonly Field[], holder: Obj): Uint8Array {
  const index = fieldIndex(fields);
  let named = ctx.marks[ctx.depth];
  if (named === undefined || named.length < fields.length) named = ctx.marks[ctx.depth] = new Uint8Array(Math.max(64, fields.length));
  else named.fill(0, 0, fields.length);
  for (const key in holder) {
    const l = index.get(key);
    if (l) for (const i of l) named[i] = 1;
  }
  return named;
}

/** The encoding of a contained type (a SEQUENCE or CHOICE), in a writer of its own. */
function encodeInner(ctx: EncodeContext, type: TypeDescriptor, v: Obj, path: string): Uint8Array {
  const w = new BerWriter(64);
  if (type.k === 'choice') writeChoice(ctx, w, type, v, path);
  else if (type.k === 'seq') {
    w.beginSequence();
    writeFields(ctx, w, type.fields, v, path);
    w.end();
  } else throw new CodecError(`${path}: unsupported contained type`);
  return w.toBytes();
}
