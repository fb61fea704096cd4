// Commands that need the plugins but no running service: validate FILE, ops [TYPE], schema.
import { bootPlugins } from '../../core/service.js';
import { resolve as resolvePath } from 'node:path';
import { compileDefinition, DEFINITION_LIMITS, type CompiledDefinition } from '../../core/engine/definition.js';
import { TesterError } from '../../core/errors.js';
import { describeOperations, type DescribeOperationsAnswer, type OperationDescription } from '../../core/rpc/methods/describe-operations.js';
import { paramProblems } from '../../core/rpc/methods/execute-test.js';
import type { ValidateFunction } from '../../core/validation/ajv.js';
import type { Registry } from '../../core/plugins/registry.js';
import { DefinitionFile, parsePath } from '../definition-file.js';
import { nearest } from '../../core/validation/suggest.js';
import { definitionSchema, type Schema } from '../definition-schema.js';

const quietLog = (level: string, text: string) => {
  if (level === 'error') process.stderr.write(text + '\n');
};

export async function validate(file: string, o: { config?: string }): Promise<number> {
  const doc = DefinitionFile.read(file);
  const params = { ...doc.value };
  params.run_id ??= 'validate';
  const { registry, validateParams } = await bootPlugins({ configPath: o.config, dataDir: '.tester' }, quietLog);
  const { def, problems } = definitionProblems(params, validateParams, registry);
  if (def) {
    const d = def.distribution;
    process.stdout.write(
      `${file}: valid — ${def.ops.length} operations, distribution ${d.type}` +
        (d.type !== 'single' ? ` total ${d.total} backlog ${d.backlog}${d.type === 'linear' ? ` rate ${d.rate}/s` : ''}` : '') +
        (def.lockKeys.length ? `, locks ${def.lockKeys.join(', ')}` : '') +
        (def.gateways.length ? `, gateways ${def.gateways.map((g) => g.name).join(', ')}` : '') +
        '\n',
    );
    return 0;
  }
  const located = problems.map((e) => ({ e, at: doc.locate(e.path ?? '') }));
  located.sort((a, b) => a.at.line - b.at.line); // stable: within a line, in the order found (unknown fields first)
  const codes = [...new Set(problems.map((e) => e.code))].join(', ');
  process.stderr.write(`${file}: invalid (${codes}), ${problems.length} problem${problems.length > 1 ? 's' : ''}:\n`);
  for (const { e, at } of located) process.stderr.write(`  ${file}:${at.line}:${at.column}  ${e.message}\n`);
  return 1;
}

/**
 * Every problem of a definition, as far as they can be found in one pass: the params as a whole (all schema
 * errors), then, unless the operations themselves are malformed, each operation, the vars, locks and distribution
 * compiled on their own (fields with params problems left out).
 */
function definitionProblems(params: Record<string, unknown>, validateParams: ValidateFunction, registry: Registry): { def?: CompiledDefinition; problems: TesterError[] } {
  const { value, problems } = paramProblems(params, validateParams);
  let checked = value;
  if (problems.length) {
    const fields = new Set(problems.map((p) => String(parsePath(p.path ?? '')[0] ?? '')));
    if (fields.has('operations') || fields.has('') || fields.has('params')) return { problems };
    const others = paramProblems(Object.fromEntries(Object.entries(params).filter(([k]) => !fields.has(k))), validateParams);
    if (others.problems.length) return { problems };
    checked = others.value;
  }
  try {
    // library flows (`include`) from where a service with the default --data-dir reads them
    const def = compileDefinition(checked, registry, { ...DEFINITION_LIMITS, flowsDir: resolvePath('.tester', 'flows') }, problems);
    return problems.length ? { problems } : { def, problems };
  } catch (e) {
    if (!(e instanceof TesterError)) throw e;
    if (!problems.includes(e)) problems.push(e);
    return { problems };
  }
}

export async function ops(o: { config?: string; json?: boolean }, type?: string): Promise<number> {
  const { registry, plugins, paramsSchema } = await bootPlugins({ configPath: o.config, dataDir: '.tester' }, quietLog);
  const d = describeOperations(registry, () => plugins, paramsSchema)();
  if (type !== undefined) return opsOf(d, type, registry.resolve(type)?.op.def.type, o.json);
  const w = Math.max(...d.operations.map((x) => x.type.length));
  if (o.json) {
    process.stdout.write(JSON.stringify(d, null, 2) + '\n');
    return 0;
  }
  for (const op of d.operations) {
    const args = argumentList(op.arguments);
    process.stdout.write(`${op.type.padEnd(w)}  ${op.direction.padEnd(7)} ${(op.gateway ?? '').padEnd(8)} ${op.description}\n`);
    if (args) process.stdout.write(`${''.padEnd(w)}  args: ${args}\n`);
  }
  process.stdout.write(
    `\n${d.operations.length} operation types from plugins ${d.plugins.map((p) => `${p.name}@${p.version}`).join(', ')}` +
      ` (* required; tester ops TEXT shows the types it names or contains; --json gives the argument schemas)\n`,
  );
  return 0;
}

/**
 * `tester ops <type>`: the type the name resolves to (alias, labelled form), else every type it is a prefix of,
 * else every type that contains it (case-insensitive); none: the nearest names.
 */
function opsOf(d: DescribeOperationsAnswer, query: string, resolved: string | undefined, json?: boolean): number {
  const names = (op: OperationDescription): string[] => [op.type, ...(op.aliases ?? [])];
  const q = query.toLowerCase();
  let found = resolved !== undefined ? d.operations.filter((op) => op.type === resolved) : d.operations.filter((op) => names(op).some((n) => n.startsWith(query)));
  if (!found.length) found = d.operations.filter((op) => names(op).some((n) => n.toLowerCase().includes(q)));
  if (!found.length) {
    const close = nearest(query, d.operations.flatMap(names));
    process.stderr.write(`tester ops: no operation type is or starts with '${query}', nor contains it${close.length ? `; did you mean ${close.join(', ')}?` : ''} (tester ops lists them all)\n`);
    return 1;
  }
  if (json) {
    process.stdout.write(JSON.stringify(found, null, 2) + '\n');
    return 0;
  }
  const version = new Map(d.plugins.map((p) => [p.name, p.version]));
  for (const op of found) {
    const rows: Array<[string, string | undefined]> = [
      ['plugin', `${op.plugin}@${version.get(op.plugin)}`],
      ['direction', op.direction],
      ['gateway', op.gateway],
      ['aliases', op.aliases?.join(', ')],
      ['labelled', op.labelled_form],
      ['source', op.source],
      ['description', op.description],
      ['arguments', argumentList(op.arguments) || '(none)'],
      ['control', op.control_arguments?.join(', ')],
    ];
    process.stdout.write(`${op.type}\n${rows.filter(([, v]) => v).map(([k, v]) => `  ${k.padEnd(12)}${v}\n`).join('')}`);
  }
  if (found.length > 1) process.stdout.write(`\n${found.length} operation types match '${query}'\n`);
  return 0;
}

/** `serviceKey*: integer, cause: "16"|"31", vars*: object`: each argument with its type, * when required. */
function argumentList(schema: Schema | undefined): string {
  const required = new Set<string>(schema?.required ?? []);
  return Object.entries(schema?.properties ?? {})
    .filter(([k]) => !k.startsWith('!'))
    .map(([k, v]) => `${k}${required.has(k) ? '*' : ''}: ${typeName(v)}`)
    .join(', ');
}

function typeName(s: Schema | undefined): string {
  if (!s || typeof s !== 'object') return 'any';
  if (Array.isArray(s.enum)) return s.enum.map((v: unknown) => JSON.stringify(v)).join('|');
  if (s.const !== undefined) return JSON.stringify(s.const);
  const alts = s.anyOf ?? s.oneOf;
  if (Array.isArray(alts)) return [...new Set(alts.map(typeName))].join('|');
  const t = Array.isArray(s.type) ? s.type.join('|') : s.type;
  if (t === 'array') return `${typeName(Array.isArray(s.items) ? undefined : s.items)}[]`;
  return t ?? 'any';
}

/** `tester schema`: the JSON Schema of definition files for the configured plugins, on stdout. */
export async function schema(o: { config?: string }): Promise<number> {
  const { registry, plugins, paramsSchema } = await bootPlugins({ configPath: o.config, dataDir: '.tester' }, quietLog);
  const d = describeOperations(registry, () => plugins, paramsSchema)();
  const argumentsOf = new Map(registry.operations().map(([, op]) => [op.def.type, op.validate.schema as Schema]));
  process.stdout.write(JSON.stringify(definitionSchema(d, (t) => argumentsOf.get(t))) + '\n');
  return 0;
}
