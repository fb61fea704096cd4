// The ExecuteTest params this plugin owns, declared once: `hlr_ac` (tester-service.md), read through hlrAc().
import { Type, type JsonObject, type ParamDefinition, type Static } from '../../sdk/index.js';

const HlrAcSchema = Type.String({ minLength: 1 });

export const hlrAcParam: ParamDefinition = {
  schema: { ...HlrAcSchema },
  description: 'Application Context put in an outbound MAP-OPEN of the HLR role (a dialogue the tester opens as HLR, e.g. ProcessUnstructuredSSRequest): an alias (ussd2, ati3, networkUnstructuredSsContext_v2, ...), a dotted OID or hex; an operation\'s tcap_ac overrides it; without either the operation\'s own context is used',
};

/** The run's `hlr_ac` (validated at ExecuteTest), or undefined. */
export function hlrAc(params: Readonly<JsonObject>): Static<typeof HlrAcSchema> | undefined {
  return params.hlr_ac as Static<typeof HlrAcSchema> | undefined;
}
