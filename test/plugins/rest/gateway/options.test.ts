// The rest plugin's options, declared with TypeBox (gateway/options.ts, index.ts), are the hand-written JSON
// schema they replaced: the same schema up to key order and descriptions, and the same verdicts and defaults.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optionsSchema, type RestOptions } from '../../../../plugins/rest/index.js';
import { assertSameSchema, assertSameVerdicts, referenceHttpClientProperties, referenceNamedInstancesSchema } from '../../../helpers/option-schemas.js';

// plugins/rest/index.ts before the change
const referenceInstance = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  anyOf: [{ required: ['base_url'] }, { required: ['url'] }],
  properties: {
    name: { type: 'string', minLength: 1 },
    base_url: { type: 'string', pattern: '^https?://' },
    url: { type: 'string', pattern: '^https?://', description: 'another name for base_url' },
    ...referenceHttpClientProperties(16),
  },
};
const reference = referenceNamedInstancesSchema(referenceInstance, { labelled: true });

test('the options schema is the hand-written one', () => {
  assertSameSchema(optionsSchema, reference);
});

test('good and bad options get the same verdicts and defaults from both', () => {
  const good = [
    {},
    { instances: [{ name: 'A', url: 'http://x' }] },
    { instances: [{ name: 'A', base_url: 'https://x/api', headers: { 'x-k': 'v' }, timeout_ms: '200', connect_timeout_ms: 5, connections: 2, keep_alive_ms: 9, max_body_bytes: 100, tls: { ca: 'PEM' } }], default: 'A', label_defaults: { crm: 'A' } },
  ];
  const bad = [
    { instances: [{ name: 'A' }] },
    { instances: [{ url: 'http://x' }] },
    { instances: [{ name: 'A', url: 'ftp://x' }] },
    { instances: [{ name: 'A', url: 'http://x', connections: 0 }] },
    { instances: [{ name: 'A', url: 'http://x', headers: { a: [] } }] },
    { instances: [{ name: 'A', url: 'http://x', tls: { verify: false } }] },
    { instances: [{ name: 'A', url: 'http://x', path: '/' }] },
    { label_defaults: { crm: [] } },
  ];
  assertSameVerdicts(optionsSchema, reference, good, bad);
});

test('the options type is the schema\'s', () => {
  const o: RestOptions = { instances: [{ name: 'A', url: 'http://x', timeout_ms: 1 }], label_defaults: { crm: 'A' } };
  // @ts-expect-error timeout_ms is a number
  const wrong: RestOptions = { instances: [{ name: 'A', url: 'http://x', timeout_ms: 'soon' }] };
  void wrong;
  assert.equal(o.instances?.[0]?.name, 'A');
});
