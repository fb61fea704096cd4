// The schema that applies at a place in a definition: the params schema, and inside `operations[i].arguments` the
// schema of that operation's type. The JSON editor's completion and the forms read it.
import type { Describe, JsonSchema } from '../api/types.js';
import { resolveType } from '../state/resolve-type.js';
import { receiveForm } from './validate.js';
import { valueAt, type Segment } from './paths.js';

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

/** The arguments schema of the operation at `at` in `definition` (its type resolved), undefined for an unknown type. */
function argumentsSchema(describe: Describe, definition: unknown, at: readonly Segment[]): JsonSchema | undefined {
  const type = (valueAt(definition, at) as { type?: unknown } | undefined)?.type;
  const op = typeof type === 'string' ? resolveType(describe, type) : undefined;
  return op ? receiveForm(op) : undefined;
}

/** How many segments of `path` name an operation: `operations[i]`, a flow's `flows.f[i]` or `flows.f.operations[i]`. */
function operationDepth(path: readonly Segment[]): number {
  if (path[0] === 'operations') return typeof path[1] === 'number' ? 2 : 0;
  if (path[0] !== 'flows' || typeof path[1] !== 'string') return 0;
  if (typeof path[2] === 'number') return 3;
  return path[2] === 'operations' && typeof path[3] === 'number' ? 4 : 0;
}

export function schemaAtPath(describe: Describe, definition: unknown, path: readonly Segment[]): JsonSchema | undefined {
  const k = operationDepth(path);
  if (k && path[k] === 'arguments') {
    let s = argumentsSchema(describe, definition, path.slice(0, k));
    for (const seg of path.slice(k + 1)) s = child(s, seg);
    return s;
  }
  let s: JsonSchema | undefined = describe.params_schema;
  for (const seg of path) s = child(s, seg);
  return s;
}
