// The diameter plugin's options, declared with TypeBox (options.ts, peer/config.ts, dictionary/site.ts), are the
// hand-written JSON schema they replaced: the same schema up to key order and descriptions, and the same
// verdicts, defaults and errors through the service's ajv.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optionsSchema, type DiameterOptions } from '../../../plugins/diameter/options.js';
import { assertSameSchema, assertSameVerdicts, referenceSctpSchema } from '../../helpers/option-schemas.js';

// plugins/diameter/peer/config.ts before the change
const applicationSchema = {
  oneOf: [
    { type: 'integer', minimum: 0, maximum: 4294967295 },
    { type: 'string', enum: ['credit-control', 'dcca', 'ro', 'gy', 'sh', 'accounting', 'relay'] },
    {
      type: 'object',
      additionalProperties: false,
      properties: {
        auth: { type: 'integer', minimum: 0, maximum: 4294967295 },
        acct: { type: 'integer', minimum: 0, maximum: 4294967295 },
        vendor: { type: 'integer', minimum: 0, maximum: 4294967295 },
      },
      oneOf: [{ required: ['auth'] }, { required: ['acct'] }],
    },
  ],
};

const peerConfigSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'origin_host', 'origin_realm'],
  properties: {
    name: { type: 'string', minLength: 1 },
    mode: { type: 'string', enum: ['client', 'server'], default: 'client' },
    transport: { type: 'string', enum: ['tcp', 'sctp'], default: 'tcp' },
    sctp: referenceSctpSchema,
    host: { type: 'string', minLength: 1, default: '127.0.0.1' },
    port: { type: 'integer', minimum: 0, maximum: 65535, default: 3868 },
    origin_host: { type: 'string', minLength: 1, pattern: '^[\\x21-\\x7e]+$' },
    origin_realm: { type: 'string', minLength: 1, pattern: '^[\\x21-\\x7e]+$' },
    destination_realm: { type: 'string', minLength: 1 },
    destination_host: { type: 'string', minLength: 1 },
    applications: { type: 'array', items: applicationSchema, minItems: 1, default: ['credit-control'] },
    host_ip_addresses: { type: 'array', items: { type: 'string' } },
    vendor_id: { type: 'integer', minimum: 0, maximum: 4294967295, default: 0 },
    product_name: { type: 'string', default: 'tester-service' },
    firmware_revision: { type: 'integer', minimum: 0, maximum: 4294967295 },
    peer_origin_host: { type: 'string' },
    watchdog_ms: { type: 'integer', minimum: 100, default: 30000 },
    connect_timeout_ms: { type: 'integer', minimum: 10, default: 3000 },
    reconnect_min_ms: { type: 'integer', minimum: 10, default: 500 },
    reconnect_max_ms: { type: 'integer', minimum: 10, default: 10000 },
    request_timeout_ms: { type: 'integer', minimum: 1 },
    dpa_timeout_ms: { type: 'integer', minimum: 10, default: 2000 },
    max_message_bytes: { type: 'integer', minimum: 64, maximum: 16777215, default: 1048576 },
    capture_file: { type: 'string' },
  },
};

// plugins/diameter/index.ts before the change
const siteDictionarySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    vendors: { type: 'object', additionalProperties: { type: 'string' } },
    applications: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['id', 'name'],
        properties: { id: { type: 'integer' }, name: { type: 'string' }, vendor: { type: 'integer' }, kind: { enum: ['auth', 'acct'] } },
      },
    },
    commands: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['name', 'code'],
        properties: {
          name: { type: 'string' }, code: { type: 'integer' }, application_id: { type: ['integer', 'null'] },
          abbreviations: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 }, proxiable: { type: 'boolean' },
        },
      },
    },
    avps: {
      type: 'array',
      items: {
        type: 'object', additionalProperties: false, required: ['name', 'code', 'type'],
        properties: {
          name: { type: 'string' }, code: { type: 'integer' }, vendor: { type: 'integer' }, type: { type: 'string' },
          flags: { type: 'string' }, enum: { type: 'object', additionalProperties: { type: 'integer' } },
        },
      },
    },
  },
};

const reference = {
  type: 'object',
  additionalProperties: false,
  properties: {
    instances: { type: 'array', items: peerConfigSchema },
    default: { type: 'string', minLength: 1 },
    dictionary: siteDictionarySchema,
    dictionary_files: { type: 'array', items: { type: 'string', minLength: 1 } },
  },
};

test('the options schema is the hand-written one', () => {
  assertSameSchema(optionsSchema, reference);
});

const peer = { name: 'A', origin_host: 'tester.test', origin_realm: 'test' };

test('good options get the same value and defaults from both', () => {
  const good = [
    {},
    { instances: [peer] },
    {
      instances: [
        { ...peer, mode: 'server', transport: 'sctp', sctp: { backend: 'kernel', outStreams: 4 }, host: '10.0.0.1', port: '0', destination_realm: 'r', destination_host: 'h' },
        { ...peer, name: 'B', applications: [4, 'sh', { auth: 16777238, vendor: 10415 }, { acct: 3 }], host_ip_addresses: ['10.0.0.2'], vendor_id: 10415, product_name: 'p', firmware_revision: 1, peer_origin_host: 'ocs', watchdog_ms: 100, connect_timeout_ms: 10, reconnect_min_ms: 10, reconnect_max_ms: 10, request_timeout_ms: 1, dpa_timeout_ms: 10, max_message_bytes: 64, capture_file: '/tmp/x.pcap' },
      ],
      default: 'B',
    },
    { dictionary: { vendors: { 10415: '3GPP' }, applications: [{ id: 5, name: 'X', vendor: 1, kind: 'acct' }], commands: [{ name: 'Y', code: 300, application_id: null, abbreviations: ['YR', 'YA'], proxiable: false }], avps: [{ name: 'Z', code: 9, vendor: 1, type: 'Bignum', flags: 'VM', enum: { ON: 1 } }] } },
    { dictionary: { commands: [{ name: 'Y', code: '300', application_id: '' }] } },
    { dictionary_files: ['avps.json'] },
  ];
  const bad = [
    { instances: [{ name: 'A' }] },
    { instances: [{ ...peer, origin_host: 'with space' }] },
    { instances: [{ ...peer, mode: 'proxy' }] },
    { instances: [{ ...peer, transport: 'udp' }] },
    { instances: [{ ...peer, sctp: { streams: 1 } }] },
    { instances: [{ ...peer, port: 65536 }] },
    { instances: [{ ...peer, applications: [] }] },
    { instances: [{ ...peer, applications: ['gx'] }] },
    { instances: [{ ...peer, applications: [{ auth: 4, acct: 3 }] }] },
    { instances: [{ ...peer, applications: [{ vendor: 1 }] }] },
    { instances: [{ ...peer, applications: [-1] }] },
    { instances: [{ ...peer, watchdog_ms: 99 }] },
    { instances: [{ ...peer, max_message_bytes: 16777216 }] },
    { instances: [{ ...peer, colour: 'red' }] },
    { default: '' },
    { dictionary: { avps: [{ name: 'Z', code: 9 }] } },
    { dictionary: { commands: [{ name: 'Y', code: 1, abbreviations: ['YR'] }] } },
    { dictionary: { applications: [{ id: 1, name: 'X', kind: 'both' }] } },
    { dictionary: { avps: [{ name: 'Z', code: 9, type: 'Integer32', enum: { ON: 'one' } }] } },
    { dictionary: { vendor: {} } },
    { dictionary_files: [''] },
  ];
  assertSameVerdicts(optionsSchema, reference, good, bad);
});

test('the options type is the schema\'s', () => {
  const o: DiameterOptions = { instances: [{ ...peer, applications: ['sh', 4, { acct: 3 }] }], dictionary: { avps: [{ name: 'Z', code: 9, type: 'Unsigned32' }] } };
  // @ts-expect-error mode is client or server
  const wrong: DiameterOptions = { instances: [{ ...peer, mode: 'proxy' }] };
  void wrong;
  assert.equal(o.instances?.[0]?.name, 'A');
});
