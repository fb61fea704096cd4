// The schema that applies at a place in a definition: the params schema, and inside `operations[i].arguments` the
// schema of that operation's type. The JSON editor's completion and the forms read it.
import type { Describe, JsonSchema } from '../api/types.js';
import { resolveType } from '../state/resolve-type.js';
import { receiveForm } from './validate.js';
import type { Segment } from './paths.js';

/** The branch of an anyOf/oneOf that describes structure (properties, items or choices), else the schema itself. */
export function structural(s: JsonSchema): JsonSchema {
  const alts = s.anyOf ?? s.oneOf;
  if (!alts) return s;
  return alts.find((a) => a.properties || a.items || a.enum) ?? s;
}

function child(s: JsonSchema | undefined, seg: Segment): JsonSchema | undefined {
  if (!s) return undefined;
  const t = structural(s);
  if (typeof seg === 'number') return Array.isArray(t.items) ? t.items[seg] : t.items;
  const own = t.properties?.[seg];
  if (own) return own;
  for (const [pattern, p] of Object.entries(t.patternProperties ?? {})) if (new RegExp(pattern).test(seg)) return p;
  return typeof t.additionalProperties === 'object' ? t.additionalProperties : undefined;
}

/** The arguments schema of operation `i` of `definition` (its type resolved), undefined for an unknown type. */
function argumentsSchema(describe: Describe, definition: unknown, i: number): JsonSchema | undefined {
  const ops = (definition as { operations?: unknown[] } | null)?.operations;
  const type = (ops?.[i] as { type?: unknown } | undefined)?.type;
  const op = typeof type === 'string' ? resolveType(describe, type) : undefined;
  return op ? receiveForm(op) : undefined;
}

export function schemaAtPath(describe: Describe, definition: unknown, path: readonly Segment[]): JsonSchema | undefined {
  if (path[0] === 'operations' && typeof path[1] === 'number' && path[2] === 'arguments') {
    let s = argumentsSchema(describe, definition, path[1]);
    for (const seg of path.slice(3)) s = child(s, seg);
    return s;
  }
  let s: JsonSchema | undefined = describe.params_schema;
  for (const seg of path) s = child(s, seg);
  return s;
}
