// Guards for options schemas declared with TypeBox in place of hand-written JSON schemas: the hand-written ones
// (copied here and in the tests as they were before the change) are the reference, and the new declaration must
// be the same JSON schema up to key order and `description`s, and give the same verdicts to the same options
// through the service's own ajv (coercion, defaults, every error).
import assert from 'node:assert/strict';
import { ajv, describeError } from '../../core/validation/ajv.js';

type Schema = Record<string, unknown>;

/** A schema as plain data to compare: keys sorted, `description`s dropped (TypeBox's marks are not enumerable). */
export function comparable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(comparable);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(schema).sort()) {
    if (key === 'description') continue;
    out[key] = comparable((schema as Record<string, unknown>)[key]);
  }
  return out;
}

/** The new schema is the reference one, up to key order and descriptions. */
export function assertSameSchema(actual: unknown, reference: Schema): void {
  assert.deepEqual(comparable(actual), comparable(reference));
}

interface Verdict {
  valid: boolean;
  /** The value after validation: coerced, with defaults applied. */
  value: unknown;
  /** Each error as the loader reports the first: where it points and what it says (and which keyword failed). */
  errors: string[];
}

function verdict(schema: object, value: unknown): Verdict {
  const validate = ajv.compile(schema);
  const copy = structuredClone(value);
  const valid = validate(copy);
  const errors = (validate.errors ?? []).map((e) => {
    const d = describeError(e, 'options');
    return `${d.path}: ${d.message} (${e.keyword} at ${e.schemaPath})`;
  });
  return { valid, value: copy, errors };
}

/**
 * Each of `good` is accepted by both schemas with the same value after defaults; each of `bad` is refused by
 * both with the same errors (the same paths and keywords).
 */
export function assertSameVerdicts(actual: object, reference: Schema, good: readonly unknown[], bad: readonly unknown[]): void {
  for (const value of good) {
    const a = verdict(actual, value);
    assert.equal(a.valid, true, `refused ${JSON.stringify(value)}: ${a.errors.join('; ')}`);
    assert.deepEqual(a, verdict(reference, value), JSON.stringify(value));
  }
  for (const value of bad) {
    const a = verdict(actual, value);
    assert.equal(a.valid, false, `accepted ${JSON.stringify(value)}`);
    assert.deepEqual(a, verdict(reference, value), JSON.stringify(value));
  }
}

// The shared pieces of the sdk as they were hand-written (sdk/net/tls.ts, sdk/net/http-pool.ts, sdk/instances.ts,
// sdk/net/sctp/options.ts).

export const referenceTlsSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ca: { type: 'string' },
    ca_file: { type: 'string' },
    cert: { type: 'string' },
    cert_file: { type: 'string' },
    key: { type: 'string' },
    key_file: { type: 'string' },
    reject_unauthorized: { type: 'boolean' },
    servername: { type: 'string' },
  },
};

export function referenceHttpClientProperties(defaultConnections: number): Record<string, Schema> {
  return {
    headers: { type: 'object', additionalProperties: { type: 'string' } },
    timeout_ms: { type: 'integer', minimum: 1, default: 10000 },
    connect_timeout_ms: { type: 'integer', minimum: 1 },
    connections: { type: 'integer', minimum: 1, maximum: 10000, default: defaultConnections },
    keep_alive_ms: { type: 'integer', minimum: 1, default: 4000 },
    max_body_bytes: { type: 'integer', minimum: 1, default: 4194304 },
    tls: referenceTlsSchema,
  };
}

export function referenceNamedInstancesSchema(instance: Schema, opts: { labelled?: boolean; noDefault?: boolean } = {}): Schema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      instances: { type: 'array', items: instance, ...(opts.noDefault ? {} : { default: [] }) },
      default: { type: 'string' },
      ...(opts.labelled ? { label_defaults: { type: 'object', additionalProperties: { type: 'string' } } } : {}),
    },
  };
}

// sdk/net/sctp/options.ts as it was hand-written (its descriptions left out: they are not compared)
const int = (minimum: number, maximum: number): Schema => ({ type: 'integer', minimum, maximum });
const addresses: Schema = { type: 'array', maxItems: 7, uniqueItems: true, items: { type: 'string', minLength: 2, maxLength: 45 } };
export const referenceSctpSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    backend: { type: 'string', enum: ['auto', 'kernel', 'userland'], default: 'auto' },
    localAddresses: addresses,
    remoteAddresses: addresses,
    outStreams: int(1, 65535),
    inStreams: int(1, 65535),
    maxInitAttempts: int(1, 255),
    rtoInitialMs: int(10, 600000),
    rtoMinMs: int(10, 600000),
    rtoMaxMs: int(10, 600000),
    heartbeatIntervalMs: int(0, 3600000),
    pathMaxRetrans: int(1, 255),
    assocMaxRetrans: int(1, 255),
  },
};
