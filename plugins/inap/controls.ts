// The inap plugin's own control arguments (the kit declares the shared ones): `variant` on every operation, and the
// AC aliases in the description of an opening operation's `tcap_ac`.
import { controlNames, type FamilyControls } from '../sigtran/user/index.js';
import { variantSchema } from './codec/variants.js';

export const INAP_CONTROLS: FamilyControls = {
  send: { variant: { ...variantSchema('Codec variant (default: from the AC, else the plugin default); generic = the dialogue\'s.', { extra: ['generic'] }) } },
  opening: { tcap_ac: { type: ['string', 'null'], description: 'Application context of the TCAP Begin: alias (cs1, camel2, camel3, camel4, ...), dotted OID or hex; null = none.' } },
  receive: { variant: { ...variantSchema('Codec variant for a dialogue this operation accepts.', { extra: ['generic'] }) } },
};

/** Arguments of outbound operations that are never encoded: the control arguments, and errorCode. */
export const SEND_CONTROLS: ReadonlySet<string> = new Set([...controlNames(INAP_CONTROLS).send, 'errorCode']);
