// The ExecuteTest params this plugin owns: `ssp_ac` (tester-service.md) and the anchor's `inap` hints object.
import type { ParamDefinition } from '../../sdk/index.js';

export const sspAcParam: ParamDefinition = {
  schema: { type: 'string', minLength: 1 },
  description: 'Application Context put in an outbound InitialDP (opening the SSP dialogue): an alias (cs1, camel2, camel3, camel4, ...), a dotted OID or hex',
};

export const inapParam: ParamDefinition = {
  schema: {
    type: 'object',
    properties: {
      activity_test: { enum: ['auto', 'answer', 'abort'], description: 'Inbound ActivityTest: auto (answered by the dialogue at once), answer (when the definition next waits), abort' },
    },
  },
  description:
    'Anchor: INAP encode/decode hints: extensions (extension type -> ASN.1 type, e.g. {"400": "OCTET STRING"}), variant (default codec variant), ' +
    'srf_ac (AC of an SRF-opened dialogue), reset_timer / ignore_reset_timer (ResetTimer handling), activity_test (ActivityTest handling: auto, answer, abort)',
};
