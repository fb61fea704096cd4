// Which fields of the flattened form give a value, for the encoder (encode.ts): a field is present by its name or
// any of its other spellings (`x_hex`, `x_name`, the derived `x_digits`, ...); checkArg's values known only later
// (expressions) count as present.
import type { Field, Ty as TypeDescriptor } from './schema.js';
import { derivedKeys, formatOf, isObj, keysOf, type Obj } from './values.js';

/** checkArg: whether the value of `name` (or any of its spellings) is known only later. */
export function unknownIn(unknown: (v: unknown) => boolean, type: TypeDescriptor, holder: Obj, name: string): boolean {
  const keys = keysOf(name);
  if (unknown(holder[name]) || unknown(holder[keys.hex]) || (type.k === 'enum' && unknown(holder[keys.name]))) return true;
  if (type.k === 'ext') return deepUnknown(unknown, holder[name]);
  const format = formatOf(type.k === 'seqof' ? type.of : type);
  if (format) {
    const derived = derivedKeys(format, name);
    for (const s of format.suffixes) if (unknown(holder[derived[s]!])) return true;
  }
  return false;
}

export function deepUnknown(unknown: (v: unknown) => boolean, v: unknown): boolean {
  if (unknown(v)) return true;
  if (Array.isArray(v)) return v.some((x) => deepUnknown(unknown, x));
  if (isObj(v)) return Object.values(v).some((x) => deepUnknown(unknown, x));
  return false;
}

/** Whether any derived field of an octet-string field `name` is given in `holder`. */
function derivedPresent(type: TypeDescriptor, holder: Obj, name: string): boolean {
  const format = formatOf(type);
  if (!format) return false;
  const keys = derivedKeys(format, name);
  for (const s of format.suffixes) if (holder[keys[s]!] !== undefined) return true;
  return false;
}

/**
 * Whether `field` has a value in `holder` (absent, null and false-for-NULL mean not present); checkArg's `unknown`
 * values (known only later) count as present.
 */
export function present(unknown: ((v: unknown) => boolean) | undefined, field: Field, holder: Obj): boolean {
  const name = field.n;
  const type = field.ty;
  const v = holder[name];
  if (field.t === undefined && type.k === 'choice') {
    if (unknown?.(v)) return true;
    return isObj(v) && type.alts.some((a) => present(unknown, a, v));
  }
  if (type.k === 'null') return v !== undefined && v !== null && v !== false && v !== 0 && v !== '0';
  if (v !== undefined && v !== null) return true;
  if (type.k === 'oct' || type.k === 'contain' || type.k === 'any' || type.k === 'ext') {
    const hex = holder[keysOf(name).hex];
    if (hex !== undefined && hex !== null) return true;
    return derivedPresent(type, holder, name);
  }
  if (type.k === 'enum') {
    const text = holder[keysOf(name).name];
    return text !== undefined && text !== null;
  }
  if (type.k === 'seqof' && type.of.k === 'oct') return derivedPresent(type.of, holder, name);
  return false;
}

/**
 * The fields of a SEQUENCE by every key of the flattened form that can give them a value (`x`, its alias, `x_hex`,
 * `x_name`, `x_<suffix>`): an argument names a few of a SEQUENCE's many optional fields, so the encoder looks up the
 * argument's keys here instead of probing every spelling of every field (writeFields).
 */
const fieldIndexes = new WeakMap<readonly Field[], Map<string, number[]>>();

export function fieldIndex(fields: readonly Field[]): Map<string, number[]> {
  let index = fieldIndexes.get(fields);
  if (index) return index;
  const m = new Map<string, number[]>();
  const add = (key: string, i: number) => {
    const l = m.get(key);
    if (!l) m.set(key, [i]);
    else if (!l.includes(i)) l.push(i);
  };
  fields.forEach((field, i) => {
    const name = field.n;
    add(name, i);
    if (field.al !== undefined) add(field.al, i);
    add(name + '_hex', i);
    add(name + '_name', i);
    const format = formatOf(field.ty.k === 'seqof' ? field.ty.of : field.ty);
    if (format) for (const s of format.suffixes) add(name + '_' + s, i);
  });
  fieldIndexes.set(fields, (index = m));
  return index;
}
