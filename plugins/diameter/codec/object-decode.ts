// Raw AVPs straight to the object form (`{ "Result-Code": 2001, "Granted-Service-Unit": { "CC-Time": 60 } }`), the
// form results, $i, tests[] and matching read: the same values, names and value faults as toObject(decodeView(...))
// (view.ts), without the trace view's object per AVP, which only a recorded message needs. Never throws on bad
// values: a value that does not fit its type is its data in hex ('0x…'), and the fault's text goes to `errors`.
import type { Json, JsonObject } from '../../../sdk/types.js';
import { AvpFlag, readAvps, type RawAvp } from './avp.js';
import { decodeValue } from './types.js';
import type { Dictionary } from '../dictionary/dictionary.js';

/** Failed-AVP (RFC 6733 §7.5) carries the offending AVPs as received: their faults are shown, not reported. */
const FAILED_AVP = 279;
/** Deeper Grouped AVPs are shown as hex, as in the trace view. */
const MAX_DEPTH = 16;

export function decodeObject(dict: Dictionary, avps: readonly RawAvp[], errors: string[], depth = 0, quiet = false): JsonObject {
  const o: JsonObject = {};
  let repeated: Set<string> | undefined;
  for (let i = 0; i < avps.length; i++) {
    const a = avps[i]!;
    const def = dict.avpByCode(a.code, a.vendorId);
    const name = def ? def.name : dict.avpName(a.code, a.vendorId);
    let v: Json;
    if (!def) v = hex(a);
    else if (def.type === 'Grouped') v = groupedValue(dict, a, def.name, errors, depth, quiet);
    else {
      try {
        v = decodeValue(def.type, a.data);
      } catch (e) {
        v = hex(a);
        if (!quiet) errors.push(`AVP ${def.name} (${a.code}) at offset ${a.offset}: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    // an AVP that occurs more than once becomes the list of its values, in order
    if (!(name in o)) o[name] = v;
    else if (repeated?.has(name)) (o[name] as Json[]).push(v);
    else {
      o[name] = [o[name]!, v];
      (repeated ??= new Set()).add(name);
    }
  }
  return o;
}

function groupedValue(dict: Dictionary, a: RawAvp, name: string, errors: string[], depth: number, quiet: boolean): Json {
  if (depth > MAX_DEPTH) {
    errors.push(`AVP ${name} (${a.code}) at offset ${a.offset}: Grouped AVPs nested more than 16 deep`);
    return hex(a);
  }
  let inner: RawAvp[];
  try {
    inner = readAvps(a.data, 0, a.data.length, a.offset + (a.vendorId || (a.flags & AvpFlag.V) ? 12 : 8));
  } catch (e) {
    if (!quiet) errors.push(`in Grouped AVP ${name} (${a.code}): ${e instanceof Error ? e.message : String(e)}`);
    return hex(a);
  }
  return decodeObject(dict, inner, errors, depth + 1, quiet || (a.code === FAILED_AVP && !a.vendorId));
}

const hex = (a: RawAvp): string => '0x' + a.data.toString('hex');
