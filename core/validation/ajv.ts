// THE ajv instance of the service. Schemas are compiled once, at boot (plugin options, operation arguments,
// ExecuteTest params); requests only run compiled validators.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { didYouMean } from './suggest.js';

export const ajv = new Ajv({
  // Numeric strings are accepted where an integer is expected (existing clients send e.g. "trace_level": "1").
  coerceTypes: true,
  useDefaults: true,
  // Every error is needed to drop the ones caused by expressions that are only evaluated per instance.
  allErrors: true,
  strict: true,
  strictTypes: false,
  strictRequired: false,
  strictTuples: false,
  allowUnionTypes: true,
});

// `flag`: how an option of the service appears on the command line (core/options.ts); an annotation, not a check.
ajv.addVocabulary(['flag']);
// `x-enum`, `x-enum-names`: the named values of a field that takes a number or a name (a plugin's enumeration, e.g.
// a BCSM event type); annotations for clients (the web client's named choices), not checks.
ajv.addVocabulary(['x-enum', 'x-enum-names']);

export type { ValidateFunction, ErrorObject };

/** `/operations/1/arguments/serviceKey` → `operations[1].arguments.serviceKey`. */
export function pointerToPath(pointer: string, base = ''): string {
  let out = base;
  for (const raw of pointer.split('/').slice(1)) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (/^\d+$/.test(seg)) out += `[${seg}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${JSON.stringify(seg)}]`;
  }
  return out;
}

/** The JSON path an ajv error points at, including the property an additional/required error is about. */
export function errorPath(e: ErrorObject, base = ''): string {
  const p = pointerToPath(e.instancePath, base);
  const prop = (e.params as { additionalProperty?: string; missingProperty?: string }).additionalProperty ??
    (e.params as { missingProperty?: string }).missingProperty;
  if (prop === undefined) return p;
  return /^[A-Za-z_$][\w$]*$/.test(prop) ? (p ? `${p}.${prop}` : prop) : `${p}[${JSON.stringify(prop)}]`;
}

/** The property names the schema object holding the failed keyword declares (`#/properties/a/additionalProperties`). */
function declaredProperties(root: unknown, schemaPath: string): string[] {
  let cur: unknown = root;
  for (const raw of schemaPath.replace(/^#\/?/, '').split('/').slice(0, -1)) {
    if (!cur || typeof cur !== 'object') return [];
    cur = (cur as Record<string, unknown>)[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  const props = (cur as { properties?: object } | undefined)?.properties;
  return props && typeof props === 'object' ? Object.keys(props) : [];
}

/** Unknown fields (additionalProperties) first: `{secs: 1}` is about `secs` before it is about a missing `seconds`. */
export function unknownFirst(errors: readonly ErrorObject[]): ErrorObject[] {
  return [...errors].sort((a, b) => Number(b.keyword === 'additionalProperties') - Number(a.keyword === 'additionalProperties'));
}

/**
 * One readable line for an ajv error: `distribution.backlog: must be >= 1`. With the root schema the error came
 * from, an unknown field names the nearest declared ones.
 */
export function describeError(e: ErrorObject, base = '', rootSchema?: unknown): { path: string; message: string } {
  const path = errorPath(e, base);
  let message: string;
  switch (e.keyword) {
    case 'additionalProperties':
      message = `is not a known field${rootSchema ? didYouMean((e.params as { additionalProperty: string }).additionalProperty, declaredProperties(rootSchema, e.schemaPath)) : ''}`;
      break;
    case 'required':
      message = 'is required';
      break;
    case 'enum':
      message = `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
      break;
    default:
      message = e.message ?? 'is invalid';
  }
  return { path, message };
}
