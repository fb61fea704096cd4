// Identity helpers that give plugin authors type inference and a single place to document the shapes.
import type { GatewayDefinition, GatewayInstance, OperationDefinition, PluginDefinition } from './types.js';

export function definePlugin<O = any, E = unknown>(def: PluginDefinition<O, E>): PluginDefinition<O, E> {
  return def;
}

export function defineOperation<A = any, G = any>(def: OperationDefinition<A, G>): OperationDefinition<A, G> {
  return def;
}

export function defineGateway<G extends GatewayInstance>(def: GatewayDefinition<G>): GatewayDefinition<G> {
  return def;
}
