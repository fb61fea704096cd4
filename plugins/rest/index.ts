// The REST plugin: named HTTP client instances (plugins.json) and the operations rest.SendRequest and
// rest.ExpectResponse, both also written rest.<label>.<method>. docs/plugins/rest.md describes them.
import { checkLabelDefaults, definePlugin, namedInstancesSchema, type Static } from '../../sdk/index.js';
import { RestClient } from './gateway/client.js';
import { restInstanceSchema } from './gateway/options.js';
import SendRequest from './operations/SendRequest.js';
import ExpectResponse from './operations/ExpectResponse.js';

export const optionsSchema = namedInstancesSchema(restInstanceSchema, { labelled: true });

/** `default`: the instance used when the run names none (default: the first); `label_defaults`: per label of
 *  rest.<label>.* operations. */
export type RestOptions = Static<typeof optionsSchema>;

export default definePlugin({
  name: 'rest',
  version: '0.1.0',
  // every worker of `tester serve --workers N` loads it (docs/workers.md)
  multiplied: true,
  description: 'HTTP/REST client operations (rest.SendRequest, rest.ExpectResponse) over named keep-alive client instances',
  optionsSchema,
  setup(api, options) {
    const instances = (options.instances ?? []).map((o) => new RestClient(o));
    checkLabelDefaults('rest', instances, options.label_defaults);
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
