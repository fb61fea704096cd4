// Arguments the standard makes mandatory, filled when the definition gives none (each named by its operation's row).
import type { JsonObject } from '../../../sdk/index.js';
import type { OperationBehaviour } from './behaviour.js';

/** Whether a key of `o` satisfies `test` (without the array of Object.keys: this runs for every instance). */
function someKey(o: JsonObject, test: (k: string) => boolean): boolean {
  for (const k in o) if (test(k)) return true;
  return false;
}

/** ReleaseCall: "A default value of decimal 31 (normal unspecified) shall be given." */
export const DEFAULT_CAUSE: OperationBehaviour = {
  outbound(fields) {
    if (!someKey(fields, (k) => k.startsWith('initialCallSegment') || k.startsWith('allCallSegments'))) fields.initialCallSegment_cause = 31;
    return fields;
  },
};

/** CAP v4 SpecializedResourceReport is a CHOICE: without arguments, allAnnouncementsComplete. */
export const DEFAULT_ANNOUNCEMENT_REPORT: OperationBehaviour = {
  outbound(fields, variant) {
    if (variant === 'camel4' && Object.keys(fields).length === 0) fields.allAnnouncementsComplete = 1;
    return fields;
  },
};

/** CAP AssistRequestInstructions: iPSSPCapabilities is mandatory (the plugin option ipssp_capabilities_hex). */
export const DEFAULT_IPSSP_CAPABILITIES: OperationBehaviour = {
  outbound(fields, variant, options) {
    if (variant !== 'cs1' && !someKey(fields, (k) => k.startsWith('iPSSPCapabilities'))) fields.iPSSPCapabilities_hex = options.ipssp_capabilities_hex;
    return fields;
  },
};
