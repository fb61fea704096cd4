// The map plugin's own control arguments (the kit declares the shared ones): `tcap`, the MAP-OPEN of a Begin the
// operation opens, and the default AC in the description of `tcap_ac`.
import { controlNames, type FamilyControls } from '../sigtran/user/index.js';

export const MAP_CONTROLS: FamilyControls = {
  send: { send_and_close: { type: 'boolean', description: 'Send it in a TCAP End (true) or a Continue (false); default: an End for an answer whose operation the responder closes with, else a Begin or Continue.' } },
  opening: {
    tcap_ac: { type: ['string', 'null'], description: 'AC of the TCAP Begin when this opens the dialogue: alias, dotted OID or hex; null = none (default: the run\'s hlr_ac for the HLR role, else the operation\'s own context).' },
    tcap: { type: 'object', description: 'MAP-OPEN of the Begin: { map_open: { destination_reference_digits, _noa, _npi, origination_reference_digits, ... } }' },
    ac_fallback: { type: 'boolean', description: 'Application-context negotiation: when the peer refuses the Begin with application-context-name-not-supported naming a lower version of the same context, open the dialogue again in that version and send this Invoke again, coded as that version has it (the refusal and the new Begin are in the ladder).' },
    empty_begin: { type: 'boolean', description: 'The empty-Begin procedure (TS 29.002 annex C.2.1): send the Begin with the dialogue portion (AC, MAP-OPEN) alone, wait for the peer\'s Continue, and send this Invoke in the next Continue.' },
  },
};

/** Arguments of outbound operations that are never encoded: the control arguments, and errorCode. */
export const SEND_CONTROLS: ReadonlySet<string> = new Set([...controlNames(MAP_CONTROLS).send, 'errorCode']);
