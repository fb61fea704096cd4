// A JSON Schema (draft-07) for definition files, generated from the registry (`tester schema`), so that editors
// complete operation types and their arguments: the composed ExecuteTest params schema of DescribeOperations,
// with `operations[].type` enumerating every type (aliases and labelled forms too) and `arguments` following
// each type (if/then keyed on the type), descriptions from the operation metadata. Where the service accepts more
// than a value's declared type, so does the schema: an expression string "{ ... }" for any argument value, and
// the numeric/boolean strings the service coerces ("trace_level": "1").
import type { DescribeOperationsAnswer } from '../core/rpc/methods/describe-operations.js';

/** A JSON schema, with the keywords read here typed (every other keyword passes through as it is). */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema | Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  required?: string[];
  pattern?: string;
  format?: string;
  description?: string;
  default?: unknown;
  [keyword: string]: unknown;
}

const DEFINITIONS: Schema = {
  expression: { type: 'string', pattern: '^\\{[\\s\\S]*\\}$', description: 'An expression, evaluated per instance' },
  numeric_string: { type: 'string', pattern: '^\\s*-?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?\\s*$', description: 'A number written as a string (coerced)' },
  boolean_string: { enum: ['true', 'false'] },
};
const EXPRESSION: Schema = { $ref: '#/definitions/expression' };
const NUMERIC: Schema = { $ref: '#/definitions/numeric_string' };
const BOOLEAN: Schema = { $ref: '#/definitions/boolean_string' };

function types(s: Schema): Set<string> {
  const t = new Set<string>(Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);
  for (const v of s.enum ?? (s.const !== undefined ? [s.const] : [])) t.add(v === null ? 'null' : typeof v === 'number' ? 'number' : typeof v);
  return t;
}

function mapValues(o: Record<string, Schema>, f: (s: Schema) => Schema): Record<string, Schema> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));
}

/**
 * The schema with, at every value, the strings the service also accepts there: expressions (when `expressions`),
 * numeric strings where a number is expected, "true"/"false" where a boolean is.
 */
export function lenient(s: Schema, expressions: boolean, top = true): Schema {
  if (!s || typeof s !== 'object' || Array.isArray(s)) return s;
  const out: Schema = { ...s };
  const sub = (x: Schema) => lenient(x, expressions, false);
  if (out.properties) out.properties = mapValues(out.properties, sub);
  if (out.patternProperties) out.patternProperties = mapValues(out.patternProperties, sub);
  if (out.additionalProperties && typeof out.additionalProperties === 'object') out.additionalProperties = sub(out.additionalProperties);
  if (out.items) out.items = Array.isArray(out.items) ? out.items.map(sub) : sub(out.items);
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) if (out[k]) out[k] = out[k].map(sub);
  if (top) return out;
  const t = types(out);
  const anyString = t.has('string') && out.enum === undefined && out.const === undefined && out.pattern === undefined && out.format === undefined;
  if (anyString || (t.size === 0 && !out.anyOf && !out.oneOf)) return out;
  const alts: Schema[] = [];
  if (expressions && !anyString) alts.push(EXPRESSION);
  if ((t.has('integer') || t.has('number')) && !t.has('string')) alts.push(NUMERIC);
  if (t.has('boolean') && !t.has('string')) alts.push(BOOLEAN);
  if (!alts.length) return out;
  const { description, default: dflt, ...rest } = out;
  return { ...(description ? { description } : {}), ...(dflt !== undefined ? { default: dflt } : {}), anyOf: [rest, ...alts] };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A flow's operations (`flows`, docs/definitions.md "Flows") are typed as the definition's own, by reference. */
function typedFlows(flows: Schema | undefined): void {
  const ref: Schema = { $ref: '#/properties/operations/items' };
  for (const alt of (flows?.additionalProperties as Schema | undefined)?.anyOf ?? []) {
    const list = alt.type === 'array' ? alt : alt.properties?.operations;
    if (list) list.items = ref;
  }
}

/**
 * The draft-07 schema of a definition file, from a DescribeOperations result and each type's argument schema as
 * the service validates it (`argumentsOf`; for receive operations it also has the `!field` negations and nulls).
 */
export function definitionSchema(describe: DescribeOperationsAnswer, argumentsOf: (type: string) => Schema | undefined = () => undefined): Schema {
  const params: Schema = lenient(structuredClone(describe.params_schema) as Schema, false);
  const ops = describe.operations;
  const names: string[] = [];
  const descriptions: string[] = [];
  const labelledPatterns: string[] = [];
  const cases: Schema[] = [];
  for (const op of ops) {
    const own = [op.type, ...(op.aliases ?? [])];
    for (const n of own) {
      names.push(n);
      descriptions.push(`${op.description}${n !== op.type ? ` (alias of ${op.type})` : ''}`);
    }
    const match: Schema[] = [{ enum: own }];
    if (op.labelled) {
      const [family, name] = [op.type.split('.')[0], op.type.split('.').slice(1).join('.')];
      const p = `^${escape(family)}\\.[A-Za-z0-9_-]+\\.${escape(name)}$`;
      labelledPatterns.push(p);
      match.push({ pattern: p });
    }
    const args = lenient(structuredClone(argumentsOf(op.type) ?? (op.arguments as Schema)), true);
    cases.push({
      if: { required: ['type'], properties: { type: match.length === 1 ? match[0] : { anyOf: match } } },
      // oxlint-disable-next-line unicorn/no-thenable -- a JSON Schema if/then, not a promise-like object
      then: { properties: { arguments: { ...args, description: `Arguments of ${op.type}: ${op.description}` } } },
    });
  }
  const operations = params.properties!.operations!;
  const item = structuredClone(operations.items) as Schema & { properties: Record<string, Schema> };
  item.properties.type = {
    ...item.properties.type,
    anyOf: [{ enum: names, enumDescriptions: descriptions }, ...labelledPatterns.map((pattern) => ({ pattern, description: 'A labelled operation type <family>.<label>.<Name>' }))],
  };
  item.allOf = cases;
  params.properties!.operations = { ...operations, items: item };
  typedFlows(params.properties!.flows);
  // run_id: required on the wire, but `tester run` names a run that has none.
  params.required = (params.required ?? []).filter((r) => r !== 'run_id');
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'tester definition (ExecuteTest params)',
    description: `Generated by \`tester schema\` from the plugins ${describe.plugins.map((p) => `${p.name}@${p.version}`).join(', ')}: ${ops.length} operation types.`,
    ...params,
    definitions: DEFINITIONS,
  };
}
