// The plugins.json options of a plugin of named gateway instances (db, rest, osd): `instances`, the `default` one
// (used when a run names none) and, for labelled operations (`<family>.<label>.<Name>`), `label_defaults` (the
// instance per label, consulted before the `<kind>` param).
import { RecordOf, Type, type Static, type TSchema, type TObject } from './schema.js';
import type { TArray, TOptional, TString, TUnsafe } from 'typebox';

type InstancesProperties<I extends TSchema> = {
  instances: TOptional<TArray<I>>;
  default: TOptional<TString>;
};

type LabelledInstancesProperties<I extends TSchema> = InstancesProperties<I> & {
  label_defaults: TOptional<TUnsafe<Record<string, string>>>;
};

/** The options schema of instances `I`; with `labelled`, also `label_defaults`. */
export type NamedInstancesSchema<I extends TSchema, Labelled extends boolean = false> = TObject<Labelled extends true ? LabelledInstancesProperties<I> : InstancesProperties<I>>;

/** The options (validated) of a plugin of named instances `I`. */
export type NamedInstancesOptions<I extends TSchema, Labelled extends boolean = false> = Static<NamedInstancesSchema<I, Labelled>>;

/**
 * The options schema: `instances` (each `instance`; `[]` by default unless `noDefault`), `default`, and with
 * `labelled` `label_defaults`.
 */
export function namedInstancesSchema<I extends TSchema, Labelled extends boolean = false>(
  instance: I,
  opts: { labelled?: Labelled; noDefault?: boolean } = {},
): NamedInstancesSchema<I, Labelled> {
  const properties = {
    instances: Type.Optional(Type.Array(instance, opts.noDefault ? {} : { default: [] })),
    default: Type.Optional(Type.String({ description: 'The instance used when a run names none' })),
    ...(opts.labelled ? { label_defaults: Type.Optional(RecordOf(Type.String(), { description: 'label → instance, for <family>.<label>.* operations' })) } : {}),
  };
  return Type.Object(properties, { additionalProperties: false }) as NamedInstancesSchema<I, Labelled>;
}

/** Throws when `label_defaults` names an instance that is not among `instances` (`kind` names them in the message). */
export function checkLabelDefaults(kind: string, instances: ReadonlyArray<{ name: string }>, labelDefaults: Record<string, string> | undefined): void {
  const names = new Set(instances.map((i) => i.name));
  for (const [label, name] of Object.entries(labelDefaults ?? {})) {
    if (!names.has(name)) throw new Error(`label_defaults.${label}: no ${kind} instance is named '${name}'`);
  }
}
