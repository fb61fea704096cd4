// @cfworker/json-schema's output units, turned into the service's messages (core/validation/ajv.ts describes
// them): `distribution.backlog: must be >= 1`, `x: is not a known field; did you mean y?`, `x: is required`. The
// wrappers (`properties`, `items`, `allOf`, ...) and the branches of an anyOf are left out: one line per problem.
import type { OutputUnit } from '@cfworker/json-schema';
import type { JsonSchema } from '../api/types.js';
import { pathText, pointerSegments, type Segment } from './paths.js';
import { didYouMean } from './suggest.js';

export interface Problem {
  /** The JSON path of the field at fault, as the service writes it. */
  path: string;
  message: string;
}

const WRAPPERS = new Set(['properties', 'items', 'allOf', 'if', 'then', 'else', 'false', '$ref', 'patternProperties', 'prefixItems', 'additionalItems', 'dependentSchemas', 'contains', 'not']);

function schemaAt(root: JsonSchema, keywordLocation: string): unknown {
  let cur: unknown = root;
  for (const seg of pointerSegments(keywordLocation)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string | number, unknown>)[seg];
  }
  return cur;
}

function parentOf(location: string): string {
  return location.slice(0, location.lastIndexOf('/'));
}

const quoted = (text: string) => /"((?:[^"\\]|\\.)*)"/.exec(text)?.[1] ?? '';

function typeNames(s: unknown): string {
  const t = (s as JsonSchema | undefined)?.type;
  return Array.isArray(t) ? t.join(',') : (t ?? 'valid');
}

/** The message of one unit, or undefined when it only wraps others. */
function messageOf(u: OutputUnit, root: JsonSchema): string | undefined {
  const bound = schemaAt(root, u.keywordLocation);
  switch (u.keyword) {
    case 'type':
      return `must be ${Array.isArray(bound) ? bound.join(',') : String(bound)}`;
    case 'enum':
      return `must be one of ${(bound as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `must be equal to constant ${JSON.stringify(bound)}`;
    case 'minimum':
      return `must be >= ${String(bound)}`;
    case 'maximum':
      return `must be <= ${String(bound)}`;
    case 'exclusiveMinimum':
      return `must be > ${String(bound)}`;
    case 'exclusiveMaximum':
      return `must be < ${String(bound)}`;
    case 'minLength':
      return `must NOT have fewer than ${String(bound)} characters`;
    case 'maxLength':
      return `must NOT have more than ${String(bound)} characters`;
    case 'minItems':
      return `must NOT have fewer than ${String(bound)} items`;
    case 'maxItems':
      return `must NOT have more than ${String(bound)} items`;
    case 'pattern':
      return `must match pattern "${String(bound)}"`;
    case 'anyOf':
    case 'oneOf': {
      const forms = (bound as unknown[]).map(typeNames);
      return forms.includes('valid') ? `must match a schema in ${u.keyword}` : `must be ${[...new Set(forms)].join(' or ')}`;
    }
    default:
      return WRAPPERS.has(u.keyword) ? undefined : u.error;
  }
}

/**
 * The problems of one validation. `base`: the path the validated value has in the definition; `skip`: units the
 * service would not report (a value that is an expression, a numeric string where a number is expected).
 */
export function problemsOf(units: readonly OutputUnit[], root: JsonSchema, base: readonly Segment[], skip: (at: Segment[], u: OutputUnit, schema: unknown) => boolean = () => false): Problem[] {
  const branches = units.filter((u) => u.keyword === 'anyOf' || u.keyword === 'oneOf').map((u) => u.keywordLocation + '/');
  const out: Problem[] = [];
  const seen = new Set<string>();
  const add = (segments: Segment[], message: string) => {
    const path = pathText([...base, ...segments]) || 'params';
    if (!seen.has(path + message)) out.push({ path, message });
    seen.add(path + message);
  };
  for (const u of units) {
    if (branches.some((b) => u.keywordLocation.startsWith(b))) continue;
    const at = pointerSegments(u.instanceLocation);
    if (skip(at, u, schemaAt(root, u.keywordLocation))) continue;
    if (u.keyword === 'required') add([...at, quoted(u.error)], 'is required');
    else if (u.keyword === 'additionalProperties') {
      if (schemaAt(root, u.keywordLocation) !== false) continue;
      const name = quoted(u.error);
      const declared = Object.keys((schemaAt(root, parentOf(u.keywordLocation)) as JsonSchema | undefined)?.properties ?? {});
      add([...at, name], `is not a known field${didYouMean(name, declared)}`);
    } else {
      const message = messageOf(u, root);
      if (message) add(at, message);
    }
  }
  // unknown fields first, as the service orders them
  return [...out.filter((p) => p.message.startsWith('is not a known field')), ...out.filter((p) => !p.message.startsWith('is not a known field'))];
}
