// The OSD plugin: Oracle OCNCC Open Services Development over SOAP 1.1. Named endpoint instances (plugins.json)
// picked by the `osd` ExecuteTest param, and the operation osd.Request (alias ocncc.osd.Request).
// docs/plugins/osd.md describes them.
import { definePlugin, namedInstancesSchema, type Static } from '../../sdk/index.js';
import { OsdEndpoint } from './gateway/endpoint.js';
import { osdInstanceSchema } from './gateway/options.js';
import Request from './operations/Request.js';

export const optionsSchema = namedInstancesSchema(osdInstanceSchema);

export type OsdOptions = Static<typeof optionsSchema>;

export default definePlugin({
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
