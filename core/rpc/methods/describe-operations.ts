// DescribeOperations {}: every operation type with its argument schema, gateway and source, the plugins, every
// ExecuteTest param with its owner (the core, a plugin, or a plugin's gateway kind), the composed params schema
// that ExecuteTest validates with, the expression functions, and the error codes with their meanings.
import type { Registry } from '../../plugins/registry.js';
import type { LoadedPlugin } from '../../plugins/loader.js';
import { argumentSchema } from '../../plugins/registry.js';
import { expressionFunctionNames } from '../../expr/jexl.js';
import { errorCatalogue } from '../../errors.js';
import type { JsonSchema } from '../../api/index.js';

export function describeOperations(registry: Registry, plugins: () => LoadedPlugin[], paramsSchema: JsonSchema) {
  return (): Record<string, unknown> => {
    const seen = new Set<unknown>();
    const operations = [];
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
