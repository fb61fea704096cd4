// sdk/instances.ts: the options schema of a plugin of named instances, declared with TypeBox, is the
// hand-written one it replaced, and its static type follows the instance schema.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkLabelDefaults, namedInstancesSchema, type NamedInstancesOptions } from '../../sdk/instances.js';
import { Type } from '../../sdk/schema.js';
import { assertSameSchema, assertSameVerdicts, referenceNamedInstancesSchema } from '../helpers/option-schemas.js';

const instance = Type.Object({ name: Type.String({ minLength: 1 }), port: Type.Optional(Type.Integer()) }, { additionalProperties: false });
const referenceInstance = { type: 'object', additionalProperties: false, required: ['name'], properties: { name: { type: 'string', minLength: 1 }, port: { type: 'integer' } } };

test('namedInstancesSchema is the hand-written schema, with and without labels and the [] default', () => {
  for (const opts of [{}, { labelled: true }, { noDefault: true }, { labelled: true, noDefault: true }]) {
    const schema = namedInstancesSchema(instance, opts);
    const reference = referenceNamedInstancesSchema(referenceInstance, opts);
    assertSameSchema(schema, reference);
    const good = [{}, { instances: [{ name: 'A', port: '1' }], default: 'A' }, ...(opts.labelled ? [{ label_defaults: { crm: 'A' } }] : [])];
    const bad = [{ instances: [{}] }, { instances: [{ name: 'A', host: 'x' }] }, { default: [] }, { label_defaults: { crm: {} } }, { other: 1 }];
    assertSameVerdicts(schema, reference, good, bad);
  }
});

test('the options type follows the instance schema; label_defaults only when labelled', () => {
  const labelled: NamedInstancesOptions<typeof instance, true> = { instances: [{ name: 'A', port: 1 }], default: 'A', label_defaults: { crm: 'A' } };
  // @ts-expect-error an instance has no `host`
  const wrongInstance: NamedInstancesOptions<typeof instance> = { instances: [{ name: 'A', host: 'x' }] };
  // @ts-expect-error label_defaults belongs to labelled kinds
  const unlabelled: NamedInstancesOptions<typeof instance> = { label_defaults: {} };
  void [wrongInstance, unlabelled];
  assert.doesNotThrow(() => checkLabelDefaults('x', labelled.instances!, labelled.label_defaults));
  assert.throws(() => checkLabelDefaults('x', labelled.instances!, { crm: 'B' }), /label_defaults\.crm: no x instance is named 'B'/);
});
