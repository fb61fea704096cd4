// The definition checked in the browser, as `tester validate` and ExecuteTest check it (docs/web.md): the params
// against the composed params schema DescribeOperations gives, each operation's arguments against its type's
// schema (errors at an expression dropped: it is evaluated per instance; numeric strings accepted where a number
// is), then the checks the service makes beyond the schema: known types, labels, the distribution's needs.
// @cfworker/json-schema validates without eval, so the page's Content-Security-Policy holds.
import { Validator, type OutputUnit } from '@cfworker/json-schema';
import type { Describe, JsonSchema, OperationType } from '../api/types.js';
import { resolveType } from '../state/resolve-type.js';
import { pathText, valueAt, type Segment } from './paths.js';
import { problemsOf, type Problem } from './schema-errors.js';
import { nearest } from './suggest.js';

export type { Problem };

/** THE rule of what is an expression (core/expr/template.ts): a string written "{ ... }". */
export const isExpression = (v: unknown): boolean => typeof v === 'string' && /^\{[\s\S]*\}$/.test(v);
const isNumeric = (v: unknown) => typeof v === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(v);

/** The types a failed `type` keyword or the branches of a failed anyOf/oneOf allow. */
function allowedTypes(u: OutputUnit, schema: unknown): string[] {
  if (u.keyword === 'type') return ([] as unknown[]).concat(schema).map(String);
  if (u.keyword !== 'anyOf' && u.keyword !== 'oneOf') return [];
  return (schema as JsonSchema[]).flatMap((s) => ([] as unknown[]).concat(s.type ?? []).map(String));
}

/** A value the service also accepts where a number or boolean is expected (its ajv coerces types). */
function coercible(value: unknown, u: OutputUnit, schema: unknown): boolean {
  const types = allowedTypes(u, schema);
  return (isNumeric(value) && (types.includes('integer') || types.includes('number'))) || ((value === 'true' || value === 'false') && types.includes('boolean'));
}

/** A receive type's arguments as the service checks them: each field may be null (absent) or negated (`!field`). */
export function receiveForm(op: OperationType): JsonSchema {
  const base = op.arguments;
  if (op.direction !== 'receive' || !base.properties) return base;
  const control = new Set(op.control_arguments ?? []);
  const properties: Record<string, JsonSchema> = {};
  for (const [k, s] of Object.entries(base.properties)) {
    if (control.has(k)) {
      properties[k] = s;
      continue;
    }
    const nullable: JsonSchema = { anyOf: [{ type: 'null' }, s] };
    properties[k] = nullable;
    properties[`!${k}`] = nullable;
  }
  return { ...base, properties };
}

export class DefinitionChecker {
  private readonly params: Validator;
  private readonly args = new Map<string, { schema: JsonSchema; validator: Validator }>();

  constructor(private readonly describe: Describe) {
    this.params = new Validator(describe.params_schema as never, '7', false);
  }

  /** Every problem of the definition, in the order of the fields. */
  check(definition: Record<string, unknown>): Problem[] {
    const params = { ...definition, run_id: definition.run_id ?? 'validate' };
    const problems = problemsOf(this.params.validate(params).errors, this.describe.params_schema, [], (at, u, s) => coercible(valueAt(params, at), u, s));
    // the definition's operations and each flow's, each list with its own labels (docs/definitions.md "Flows")
    for (const [base, ops] of operationLists(definition)) {
      ops.forEach((o, i) => problems.push(...this.operation(o, [...base, i])));
      problems.push(...labelProblems(ops, base));
    }
    problems.push(...distributionProblems(definition.distribution));
    return problems;
  }

  private operation(o: unknown, at: Segment[]): Problem[] {
    if (!o || typeof o !== 'object' || typeof (o as { type?: unknown }).type !== 'string') return [];
    const { type, arguments: args = {} } = o as { type: string; arguments?: unknown };
    const op = resolveType(this.describe, type);
    if (!op) {
      const close = nearest(type, this.describe.operations.flatMap((x) => [x.type, ...(x.aliases ?? [])]));
      return [{ path: pathText([...at, 'type']), message: `unknown operation type '${type}'${close.length ? `; did you mean ${close.join(', ')}?` : ''}` }];
    }
    if (!args || typeof args !== 'object' || Array.isArray(args)) return [];
    const { schema, validator } = this.validatorOf(op);
    const skip = (at: Segment[], u: OutputUnit, s: unknown) => underExpression(args, at) || coercible(valueAt(args, at), u, s);
    return problemsOf(validator.validate(args).errors, schema, [...at, 'arguments'], skip);
  }

  private validatorOf(op: OperationType) {
    let v = this.args.get(op.type);
    if (!v) {
      const schema = receiveForm(op);
      v = { schema, validator: new Validator(schema as never, '7', false) };
      this.args.set(op.type, v);
    }
    return v;
  }
}

function underExpression(args: unknown, at: readonly Segment[]): boolean {
  for (let n = 0; n <= at.length; n++) if (isExpression(valueAt(args, at.slice(0, n)))) return true;
  return false;
}

/** The lists of operations of a definition: its own (`operations`) and each flow's (`flows.<name>`, or `.operations`). */
function operationLists(definition: Record<string, unknown>): Array<[Segment[], unknown[]]> {
  const lists: Array<[Segment[], unknown[]]> = [[['operations'], Array.isArray(definition.operations) ? definition.operations : []]];
  const flows = definition.flows;
  if (!flows || typeof flows !== 'object') return lists;
  for (const [name, f] of Object.entries(flows)) {
    if (Array.isArray(f)) lists.push([['flows', name], f]);
    else if (Array.isArray((f as { operations?: unknown } | null)?.operations)) lists.push([['flows', name, 'operations'], (f as { operations: unknown[] }).operations]);
  }
  return lists;
}

/** Labels used twice, and branch targets that name no label of their list (plugins/logic/operations/branch.ts). */
function labelProblems(ops: readonly unknown[], base: Segment[]): Problem[] {
  const out: Problem[] = [];
  const labels = new Map<string, number>();
  ops.forEach((o, i) => {
    const l = (o as { label?: unknown } | null)?.label;
    if (typeof l !== 'string') return;
    if (labels.has(l)) out.push({ path: pathText([...base, i, 'label']), message: `label '${l}' is already used by ${pathText([...base, labels.get(l)!])}` });
    else labels.set(l, i);
  });
  ops.forEach((o, i) => {
    const op = o as { type?: unknown; arguments?: Record<string, unknown> } | null;
    if (op?.type !== 'branch' || !op.arguments) return;
    for (const k of ['on_true', 'on_false']) {
      const target = op.arguments[k];
      if (typeof target !== 'string' || labels.has(target)) continue;
      const known = labels.size ? ` (labels: ${[...labels.keys()].join(', ')})` : ' (no operation has a label)';
      out.push({ path: pathText([...base, i, 'arguments', k]), message: `unknown label '${target}'${known}` });
    }
  });
  return out;
}

/** What a load or linear distribution needs beyond its schema (core/engine/definition.ts). */
function distributionProblems(d: unknown): Problem[] {
  if (!d || typeof d !== 'object') return [];
  const { type = 'single', total, cps } = d as { type?: unknown; total?: unknown; cps?: unknown };
  if (type !== 'load' && type !== 'linear') return [];
  const out: Problem[] = [];
  if (total === undefined) out.push({ path: 'distribution.total', message: `is required for distribution type '${String(type)}'` });
  if (type === 'linear' && cps === undefined) out.push({ path: 'distribution.cps', message: "is required for distribution type 'linear' (e.g. {\"rate\": 100})" });
  return out;
}
