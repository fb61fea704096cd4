// The db plugin's options, declared with TypeBox (gateway/options.ts, index.ts), are the hand-written JSON schema
// they replaced: the same schema up to key order and descriptions, and the same verdicts through the service's ajv.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optionsSchema, type DbOptions } from '../../../../plugins/db/index.js';
import { assertSameSchema, assertSameVerdicts, referenceNamedInstancesSchema, referenceTlsSchema } from '../../../helpers/option-schemas.js';

const QUERY_NAME = '^[A-Za-z][A-Za-z0-9_]*$';

// plugins/db/index.ts before the change
const referenceInstance = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'driver'],
  properties: {
    name: { type: 'string', minLength: 1 },
    driver: { enum: ['sqlite', 'postgres'] },
    file: { type: 'string', minLength: 1 },
    connection: { type: 'string', pattern: '^postgres(ql)?://' },
    host: { type: 'string' },
    port: { type: 'integer', minimum: 1, maximum: 65535 },
    user: { type: 'string' },
    password: { type: 'string' },
    database: { type: 'string' },
    ssl: { anyOf: [{ type: 'boolean' }, referenceTlsSchema] },
    pool_size: { type: 'integer', minimum: 1, maximum: 1000 },
    timeout_ms: { type: 'integer', minimum: 1 },
    connect_timeout_ms: { type: 'integer', minimum: 1 },
    retry_max_ms: { type: 'integer', minimum: 100 },
    init_sql: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
    queries: {
      type: 'object',
      propertyNames: { pattern: QUERY_NAME, not: { const: 'Query' } },
      additionalProperties: {
        anyOf: [
          { type: 'string', minLength: 1 },
          { type: 'object', additionalProperties: false, required: ['sql'], properties: { sql: { type: 'string', minLength: 1 }, description: { type: 'string' } } },
        ],
      },
    },
  },
};
const reference = referenceNamedInstancesSchema(referenceInstance, { labelled: true, noDefault: true });

test('the options schema is the hand-written one', () => {
  assertSameSchema(optionsSchema, reference);
});

test('good and bad options get the same verdicts and defaults from both', () => {
  const pg = { name: 'P', driver: 'postgres', connection: 'postgresql://u@h/db' };
  const good = [
    {},
    { instances: [] },
    { instances: [{ name: 'L', driver: 'sqlite', file: ':memory:', init_sql: 'CREATE TABLE t (a)', queries: { Get: 'SELECT 1', Put: { sql: 'INSERT', description: 'd' } } }] },
    { instances: [{ ...pg, host: 'h', port: '5433', user: 'u', password: 'p', database: 'd', ssl: true, pool_size: 2, timeout_ms: 10, connect_timeout_ms: 1, retry_max_ms: 100, init_sql: ['a', 'b'] }], default: 'P', label_defaults: { smf: 'P' } },
    { instances: [{ ...pg, ssl: { ca_file: '/ca.pem', reject_unauthorized: false } }] },
    { instances: [{ ...pg, ssl: 'true' }] },
  ];
  const bad = [
    { instances: [{ name: 'S' }] },
    { instances: [{ name: '', driver: 'sqlite' }] },
    { instances: [{ name: 'S', driver: 'mysql' }] },
    { instances: [{ ...pg, connection: 'mysql://x' }] },
    { instances: [{ ...pg, port: 0 }] },
    { instances: [{ ...pg, pool_size: 1001 }] },
    { instances: [{ ...pg, retry_max_ms: 99 }] },
    { instances: [{ ...pg, ssl: { ca_path: '/x' } }] },
    { instances: [{ ...pg, init_sql: [{}] }] },
    { instances: [{ ...pg, queries: { Query: 'SELECT 1' } }] },
    { instances: [{ ...pg, queries: { '1x': 'SELECT 1' } }] },
    { instances: [{ ...pg, queries: { Get: '' } }] },
    { instances: [{ ...pg, queries: { Get: { description: 'no sql' } } }] },
    { instances: [{ ...pg, colour: 'red' }] },
    { label_defaults: { smf: {} } },
    { instance: [] },
  ];
  assertSameVerdicts(optionsSchema, reference, good, bad);
});

test('the options type is the schema\'s', () => {
  const o: DbOptions = { instances: [{ name: 'L', driver: 'sqlite', queries: { Get: { sql: 'SELECT 1' } } }], label_defaults: { a: 'L' } };
  // @ts-expect-error driver is one of the schema's enum
  const wrong: DbOptions = { instances: [{ name: 'L', driver: 'mysql' }] };
  void wrong;
  assert.equal(o.instances?.[0]?.driver, 'sqlite');
});
