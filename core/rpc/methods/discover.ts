// rpc.discover {}: the OpenRPC 1.2 document of the service's methods (the JSON-RPC convention for describing an
// API), generated from the same sources as the service's checks: ExecuteTest's params from the composed params
// schema, the result record's schema, and the error codes from the catalogue. The HTTP built-in serves the same
// document as /openrpc.json.
import { errorCatalogue, ErrorCode } from '../../errors.js';
import { RunRecordSchema } from '../../api/record.js';
import type { JsonSchema } from '../../api/index.js';

interface ContentDescriptor {
  name: string;
  description?: string;
  required?: boolean;
  schema: JsonSchema;
}

interface MethodObject {
  name: string;
  summary: string;
  paramStructure: 'by-name';
  params: ContentDescriptor[];
  result: ContentDescriptor;
  errors: Array<{ code: number; message: string }>;
}

export interface OpenRpcDocument {
  openrpc: string;
  info: { title: string; version: string; description: string };
  methods: MethodObject[];
}

const runId: ContentDescriptor = { name: 'run_id', required: true, description: 'The Test Run', schema: { type: 'string', minLength: 1 } };
const record: ContentDescriptor = { name: 'record', description: 'The result record', schema: RunRecordSchema as unknown as JsonSchema };
const anyObject: JsonSchema = { type: 'object' };

/** What each method takes and answers, beside its params schema: the codes it may answer besides 1000. */
const METHODS: Record<string, { summary: string; result: ContentDescriptor; codes: number[] }> = {
  ExecuteTest: { summary: 'Start a Test Run; answers "ok" once it started', result: { name: 'ok', schema: { const: 'ok' } }, codes: [ErrorCode.RunIdMissing, ErrorCode.RunIdInUse, ErrorCode.CannotCreate, ErrorCode.CannotStart] },
  QueryTest: { summary: 'The result record of a run, running or ended', result: record, codes: [ErrorCode.RunIdMissing, ErrorCode.RunIdUnknown] },
  CancelTest: { summary: 'Stop a running run; answers its record with cancelled 1 (0 when it had already ended)', result: record, codes: [ErrorCode.RunIdMissing, ErrorCode.RunIdUnknown] },
  ListTests: { summary: 'The runs known now, the gateway instances and the service process', result: { name: 'list', schema: anyObject }, codes: [] },
  DescribeOperations: { summary: 'Every operation type with its argument schema, the params, the expression functions and the error codes', result: { name: 'description', schema: anyObject }, codes: [] },
  'rpc.discover': { summary: 'This OpenRPC document', result: { name: 'OpenRPC document', schema: anyObject }, codes: [] },
};

/** A method's params as OpenRPC content descriptors: the properties of its params schema, `required` from it. */
function paramsOf(name: string, paramsSchema: JsonSchema): ContentDescriptor[] {
  if (name === 'QueryTest' || name === 'CancelTest') return [runId];
  if (name !== 'ExecuteTest') return [];
  const required = new Set((paramsSchema.required as string[] | undefined) ?? []);
  const properties = (paramsSchema.properties ?? {}) as Record<string, JsonSchema>;
  const params = Object.entries(properties).map(([p, schema]) => ({
    name: p,
    ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    required: required.has(p),
    schema,
  }));
  // Labelled gateway selectors (`<kind>_<label>`) are names matching a pattern: OpenRPC names each param, so they
  // are described by their pattern.
  for (const [pattern, schema] of Object.entries((paramsSchema.patternProperties ?? {}) as Record<string, JsonSchema>)) {
    params.push({ name: pattern, description: `Any param whose name matches ${pattern}: ${String(schema.description ?? '')}`, required: false, schema });
  }
  return params;
}

/** The OpenRPC document of the methods a dispatcher serves. */
export function openRpcDocument(methodNames: readonly string[], paramsSchema: JsonSchema, version: string): OpenRpcDocument {
  const message = (code: number) => errorCatalogue.find((e) => e.code === code)!.meaning;
  return {
    openrpc: '1.2.6',
    info: {
      title: 'tester service',
      version,
      description:
        'JSON-RPC 2.0 over framed TCP (a 4-byte big-endian length, then the request) and over HTTP POST /rpc. With a token, every request carries it as params.auth_token (TCP) or in the Authorization header (HTTP). Errors: docs/errors.md.',
    },
    methods: methodNames.map((name) => {
      const m = METHODS[name] ?? { summary: name, result: { name: 'result', schema: {} }, codes: [] };
      return {
        name,
        summary: m.summary,
        paramStructure: 'by-name',
        params: paramsOf(name, paramsSchema),
        result: m.result,
        errors: [ErrorCode.General, ...m.codes].map((code) => ({ code, message: message(code) })),
      };
    }),
  };
}

/** The method: answers the document of the dispatcher's methods as they are when asked. */
export function discover(methodNames: () => readonly string[], paramsSchema: JsonSchema, version: string) {
  return (): OpenRpcDocument => openRpcDocument(methodNames(), paramsSchema, version);
}
