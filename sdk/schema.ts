// Schemas declared once: TypeBox builds the JSON schema (validated by the core's ajv, unchanged) and gives the
// static type of the value it describes. `Type.Object({ name: Type.String() })` is the schema;
// `Static<typeof S>` is `{ name: string }`; defineOperation infers `args` from `arguments`, and definePlugin
// infers `options` from `optionsSchema`, by themselves.
import { Type, type Static, type TSchema, type TSchemaOptions, type TUnsafe } from 'typebox';

export { Type, type Static, type TSchema, type TObject } from 'typebox';

/**
 * An object whose every property is a `value` (JSON schema `additionalProperties: value`), typed
 * `Record<string, Static<value>>`. TypeBox's own Record writes `patternProperties: { '^.*$': value }` instead,
 * which lets a name holding a line break through unchecked.
 */
export function RecordOf<V extends TSchema>(value: V, options: TSchemaOptions = {}): TUnsafe<Record<string, Static<V>>> {
  return Type.Unsafe<Record<string, Static<V>>>({ type: 'object', ...options, additionalProperties: value });
}

/** Exactly one of `schemas` (JSON schema `oneOf`), typed as the union of their static types. */
export function OneOf<S extends readonly TSchema[]>(schemas: readonly [...S], options: TSchemaOptions = {}): TUnsafe<{ [K in keyof S]: Static<S[K]> }[number]> {
  return Type.Unsafe<{ [K in keyof S]: Static<S[K]> }[number]>({ ...options, oneOf: schemas });
}
