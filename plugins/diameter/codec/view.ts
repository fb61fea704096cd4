// The JSON side of the codec, driven by the dictionary:
//  - encodeItems(): `[{ name, value }]` items (nested arrays for Grouped AVPs) -> AVP nodes ready to encode
//  - decodeView(): raw AVPs -> a list of decoded AVPs (for traces: name, code, flags, value, enum name, hex)
//  - toObject(): decoded AVPs -> `{ "Result-Code": 2001, "Multiple-Services-Credit-Control": {...} }` (results, $i)
//  - flattenExpected(): expected values (nested objects allowed) -> dotted kpaths with enum names resolved (match)
import type { Json, JsonObject } from '../../../sdk/types.js';
import { AvpFlag, avpFlagsText, parseAvpFlags, readAvps, type AvpNode, type RawAvp } from './avp.js';
import { decodeValue, encodeValue, hexToBytes, ValueError, type BaseType } from './types.js';
import type { Dictionary } from '../dictionary/dictionary.js';
import type { AvpDefinition } from '../dictionary/types.js';
import type { AvpItem } from './avp-item.js';

/** One AVP as written in operation arguments (declared with its schema in avp-item.ts). */
export type { AvpItem };

/** A decoded AVP as shown in traces. */
export interface DecodedAvp {
  name: string;
  code: number;
  vendor?: number;
  flags: string;
  value?: Json;
  /** Name of an enumerated value (or of a Result-Code). */
  enum?: string;
  avps?: DecodedAvp[];
  /** Raw data for AVPs the dictionary does not know or that could not be decoded. */
  hex?: string;
  error?: string;
}

/** Thrown by encodeItems for an argument that cannot be encoded; `path` names the item (e.g. `avps[2].value`). */
export class ItemError extends Error {
  constructor(readonly path: string, message: string) {
    super(`${path}: ${message}`);
    this.name = 'ItemError';
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Normalise grouped values: an array of items, or an object `{ "CC-Time": 60, "Rating-Group": [1, 2] }`
 * (a list value repeats the AVP). Returns items.
 */
export function groupedItems(v: unknown, path: string): AvpItem[] {
  if (Array.isArray(v)) {
    return v.map((it, i) => {
      if (!isPlainObject(it)) throw new ItemError(`${path}[${i}]`, 'each AVP must be an object { "name": ..., "value": ... }');
      return it as AvpItem;
    });
  }
  if (isPlainObject(v)) {
    const out: AvpItem[] = [];
    for (const [name, value] of Object.entries(v)) {
      if (Array.isArray(value) && !value.every(isPlainObject)) for (const x of value) out.push({ name, value: x });
      else out.push({ name, value });
    }
    return out;
  }
  throw new ItemError(path, 'a Grouped AVP takes a list of AVPs [{ "name", "value" }] or an object of AVP names');
}

/** Resolve an item's definition (or an ad-hoc one for `code`/`AVP-<code>` items). */
export function itemDefinition(dict: Dictionary, it: AvpItem, path: string): AvpDefinition {
  if (it.name !== undefined) {
    if (typeof it.name !== 'string') throw new ItemError(`${path}.name`, 'must be a string');
    const def = dict.avp(it.name);
    if (def) return def;
    const num = dict.parseUnknownName(it.name);
    if (num) {
      const known = dict.avpByCode(num.code, num.vendorId);
      if (known) return known;
      return adHoc(num.code, num.vendorId, it, path);
    }
    throw new ItemError(`${path}.name`, `unknown AVP '${it.name}' (not in the dictionary; use AVP-<code> with "hex" or "type", or add it to the site dictionary)`);
  }
  if (it.code !== undefined) {
    if (!Number.isInteger(it.code) || it.code < 0 || it.code > 0xffffffff) throw new ItemError(`${path}.code`, 'must be an unsigned 32-bit integer');
    const known = dict.avpByCode(it.code, it.vendor ?? 0);
    if (known) return known;
    return adHoc(it.code, it.vendor ?? 0, it, path);
  }
  throw new ItemError(path, 'an AVP needs a "name" (or a "code")');
}

function adHoc(code: number, vendorId: number, it: AvpItem, path: string): AvpDefinition {
  if (it.type === undefined && it.hex === undefined && !Array.isArray(it.value)) {
    throw new ItemError(path, `AVP ${code} is not in the dictionary: give "type" or "hex"`);
  }
  const type: BaseType = it.type ?? (Array.isArray(it.value) ? 'Grouped' : 'OctetString');
  return { name: `AVP-${code}`, code, vendorId, type, flags: vendorId ? AvpFlag.V : 0, source: 'argument' };
}

/** Encode argument items into AVP nodes. Enumerated names resolve through the dictionary. */
export function encodeItems(dict: Dictionary, items: readonly AvpItem[], path: string): AvpNode[] {
  return items.map((item, i) => encodeItem(dict, item, `${path}[${i}]`));
}

/** Encode one argument item; `p` names it in errors (e.g. `arguments.avps[3]`). */
export function encodeItem(dict: Dictionary, it: AvpItem, p: string): AvpNode {
  const def = itemDefinition(dict, it, p);
  let flags = def.flags;
  if (it.flags !== undefined) {
    try {
      flags = parseAvpFlags(it.flags);
    } catch (e) {
      throw new ItemError(`${p}.flags`, (e as Error).message);
    }
  }
  const vendorId = it.vendor ?? def.vendorId;
  if (it.hex !== undefined) {
    try {
      return { code: def.code, flags, vendorId, data: hexToBytes(String(it.hex)) };
    } catch (e) {
      throw new ItemError(`${p}.hex`, (e as Error).message);
    }
  }
  const type = it.type ?? def.type;
  if (type === 'Grouped') {
    return { code: def.code, flags, vendorId, children: encodeItems(dict, groupedItems(it.value, `${p}.value`), `${p}.value`) };
  }
  let v = it.value;
  if (v === undefined || v === null) throw new ItemError(`${p}.value`, `AVP ${def.name} needs a value`);
  if (typeof v === 'string' && def.enumByName && (type === 'Enumerated' || type === 'Unsigned32' || type === 'Integer32')) {
    const e = dict.enumValue(def, v);
    if (e !== undefined) v = e;
    else if (!/^\s*-?\d+\s*$/.test(v)) {
      const names = [...def.enumByValue!.values()];
      throw new ItemError(`${p}.value`, `'${v}' is not a value of ${def.name} (one of ${names.slice(0, 12).join(', ')}${names.length > 12 ? ', ...' : ''})`);
    }
  }
  try {
    return { code: def.code, flags, vendorId, data: encodeValue(type, v as never) };
  } catch (e) {
    if (e instanceof ValueError) throw new ItemError(`${p}.value`, `${def.name}: ${e.message}`);
    throw e;
  }
}

/**
 * Decode raw AVPs to the trace view. Never throws on bad values: a value that does not fit its type is shown with
 * `error` and `hex`, and the error text is pushed to `errors` (with the message offset). Grouped AVPs whose inner
 * framing is broken are shown the same way.
 */
export function decodeView(dict: Dictionary, avps: readonly RawAvp[], errors: string[], depth = 0): DecodedAvp[] {
  return decodeList(dict, avps, errors, depth, false);
}

/** Failed-AVP (RFC 6733 §7.5) carries the offending AVPs as received: their faults are shown, not reported. */
const FAILED_AVP = 279;

function decodeList(dict: Dictionary, avps: readonly RawAvp[], errors: string[], depth: number, quiet: boolean): DecodedAvp[] {
  const out: DecodedAvp[] = [];
  for (const a of avps) {
    const def = dict.avpByCode(a.code, a.vendorId);
    const d: DecodedAvp = { name: def ? def.name : dict.avpName(a.code, a.vendorId), code: a.code, flags: avpFlagsText(a.flags) };
    if (a.vendorId) d.vendor = a.vendorId;
    if (!def) {
      d.hex = a.data.toString('hex');
    } else if (def.type === 'Grouped') {
      if (depth > 16) {
        d.error = 'Grouped AVPs nested more than 16 deep';
        d.hex = a.data.toString('hex');
        errors.push(`AVP ${def.name} (${a.code}) at offset ${a.offset}: ${d.error}`);
      } else {
        try {
          const base = a.offset + (a.vendorId || (a.flags & AvpFlag.V) ? 12 : 8);
          const inner = readAvps(a.data, 0, a.data.length, base);
          d.avps = decodeList(dict, inner, errors, depth + 1, quiet || (a.code === FAILED_AVP && !a.vendorId));
        } catch (e) {
          d.error = e instanceof Error ? e.message : String(e);
          d.hex = a.data.toString('hex');
          if (!quiet) errors.push(`in Grouped AVP ${def.name} (${a.code}): ${d.error}`);
        }
      }
    } else {
      try {
        const v = decodeValue(def.type, a.data);
        d.value = v;
        if (typeof v === 'number' && def.enumByValue) {
          const n = def.enumByValue.get(v);
          if (n !== undefined) d.enum = n;
        }
      } catch (e) {
        d.error = e instanceof Error ? e.message : String(e);
        d.hex = a.data.toString('hex');
        if (!quiet) errors.push(`AVP ${def.name} (${a.code}) at offset ${a.offset}: ${d.error}`);
      }
    }
    out.push(d);
  }
  return out;
}

/** The value of one decoded AVP in the object form. */
function objectValue(d: DecodedAvp): Json {
  if (d.avps) return toObject(d.avps);
  if (d.value !== undefined) return d.value;
  return '0x' + (d.hex ?? '');
}

/**
 * The object form of decoded AVPs: name -> value; Grouped AVPs are objects; an AVP that occurs more than once
 * becomes an array of its values (in order).
 */
export function toObject(avps: readonly DecodedAvp[]): JsonObject {
  const o: JsonObject = {};
  const seen = new Set<string>();
  for (const d of avps) {
    const v = objectValue(d);
    if (!(d.name in o)) {
      o[d.name] = v;
    } else if (seen.has(d.name)) {
      (o[d.name] as Json[]).push(v);
    } else {
      o[d.name] = [o[d.name]!, v];
      seen.add(d.name);
    }
  }
  return o;
}

/**
 * Flatten expected values written in arguments (nested objects allowed) into dotted keys, leaving `!` prefixes
 * and nulls alone, and turn enumerated value names into numbers where the dictionary knows them.
 */
export function flattenExpected(dict: Dictionary, expected: Record<string, unknown>, prefix = '', out: JsonObject = {}): JsonObject {
  for (const [k, v] of Object.entries(expected)) {
    const neg = k.startsWith('!');
    const key = (neg ? '!' : '') + prefix + (neg ? k.slice(1) : k);
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      flattenExpected(dict, v as Record<string, unknown>, prefix + (neg ? k.slice(1) : k) + '.', out);
      continue;
    }
    out[key] = normaliseExpected(dict, key, v as Json);
  }
  return out;
}

function normaliseExpected(dict: Dictionary, key: string, v: Json): Json {
  if (typeof v !== 'string') return v;
  const last = key.replace(/^!/, '').split('.').pop()!.replace(/\[\d+\]$/, '');
  const def = dict.avp(last);
  if (!def) return v;
  if (def.enumByName) {
    const e = dict.enumValue(def, v);
    if (e !== undefined) return e;
  }
  if (def.type !== 'UTF8String' && def.type !== 'OctetString' && def.type !== 'DiameterIdentity' &&
      def.type !== 'DiameterURI' && def.type !== 'Address' && def.type !== 'Time' && def.type !== 'IPFilterRule' &&
      /^\s*-?\d+(\.\d+)?\s*$/.test(v)) {
    const n = Number(v);
    if (Number.isSafeInteger(n) || def.type.startsWith('Float')) return n;
  }
  return v;
}

/** The dictionary entry a match field (dotted kpath, selectors, `result_code`) ends with. */
function fieldDefinition(dict: Dictionary, field: string): AvpDefinition | undefined {
  const last = field.replace(/^!/, '').split('.').pop()!.replace(/\[[^\]]*\]/g, '');
  if (last === 'result_code') return dict.avp('Result-Code');
  return dict.avp(last);
}

/** A Result-Code as checks write it: 'DIAMETER_CREDIT_LIMIT_REACHED (4012)', or the number when it has no name. */
export function resultCodeText(dict: Dictionary, code: number, experimental = false): string {
  const name = dict.resultCodeName(code, experimental);
  return name !== undefined ? `${name} (${code})` : String(code);
}

/** An enumerated value with its dictionary name: 'UPDATE_REQUEST (2)'; undefined when it has none. */
function enumText(dict: Dictionary, def: AvpDefinition | undefined, v: unknown): string | undefined {
  if (!def || typeof v !== 'number') return undefined;
  const name = def.name === 'Result-Code' || def.name === 'Experimental-Result-Code' ? dict.resultCodeName(v, def.name === 'Experimental-Result-Code') : def.enumByValue?.get(v);
  return name !== undefined ? `${name} (${v})` : undefined;
}

/** `v` with every enumerated number (at any depth of Grouped values and arrays) replaced by 'NAME (n)'. */
function withEnumNames(dict: Dictionary, def: AvpDefinition | undefined, v: unknown): { v: unknown; named: boolean } {
  const e = enumText(dict, def, v);
  if (e !== undefined) return { v: e, named: true };
  if (Array.isArray(v)) {
    let named = false;
    const out = v.map((x) => {
      const r = withEnumNames(dict, def, x);
      named ||= r.named;
      return r.v;
    });
    return { v: out, named };
  }
  if (v !== null && typeof v === 'object') {
    let named = false;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      const r = withEnumNames(dict, dict.avp(k), x);
      named ||= r.named;
      out[k] = r.v;
    }
    return { v: out, named };
  }
  return { v, named: false };
}

/**
 * How match checks write Diameter values: enumerated values (and Result-Codes) by the dictionary's name with the
 * number, at every depth ('CC-Request-Type: expected UPDATE_REQUEST (2), got INITIAL_REQUEST (1)'); other values
 * are left to the plain JSON form (undefined).
 */
export function showAvpValue(dict: Dictionary): (field: string, value: unknown) => string | undefined {
  let f = showers.get(dict);
  if (!f) showers.set(dict, (f = makeShow(dict)));
  return f;
}

const showers = new WeakMap<Dictionary, (field: string, value: unknown) => string | undefined>();

function makeShow(dict: Dictionary): (field: string, value: unknown) => string | undefined {
  return (field, value) => {
    if (value === undefined || value === null) return undefined;
    const r = withEnumNames(dict, fieldDefinition(dict, field), value);
    if (!r.named) return undefined;
    if (typeof r.v === 'string') return r.v;
    const s = JSON.stringify(r.v);
    return s.length > 200 ? s.slice(0, 197) + '...' : s;
  };
}
