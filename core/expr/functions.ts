// Built-in functions for test data in expressions. Pure, plain data in and out.
import { randomInt, randomUUID } from 'node:crypto';

const counters = new Map<string, number>();

export const builtinFunctions: Record<string, (...args: any[]) => unknown> = {
  /** pad(value, width, char = '0'): left-pad to width. */
  pad: (v: unknown, width: number, ch: string = '0') => String(v ?? '').padStart(Number(width), String(ch)),
  /** padEnd(value, width, char = ' ') */
  padEnd: (v: unknown, width: number, ch: string = ' ') => String(v ?? '').padEnd(Number(width), String(ch)),
  /** substring(s, start, end?) */
  substring: (s: unknown, start: number, end?: number) => String(s ?? '').substring(Number(start), end === undefined ? undefined : Number(end)),
  /** randomDigits(n): n random decimal digits as a string. */
  randomDigits: (n: number) => {
    let out = '';
    for (let i = 0; i < Number(n); i++) out += String(randomInt(10));
    return out;
  },
  /** randomInt(min, max): integer in [min, max]. */
  randomInt: (min: number, max: number) => randomInt(Number(min), Number(max) + 1),
  /** sequence(name = 'default', start = 0): next value of a process-wide counter. */
  sequence: (name: string = 'default', start: number = 0) => {
    const v = counters.has(String(name)) ? counters.get(String(name))! + 1 : Number(start);
    counters.set(String(name), v);
    return v;
  },
  /** now(): ms since the epoch; nowSecs(): whole seconds. */
  now: () => Date.now(),
  nowSecs: () => Math.floor(Date.now() / 1000),
  uuid: () => randomUUID(),
  int: (v: unknown) => Math.trunc(Number(v)),
  str: (v: unknown) => (v === undefined || v === null ? '' : String(v)),
  len: (v: unknown) => (Array.isArray(v) || typeof v === 'string' ? v.length : v && typeof v === 'object' ? Object.keys(v).length : 0),
  upper: (v: unknown) => String(v ?? '').toUpperCase(),
  lower: (v: unknown) => String(v ?? '').toLowerCase(),
  hex: (v: number, width = 0) => Number(v).toString(16).padStart(Number(width), '0'),
  min: (...a: number[]) => Math.min(...a.map(Number)),
  max: (...a: number[]) => Math.max(...a.map(Number)),
  floor: (v: number) => Math.floor(Number(v)),
  defined: (v: unknown) => v !== undefined && v !== null,
  json: (v: unknown) => JSON.stringify(v),
};

export const builtinFunctionDocs: Record<string, string> = {
  pad: "pad(value, width, char='0') left-pads: pad($n, 6) → '000042'",
  padEnd: "padEnd(value, width, char=' ') right-pads",
  substring: 'substring(s, start, end?)',
  randomDigits: "randomDigits(n): n random digits, e.g. '0211' + randomDigits(6)",
  randomInt: 'randomInt(min, max): integer in [min, max]',
  sequence: "sequence(name='default', start=0): next value of a named process-wide counter",
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
