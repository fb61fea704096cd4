// THE ajv instance of the service. Schemas are compiled once, at boot (plugin options, operation arguments,
// ExecuteTest params); requests only run compiled validators.
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';

export const ajv = new Ajv({
  // Numeric strings are accepted where an integer is expected (the anchor sends "trace_level": "1").
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

/** One readable line for an ajv error: `distribution.backlog: must be >= 1`. */
export function describeError(e: ErrorObject, base = ''): { path: string; message: string } {
  const path = errorPath(e, base);
  let message: string;
  switch (e.keyword) {
    case 'additionalProperties':
      message = 'is not a known field';
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
