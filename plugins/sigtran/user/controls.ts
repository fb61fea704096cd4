// The control arguments of TCAP-user operations, declared once: what a send or receive operation takes besides the
// fields of its message (never encoded, never matched as fields), with their schemas. A family adds its own
// (inap: `variant`; map: `tcap`, the MAP-OPEN of a Begin) through defineTcapUserFamily's `controls`.
import type { JsonSchema } from '../../../sdk/index.js';

export type Properties = Record<string, JsonSchema>;

/** Of every send operation. */
export const SEND_CONTROLS: Properties = {
  send_with_next: { type: 'boolean', description: 'Queue this component and send it with the next outbound operation.' },
  send_and_close: { type: 'boolean', description: 'Send it in a TCAP End (closing the dialogue).' },
  result_not_last: { type: 'boolean', description: 'A result sent as a ReturnResultNotLast: one segment of it, the invoke still to answer (the last segment is a result without it).' },
};

/** Of a send operation that may open the dialogue (its Begin). */
export const OPENING_CONTROLS: Properties = {
  tcap_ac: { type: ['string', 'null'], description: 'Application context of the TCAP Begin: alias, dotted OID or hex; null = none.' },
};

/** The checks every receive operation takes on its dialogue besides the message fields (checks.ts). */
export const DIALOGUE_CONTROLS: Properties = {
  last_component: { type: ['integer', 'boolean'], description: '1: must be the last component of a TCAP End; 0: must not.' },
  segments: { type: 'integer', minimum: 1, description: 'A result: the number of components it came in (ReturnResultNotLast segments and the ReturnResultLast; 1: not segmented).' },
  tcap_ac: { type: ['string', 'null'], description: 'Expected AC of the first inbound dialogue portion; null = none must have come.' },
  tcap_result: { type: 'integer', minimum: 0, maximum: 1, description: 'Expected AARE result of the first inbound dialogue portion: 0 accepted, 1 reject-permanent.' },
  tcap_result_diagnostic_user: { type: 'integer', description: 'Expected AARE dialogue-service-user diagnostic.' },
  tcap_result_diagnostic_provider: { type: 'integer', description: 'Expected AARE dialogue-service-provider diagnostic.' },
};

/** A family's own control arguments, by where they apply (a later entry of the same name replaces the shared one). */
export interface FamilyControls {
  send?: Properties;
  opening?: Properties;
  receive?: Properties;
}

/** Dotted keys (`legID.receivingSideID_hex`) name nested fields; they are checked when encoded or matched. */
export const DOTTED = { '^!?[A-Za-z][A-Za-z0-9_-]*[.]': {} };

/** The names of the control arguments of a family's send and receive operations. */
export function controlNames(own: FamilyControls | undefined): { send: ReadonlySet<string>; receive: ReadonlySet<string> } {
  return {
    send: new Set([...Object.keys(SEND_CONTROLS), ...Object.keys(OPENING_CONTROLS), ...Object.keys(own?.send ?? {}), ...Object.keys(own?.opening ?? {})]),
    receive: new Set([...Object.keys(DIALOGUE_CONTROLS), ...Object.keys(own?.receive ?? {})]),
  };
}
