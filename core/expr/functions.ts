// Built-in functions for test data in expressions. Pure, plain data in and out, and bounded: no function builds
// a value larger than max_value_bytes (core/expr/limits.ts), and state (sequence counters) belongs to the run.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { expressionLimits } from './limits.js';
import { runState } from './run-state.js';

/** A width or count argument: a whole number from 0 to the value bound. */
function size(fn: string, what: string, v: unknown): number {
  const n = Number(v);
  const max = expressionLimits().maxValueBytes;
  if (!Number.isInteger(n) || n < 0) throw new Error(`${fn}: ${what} must be a whole number >= 0, got ${String(v)}`);
  if (n > max) throw new Error(`${fn}: ${what} ${n} is more than max_value_bytes (${max})`);
  return n;
}

/** A fill string of one or more characters (an empty fill would pad nothing). */
const fill = (fn: string, ch: unknown, dflt: string): string => {
  const s = ch === undefined || ch === null ? dflt : String(ch);
  if (s.length === 0) throw new Error(`${fn}: the fill string is empty`);
  return s;
};

/** n random decimal digits, from random bytes (rejection sampling keeps the digits uniform). */
function randomDigitString(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const b of randomBytes(Math.max(16, n - out.length))) {
      if (b < 250) out += String(b % 10);
      if (out.length === n) break;
    }
  }
  return out;
}

export const builtinFunctions: Record<string, (...args: any[]) => unknown> = {
  /** pad(value, width, char = '0'): left-pad to width. */
  pad: (v: unknown, width: number, ch?: string) => String(v ?? '').padStart(size('pad', 'width', width), fill('pad', ch, '0')),
  /** padEnd(value, width, char = ' ') */
  padEnd: (v: unknown, width: number, ch?: string) => String(v ?? '').padEnd(size('padEnd', 'width', width), fill('padEnd', ch, ' ')),
  /** substring(s, start, end?) */
  substring: (s: unknown, start: number, end?: number) => String(s ?? '').substring(Number(start), end === undefined ? undefined : Number(end)),
  /** randomDigits(n): n random decimal digits as a string. */
  randomDigits: (n: number) => randomDigitString(size('randomDigits', 'n', n)),
  /** randomInt(min, max): integer in [min, max]. */
  randomInt: (min: number, max: number) => randomInt(Number(min), Number(max) + 1),
  /** sequence(name = 'default', start = 0): next value of a counter of this run. */
  sequence: (name: string = 'default', start: number = 0) => runState().next(String(name), Number(start)),
  /** now(): ms since the epoch; nowSecs(): whole seconds. */
  now: () => Date.now(),
  nowSecs: () => Math.floor(Date.now() / 1000),
  uuid: () => randomUUID(),
  int: (v: unknown) => Math.trunc(Number(v)),
  str: (v: unknown) => (v === undefined || v === null ? '' : String(v)),
  len: (v: unknown) => (Array.isArray(v) || typeof v === 'string' ? v.length : v && typeof v === 'object' ? Object.keys(v).length : 0),
  upper: (v: unknown) => String(v ?? '').toUpperCase(),
  lower: (v: unknown) => String(v ?? '').toLowerCase(),
  hex: (v: number, width = 0) => Number(v).toString(16).padStart(size('hex', 'width', width), '0'),
  min: (...a: number[]) => Math.min(...a.map(Number)),
  max: (...a: number[]) => Math.max(...a.map(Number)),
  floor: (v: number) => Math.floor(Number(v)),
  defined: (v: unknown) => v !== undefined && v !== null,
  json: (v: unknown) => JSON.stringify(v),
};

export const builtinFunctionDocs: Record<string, string> = {
  pad: "pad(value, width, char='0') left-pads: pad($n, 6) → '000042' (width at most max_value_bytes)",
  padEnd: "padEnd(value, width, char=' ') right-pads",
  substring: 'substring(s, start, end?)',
  randomDigits: "randomDigits(n): n random digits, e.g. '0211' + randomDigits(6) (n at most max_value_bytes)",
  randomInt: 'randomInt(min, max): integer in [min, max]',
  sequence: "sequence(name='default', start=0): next value of a named counter of this run (at most max_sequences names per run)",
  now: 'now(): milliseconds since the epoch',
  nowSecs: 'nowSecs(): seconds since the epoch',
  uuid: 'uuid(): a random UUID',
  int: 'int(v): integer part',
  str: 'str(v): as a string',
  len: 'len(v): length of a string, array or object',
  upper: 'upper(s)',
  lower: 'lower(s)',
  hex: 'hex(n, width=0): lower-case hex',
  min: 'min(a, b, ...)',
  max: 'max(a, b, ...)',
  floor: 'floor(v)',
  defined: 'defined(v): not null or undefined',
  json: 'json(v): JSON text',
};
