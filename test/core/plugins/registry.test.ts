// core/plugins/registry.ts: registration rules, resolution of aliases and labelled types, receive-op schemas.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Registry, argumentSchema } from '../../../core/plugins/registry.js';
import { ajv } from '../../../core/validation/ajv.js';
import { defineOperation } from '../../../sdk/index.js';

const op = (type: string, extra: Record<string, unknown> = {}) =>
  defineOperation({ type, direction: 'local', description: '', arguments: { type: 'object', properties: { a: { type: 'integer' } } }, execute() {}, ...extra });

test('operations resolve by type and alias; unknown types are undefined', () => {
  const r = new Registry();
  r.addOperation(op('fam.x_to_y.Do', { aliases: ['fam.Do'] }), 'fam', ['fam']);
  assert.equal(r.resolve('fam.x_to_y.Do')?.op.def.type, 'fam.x_to_y.Do');
  assert.equal(r.resolve('fam.Do')?.op.def.type, 'fam.x_to_y.Do');
  assert.equal(r.resolve('fam.nope'), undefined);
});

test("source: the plugin's folder by default; a relative source is read from the folder, an absolute one kept", () => {
  const r = new Registry();
  r.addOperation(op('fam.A'), 'fam', ['fam'], 'plugins/fam/');
  r.addOperation(op('fam.B', { source: 'table.ts ROWS.B' }), 'fam', ['fam'], 'plugins/fam/');
  r.addOperation(op('fam.C', { source: '/opt/site/fam.ts' }), 'fam', ['fam'], 'plugins/fam/');
  r.addOperation(op('fam.D', { source: 'https://example.net/fam#D' }), 'fam', ['fam'], 'plugins/fam');
  assert.equal(r.resolve('fam.A')?.op.source, 'plugins/fam/');
  assert.equal(r.resolve('fam.B')?.op.source, 'plugins/fam/table.ts ROWS.B');
  assert.equal(r.resolve('fam.C')?.op.source, '/opt/site/fam.ts');
  assert.equal(r.resolve('fam.D')?.op.source, 'https://example.net/fam#D');
});

test('labelled types resolve with their label', () => {
  const r = new Registry();
  r.addOperation(op('db.Query', { labelled: true }), 'db', ['db']);
  const res = r.resolve('db.smf.Query');
  assert.equal(res?.op.def.type, 'db.Query');
  assert.equal(res?.label, 'smf');
  assert.equal(r.resolve('db.Query')?.label, undefined);
  assert.equal(r.resolve('db.smf.Other'), undefined);
});

test('namespaces, duplicates, aliases and the frozen registry are enforced', () => {
  const r = new Registry();
  assert.throws(() => r.addOperation(op('other.Do'), 'fam', ['fam']), /outside its namespaces/);
  assert.throws(() => r.addOperation(op('fam.Do', { aliases: ['other.Do'] }), 'fam', ['fam']), /other\.Do.*outside/);
  r.addOperation(op('fam.Do'), 'fam', ['fam']);
  assert.throws(() => r.addOperation(op('fam.Do'), 'fam2', ['fam']), /already registered by fam/);
  assert.throws(() => r.addOperation(op('fam.Two', { aliases: ['fam.Do'] }), 'fam', ['fam']), /already registered/);
  assert.throws(() => r.addOperation(op('fam.Bad', { arguments: { type: 'object', properties: { a: { type: 'no-such-type' } } } }), 'fam', ['fam']), /does not compile/);
  r.freeze();
  assert.throws(() => r.addOperation(op('fam.Late'), 'fam', ['fam']), /frozen/);
  assert.throws(() => r.addParam('p', { schema: {}, description: '' }, 'fam'), /frozen/);
  assert.throws(() => r.addGateway({ kind: 'k', instances: [] }, 'fam'), /frozen/);
});

test('gateways: duplicate kinds and instance names, and a default that does not exist, are refused', () => {
  const r = new Registry();
  const i = (name: string) => ({ name, state: () => 'up' as const });
  assert.throws(() => r.addGateway({ kind: 'k', instances: [i('a'), i('a')] }, 'p'), /two k instances are named 'a'/);
  assert.throws(() => r.addGateway({ kind: 'k', instances: [i('a')], defaultInstance: 'b' }, 'p'), /default k instance 'b'/);
  r.addGateway({ kind: 'k', instances: [i('a')] }, 'p');
  assert.throws(() => r.addGateway({ kind: 'k', instances: [i('z')] }, 'q'), /already registered by p/);
  r.addParam('mode', { schema: { type: 'string' }, description: 'x' }, 'p');
  assert.throws(() => r.addParam('mode', { schema: { type: 'string' }, description: 'x' }, 'q'), /already registered by p/);
  // The kind's selector param is derived: a plugin param of the same name is refused, and so is a kind named like a param.
  assert.throws(() => r.addParam('k', { schema: { type: 'string' }, description: 'x' }, 'q'), /clashes with the selector param of gateway kind 'k'/);
  assert.throws(() => r.addGateway({ kind: 'mode', instances: [] }, 'q'), /clash with the ExecuteTest param 'mode'/);
  r.addGateway({ kind: 'lab', labelled: true, instances: [i('a')] }, 'p');
  assert.throws(() => r.addParam('lab_x', { schema: { type: 'string' }, description: 'x' }, 'q'), /clashes with the selector param of gateway kind 'lab'/);
  assert.deepEqual(r.selectorParams().map((s) => s.pattern ?? s.name), ['k', 'lab', '^lab_[A-Za-z0-9_-]+$']);
});

test('argumentSchema: additionalProperties false by default; receive ops accept null and !name for matched fields', () => {
  const send = argumentSchema(op('f.Send'));
  assert.equal(send.additionalProperties, false);
  const recv = argumentSchema(
    defineOperation({
      type: 'f.Recv',
      direction: 'receive',
      description: '',
      controlArguments: ['timeout'],
      arguments: { type: 'object', properties: { cause: { type: 'integer' }, kind: { enum: ['a', 'b'] }, fixed: { const: 1 }, timeout: { type: 'number' } } },
      execute() {},
    }),
  ) as any;
  assert.deepEqual(recv.properties.cause.type, ['integer', 'null']);
  assert.deepEqual(recv.properties['!cause'].type, ['integer', 'null']);
  assert.deepEqual(recv.properties.kind.enum, ['a', 'b', null]);
  assert.deepEqual(recv.properties.fixed.enum, [1, null]);
  assert.deepEqual(recv.properties.timeout, { type: 'number' }, 'control arguments are not nullable');
  assert.equal(recv.properties['!timeout'], undefined);
});

test('argumentSchema: null stays null for receive arguments written with anyOf / oneOf (the service ajv coerces types)', () => {
  const recv = argumentSchema(
    defineOperation({
      type: 'f.Recv2',
      direction: 'receive',
      description: '',
      arguments: {
        type: 'object',
        properties: {
          any: { anyOf: [{ type: 'string' }, { type: 'array' }] },
          num: { anyOf: [{ type: 'integer' }, { type: 'array' }] },
          one: { oneOf: [{ type: 'string', maxLength: 2 }, { type: 'integer', minimum: 100 }] },
        },
      },
      execute() {},
    }),
  );
  const validate = ajv.compile(recv);
  const args: Record<string, unknown> = { any: null, one: null, '!any': null };
  assert.ok(validate(args), JSON.stringify(validate.errors));
  assert.deepEqual(args, { any: null, one: null, '!any': null }, 'null must not be coerced to ""');
  const ok: Record<string, unknown> = { any: 'x', one: 150, num: 0, '!num': 0 };
  assert.ok(validate(ok), JSON.stringify(validate.errors));
  assert.deepEqual(ok, { any: 'x', one: 150, num: 0, '!num': 0 }, '0 is not turned into null');
  assert.equal(validate({ one: 'abc' }), false, 'oneOf still checks its branches');
});
