// The JSON schema of ExecuteTest params: the wire contract of tester-service.md, with the ranges it states.
// Plugins add params of their own (api.param); the core adds them to `properties` before compiling.
import type { JsonSchema } from '../../sdk/types.js';

const int = (minimum: number, maximum?: number, description?: string): JsonSchema => ({
  type: 'integer',
  minimum,
  ...(maximum !== undefined ? { maximum } : {}),
  ...(description ? { description } : {}),
});

export const testDefinitionMeta = {
  maxTotal: 100_000_000,
  maxBacklog: 1_000_000,
};

export const operationSchema: JsonSchema = {
  type: 'object',
  required: ['type'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', minLength: 1, description: 'Operation type, e.g. inap.ssp_to_scp.InitialDP, or a logic op (set, assert, branch, wait, comment, halt)' },
    label: { type: 'string', minLength: 1, pattern: '^[A-Za-z0-9_.:-]+$', description: 'Branch target name' },
    arguments: { type: 'object', description: "The operation's arguments; string values written \"{ ... }\" are expressions" },
    tests: {
      type: 'array',
      description: "Checks on the operation's result",
      items: {
        type: 'object',
        required: ['kpath', 'type'],
        additionalProperties: false,
        properties: {
          kpath: { type: 'string', minLength: 1 },
          type: { enum: ['string', 'integer', 'number', 'exists', 'defined', 'regex', 'size', 'boolean'] },
          value: {},
          pattern: { type: 'string' },
          abort_on_fail: { type: ['integer', 'boolean'] },
          name: { type: 'string' },
        },
      },
    },
    description: { type: 'string' },
    arguments_not_used: { type: 'integer', minimum: 0, maximum: 1 },
  },
};

export const distributionSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    type: { enum: ['single', 'load', 'linear'], default: 'single' },
    total: int(1, testDefinitionMeta.maxTotal, 'Total number of Test Instances (load, linear)'),
    backlog: int(1, testDefinitionMeta.maxBacklog, 'Maximum Test Instances in progress at once (load, linear)'),
    cps: {
      description: 'Target rate (linear): {rate}, {start, rate, ramp_secs}, optional arrival uniform|poisson; a bare number is {rate: n}',
      anyOf: [
        { type: 'number', exclusiveMinimum: 0 },
        {
          type: 'object',
          required: ['rate'],
          additionalProperties: false,
          properties: {
            rate: { type: 'number', exclusiveMinimum: 0 },
            start: { type: 'number', minimum: 0 },
            ramp_secs: { type: 'number', minimum: 0 },
            arrival: { enum: ['uniform', 'poisson'] },
          },
        },
      ],
    },
  },
};

export const scpSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'Address of the SCP under test',
  properties: {
    dri: int(0, 1, 'SCCP Destination Routing Indicator (default 1 if dpc and dssn are both given, otherwise 0)'),
    dssn: int(1, 255, 'SCCP Destination Sub-System Number'),
    dpc: int(0, 0xffffff, 'SCCP Destination Point Code, 14-bit or 24-bit'),
    dgt_digits: { type: 'string', pattern: '^[0-9A-Fa-f*#]*$', description: 'Destination Global Title digits' },
    dgt_noa: int(0, 127, 'Global Title Nature of Address'),
    dgt_np: int(0, 7, 'Global Title Numbering Plan'),
    dgt_tt: int(0, 255, 'Global Title Translation Type'),
    tcap_timeout: { type: 'number', exclusiveMinimum: 0, maximum: 3600, description: 'Seconds allowed for an inbound SCP TCAP operation' },
  },
};

/** The spec's params. `operations`, `run_id` presence is checked before (2000) and here (2002). */
export function executeTestSchema(extra: Record<string, JsonSchema>): JsonSchema {
  return {
    type: 'object',
    required: ['run_id', 'operations'],
    additionalProperties: false,
    properties: {
      run_id: { type: 'string', minLength: 1, maxLength: 256 },
      operations: { type: 'array', minItems: 1, maxItems: 10000, items: operationSchema },
      vars: { type: 'object', description: 'Variables initialised at the start of each instance; values may be expressions' },
      locks: {
        type: 'array',
        maxItems: 100,
        items: { type: 'object', required: ['key'], additionalProperties: false, properties: { key: { type: 'string', minLength: 1 } } },
      },
      trace_level: int(0, 3, '0 none, 1 debug, 2 dump, 3 spam (first instance)'),
      distribution: distributionSchema,
      sigtran: { type: 'string', minLength: 1 },
      osd: { type: 'string', minLength: 1 },
      diameter: { type: 'string', minLength: 1 },
      db: { type: 'string', minLength: 1 },
      rest: { type: 'string', minLength: 1 },
      pi: { type: 'string', minLength: 1, description: 'Anchor: OCNCC PI application instance (accepted, no PI plugin yet)' },
      ssp_ac: { type: 'string', minLength: 1 },
      hlr_ac: { type: 'string', minLength: 1 },
      scp: scpSchema,
      trace_messages: int(0, 1, 'Anchor: record messages of the first instance even at trace_level 0'),
      turbo: int(0, 1, 'Anchor: skip checks (argument matching, tests) for instances after the first'),
      inap: { type: 'object', description: 'Anchor: INAP encode/decode hints, e.g. {"extensions": {"400": "OCTET STRING"}}' },
      ...extra,
    },
    patternProperties: {
      '^db_[A-Za-z0-9_-]+$': { type: 'string', minLength: 1 },
      '^rest_[A-Za-z0-9_-]+$': { type: 'string', minLength: 1 },
    },
  };
}
