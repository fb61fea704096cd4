// JSON-schema properties of an argument type's top level, for operation `arguments` schemas: each field, its `_hex`
// form and the derived fields of its number format, enum `_name`s. Nested SEQUENCEs and CHOICEs are objects whose
// contents the codec checks when it encodes (naming the path) or the matcher when it compares.
import { formatOf } from './codec.js';
import type { ArgType, Field, Range, Ty } from './schema.js';

type Props = Record<string, unknown>;

const STRING = { type: 'string' };
const INTEGER = { type: 'integer' };

/**
 * An integer field's schema with the range of its descriptor. Called again for the same field (the same argument
 * in several variants), the union of the ranges (unbounded when one has none): the variant's own range is checked
 * when the argument is encoded.
 */
function intSchema(prev: unknown, r: Range | undefined): unknown {
  const p = prev as { minimum?: number; maximum?: number } | undefined;
  if (!r || (p && p.minimum === undefined)) return INTEGER;
  if (!p) return { type: 'integer', minimum: r[0], maximum: r[1] };
  return { type: 'integer', minimum: Math.min(p.minimum!, r[0]), maximum: Math.max(p.maximum!, r[1]) };
}

/**
 * An enumerated field: a number or a name (the codec checks which it knows), and its named values as annotations that
 * validate nothing (`x-enum` the numbers, `x-enum-names` their names; the web client offers them as named choices).
 * Called again for the same field in another variant, the union of the values (a value named differently in two
 * variants gets both names).
 */
function enumSchema(prev: unknown, names: Record<number, string> | undefined): unknown {
  const named = new Map<number, string>();
  const p = prev as { 'x-enum'?: number[]; 'x-enum-names'?: string[] } | undefined;
  p?.['x-enum']?.forEach((v, i) => named.set(v, p['x-enum-names']![i]!));
  for (const [k, name] of Object.entries(names ?? {})) {
    const v = Number(k);
    const had = named.get(v);
    named.set(v, had === undefined || had === name || had.split(' / ').includes(name) ? name : `${had} / ${name}`);
  }
  if (named.size === 0) return { type: ['integer', 'string'] };
  const values = [...named.keys()].sort((a, b) => a - b);
  return { type: ['integer', 'string'], 'x-enum': values, 'x-enum-names': values.map((v) => named.get(v)!) };
}

/** Add the properties of one field `n` of type `ty` (with its `_hex`, derived and `_name` forms). */
export function fieldProperties(props: Props, n: string, ty: Ty): void {
  switch (ty.k) {
    case 'int':
      props[n] = intSchema(props[n], ty.range);
      return;
    case 'enum':
      props[n] = enumSchema(props[n], ty.names);
      props[`${n}_name`] = STRING;
      return;
    case 'bool':
      props[n] = { type: ['boolean', 'integer'] };
      return;
    case 'null':
      props[n] = { type: ['integer', 'boolean'] };
      return;
    case 'ia5':
      props[n] = STRING;
      return;
    case 'oct':
    case 'any':
      props[n] = STRING;
      props[`${n}_hex`] = STRING;
      break;
    case 'ext':
      props[n] = { type: ['array', 'string'] };
      props[`${n}_hex`] = STRING;
      return;
    case 'contain':
      props[n] = { type: ['object', 'string'] };
      props[`${n}_hex`] = STRING;
      return;
    case 'seq':
    case 'choice':
      props[n] = { type: 'object' };
      return;
    case 'seqof':
      props[n] = { type: 'array' };
      break;
  }
  const fmt = formatOf(ty.k === 'seqof' ? ty.of : ty);
  if (fmt) for (const s of fmt.suffixes) props[`${n}_${s}`] = (fmt.text ?? ['digits']).includes(s) ? STRING : INTEGER;
}

function add(props: Props, f: Field): void {
  fieldProperties(props, f.n, f.ty);
  if (f.al) fieldProperties(props, f.al, f.ty);
}

/**
 * Add the properties of `at`'s top level (fields of a SEQUENCE, alternatives of a CHOICE, or the named value) to
 * `props`; called for several variants of one argument, the properties of all of them.
 */
export function argProperties(at: ArgType, props: Props = {}): Props {
  const ty = at.ty;
  if (ty.k === 'seq') ty.fields.forEach((f) => add(props, f));
  else if (ty.k === 'choice') ty.alts.forEach((f) => add(props, f));
  else if (at.name) {
    fieldProperties(props, at.name, ty);
    // a value that contains a CHOICE (e.g. an OCTET STRING holding BER): its alternatives may be given directly
    if (ty.k === 'contain' && ty.inner.k === 'choice') ty.inner.alts.forEach((f) => add(props, f));
  }
  return props;
}
