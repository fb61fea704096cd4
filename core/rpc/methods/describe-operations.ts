// DescribeOperations {}: every operation type with its argument schema, gateway and source, the plugins, every
// ExecuteTest param with its owner (the core, a plugin, or a plugin's gateway kind), the composed params schema
// that ExecuteTest validates with, the expression functions, and the error codes with their meanings.
import type { Registry } from '../../plugins/registry.js';
import type { LoadedPlugin } from '../../plugins/loader.js';
import { argumentSchema } from '../../plugins/registry.js';
import { expressionFunctionNames } from '../../expr/jexl.js';
import { errorCatalogue } from '../../errors.js';
import type { Direction, Json, JsonSchema } from '../../api/index.js';

/** An operation type as DescribeOperations lists it (`tester ops`). */
export interface OperationDescription {
  type: string;
  aliases?: readonly string[];
  labelled?: true;
  /** `<family>.<label>.<Name>` for a labelled type. */
  labelled_form?: string;
  direction: Direction;
  description: string;
  /** The gateway kind it runs on. */
  gateway?: string;
  plugin: string;
  /** Where its definition lives (a file of the plugin, maybe followed by what in it). */
  source?: string;
  /** Its arguments' JSON schema as the service validates them (receive types: without the negations and nulls). */
  arguments: JsonSchema;
  control_arguments?: readonly string[];
}

/** An ExecuteTest param and who owns it: the core, a plugin, or (`gateway`) a plugin's gateway kind. */
interface ParamDescription {
  name: string;
  plugin: string;
  description: string;
  schema: JsonSchema;
  default?: Json;
  gateway?: string;
  /** The names a labelled selector param matches (`<kind>_<label>`). */
  pattern?: string;
}

/** DescribeOperations' answer. */
export interface DescribeOperationsAnswer {
  plugins: Array<{ name: string; version: string; description: string }>;
  operations: OperationDescription[];
  params: ParamDescription[];
  /** The composed params schema ExecuteTest validates with. */
  params_schema: JsonSchema;
  expression_functions: string[];
  errors: Array<{ code: number; name: string; meaning: string }>;
}

export function describeOperations(registry: Registry, plugins: () => LoadedPlugin[], paramsSchema: JsonSchema) {
  return (): DescribeOperationsAnswer => {
    const seen = new Set<unknown>();
    const operations: OperationDescription[] = [];
    for (const [, op] of registry.operations()) {
      if (seen.has(op)) continue;
      seen.add(op);
      const d = op.def;
      operations.push({
        type: d.type,
        ...(d.aliases?.length ? { aliases: d.aliases } : {}),
        ...(d.labelled ? { labelled: true, labelled_form: `${d.type.split('.')[0]}.<label>.${d.type.split('.')[1]}` } : {}),
        direction: d.direction,
        description: d.description,
        ...(d.gateway ? { gateway: d.gateway } : {}),
        plugin: op.plugin,
        ...(op.source ? { source: op.source } : {}),
        arguments: argumentSchema({ ...d, direction: 'send' }),
        ...(d.controlArguments?.length ? { control_arguments: d.controlArguments } : {}),
      });
    }
    return {
      plugins: plugins().map((p) => ({ name: p.def.name, version: p.def.version, description: p.def.description ?? '' })),
      operations,
      params: [
        ...[...registry.params.entries()].map(([name, p]) => ({ name, plugin: p.plugin, description: p.def.description, schema: p.def.schema, ...(p.def.default !== undefined ? { default: p.def.default } : {}) })),
        ...registry.selectorParams().map((s) => ({ name: s.name, plugin: s.plugin, gateway: s.kind, description: s.def.description, schema: s.def.schema, ...(s.pattern ? { pattern: s.pattern } : {}) })),
      ],
      params_schema: paramsSchema,
      expression_functions: expressionFunctionNames(),
      errors: errorCatalogue.map(({ code, name, meaning }) => ({ code, name, meaning })),
    };
  };
}
