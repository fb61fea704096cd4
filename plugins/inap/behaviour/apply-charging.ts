// ApplyCharging's behaviour (its row names APPLY_CHARGING): the anchor's spellings of the billing characteristics
// on the way out, per CAP version, and the same shorthand on a decoded ApplyCharging.
import type { JsonObject } from '../../../sdk/index.js';
import { expandDotted } from '../../sigtran/codec/index.js';
import type { Variant } from '../codec/variants.js';
import type { OperationBehaviour } from './behaviour.js';

function isObj(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * ApplyCharging spellings of the anchor: `achBillingChargingCharacteristics_hex` (generic), and `tone` directly
 * under timeDurationCharging: CAP v3 has `tone [3]` there itself; CAP v4 `audibleIndicator.tone`; CAP v2
 * `releaseIfdurationExceeded.tone`, where releaseIfdurationExceeded may also be given as a boolean. Each version takes
 * the others' spellings (`audibleIndicator.tone` in CAP v3 is sent as `tone`).
 */
function applyChargingForms(input: JsonObject, variant: Variant): JsonObject {
  const out = expandDotted(input) as JsonObject;
  if (out.achBillingChargingCharacteristics_hex !== undefined && out.aChBillingChargingCharacteristics_hex === undefined) {
    out.aChBillingChargingCharacteristics_hex = out.achBillingChargingCharacteristics_hex;
    delete out.achBillingChargingCharacteristics_hex;
  }
  const ach = out.aChBillingChargingCharacteristics;
  if (variant === 'cs1' || !isObj(ach) || !isObj(ach.timeDurationCharging)) return out;
  const tdc: JsonObject = { ...ach.timeDurationCharging };
  if (variant === 'camel2') {
    const r = tdc.releaseIfdurationExceeded;
    if (r === true || r === 1 || r === 'true' || (tdc.tone !== undefined && r === undefined)) tdc.releaseIfdurationExceeded = {};
    else if (r === false || r === 0 || r === 'false') delete tdc.releaseIfdurationExceeded;
    if (tdc.tone !== undefined && isObj(tdc.releaseIfdurationExceeded)) tdc.releaseIfdurationExceeded = { ...tdc.releaseIfdurationExceeded, tone: tdc.tone };
    delete tdc.tone;
  } else if (variant === 'camel3') {
    const a = tdc.audibleIndicator;
    if (isObj(a) && a.tone !== undefined && Object.keys(a).length === 1) {
      tdc.tone ??= a.tone;
      delete tdc.audibleIndicator;
    }
  } else {
    if (tdc.tone !== undefined && tdc.audibleIndicator === undefined) tdc.audibleIndicator = { tone: tdc.tone };
    delete tdc.tone;
  }
  return { ...out, aChBillingChargingCharacteristics: { ...ach, timeDurationCharging: tdc } };
}

/** The decoded ApplyCharging gets the same shorthand: `tone` (CAP v4: from audibleIndicator; CAP v2: from the
 *  releaseIfdurationExceeded SEQUENCE, which becomes a boolean). */
export function applyChargingView(fields: JsonObject, variant: Variant): void {
  const ach = fields.aChBillingChargingCharacteristics;
  if (!isObj(ach) || !isObj(ach.timeDurationCharging)) return;
  const tdc = ach.timeDurationCharging;
  if (variant === 'camel2') {
    const r = tdc.releaseIfdurationExceeded;
    if (isObj(r)) {
      tdc.tone = r.tone ?? false;
      tdc.releaseIfdurationExceeded_sequence = r;
      tdc.releaseIfdurationExceeded = true;
    }
  } else if (variant === 'camel4' && isObj(tdc.audibleIndicator) && tdc.audibleIndicator.tone !== undefined) tdc.tone = tdc.audibleIndicator.tone;
}

export const APPLY_CHARGING: OperationBehaviour = {
  properties: { achBillingChargingCharacteristics_hex: { type: 'string' } },
  outbound: applyChargingForms,
  inbound: applyChargingView,
};
