// cli/definition-schema.ts (tester schema): the JSON Schema of definition files, generated from the
// registry. Checked with an independent validator (@cfworker/json-schema, not the service's ajv): every example
// is valid against the schema its $schema names, the committed schemas are what `tester schema` prints, and the
// schema knows each operation type's arguments.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { Validator } from '@cfworker/json-schema';
import { lenient, type Schema } from '../../cli/definition-schema.js';
import { tester, repoRoot } from './helpers.js';

const committed: Array<[string, string | undefined]> = [
  ['docs/definition.schema.json', undefined],
  ['examples/db/definition.schema.json', 'examples/db/plugins.json'],
  ['examples/mixed/definition.schema.json', 'examples/mixed/plugins.json'],
];
const load = (f: string) => JSON.parse(readFileSync(join(repoRoot, f), 'utf8'));

function walk(dir: string, out: string[] = []): string[] {
  for (const n of readdirSync(dir)) {
    const f = join(dir, n);
    if (statSync(f).isDirectory()) walk(f, out);
    else if (n.endsWith('.json') && !n.endsWith('.schema.json')) out.push(f);
  }
  return out;
}

test('the committed schemas are what tester schema prints for their plugins (regenerate: see docs/definitions.md)', async () => {
  for (const [file, config] of committed) {
    const r = await tester(['schema', ...(config ? ['--config', config] : [])]);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual(JSON.parse(r.stdout), load(file), `${file} is stale: tester schema${config ? ` --config ${config}` : ''} > ${file}`);
  }
});

test('every example definition names its schema in $schema and is valid against it', () => {
  const defs = walk(join(repoRoot, 'examples')).filter((f) => {
    const j = JSON.parse(readFileSync(f, 'utf8'));
    return j && !Array.isArray(j) && 'operations' in j;
  });
  assert.ok(defs.length >= 20, `${defs.length} examples`);
  for (const f of defs) {
    const def = JSON.parse(readFileSync(f, 'utf8'));
    const name = relative(repoRoot, f);
    assert.equal(typeof def.$schema, 'string', `${name} has no $schema`);
    const schemaFile = resolve(dirname(f), def.$schema);
    assert.ok(committed.some(([c]) => join(repoRoot, c) === schemaFile), `${name}: $schema ${def.$schema} is not a committed schema`);
    const r = new Validator(JSON.parse(readFileSync(schemaFile, 'utf8')), '7', false).validate(def);
    assert.ok(r.valid, `${name}: ${r.errors.slice(-3).map((e) => `${e.instanceLocation} ${e.error}`).join('; ')}`);
  }
});

test('the schema knows each type and its arguments: types enumerated, arguments per type, expressions and coerced strings allowed', async () => {
  const schema = load('docs/definition.schema.json');
  const v = new Validator(schema, '7', false);
  const ok = (def: unknown) => v.validate(def).valid;
  const types = schema.properties.operations.items.properties.type.anyOf[0].enum as string[];
  const described = JSON.parse((await tester(['ops', '--json'])).stdout).operations.map((o: any) => o.type);
  for (const t of described) assert.ok(types.includes(t), t);
  assert.ok(schema.properties.operations.items.allOf.length === described.length);
  const op = (type: string, args?: unknown) => ({ operations: [{ type, ...(args === undefined ? {} : { arguments: args }) }] });
  assert.ok(ok(op('wait', { seconds: 0.5 })));
  assert.ok(ok(op('wait', { seconds: '{ $v.pause }' })), 'an expression where a number is expected');
  assert.ok(ok(op('wait', { seconds: '2' })), 'a numeric string, as the service coerces');
  assert.ok(!ok(op('wait', { seconds: 'soon' })), 'a word is not a number');
  assert.ok(!ok(op('wait', { secs: 1 })), 'an unknown argument');
  assert.ok(!ok(op('wait', {})), 'a required argument missing');
  assert.ok(!ok(op('wiat', { seconds: 1 })), 'an unknown type');
  assert.ok(ok(op('inap.ssp_to_scp.InitialDP', { serviceKey: 100, calledPartyNumber_digits: '{ $v.called }' })));
  assert.ok(!ok(op('inap.ssp_to_scp.InitialDP', { serviceKey: 'one hundred' })));
  assert.ok(ok(op('inap.ssp_from_scp.ReleaseCall', { '!initialCallSegment_cause': 16 })), 'a negated match of a receive operation');
  assert.ok(ok(op('db.billing.Query', { sql: 'SELECT 1' })), 'a labelled form');
  assert.ok(!ok(op('db.billing.Query', { sequel: 'SELECT 1' })), 'a labelled form follows its type');
  assert.ok(ok({ trace_level: '1', operations: [{ type: 'comment' }] }), 'trace_level as the anchor sends it');
  assert.ok(!ok({ trace_level: 7, operations: [{ type: 'comment' }] }));
  assert.ok(!ok({ colour: 'red', operations: [{ type: 'comment' }] }), 'an unknown param');
  assert.ok(ok({ thresholds: ['p99_ms < 50'], operations: [{ type: 'comment' }] }));
  const wait = schema.properties.operations.items.allOf.find((c: any) => c.if.properties.type.enum?.includes('wait'));
  assert.match(wait.then.properties.arguments.description, /Pause for `seconds`/, 'descriptions from the operation metadata');
});

test('lenient: strings the service accepts are added where a value is not a free string', () => {
  const s = lenient({ type: 'object', properties: { n: { type: 'integer', description: 'd' }, s: { type: 'string' }, e: { enum: ['a', 'b'] }, b: { type: 'boolean' }, l: { type: 'array', items: { type: 'number' } } } }, true);
  const p = s.properties!;
  assert.deepEqual(p.n, { description: 'd', anyOf: [{ type: 'integer' }, { $ref: '#/definitions/expression' }, { $ref: '#/definitions/numeric_string' }] });
  assert.deepEqual(p.s, { type: 'string' });
  assert.deepEqual(p.e, { anyOf: [{ enum: ['a', 'b'] }, { $ref: '#/definitions/expression' }] });
  assert.deepEqual(p.b!.anyOf!.slice(1), [{ $ref: '#/definitions/expression' }, { $ref: '#/definitions/boolean_string' }]);
  assert.deepEqual((p.l!.anyOf![0]!.items as Schema).anyOf!.length, 3);
  assert.deepEqual(lenient({ type: 'object', properties: { n: { type: 'integer' } } }, false).properties!.n, { anyOf: [{ type: 'integer' }, { $ref: '#/definitions/numeric_string' }] });
});
