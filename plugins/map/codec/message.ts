// A MAP message (operation argument, result or error parameter) between the flattened JSON form and BER, with
// what the plain descriptors cannot say: shorthands for nested fields (`msisdn` for subscriberIdentity.msisdn),
// the USSD text (`ussdString_text`, coded as `ussdDataCodingScheme` says) and the short message TPDU of the
// SM-RP-UI (`sm-RP-UI_tpdu`). Decoding fills the same fields: the raw octets always stay beside their text.
import { CodecError, decodeArg, encodeArg, expandDotted, type ArgType, type Field, type Ty } from '../../sigtran/codec/index.js';
import type { WireKind } from '../../sigtran/user/index.js';
import type { MapOperation } from '../catalogue.js';
import { cbsAlphabet, cbsDcs } from './dcs.js';
import { decodeUcs2, encodeUcs2, fromSeptets, packUssd, TextError, unpack7, unpackUssd, toSeptets } from './text.js';
import { decodeTpdu, encodeTpdu, TpduError } from './tpdu.js';
import { ERROR_PARAMS, TYPES } from './types/index.js';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

/** The argument/result type of `op` in `version` for `wire` (errors: the parameter type of the error name). */
export function messageType(op: MapOperation, wire: WireKind, version: number, errorName?: string): ArgType | undefined {
  if (wire === 'error') return errorName ? ERROR_PARAMS[errorName] : undefined;
  const v = op.versions[version];
  const name = wire === 'invoke' ? v?.arg : v?.res;
  return name ? TYPES[name] : undefined;
}

type Shorthands = MapOperation['shorthands'] & object;
const NO_SHORTHANDS: Shorthands = Object.freeze({});
const shorthandsOf = (op: MapOperation, wire: WireKind) => (wire === 'invoke' ? op.shorthands : wire === 'result' ? op.resultShorthands : undefined) ?? NO_SHORTHANDS;

/** The nested path a shorthand stands for in a type: the first of its paths the type has (versions nest differently:
 *  SRI's roaming number is under extendedRoutingInfo in v3, under routingInfo in v1/v2). */
export function shorthandPath(at: ArgType, paths: string | readonly string[]): string | undefined {
  return typeof paths === 'string' ? (fieldAt(at, paths) ? paths : undefined) : paths.find((p) => fieldAt(at, p));
}

/** A shorthand table as applyShorthands and addShorthands walk it for one type: the short name and its `short_`
 *  prefix, the nested path's parents, its last part and that part's `last_` prefix. */
type Shorthand = { short: string; prefix: string; parents: string[]; last: string; lastPrefix: string };
const SHORTHANDS = new WeakMap<Shorthands, WeakMap<ArgType, Shorthand[]>>();

function shorthandList(shorts: Shorthands, at: ArgType): Shorthand[] {
  let byType = SHORTHANDS.get(shorts);
  if (!byType) SHORTHANDS.set(shorts, (byType = new WeakMap()));
  let list = byType.get(at);
  if (!list) {
    list = [];
    for (const [short, paths] of Object.entries(shorts)) {
      const path = shorthandPath(at, paths);
      if (!path) continue;
      const parts = path.split('.');
      const last = parts[parts.length - 1]!;
      list.push({ short, prefix: short + '_', parents: parts.slice(0, -1), last, lastPrefix: last + '_' });
    }
    byType.set(at, list);
  }
  return list;
}

/** Move `short`, `short_<suffix>` keys to the nested `path` (`msisdn_digits` -> subscriberIdentity.msisdn_digits). */
function applyShorthands(fields: Obj, shorts: Shorthands, at: ArgType): Obj {
  let out = fields;
  const list = shorthandList(shorts, at);
  if (list.length === 0) return fields;
  const keys = Object.keys(fields);
  for (const s of list) {
    for (const k of keys) {
      if (k !== s.short && !k.startsWith(s.prefix)) continue;
      if (out === fields) out = { ...fields };
      let cur = out;
      for (const p of s.parents) {
        cur[p] = isObj(cur[p]) ? { ...(cur[p] as Obj) } : {};
        cur = cur[p] as Obj;
      }
      cur[s.last + k.slice(s.short.length)] = fields[k];
      delete out[k];
    }
  }
  return out;
}

/** Copy the nested fields a shorthand stands for to the top (decoded messages carry both spellings). */
function addShorthands(fields: Obj, shorts: Shorthands, at: ArgType): void {
  for (const s of shorthandList(shorts, at)) {
    let cur: unknown = fields;
    for (const p of s.parents) cur = isObj(cur) ? cur[p] : undefined;
    if (!isObj(cur)) continue;
    for (const k of Object.keys(cur)) if (k === s.last || k.startsWith(s.lastPrefix)) fields[s.short + k.slice(s.last.length)] = cur[k];
  }
}

const hasField = (at: ArgType, n: string) => at.ty.k === 'seq' && at.ty.fields.some((f) => f.n === n);

/** `ussdString_text` -> `ussdString`, in the alphabet `ussdDataCodingScheme` selects (GSM 7-bit when none is given,
 *  or UCS2 when the text needs it). */
function encodeUssdText(fields: Obj): void {
  const text = fields.ussdString_text;
  delete fields.ussdString_text;
  if (typeof text !== 'string') throw new CodecError(`ussdString_text: expected a string, got ${JSON.stringify(text)}`);
  if (fields.ussdString !== undefined || fields.ussdString_hex !== undefined) throw new CodecError('ussdString_text: give either ussdString(_hex) or ussdString_text');
  const dcsKeys = Object.keys(fields).filter((k) => k === 'ussdDataCodingScheme' || k.startsWith('ussdDataCodingScheme_'));
  let dcs: number;
  if (dcsKeys.length === 0) {
    let gsm7 = true;
    try {
      toSeptets(text);
    } catch {
      gsm7 = false;
    }
    dcs = gsm7 ? 0x0f : 0x48; // language unspecified; else general data coding, UCS2
    fields.ussdDataCodingScheme = dcs.toString(16).padStart(2, '0');
  } else {
    const raw = fields.ussdDataCodingScheme ?? fields.ussdDataCodingScheme_hex;
    if (raw !== undefined) dcs = parseInt(String(raw), 16);
    else {
      const r = cbsDcs.encode((s) => fields[`ussdDataCodingScheme_${s}`]);
      if (typeof r === 'string') throw new CodecError(`ussdDataCodingScheme${r}`);
      dcs = r[0]!;
    }
  }
  const { alphabet, languagePrefix } = cbsAlphabet(dcs);
  let b: Uint8Array;
  try {
    if (alphabet === 'ucs2') b = languagePrefix ? Uint8Array.from([...packUssd(text.slice(0, 2)).subarray(0, 2), ...encodeUcs2(text.slice(2))]) : encodeUcs2(text);
    else if (alphabet === '8bit') b = Buffer.from(text, 'latin1');
    else b = packUssd(text);
  } catch (e) {
    if (e instanceof TextError) throw new CodecError(`ussdString_text: ${e.message}`);
    throw e;
  }
  if (b.length > 160) throw new CodecError(`ussdString_text: ${b.length} octets exceed the USSD-String maximum of 160`);
  fields.ussdString = hex(b);
}

function decodeUssdText(fields: Obj): void {
  const s = fields.ussdString;
  const d = fields.ussdDataCodingScheme;
  if (typeof s !== 'string' || typeof d !== 'string' || d.length !== 2) return;
  const b = Buffer.from(s, 'hex');
  const { alphabet, languagePrefix } = cbsAlphabet(parseInt(d, 16));
  if (alphabet === 'ucs2') fields.ussdString_text = languagePrefix ? fromSeptets(unpack7(b.subarray(0, 2), 2)) + decodeUcs2(b.subarray(2)) : decodeUcs2(b);
  else if (alphabet === '8bit') fields.ussdString_text = b.toString('latin1');
  else fields.ussdString_text = unpackUssd(b);
}

/** Where a message of a forwardSM carries a TPDU, which way the TPDU goes and its default type: the Invoke's
 *  sm-RP-UI (SMS-SUBMIT MO, SMS-DELIVER MT), the result's sm-RP-UI (the report back: RP-ACK) and sm-DeliveryFailure's
 *  diagnosticInfo (the report back in an RP-ERROR, TS 29.002 §7.6.8.4). */
type TpduPlace = { key: string; direction: 'mo' | 'mt'; type: string; rp?: 'ack' | 'error' };

function tpduPlace(op: MapOperation, wire: WireKind, errorName: string | undefined): TpduPlace | undefined {
  if (!op.tpdu) return undefined;
  if (wire === 'invoke') return { key: 'sm-RP-UI', direction: op.tpdu, type: op.tpdu === 'mo' ? 'SMS-SUBMIT' : 'SMS-DELIVER' };
  const back = op.tpdu === 'mo' ? 'mt' : 'mo';
  const type = back === 'mt' ? 'SMS-SUBMIT-REPORT' : 'SMS-DELIVER-REPORT';
  if (wire === 'result') return { key: 'sm-RP-UI', direction: back, type, rp: 'ack' };
  return errorName === 'sm-DeliveryFailure' ? { key: 'diagnosticInfo', direction: back, type, rp: 'error' } : undefined;
}

/** `<key>_tpdu` (the TPDU's JSON form) -> `<key>` (its hex). */
function encodeTpduField(fields: Obj, place: TpduPlace): Obj {
  const name = `${place.key}_tpdu`;
  const tpdu = fields[name];
  delete fields[name];
  if (fields[place.key] !== undefined || fields[`${place.key}_hex`] !== undefined) throw new CodecError(`${name}: give either ${place.key}(_hex) or ${name}`);
  if (!isObj(tpdu)) throw new CodecError(`${name}: expected an object (type, text, da_digits / oa_digits, ...)`);
  try {
    fields[place.key] = hex(encodeTpdu({ type: place.type, ...(place.rp ? { rp_type: place.rp } : {}), ...tpdu }, place.direction));
  } catch (e) {
    if (e instanceof TpduError || e instanceof TextError) throw new CodecError(`${name}.${e.message}`);
    throw e;
  }
  return fields;
}

/**
 * Encode a message from the flattened form (control arguments already removed). Returns the parameter TLV, or
 * undefined when the message has no parameter. Throws CodecError naming the argument at fault.
 */
export function encodeMessage(op: MapOperation, wire: WireKind, version: number, args: Obj, errorName?: string): Uint8Array | undefined {
  const at = messageType(op, wire, version, errorName);
  let fields = at ? applyShorthands(expandDotted(args), shorthandsOf(op, wire), at) : expandDotted(args);
  if (wire === 'error' && (fields.parameter_hex !== undefined || fields.parameter !== undefined)) {
    const h = String(fields.parameter_hex ?? fields.parameter);
    if (!/^([0-9a-fA-F]{2})+$/.test(h)) throw new CodecError(`parameter_hex: expected the hex of one TLV, got ${JSON.stringify(h)}`);
    return Buffer.from(h, 'hex');
  }
  if (!at) {
    const extra = Object.keys(fields);
    if (extra.length) throw new CodecError(`${extra[0]}: ${wire === 'error' ? `the error ${errorName ?? ''} has no modelled parameter (give parameter_hex)` : `${op.name}${wire === 'result' ? ' results have' : ' has'} no parameter in version ${version}`}`);
    return undefined;
  }
  if (fields.ussdString_text !== undefined && hasField(at, 'ussdString')) {
    fields = { ...fields };
    encodeUssdText(fields);
  }
  const place = tpduPlace(op, wire, errorName);
  if (place && fields[`${place.key}_tpdu`] !== undefined) fields = encodeTpduField({ ...fields }, place);
  return encodeArg(at, fields);
}

export type MessageDecode = { ok: true; fields: Obj } | { ok: false; error: string; fields: Obj };

/** Decode a received parameter into the flattened form (never throws). */
export function decodeMessage(op: MapOperation, wire: WireKind, version: number, bytes: Uint8Array | undefined, errorName?: string): MessageDecode {
  const at = messageType(op, wire, version, errorName);
  if (!at) return { ok: true, fields: bytes && bytes.length ? { parameter_hex: hex(bytes) } : {} };
  const r = decodeArg(at, bytes);
  const fields = r.fields;
  if (hasField(at, 'ussdString')) decodeUssdText(fields);
  const place = tpduPlace(op, wire, errorName);
  if (place && typeof fields[place.key] === 'string') {
    try {
      fields[`${place.key}_tpdu`] = decodeTpdu(Buffer.from(fields[place.key] as string, 'hex'), place.direction, place.rp);
    } catch (e) {
      if (!(e instanceof TpduError)) throw e;
      fields[`${place.key}_tpdu_error`] = e.message;
    }
  }
  addShorthands(fields, shorthandsOf(op, wire), at);
  return r.ok ? { ok: true, fields } : { ok: false, error: r.error, fields };
}

/** The descriptor of the field at a dotted path of a type (for the schema of shorthands). */
export function fieldAt(at: ArgType, path: string): Field | undefined {
  let ty: Ty = at.ty;
  let found: Field | undefined;
  for (const p of path.split('.')) {
    const list: readonly Field[] = ty.k === 'seq' ? ty.fields : ty.k === 'choice' ? ty.alts : [];
    found = list.find((f) => f.n === p);
    if (!found) return undefined;
    ty = found.ty;
  }
  return found;
}

