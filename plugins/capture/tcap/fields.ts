// From the argument codec's decoded form (every spelling of a field: `x`, `x_hex`, `x_digits`, `x_noa`, `x_name`)
// to one spelling per field, for a send's arguments and a receive's tests. The readable spellings first (digits
// and their indicators, enumeration names); where they do not re-encode to the captured bytes, the octets (`_hex`).
import type { Json, JsonObject } from '../../../sdk/index.js';

type Spelling = 'readable' | 'hex';

/** One spelling per field, recursively; `check` says whether a form re-encodes to the captured bytes. */
export function sendable(fields: JsonObject, check: (f: JsonObject) => boolean): { fields: JsonObject; exact: boolean } {
  for (const how of ['readable', 'hex'] as const) {
    const f = reduceObject(fields, how);
    if (check(f)) return { fields: f, exact: true };
  }
  return { fields: reduceObject(fields, 'readable'), exact: false };
}

function reduce(v: Json, how: Spelling): Json {
  if (Array.isArray(v)) return v.map((e) => reduce(e, how));
  if (v === null || typeof v !== 'object') return v;
  return reduceObject(v, how);
}

function reduceObject(o: JsonObject, how: Spelling): JsonObject {
  const out: JsonObject = {};
  const keys = Object.keys(o);
  const bases = new Set(keys.map((k) => baseOf(k, o)));
  for (const base of bases) {
    const group = keys.filter((k) => baseOf(k, o) === base);
    for (const k of pick(base, group, how)) out[k] = reduce(o[k]!, how);
  }
  return out;
}

/** `x` of `x_suffix` when `x` or another `x_…` is there; a key of its own otherwise. */
function baseOf(k: string, o: JsonObject): string {
  const i = k.lastIndexOf('_');
  if (i <= 0) return k;
  const b = k.slice(0, i);
  return b in o || Object.keys(o).some((x) => x !== k && x.startsWith(`${b}_`)) ? b : k;
}

function pick(base: string, group: string[], how: Spelling): string[] {
  const has = (s: string) => group.includes(`${base}_${s}`);
  if (group.length === 1) return group;
  if (how === 'hex') return has('hex') ? [`${base}_hex`] : group.includes(base) ? [base] : group;
  const parts = group.filter((k) => k !== base && k !== `${base}_hex` && k !== `${base}_name`);
  if (parts.length) return parts;
  if (has('name')) return [`${base}_name`];
  if (has('hex')) return [`${base}_hex`];
  return [base];
}

export interface FieldTest {
  kpath: string;
  type: 'string' | 'number' | 'boolean';
  value: Json;
}

/** A test per leaf, skipping the fields named in `skip` (at any depth). */
export function testsOf(fields: JsonObject, skip: ReadonlySet<string>): FieldTest[] {
  const out: FieldTest[] = [];
  const walk = (v: Json, path: string, key: string) => {
    if ([...skip].some((s) => key === s || key.startsWith(`${s}_`))) return;
    if (Array.isArray(v)) v.forEach((e, i) => walk(e, `${path}[${i}]`, key));
    else if (v !== null && typeof v === 'object') for (const [k, e] of Object.entries(v)) walk(e, path ? `${path}.${k}` : k, k);
    else if (v !== null) out.push({ kpath: path, type: typeof v === 'number' ? 'number' : typeof v === 'boolean' ? 'boolean' : 'string', value: v });
  };
  walk(fields, '', '');
  return out;
}
