// The OSD plugin: Oracle OCNCC Open Services Development over SOAP 1.1. Named endpoint instances (plugins.json)
// picked by the `osd` ExecuteTest param, and the operation osd.Request (alias ocncc.osd.Request).
// docs/plugins/osd.md describes them.
import { definePlugin, httpClientSchemaProperties, namedInstancesSchema, type JsonSchema, type NamedInstancesOptions } from '../../sdk/index.js';
import { OsdEndpoint, type OsdInstanceOptions } from './gateway/endpoint.js';
import Request from './operations/Request.js';

export type OsdOptions = Omit<NamedInstancesOptions<OsdInstanceOptions>, 'label_defaults'>;

const instanceSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name', 'url'],
  properties: {
    name: { type: 'string', minLength: 1 },
    url: { type: 'string', pattern: '^https?://' },
    username: { type: 'string' },
    password: { type: 'string' },
    auth: { enum: ['basic', 'wsse', 'none'] },
    // `false` first: the service's ajv coerces types, and a string branch tried first would turn false into "false"
    wsdl_url: { anyOf: [{ const: false }, { type: 'string', pattern: '^https?://' }] },
    namespace: { type: 'string', minLength: 1 },
    element_form: { enum: ['qualified', 'unqualified'] },
    action_base: { type: 'string' },
    ...httpClientSchemaProperties(8),
  },
};

export const optionsSchema: JsonSchema = namedInstancesSchema(instanceSchema);

export default definePlugin<OsdOptions>({
  name: 'osd',
  version: '0.1.0',
  description: 'Oracle OCNCC OSD (SOAP 1.1) requests: osd.Request / ocncc.osd.Request over named endpoints',
  namespaces: ['ocncc'],
  optionsSchema,
  setup(api, options) {
    const instances = (options.instances ?? []).map((o) => new OsdEndpoint(o));
    api.gateway({ kind: 'osd', description: 'OSD application instance used for OSD requests', instances, ...(options.default !== undefined ? { defaultInstance: options.default } : {}) });
    api.operation(Request);
    if (instances.length === 0) api.log('info', 'no OSD instances configured: osd.Request will be refused until plugins.json names one');
    return { instances };
  },
});
