// Operation-specific conveniences applied to outbound arguments before encoding: RRBCSM flags, default cause,
// default CAP fields the standard makes mandatory. Also rejects arguments the chosen variant does not define.
import type { JsonObject } from '../../../sdk/index.js';
import type { ArgType } from '../../sigtran/codec/index.js';
import type { Variant } from '../codec/variants.js';
import { FLAG_NAMES, flagsToEvents, hasFlags } from '../matching/rrbcsm.js';
import { config, type Config } from './config.js';
import { expandDotted } from '../../sigtran/codec/index.js';

/** Control arguments of outbound operations (never encoded). */
export const SEND_CONTROL = new Set(['tcap_ac', 'send_with_next', 'send_and_close', 'variant', 'errorCode']);
/** Control arguments of inbound operations (checked separately, never matched as fields). */
export const RECEIVE_CONTROL = new Set(['last_component', 'tcap_ac', 'variant', 'tcap_result', 'tcap_result_diagnostic_user', 'tcap_result_diagnostic_provider']);

export function outboundFields(op: string, variant: Variant, args: JsonObject, cfg: Config = config): JsonObject {
  let out: JsonObject = {};
  for (const k in args) if (args[k] !== undefined && !SEND_CONTROL.has(k)) out[k] = args[k]!;
  if (op === 'RequestReportBCSMEvent' && hasFlags(out)) {
    const events = flagsToEvents(out);
    const rest: JsonObject = {};
    for (const k of Object.keys(out)) if (!FLAG_NAMES.includes(k.replace(/_(mode|timer)$/, ''))) rest[k] = out[k]!;
    rest.bcsmEvents = [...((Array.isArray(out.bcsmEvents) ? out.bcsmEvents : []) as JsonObject[]), ...events];
    out = rest;
  } else if (op === 'ApplyCharging') {
    out = applyChargingForms(out, variant);
  } else if (op === 'ReleaseCall' && !someKey(out, (k) => k.startsWith('initialCallSegment') || k.startsWith('allCallSegments'))) {
    out.initialCallSegment_cause = 31; // "A default value of decimal 31 (normal unspecified) shall be given."
  } else if (op === 'SpecializedResourceReport' && variant === 'camel4' && Object.keys(out).length === 0) {
    out.allAnnouncementsComplete = 1;
  } else if (op === 'AssistRequestInstructions' && variant !== 'cs1' && !someKey(out, (k) => k.startsWith('iPSSPCapabilities'))) {
    out.iPSSPCapabilities_hex = cfg.ipsspCapabilitiesHex;
  }
  return out;
}

/** Whether a key of `o` satisfies `test` (without the array of Object.keys: this runs for every instance). */
function someKey(o: JsonObject, test: (k: string) => boolean): boolean {
  for (const k in o) if (test(k)) return true;
  return false;
}

const names = new WeakMap<ArgType, Set<string>>();

/** Top-level argument names of a type: fields of a SEQUENCE, alternatives of a CHOICE, or the named value. */
export function topNames(at: ArgType): Set<string> {
  let s = names.get(at);
  if (!s) {
    s = new Set();
    const ty = at.ty;
    if (ty.k === 'seq') for (const f of ty.fields) {
      s.add(f.n);
      if (f.al) s.add(f.al);
    }
    else if (ty.k === 'choice') for (const a of ty.alts) s.add(a.n);
    if (at.name) s.add(at.name);
    if (ty.k === 'contain' && ty.inner.k === 'choice') for (const a of ty.inner.alts) s.add(a.n);
    names.set(at, s);
  }
  return s;
}

// Argument names already found defined, per type: the same few names come with every instance of a definition.
const definedNames = new WeakMap<ArgType, Set<string>>();

/** The first argument name the variant's type does not define, or undefined. */
export function unknownArgument(at: ArgType | undefined, fields: JsonObject): string | undefined {
  const known = at && definedNames.get(at);
  for (const k in fields) {
    if (known?.has(k)) continue;
    if (!at) return k;
    const base = k.split('.')[0]!;
    const s = topNames(at);
    if (!s.has(base) && !s.has(base.replace(/_[A-Za-z]+$/, ''))) return k;
    let d = definedNames.get(at);
    if (!d) definedNames.set(at, (d = new Set()));
    if (d.size < 10_000) d.add(k);
  }
  return undefined;
}

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
