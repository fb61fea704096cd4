// Checks done at ExecuteTest (prepare) on arguments written without expressions, so that a definition with a
// misspelt AVP, a value that does not fit its type, or an unknown name in an expectation is refused with 2002
// naming the path, instead of failing later in every instance.
import { invalid, isExpression } from '../../../sdk/index.js';
import { encodeItem, ItemError, type AvpItem } from '../codec/view.js';
import type { Dictionary } from '../dictionary/dictionary.js';
import { SESSION_ID_AUTO } from '../runtime/build.js';


/** True when an expression string appears anywhere in `v`. */
function hasExpression(v: unknown): boolean {
  if (isExpression(v)) return true;
  if (Array.isArray(v)) return v.some(hasExpression);
  if (v && typeof v === 'object') return Object.entries(v).some(([k, x]) => isExpression(k) || hasExpression(x));
  return false;
}

/** Static checks of AVP items: names resolve, values fit their types, enumerated names exist. */
export function checkItems(dict: Dictionary, items: unknown, path: string): void {
  if (!Array.isArray(items)) return;
  items.forEach((it, i) => {
    if (!it || typeof it !== 'object') return;
    const item = it as AvpItem;
    const p = `${path}[${i}]`;
    if (item.name === undefined && item.code === undefined) throw invalid(p, 'an AVP needs a "name" (or a "code")');
    if (item.value !== undefined && item.hex !== undefined) throw invalid(p, 'give value or hex, not both');
    if (item.name === SESSION_ID_AUTO) return;
    if (typeof item.name === 'string' && isExpression(item.name)) return;
    if (item.value === null && item.hex === undefined) {
      // null leaves the AVP out: only the name must resolve
      if (typeof item.name === 'string' && !dict.avp(item.name) && !dict.parseUnknownName(item.name)) {
        throw invalid(`${p}.name`, `unknown AVP '${item.name}' (not in the dictionary; use AVP-<code> with "hex" or "type", or add it to the site dictionary)`);
      }
      return;
    }
    const def = typeof item.name === 'string' ? dict.avp(item.name) : undefined;
    if (def?.type === 'Grouped' && Array.isArray(item.value) && item.hex === undefined && item.type === undefined) {
      if (!hasExpression(item.value)) tryEncode(dict, item, p);
      else checkItems(dict, item.value, `${p}.value`);
      return;
    }
    if (!hasExpression(item)) tryEncode(dict, item, p);
  });
}

function tryEncode(dict: Dictionary, item: AvpItem, p: string): void {
  try {
    encodeItem(dict, item, p);
  } catch (e) {
    if (e instanceof ItemError) throw invalid(e.path, e.message.slice(e.path.length + 2));
    throw e;
  }
}

/** Result fields that are not AVPs (see runtime/decoded.ts resultOf). */
const RESULT_FIELDS = new Set(['name', 'command', 'code', 'application_id', 'flags', 'hop_by_hop', 'end_to_end', 'result_code', 'result_code_name']);

/** Every AVP name in expected keys (`!A.B[1].C`) and nested objects must be known (a typo would make `null` pass). */
export function checkExpectedNames(dict: Dictionary, expected: unknown, path: string, top = true): void {
  if (!expected || typeof expected !== 'object' || Array.isArray(expected)) return;
  for (const [key, v] of Object.entries(expected)) {
    if (isExpression(key)) continue;
    const segments = key.replace(/^!/, '').split('.');
    segments.forEach((seg, j) => {
      const name = seg.replace(/\[\d+\]$/, '');
      if (top && j === 0 && RESULT_FIELDS.has(name)) return;
      if (!dict.avp(name) && !dict.parseUnknownName(name)) {
        throw invalid(`${path}.${key}`, `'${name}' is not an AVP of the dictionary (nor a result field such as result_code)`);
      }
    });
    if (v && typeof v === 'object' && !Array.isArray(v)) checkExpectedNames(dict, v, `${path}.${key}`, false);
  }
}
