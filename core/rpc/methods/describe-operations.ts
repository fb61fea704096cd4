// DescribeOperations {}: every operation type with its argument schema and gateway, the plugins, the params
// plugins added, and the expression functions.
import type { Registry } from '../../plugins/registry.js';
import type { LoadedPlugin } from '../../plugins/loader.js';
import { argumentSchema } from '../../plugins/registry.js';
import { expressionFunctionNames } from '../../expr/jexl.js';

export function describeOperations(registry: Registry, plugins: () => LoadedPlugin[]) {
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
        arguments: argumentSchema({ ...d, direction: 'send' }),
        ...(d.controlArguments?.length ? { control_arguments: d.controlArguments } : {}),
      });
    }
    return {
      plugins: plugins().map((p) => ({ name: p.def.name, version: p.def.version, description: p.def.description ?? '' })),
      operations,
      params: [...registry.params.entries()].map(([name, p]) => ({ name, plugin: p.plugin, description: p.description, schema: p.schema })),
      expression_functions: expressionFunctionNames(),
    };
  };
}
