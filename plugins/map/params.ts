// The ExecuteTest params this plugin owns: `hlr_ac` (tester-service.md).
import type { ParamDefinition } from '../../sdk/index.js';

export const hlrAcParam: ParamDefinition = {
  schema: { type: 'string', minLength: 1 },
  description: 'Application Context put in an outbound MAP-OPEN of the HLR role (a dialogue the tester opens as HLR, e.g. ProcessUnstructuredSSRequest): an alias (ussd2, ati3, networkUnstructuredSsContext_v2, ...), a dotted OID or hex; an operation\'s tcap_ac overrides it; without either the operation\'s own context is used',
};
