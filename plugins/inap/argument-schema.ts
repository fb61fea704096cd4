// JSON schemas of operation arguments, derived from the codec's type descriptors (union over the variants):
// every field, its `_hex` form and the derived fields of numbers and causes, enum `_name`s, dotted paths.
import type { JsonSchema } from '../../sdk/index.js';
import { ARG_TYPES, RESULT_TYPES } from './codec/args.js';
import { argProperties } from '../sigtran/codec/index.js';
import { VARIANTS } from './codec/variants.js';
import { RRBCSM_FLAGS } from './matching/rrbcsm.js';
import { messageSpec } from './catalogue.js';

const STR = { type: 'string' };
/** Accepted `variant` values; `generic` keeps the dialogue's variant (raw `_hex` fields are accepted by all). */
const VARIANT_NAMES = ['cs1', 'camel', 'camel2', 'camel3', 'camel4', 'generic'];
const INTEGER = { type: 'integer' };

/** Properties of the argument (or result) of `name` (a tester message name) in every variant. */
export function messageProperties(name: string): Record<string, unknown> {
  const ms = messageSpec(name);
  const props: Record<string, unknown> = {};
  if (ms.wire === 'error') {
    props.errorCode = INTEGER;
    return props;
  }
  const b = (ms.wire === 'result' ? RESULT_TYPES : ARG_TYPES)[ms.op];
  if (b) for (const v of VARIANTS) argProperties(b(v), props);
  if (ms.op === 'ApplyCharging') props.achBillingChargingCharacteristics_hex = STR;
  if (ms.op === 'RequestReportBCSMEvent') {
    for (const flag of Object.keys(RRBCSM_FLAGS)) {
      props[flag] = { type: ['integer', 'boolean', 'string'] };
      props[`${flag}_mode`] = { type: ['integer', 'string'] };
      props[`${flag}_timer`] = INTEGER;
    }
  }
  return props;
}

/** Dotted keys (`legID.receivingSideID_hex`) name nested fields; they are checked when encoded or matched. */
const DOTTED = { '^!?[A-Za-z][A-Za-z0-9_-]*[.]': {} };

export function sendSchema(name: string, opening: boolean): JsonSchema {
  const props: Record<string, unknown> = {
    ...messageProperties(name),
    send_with_next: { type: 'boolean', description: 'Queue this component and send it with the next outbound operation.' },
    send_and_close: { type: 'boolean', description: 'Send it in a TCAP End (closing the dialogue).' },
    variant: { type: 'string', enum: VARIANT_NAMES, description: 'Codec variant (default: from the AC, else the plugin default); generic = the dialogue\'s.' },
  };
  if (opening) props.tcap_ac = { type: ['string', 'null'], description: 'Application context of the TCAP Begin: alias (cs1, camel2, camel3, camel4, ...), dotted OID or hex; null = none.' };
  if (messageSpec(name).wire === 'error') return { type: 'object', properties: props, required: ['errorCode'], patternProperties: DOTTED };
  return { type: 'object', properties: props, patternProperties: DOTTED };
}

export function receiveSchema(name: string): JsonSchema {
  return {
    type: 'object',
    properties: {
      ...messageProperties(name),
      last_component: { type: ['integer', 'boolean'], description: '1: must be the last component of a TCAP End; 0: must not.' },
      tcap_ac: { type: ['string', 'null'], description: 'Expected AC in the first inbound dialogue portion; null = no dialogue portion.' },
      variant: { type: 'string', enum: VARIANT_NAMES, description: 'Codec variant for a dialogue this operation accepts.' },
      tcap_result: { type: 'integer', minimum: 0, maximum: 1, description: 'Expected AARE result of the first inbound dialogue portion: 0 accepted, 1 reject-permanent.' },
      tcap_result_diagnostic_user: { type: 'integer', description: 'Expected AARE dialogue-service-user diagnostic.' },
      tcap_result_diagnostic_provider: { type: 'integer', description: 'Expected AARE dialogue-service-provider diagnostic.' },
    },
    patternProperties: DOTTED,
  };
}
