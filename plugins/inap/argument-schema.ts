// JSON schemas of operation arguments, derived from the codec's type descriptors (union over the variants):
// every field, its `_hex` form and the derived fields of numbers and causes, enum `_name`s, dotted paths.
import type { JsonSchema } from '../../sdk/index.js';
import { ARG_TYPES, RESULT_TYPES } from './codec/args.js';
import { numberFormats, type ArgType, type Field, type Range, type Ty } from '../sigtran/codec/index.js';
import { VARIANTS } from './codec/variants.js';
import { RRBCSM_FLAGS } from './matching/rrbcsm.js';
import { messageSpec } from './catalogue.js';

const STR = { type: 'string' };
/** Accepted `variant` values; `generic` keeps the dialogue's variant (raw `_hex` fields are accepted by all). */
const VARIANT_NAMES = ['cs1', 'camel', 'camel2', 'camel3', 'camel4', 'generic'];
const INTEGER = { type: 'integer' };

/** An integer field's schema with the range of its descriptor; over several variants, the union of their ranges
 *  (unbounded when one variant has none): the variant's own range is checked when the argument is encoded. */
function intSchema(prev: unknown, r: Range | undefined): unknown {
  const p = prev as { minimum?: number; maximum?: number } | undefined;
  if (!r || (p && p.minimum === undefined)) return INTEGER;
  if (!p) return { type: 'integer', minimum: r[0], maximum: r[1] };
  return { type: 'integer', minimum: Math.min(p.minimum!, r[0]), maximum: Math.max(p.maximum!, r[1]) };
}

function addKeys(props: Record<string, unknown>, n: string, ty: Ty): void {
  switch (ty.k) {
    case 'int':
      props[n] = intSchema(props[n], ty.range);
      return;
    case 'enum':
      props[n] = { type: ['integer', 'string'] };
      props[`${n}_name`] = STR;
      return;
    case 'bool':
      props[n] = { type: ['boolean', 'integer'] };
      return;
    case 'null':
      props[n] = { type: ['integer', 'boolean'] };
      return;
    case 'ia5':
      props[n] = STR;
      return;
    case 'oct':
      props[n] = STR;
      props[`${n}_hex`] = STR;
      if (ty.fmt) for (const s of numberFormats[ty.fmt].suffixes) props[`${n}_${s}`] = s === 'digits' ? STR : INTEGER;
      return;
    case 'any':
      props[n] = STR;
      props[`${n}_hex`] = STR;
      return;
    case 'ext':
      props[n] = { type: ['array', 'string'] };
      props[`${n}_hex`] = STR;
      return;
    case 'contain':
      props[n] = { type: ['object', 'string'] };
      props[`${n}_hex`] = STR;
      return;
    case 'seq':
    case 'choice':
      props[n] = { type: 'object' };
      return;
    case 'seqof':
      props[n] = { type: 'array' };
      if (ty.of.k === 'oct' && ty.of.fmt) for (const s of numberFormats[ty.of.fmt].suffixes) props[`${n}_${s}`] = s === 'digits' ? STR : INTEGER;
      return;
  }
}

function addField(props: Record<string, unknown>, f: Field): void {
  addKeys(props, f.n, f.ty);
  if (f.al) addKeys(props, f.al, f.ty);
}

function addArgType(props: Record<string, unknown>, at: ArgType): void {
  const ty = at.ty;
  if (ty.k === 'seq') ty.fields.forEach((f) => addField(props, f));
  else if (ty.k === 'choice') ty.alts.forEach((f) => addField(props, f));
  else if (at.name) {
    addKeys(props, at.name, ty);
    if (ty.k === 'contain' && ty.inner.k === 'choice') ty.inner.alts.forEach((f) => addField(props, f));
  }
}

/** Properties of the argument (or result) of `name` (a tester message name) in every variant. */
export function messageProperties(name: string): Record<string, unknown> {
  const ms = messageSpec(name);
  const props: Record<string, unknown> = {};
  if (ms.wire === 'error') {
    props.errorCode = INTEGER;
    return props;
  }
  const b = (ms.wire === 'result' ? RESULT_TYPES : ARG_TYPES)[ms.op];
  if (b) for (const v of VARIANTS) addArgType(props, b(v));
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
