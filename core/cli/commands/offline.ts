// Commands that need the plugins but no running service: validate FILE, ops [TYPE].
import { bootPlugins } from '../../service.js';
import { compileDefinition } from '../../engine/definition.js';
import { TesterError } from '../../errors.js';
import { describeOperations } from '../../rpc/methods/describe-operations.js';
import { checkParams } from '../../rpc/methods/execute-test.js';
import { readDefinition } from './run.js';

const quietLog = (level: string, text: string) => {
  if (level === 'error') process.stderr.write(text + '\n');
};

export async function validate(file: string, o: { config?: string }): Promise<number> {
  const params = readDefinition(file);
  params.run_id ??= 'validate';
  const { registry, validateParams } = await bootPlugins({ configPath: o.config, dataDir: '.tester' }, quietLog);
  try {
    const def = compileDefinition(checkParams(params, validateParams), registry, { maxBacklog: 1e6, maxTotal: 1e8, defaultBacklog: 100 });
    const d = def.distribution;
    process.stdout.write(
      `${file}: valid — ${def.ops.length} operations, distribution ${d.type}` +
        (d.type !== 'single' ? ` total ${d.total} backlog ${d.backlog}${d.type === 'linear' ? ` rate ${d.rate}/s` : ''}` : '') +
        (def.lockKeys.length ? `, locks ${def.lockKeys.join(', ')}` : '') +
        (def.gateways.length ? `, gateways ${def.gateways.map((g) => g.name).join(', ')}` : '') +
        '\n',
    );
    return 0;
  } catch (e) {
    if (e instanceof TesterError) {
      process.stderr.write(`${file}: invalid (${e.code}): ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

export async function ops(o: { config?: string; json?: boolean }, type?: string): Promise<number> {
  const { registry, plugins, paramsSchema } = await bootPlugins({ configPath: o.config, dataDir: '.tester' }, quietLog);
  const d = describeOperations(registry, () => plugins, paramsSchema)() as any;
  if (type !== undefined) return opsOf(d, type, registry.resolve(type)?.op.def.type, o.json);
  if (o.json) {
    process.stdout.write(JSON.stringify(d, null, 2) + '\n');
    return 0;
  }
  const w = Math.max(...d.operations.map((x: any) => x.type.length));
  for (const op of d.operations) {
    const args = argumentNames(op);
    process.stdout.write(`${op.type.padEnd(w)}  ${op.direction.padEnd(7)} ${(op.gateway ?? '').padEnd(8)} ${op.description}\n`);
    if (args.length) process.stdout.write(`${''.padEnd(w)}  args: ${args.join(', ')}\n`);
  }
  process.stdout.write(`\n${d.operations.length} operation types from plugins ${d.plugins.map((p: any) => `${p.name}@${p.version}`).join(', ')}\n`);
  return 0;
}

const argumentNames = (op: any): string[] => Object.keys(op.arguments.properties ?? {}).filter((k) => !k.startsWith('!'));

/** `tester ops <type>`: the type the name resolves to (alias, labelled form), else every type it is a prefix of. */
function opsOf(d: any, query: string, resolved: string | undefined, json?: boolean): number {
  const names = (op: any): string[] => [op.type, ...(op.aliases ?? [])];
  const found = resolved !== undefined ? d.operations.filter((op: any) => op.type === resolved) : d.operations.filter((op: any) => names(op).some((n) => n.startsWith(query)));
  if (!found.length) {
    process.stderr.write(`tester ops: no operation type is or starts with '${query}' (tester ops lists them all)\n`);
    return 1;
  }
  if (json) {
    process.stdout.write(JSON.stringify(found, null, 2) + '\n');
    return 0;
  }
  const version = new Map(d.plugins.map((p: any) => [p.name, p.version]));
  for (const op of found) {
    const rows: Array<[string, string | undefined]> = [
      ['plugin', `${op.plugin}@${version.get(op.plugin)}`],
      ['direction', op.direction],
      ['gateway', op.gateway],
      ['aliases', op.aliases?.join(', ')],
      ['labelled', op.labelled_form],
      ['source', op.source],
      ['description', op.description],
      ['arguments', argumentNames(op).join(', ') || '(none)'],
      ['control', op.control_arguments?.join(', ')],
    ];
    process.stdout.write(`${op.type}\n${rows.filter(([, v]) => v).map(([k, v]) => `  ${k.padEnd(12)}${v}\n`).join('')}`);
  }
  if (found.length > 1) process.stdout.write(`\n${found.length} operation types match '${query}'\n`);
  return 0;
}
