// core/validation/ajv.ts: the one ajv instance (coercion, defaults) and readable paths in messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ajv, pointerToPath, errorPath, describeError } from '../../../core/validation/ajv.js';

test('pointerToPath turns JSON pointers into readable paths', () => {
  assert.equal(pointerToPath('/operations/1/arguments/serviceKey'), 'operations[1].arguments.serviceKey');
  assert.equal(pointerToPath(''), '');
  assert.equal(pointerToPath('/a~1b/c~0d'), '["a/b"]["c~d"]');
  assert.equal(pointerToPath('/x', 'options'), 'options.x');
  assert.equal(pointerToPath('/odd-key', 'args'), 'args["odd-key"]');
});

test('errors name the missing or additional property', () => {
  const v = ajv.compile({ type: 'object', required: ['a'], additionalProperties: false, properties: { a: { type: 'integer' }, o: { type: 'object', additionalProperties: false, properties: {} } } });
  assert.equal(v({ o: { zz: 1 } }), false);
  const paths = v.errors!.map((e) => errorPath(e)).sort();
  assert.deepEqual(paths, ['a', 'o.zz']);
  const d = v.errors!.map((e) => describeError(e, 'params'));
  assert.ok(d.some((x) => x.path === 'params.a' && x.message === 'is required'));
  assert.ok(d.some((x) => x.path === 'params.o.zz' && x.message === 'is not a known field'));
});

test('enum errors list the allowed values', () => {
  const v = ajv.compile({ type: 'object', properties: { t: { enum: ['single', 'load'] } } });
  assert.equal(v({ t: 'x' }), false);
  assert.equal(describeError(v.errors![0]!).message, 'must be one of "single", "load"');
});

test('numeric strings are coerced to integers, and defaults are applied', () => {
  const v = ajv.compile({ type: 'object', properties: { n: { type: 'integer' }, d: { type: 'integer', default: 3 } } });
  const data: Record<string, unknown> = { n: '42' };
  assert.equal(v(data), true);
  assert.deepEqual(data, { n: 42, d: 3 });
  assert.equal(v({ n: '4.5' }), false);
  assert.equal(v({ n: 'x' }), false);
});
