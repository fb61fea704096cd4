// Turns expected arguments of an inbound operation into the flat `path: value` form ctx.match() checks, so nested
// fields get one check each and `!` / null work at any depth: {"legID": {"!receivingSideID_hex": null}} becomes
// {"!legID.receivingSideID_hex": null}.
import type { Json, JsonObject } from '../../../sdk/index.js';

function isObj(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Value at a dotted path ('a.b.c', 'a[0].b'); undefined when absent. */
export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split(/\.|\[(\d+)\]/).filter((p) => p !== undefined && p !== '')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/**
 * Flatten `expected` (skipping `skip` keys at the top) into dotted paths. An enum given by name
 * (`eventTypeBCSM: "oAnswer"`) is checked against the decoded `_name` field when the message has one.
 */
export function flattenExpected(expected: JsonObject, skip: ReadonlySet<string>, received: JsonObject): JsonObject {
  const out: JsonObject = {};
  walk(out, expected, '', false, skip, received);
  return out;
}

/** Whether `v` has an own enumerable key (no array of its keys made: this runs for every received message). */
export function hasKeys(v: object): boolean {
  for (const _ in v) return true;
  return false;
}

function walk(out: JsonObject, obj: JsonObject, prefix: string, neg: boolean, skip: ReadonlySet<string>, received: JsonObject): void {
  for (const key in obj) {
    if (!prefix && skip.has(key)) continue;
    let k = key;
    let n = neg;
    if (k.charCodeAt(0) === 33) {
      n = true;
      k = k.slice(1);
    }
    const path = prefix ? `${prefix}.${k}` : k;
    const v = obj[key] as Json;
    if (isObj(v) && hasKeys(v)) {
      walk(out, v, path, n, skip, received);
      continue;
    }
    let p = path;
    if (typeof v === 'string' && !/^\s*-?\d+\s*$/.test(v) && getPath(received, `${path}_name`) !== undefined) p = `${path}_name`;
    out[(n ? '!' : '') + p] = v;
  }
}

/** Loose equality for matching (numbers vs numeric strings, hex case-insensitive, objects by expected keys). */
export function looseEqual(expected: unknown, actual: unknown): boolean {
  if (expected === actual) return true;
  if (expected === null || expected === undefined || actual === null || actual === undefined) return false;
  if (typeof expected === 'object' || typeof actual === 'object') {
    if (Array.isArray(expected) && Array.isArray(actual)) return expected.length === actual.length && expected.every((e, i) => looseEqual(e, actual[i]));
    if (isObj(expected) && isObj(actual)) return Object.keys(expected).every((k) => looseEqual(expected[k], actual[k]));
    return false;
  }
  if (typeof expected === 'boolean' || typeof actual === 'boolean') return String(expected) === String(actual) || Number(expected) === Number(actual);
  const se = String(expected).trim();
  const sa = String(actual).trim();
  if (se === sa) return true;
  if (se !== '' && sa !== '' && !Number.isNaN(Number(se)) && Number(se) === Number(sa)) return true;
  return /^[0-9a-f]+$/i.test(se) && se.toLowerCase() === sa.toLowerCase();
}
