// The osd plugin's options, declared with TypeBox (gateway/options.ts, index.ts), are the hand-written JSON
// schema they replaced: the same schema up to key order and descriptions, and the same verdicts and defaults.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optionsSchema, type OsdOptions } from '../../../../plugins/osd/index.js';
import { assertSameSchema, assertSameVerdicts, referenceHttpClientProperties, referenceNamedInstancesSchema } from '../../../helpers/option-schemas.js';

// plugins/osd/index.ts before the change
const referenceInstance = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'url'],
  properties: {
    name: { type: 'string', minLength: 1 },
    url: { type: 'string', pattern: '^https?://' },
    username: { type: 'string' },
    password: { type: 'string' },
    auth: { enum: ['basic', 'wsse', 'none'] },
    wsdl_url: { anyOf: [{ const: false }, { type: 'string', pattern: '^https?://' }] },
    namespace: { type: 'string', minLength: 1 },
    element_form: { enum: ['qualified', 'unqualified'] },
    action_base: { type: 'string' },
    ...referenceHttpClientProperties(8),
  },
};
const reference = referenceNamedInstancesSchema(referenceInstance);

test('the options schema is the hand-written one', () => {
  assertSameSchema(optionsSchema, reference);
});

test('good and bad options get the same verdicts and defaults from both (wsdl_url false stays false)', () => {
  const o = { name: 'O', url: 'http://x/osd' };
  const good = [
    {},
    { instances: [o], default: 'O' },
    { instances: [{ ...o, username: 'u', password: 'p', auth: 'wsse', wsdl_url: false, namespace: 'urn:x', element_form: 'unqualified', action_base: 'urn:a#', connections: '3' }] },
    { instances: [{ ...o, wsdl_url: 'https://x/osd?wsdl' }] },
  ];
  const bad = [
    { instances: [{ name: 'O' }] },
    { instances: [{ ...o, url: 'ftp://x' }] },
    { instances: [{ ...o, auth: 'digest' }] },
    { instances: [{ ...o, wsdl_url: true }] },
    { instances: [{ ...o, wsdl_url: 'false' }] },
    { instances: [{ ...o, wsdl_url: 0 }] },
    { instances: [{ ...o, namespace: '' }] },
    { instances: [{ ...o, element_form: 'both' }] },
    { label_defaults: {} },
  ];
  assertSameVerdicts(optionsSchema, reference, good, bad);
});

test('the options type is the schema\'s', () => {
  const o: OsdOptions = { instances: [{ name: 'O', url: 'http://x', wsdl_url: false }] };
  // @ts-expect-error wsdl_url is a URL or false, never true
  const wrong: OsdOptions = { instances: [{ name: 'O', url: 'http://x', wsdl_url: true }] };
  void wrong;
  assert.equal(o.instances?.[0]?.wsdl_url, false);
});
