// The shapes the client reads from the service: the record and summary types are the kernel's own declarations
// (core/api, type-only imports: nothing of the kernel is bundled), the rest is the HTTP API's (docs/web.md).
import type { RunRecord, RunSummary } from '../../../core/api/index.js';

/** @public the record's type, for the results views */
export type { RunRecord };
export type { RunSummary };

/** A per-second bucket of a run's record. */
export type Bucket = NonNullable<RunRecord['buckets']>[number];

/** A threshold of a run's record with its state. */
export type ThresholdState = NonNullable<RunRecord['thresholds']>[number];

/** One event of GET /api/runs/<id>/events. */
export interface RunEvent {
  type: 'progress' | 'end';
  summary: RunSummary;
  /** The buckets not sent before. */
  buckets: Bucket[];
  thresholds: ThresholdState[];
}

/** GET /api/session. @public (the shell's) */
export interface Session {
  token_required: boolean;
  version: string;
  rpc: { host: string; port: number };
}

/** A JSON schema as the service publishes it (DescribeOperations); the keywords the client reads are typed. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  patternProperties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  required?: string[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  description?: string;
  title?: string;
  default?: unknown;
  [keyword: string]: unknown;
}

/** An operation type of DescribeOperations (docs/methods.md). */
export interface OperationType {
  type: string;
  aliases?: string[];
  labelled?: true;
  labelled_form?: string;
  direction: 'send' | 'receive' | 'local';
  description: string;
  gateway?: string;
  plugin: string;
  source?: string;
  /** The arguments' schema in the send form (a receive type's negations `!field` and nulls are not listed). */
  arguments: JsonSchema;
  control_arguments?: string[];
}

/** An ExecuteTest param of DescribeOperations and its owner. */
interface ParamDescription {
  name: string;
  plugin: string;
  description: string;
  schema: JsonSchema;
  default?: unknown;
  /** The gateway kind whose instance the param selects. */
  gateway?: string;
  pattern?: string;
}

/** DescribeOperations' answer. */
export interface Describe {
  plugins: Array<{ name: string; version: string; description: string }>;
  operations: OperationType[];
  params: ParamDescription[];
  /** The composed schema ExecuteTest validates its params with. */
  params_schema: JsonSchema;
  expression_functions: string[];
  errors: Array<{ code: number; name: string; meaning: string }>;
}

/** A gateway instance as ListTests lists it. */
export interface GatewayLine {
  kind: string;
  name: string;
  state: string;
  default: boolean;
  detail?: Record<string, unknown>;
}

/** ListTests' answer (docs/methods.md). */
export interface ListTestsAnswer {
  runs: Array<Omit<RunSummary, 'current_rate' | 'target_rate'>>;
  locks_held: number;
  gateways: GatewayLine[];
  service: { pid: number; uptime_s: number; memory: Record<string, number> };
}
