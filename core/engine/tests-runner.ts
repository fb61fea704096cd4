// `tests[]` on an operation: kpath checks on its result (types string, integer, number, exists, defined, regex,
// size, boolean). `value: null` means the kpath must be absent.
import type { Json } from '../api/index.js';
import { getKpath } from './kpath.js';
import { looselyEqual, show } from './compare.js';
import { compileRegex, type Regex, type RegexCache } from './regex.js';

export interface TestSpec {
  kpath: string;
  type: string;
  value?: Json;
  pattern?: string;
  abort_on_fail?: number | boolean;
  name?: string;
}

export interface TestResult {
  ok: boolean;
  abort: boolean;
  text: string;
}

/**
 * `display` writes a value of the kpath in the text (an operation's OperationOutcome.show, e.g. an enumerated
 * value with its name); undefined from it, or no display, means the plain JSON form.
 */
export function runTest(t: TestSpec, result: unknown, regexCache?: RegexCache, display?: (kpath: string, value: unknown) => string | undefined): TestResult {
  const v = getKpath(result, t.kpath);
  const shown = (x: unknown) => (display ? display(t.kpath, x) : undefined) ?? show(x);
  const abort = t.abort_on_fail === true || t.abort_on_fail === 1;
  const label = t.name ? `${t.name} (${t.kpath})` : t.kpath;
  const has = 'value' in t;
  let ok: boolean;
  let want: string;
  if (has && t.value === null && t.type !== 'exists' && t.type !== 'defined') {
    ok = v === undefined || v === null;
    want = 'absent';
  } else {
    switch (t.type) {
      case 'exists': {
        const expect = has ? t.value === true || t.value === 1 || t.value === '1' : true;
        ok = (v !== undefined) === expect;
        want = expect ? 'present' : 'absent';
        break;
      }
      case 'defined': {
        const expect = has ? t.value === true || t.value === 1 || t.value === '1' : true;
        ok = (v !== undefined && v !== null) === expect;
        want = expect ? 'defined' : 'undefined or null';
        break;
      }
      case 'string':
        ok = v !== undefined && v !== null && typeof v !== 'object' && (!has || String(v) === String(t.value));
        want = has ? `string ${show(String(t.value))}` : 'a string';
        break;
      case 'integer':
        ok = v !== undefined && v !== null && v !== '' && Number.isInteger(Number(v)) && (!has || Number(v) === Number(t.value));
        want = has ? `integer ${shown(t.value)}` : 'an integer';
        break;
      case 'number':
        ok = v !== undefined && v !== null && v !== '' && !Number.isNaN(Number(v)) && (!has || Number(v) === Number(t.value));
        want = has ? `number ${shown(t.value)}` : 'a number';
        break;
      case 'boolean': {
        const b = v === true || v === 1 || v === '1' || v === 'true' ? true : v === false || v === 0 || v === '0' || v === 'false' ? false : undefined;
        const e = has ? t.value === true || t.value === 1 || t.value === '1' || t.value === 'true' : undefined;
        ok = b !== undefined && (e === undefined || b === e);
        want = e === undefined ? 'a boolean' : `boolean ${e}`;
        break;
      }
      case 'regex': {
        const src = t.pattern ?? (typeof t.value === 'string' ? t.value : '');
        let re: Regex;
        try {
          re = regexCache ? regexCache.get(src) : compileRegex(src);
        } catch (e) {
          return { ok: false, abort, text: `test ${label}: ${(e as Error).message}` };
        }
        ok = v !== undefined && v !== null && re.test(typeof v === 'object' ? JSON.stringify(v) : String(v));
        want = `matching /${src}/`;
        break;
      }
      case 'size': {
        const n = Array.isArray(v) ? v.length : typeof v === 'string' ? v.length : v && typeof v === 'object' ? Object.keys(v).length : undefined;
        ok = n !== undefined && (!has || n === Number(t.value));
        want = has ? `size ${show(t.value)}` : 'a sized value';
        return { ok, abort, text: `test ${label}: ${ok ? 'is' : 'expected'} ${want}${ok ? '' : `, got ${n === undefined ? shown(v) : `size ${n}`}`}` };
      }
      default:
        ok = looselyEqual(t.value, v);
        want = shown(t.value);
    }
  }
  return { ok, abort, text: `test ${label}: ${ok ? 'is' : 'expected'} ${want}${ok ? '' : `, got ${shown(v)}`}` };
}
