// Identity helpers that give plugin authors type inference and a single place to document the shapes.
import type { CliCommand, CliOptions, Direction, GatewayDefinition, GatewayInstance, OperationDefinition, PluginDefinition } from './types.js';
import type { Static, TObject } from './schema.js';

/**
 * A plugin. With a TypeBox `optionsSchema` (`Type.Object(...)`), `options` of setup(), of `multiplied` and of the
 * commands is inferred from it: `Static<typeof schema>`, as the loader passes it (validated, defaults applied).
 * With a plain JSON schema or none, give the type: definePlugin<Options>().
 */
export function definePlugin<S extends TObject, E = unknown>(def: TypedPlugin<S, E>): PluginDefinition<Static<S>, E>;
export function definePlugin<O = unknown, E = unknown>(def: PluginDefinition<O, E>): PluginDefinition<O, E>;
export function definePlugin(def: PluginDefinition | TypedPlugin<TObject>): PluginDefinition {
  // a TypeBox schema is a JSON schema object (its TypeBox marks are non-enumerable): the loader's ajv takes it as is
  return def as PluginDefinition;
}

/** A plugin definition whose `optionsSchema` is a TypeBox object schema. */
export type TypedPlugin<S extends TObject, E = unknown> = Omit<PluginDefinition<Static<S>, E>, 'optionsSchema'> & { optionsSchema: S };

/**
 * An operation type. With a TypeBox `arguments` schema (`Type.Object(...)`), `args` of execute() and prepare() is
 * inferred from it: `Static<typeof schema>`, and for a receive operation `Matched<...>` (every field not named in
 * `controlArguments` may also be null or written `!name`). With a plain JSON schema, give the type:
 * defineOperation<Args>().
 */
export function defineOperation<S extends TObject, D extends Direction, C extends string = never, G = unknown>(def: TypedOperation<S, D, C, G>): OperationDefinition<ArgsOf<S, D, C>, G>;
export function defineOperation<A = unknown, G = unknown>(def: OperationDefinition<A, G>): OperationDefinition<A, G>;
export function defineOperation(def: OperationDefinition | TypedOperation<TObject, Direction>): OperationDefinition {
  // a TypeBox schema is a JSON schema object (its TypeBox marks are non-enumerable): the core's ajv takes it as is
  return def as OperationDefinition;
}

/** The arguments of a receive operation: each matched field may be null (must be absent) or negated (`!name`). */
export type Matched<T, C extends PropertyKey = never> = { [K in keyof T]: K extends C ? T[K] : T[K] | null } & {
  [K in Exclude<keyof T, C> & string as `!${K}`]?: T[K] | null;
};

/** The `args` an operation with the TypeBox schema S, direction D and control arguments C receives. */
export type ArgsOf<S extends TObject, D extends Direction, C extends string = never> = D extends 'receive' ? Matched<Static<S>, C> : Static<S>;

/** An operation definition whose `arguments` is a TypeBox object schema. */
export type TypedOperation<S extends TObject, D extends Direction, C extends string = never, G = unknown> = Omit<
  OperationDefinition<ArgsOf<S, D, C>, G>,
  'arguments' | 'direction' | 'controlArguments'
> & { arguments: S; direction: D; controlArguments?: readonly C[] };

export function defineGateway<G extends GatewayInstance>(def: GatewayDefinition<G>): GatewayDefinition<G> {
  return def;
}

/**
 * A `tester <name>` command of a plugin. Its `options` are declared as data; `run` gets their values typed from the
 * declaration (`{ listen: { value: 'HOST:PORT', default: '127.0.0.1:2905', ... } }` gives `options.listen: string`),
 * and the plugin's options typed by the annotation of its second parameter.
 */
export function defineCommand<P = unknown, const D extends CliOptions = {}>(def: CliCommand<P, D>): CliCommand<P, D> {
  return def;
}
