// The plugins.json options of a plugin of named gateway instances (db, rest, osd): `instances`, the `default` one
// (used when a run names none) and, for labelled operations (`<family>.<label>.<Name>`), `label_defaults` (the
// instance per label, consulted before the `<kind>` param).
import type { JsonSchema } from './types.js';

export interface NamedInstancesOptions<I> {
  instances: I[];
  default?: string;
  /** Labelled kinds only. */
  label_defaults?: Record<string, string>;
}

/**
 * The options schema: `instances` (each `instance`; `[]` by default unless `noDefault`), `default`, and with
 * `labelled` `label_defaults`.
 */
export function namedInstancesSchema(instance: JsonSchema, opts: { labelled?: boolean; noDefault?: boolean } = {}): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      instances: { type: 'array', items: instance, ...(opts.noDefault ? {} : { default: [] }) },
      default: { type: 'string' },
      ...(opts.labelled ? { label_defaults: { type: 'object', additionalProperties: { type: 'string' } } } : {}),
    },
  };
}

/** Throws when `label_defaults` names an instance that is not among `instances` (`kind` names them in the message). */
export function checkLabelDefaults(kind: string, instances: ReadonlyArray<{ name: string }>, labelDefaults: Record<string, string> | undefined): void {
  const names = new Set(instances.map((i) => i.name));
  for (const [label, name] of Object.entries(labelDefaults ?? {})) {
    if (!names.has(name)) throw new Error(`label_defaults.${label}: no ${kind} instance is named '${name}'`);
  }
}
