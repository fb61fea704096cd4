// What control a schema calls for in the steps view's forms: a choice, a number (or expression), text, a nested
// object, a list, or JSON text for what a form cannot show well. Enumerations are named choices with their numbers
// when the schema names them (`anyOf`/`oneOf` of `{const, title}`, or `enumNames`/`x-enum-names` beside `enum` or
// `x-enum`).
import type { JsonSchema } from '../api/types.js';

export type FieldKind = 'choice' | 'boolean' | 'number' | 'string' | 'any' | 'object' | 'list' | 'json';

export interface Choice {
  value: unknown;
  label: string;
}

/** `{anyOf: [{type: 'null'}, s]}` (a receive type's field that may be null: absent) → s, nullable. */
export function unwrapNullable(s: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const alts = s.anyOf;
  if (alts?.length === 2 && alts[0]?.type === 'null') return { schema: { ...alts[1]!, description: s.description ?? alts[1]!.description }, nullable: true };
  return { schema: s, nullable: false };
}

export function typesOf(s: JsonSchema): string[] {
  const own = ([] as unknown[]).concat(s.type ?? []).map(String);
  const alts = (s.anyOf ?? s.oneOf ?? []).flatMap((a) => ([] as unknown[]).concat(a.type ?? []).map(String));
  return [...new Set([...own, ...alts])];
}

/** The named choices of an enumeration, or undefined when the schema is not one. */
export function choicesOf(s: JsonSchema): Choice[] | undefined {
  const named = (value: unknown, name: unknown): Choice => ({ value, label: typeof name !== 'string' || name === String(value) ? String(value) : name.includes(String(value)) ? name : `${name} (${String(value)})` });
  // `enum` restricts the values; `x-enum` (a plugin's enumeration that also takes other numbers and names) only names them
  const values = Array.isArray(s.enum) ? s.enum : (s['x-enum'] as unknown[] | undefined);
  if (Array.isArray(values)) {
    const names = (s.enumNames ?? s['x-enum-names']) as unknown[] | undefined;
    return values.map((v, i) => named(v, names?.[i]));
  }
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length && alts.every((a) => a.const !== undefined)) return alts.map((a) => named(a.const, a.title ?? a.description));
  return undefined;
}

export function fieldKind(s: JsonSchema): FieldKind {
  if (choicesOf(s)) return 'choice';
  const types = typesOf(s);
  if (types.length === 1 && types[0] === 'boolean') return 'boolean';
  if (types.includes('object') && types.length === 1) return s.properties ? 'object' : 'json';
  if (types.includes('array') && types.length === 1) {
    const item = Array.isArray(s.items) ? undefined : s.items;
    return item && (item.properties || ['string', 'integer', 'number'].some((t) => typesOf(item).includes(t))) ? 'list' : 'json';
  }
  if (types.some((t) => t === 'object' || t === 'array')) return 'json';
  if (types.includes('integer') || types.includes('number')) return 'number';
  if (types.includes('string')) return 'string';
  return 'any';
}

/** A short name of what the field takes: `integer`, `string`, `integer|boolean`, `choice`, `any`. */
export function typeLabel(s: JsonSchema): string {
  if (choicesOf(s)) return 'choice';
  const types = typesOf(s);
  return types.length ? types.join('|') : 'any';
}
