// The REST plugin: named HTTP client instances (plugins.json) and the operations rest.SendRequest and
// rest.ExpectResponse, both also written rest.<label>.<method>. docs/plugins/rest.md describes them.
import { definePlugin, type JsonSchema, httpClientSchemaProperties } from '../../sdk/index.js';
import { RestClient, type RestInstanceOptions } from './gateway/client.js';
import SendRequest from './operations/SendRequest.js';
import ExpectResponse from './operations/ExpectResponse.js';

export interface RestOptions {
  instances: RestInstanceOptions[];
  /** Instance used when the run names none (default: the first). */
  default?: string;
  /** Per-label default instance for rest.<label>.* operations, consulted before the `rest` param. */
  label_defaults?: Record<string, string>;
}

const instanceSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  anyOf: [{ required: ['base_url'] }, { required: ['url'] }],
  properties: {
    name: { type: 'string', minLength: 1 },
    base_url: { type: 'string', pattern: '^https?://' },
    url: { type: 'string', pattern: '^https?://', description: 'another name for base_url' },
    ...httpClientSchemaProperties(16),
  },
};

export const optionsSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    instances: { type: 'array', items: instanceSchema, default: [] },
    default: { type: 'string' },
    label_defaults: { type: 'object', additionalProperties: { type: 'string' } },
  },
};

export default definePlugin<RestOptions>({
  name: 'rest',
  version: '0.1.0',
  // every worker of `tester serve --workers N` loads it (docs/workers.md)
  multiplied: true,
  description: 'HTTP/REST client operations (rest.SendRequest, rest.ExpectResponse) over named keep-alive client instances',
  optionsSchema,
  setup(api, options) {
    const instances = (options.instances ?? []).map((o) => new RestClient(o));
    const names = new Set(instances.map((i) => i.name));
    for (const [label, name] of Object.entries(options.label_defaults ?? {})) {
      if (!names.has(name)) throw new Error(`label_defaults.${label}: no rest instance is named '${name}'`);
    }
    api.gateway({
      kind: 'rest',
      description: 'REST application instance',
      labelled: true,
      instances,
      ...(options.default !== undefined ? { defaultInstance: options.default } : {}),
      ...(options.label_defaults ? { labelDefaults: options.label_defaults } : {}),
    });
    api.operation(SendRequest);
    api.operation(ExpectResponse);
    if (instances.length === 0) api.log('info', 'no REST instances configured: rest.* operations will be refused until plugins.json names one');
    return { instances };
  },
});
