// The JSON schema of ExecuteTest params: the core's own params (the wire contract of docs/methods.md, with the
// ranges it states), composed at boot with the params plugins declare and the gateway selectors of their kinds.
import type { JsonSchema, ParamDefinition } from '../api/index.js';
import type { Registry } from '../plugins/registry.js';
import { MAX_THRESHOLDS } from '../engine/thresholds.js';
import { MAX_SLICES } from '../engine/slice.js';
import { DEFINITION_LIMITS } from '../engine/definition.js';
import { MAX_FLOW_DEPTH, MAX_FLOWS } from '../engine/flows.js';
import { DEFAULT_FAILURE_DETAIL, MAX_FAILURE_DETAIL } from '../engine/failure-evidence.js';
import { dataParams } from '../engine/data-sets.js';

const int = (minimum: number, maximum?: number, description?: string): JsonSchema => ({
  type: 'integer',
  minimum,
  ...(maximum !== undefined ? { maximum } : {}),
  ...(description ? { description } : {}),
});


export const operationSchema: JsonSchema = {
  type: 'object',
  required: ['type'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', minLength: 1, description: 'Operation type: <family>.<role>_<to|from>_<peer>.<Name>, or a built-in bare name (set, assert, branch, wait, comment, halt)' },
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

const flowOperations: JsonSchema = { type: 'array', minItems: 1, maxItems: 10000, items: operationSchema };
const flowSchema: JsonSchema = {
  type: 'object',
  required: ['operations'],
  additionalProperties: false,
  properties: {
    operations: flowOperations,
    args: {
      description: 'The args it takes: a list of names (each required), or {name: default} (null: required)',
      anyOf: [{ type: 'array', maxItems: 100, items: { type: 'string' } }, { type: 'object', maxProperties: 100 }],
    },
    max_depth: { ...int(1, MAX_FLOW_DEPTH), description: 'A recursive flow: how many times it may be on the flow stack at once' },
    description: { type: 'string' },
  },
};

const distributionSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    type: { enum: ['single', 'load', 'linear'], default: 'single' },
    total: int(1, DEFINITION_LIMITS.maxTotal, 'Total number of Test Instances (load, linear)'),
    backlog: int(1, DEFINITION_LIMITS.maxBacklog, 'Maximum Test Instances in progress at once (load, linear)'),
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

/** The params every run has, whatever plugins are enabled (docs/methods.md "ExecuteTest"). */
export const coreParams: Readonly<Record<string, ParamDefinition>> = {
  run_id: { schema: { type: 'string', minLength: 1, maxLength: 256 }, description: 'Unique identifier of this Test Run' },
  operations: { schema: { type: 'array', minItems: 1, maxItems: 10000, items: operationSchema }, description: 'The Test Operations to perform, in order' },
  vars: { schema: { type: 'object' }, description: 'Variables initialised at the start of each instance; values may be expressions' },
  flows: {
    schema: {
      type: 'object',
      maxProperties: MAX_FLOWS,
      propertyNames: { pattern: '^[A-Za-z_][\\w-]*$' },
      additionalProperties: { anyOf: [flowOperations, flowSchema] },
    },
    description:
      'Reusable flows, {name: [operations]} or {name: {args, max_depth, operations}}: run by call, repeat, choose and parallel, each with its own local vars (docs/definitions.md "Flows")',
  },
  include: {
    schema: { type: 'array', maxItems: MAX_FLOWS, items: { type: 'string', pattern: '^[A-Za-z0-9_][\\w.-]*$', maxLength: 128 } },
    description: "Library flows from the service's data directory: each name reads <data-dir>/flows/<name>.json, whose `flows` join the definition's",
  },
  locks: {
    schema: {
      type: 'array',
      maxItems: 100,
      items: { type: 'object', required: ['key'], additionalProperties: false, properties: { key: { type: 'string', minLength: 1 } } },
    },
    description: 'Exclusive locks taken before the run starts, all or none; a key may be an expression over $v',
  },
  trace_level: { schema: int(0, 3), description: '0 none, 1 debug, 2 dump, 3 spam (first instance)' },
  distribution: { schema: distributionSchema, description: 'single (default), load (total, backlog) or linear (total, backlog, cps)' },
  trace_messages: { schema: int(0, 1), description: 'Anchor: record messages of the first instance even at trace_level 0' },
  detail: {
    schema: {
      type: 'object',
      additionalProperties: false,
      properties: {
        failures: {
          ...int(0, MAX_FAILURE_DETAIL, `Keep the first N failed and the first N aborted instances in detail (the record's failures[]); 0: none (docs/limits.md)`),
          default: DEFAULT_FAILURE_DETAIL,
        },
        trace_level: int(0, 3, "The detail of those instances, as trace_level: default the run's trace_level (the detail first_call has); 0 is cheapest: only their fails, aborts and vars"),
      },
    },
    description:
      'What the record keeps in detail beyond the first instance: `failures: N` (default 5, at most 100), the first N failed and N aborted instances with their checks, log lines, messages and pcap slice, at `trace_level` (default the run\'s)',
  },
  turbo: { schema: int(0, 1), description: 'Anchor: skip checks (argument matching, tests) for instances after the first' },
  slice: {
    schema: {
      type: 'object',
      required: ['index', 'count'],
      additionalProperties: false,
      properties: { index: int(0, MAX_SLICES - 1, 'This slice, 0 to count-1'), count: int(1, MAX_SLICES, 'How many slices the run is split into') },
    },
    description:
      'Run only slice index of count of a load/linear run (docs/scaling.md): its share of total, backlog and cps, with $n = index + j*count; tester merge combines the slices\' records',
  },
  thresholds: {
    schema: { type: 'array', maxItems: MAX_THRESHOLDS, items: { type: 'string', minLength: 1, maxLength: 200 } },
    description:
      "Pass/fail criteria on the whole run, METRIC OP BOUND: e.g. 'p99_ms < 50', 'failed_rate < 0.01', 'rate >= 0.99 * target'; the result record's thresholds[] gives each with its measured value and ok",
  },
  ...dataParams,
};

/** One param as the schema holds it: its schema, with the description and the declared default. */
function paramSchema(p: ParamDefinition): JsonSchema {
  return { ...p.schema, description: p.description, ...(p.default !== undefined ? { default: p.default } : {}) };
}

/**
 * The JSON schema of ExecuteTest params, composed from the registry: the core's params, the params each plugin
 * declared (api.param), and the gateway selector params derived from the registered gateway kinds (`<kind>`, and
 * `<kind>_<label>` for labelled kinds). A param no enabled plugin declares is unknown (2002).
 */
export function executeTestSchema(registry: Registry): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, p] of registry.params) properties[name] = paramSchema(p.def);
  // A definition file names the JSON Schema editors check it against (`tester schema`); the service ignores it.
  properties.$schema = { type: 'string', maxLength: 2048, description: 'The JSON Schema an editor checks this definition against (tester schema); ignored by the service' };
  // What a definition checks, for its readers (the conformance packs cite their clause there); ignored likewise.
  properties.description = { type: 'string', maxLength: 4096, description: 'What this definition checks, for its readers; ignored by the service' };
  const patternProperties: Record<string, JsonSchema> = {};
  for (const s of registry.selectorParams()) {
    if (s.pattern) patternProperties[s.pattern] = paramSchema(s.def);
    else properties[s.name] = paramSchema(s.def);
  }
  return {
    type: 'object',
    required: ['run_id', 'operations'],
    additionalProperties: false,
    properties,
    ...(Object.keys(patternProperties).length ? { patternProperties } : {}),
  };
}
