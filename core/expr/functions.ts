// Built-in functions for test data in expressions. Pure, plain data in and out, and bounded: no function builds
// a value larger than max_value_bytes (core/expr/limits.ts), and state (sequence counters) belongs to the run.
import { createHash, createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { expressionLimits } from './limits.js';
import { runState, seededRandom, type RandomSource } from './run-state.js';
import type { ExpressionFunction } from '../api/plugin.js';

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

/** n digits from the instance's seeded generator (ExecuteTest `seed`): the same digits on every run with the seed. */
function seededDigits(rng: RandomSource, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += String(Math.floor(rng.next() * 10));
  return out;
}

/** A version 4 UUID from the instance's seeded generator. */
function seededUuid(rng: RandomSource): string {
  const b = Buffer.alloc(16);
  for (let i = 0; i < 16; i += 4) b.writeUInt32BE(Math.floor(rng.next() * 4294967296), i);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export const builtinFunctions: Record<string, ExpressionFunction> = {
  /** pad(value, width, char = '0'): left-pad to width. */
  pad: (v: unknown, width: unknown, ch?: unknown) => String(v ?? '').padStart(size('pad', 'width', width), fill('pad', ch, '0')),
  /** padEnd(value, width, char = ' ') */
  padEnd: (v: unknown, width: unknown, ch?: unknown) => String(v ?? '').padEnd(size('padEnd', 'width', width), fill('padEnd', ch, ' ')),
  /** substring(s, start, end?) */
  substring: (s: unknown, start: unknown, end?: unknown) => String(s ?? '').substring(Number(start), end === undefined ? undefined : Number(end)),
  /** randomDigits(n): n random decimal digits as a string. */
  randomDigits: (n: unknown) => {
    const rng = seededRandom();
    const k = size('randomDigits', 'n', n);
    return rng ? seededDigits(rng, k) : randomDigitString(k);
  },
  /** randomInt(min, max): integer in [min, max]. */
  randomInt: (min: unknown, max: unknown) => {
    const rng = seededRandom();
    const lo = Number(min);
    const hi = Number(max) + 1;
    if (!rng) return randomInt(lo, hi);
    if (!Number.isSafeInteger(lo) || !Number.isSafeInteger(hi) || hi <= lo) throw new Error(`randomInt: needs whole numbers min <= max, got ${String(min)}, ${String(max)}`);
    return lo + Math.floor(rng.next() * (hi - lo));
  },
  /** sequence(name = 'default', start = 0): next value of a counter of this run. */
  sequence: (name: unknown = 'default', start: unknown = 0) => runState().next(String(name), Number(start)),
  /** now(): ms since the epoch; nowSecs(): whole seconds. */
  now: () => Date.now(),
  nowSecs: () => Math.floor(Date.now() / 1000),
  uuid: () => {
    const rng = seededRandom();
    return rng ? seededUuid(rng) : randomUUID();
  },
  int: (v: unknown) => Math.trunc(Number(v)),
  str: (v: unknown) => (v === undefined || v === null ? '' : String(v)),
  len: (v: unknown) => (Array.isArray(v) || typeof v === 'string' ? v.length : v && typeof v === 'object' ? Object.keys(v).length : 0),
  upper: (v: unknown) => String(v ?? '').toUpperCase(),
  lower: (v: unknown) => String(v ?? '').toLowerCase(),
  hex: (v: unknown, width: unknown = 0) => Number(v).toString(16).padStart(size('hex', 'width', width), '0'),
  min: (...a: unknown[]) => Math.min(...a.map(Number)),
  max: (...a: unknown[]) => Math.max(...a.map(Number)),
  floor: (v: unknown) => Math.floor(Number(v)),
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

// Encodings and digests for HTTP APIs (signed requests, Basic credentials, path segments). Text in and out:
// strings are taken as UTF-8, any other value as its JSON text; every result is bounded by max_value_bytes.

/** A function's text argument: strings as they are, null/undefined as '', anything else as JSON text. */
function text(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined || v === null) return '';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** Refuses work whose result could exceed max_value_bytes: `bytes` is the most the result can take. */
function fits(fn: string, bytes: number): void {
  const max = expressionLimits().maxValueBytes;
  if (bytes > max) throw new Error(`${fn}: the result would be up to ${bytes} bytes, more than max_value_bytes (${max})`);
}

const DIGESTS = new Set(['md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512']);
const DIGEST_ENCODINGS = new Set(['hex', 'base64', 'base64url']);

function digestArgs(fn: string, algorithm: unknown, encoding: unknown): { alg: string; enc: 'hex' | 'base64' | 'base64url' } {
  const alg = String(algorithm ?? '').toLowerCase().replace(/^sha-/, 'sha');
  if (!DIGESTS.has(alg)) throw new Error(`${fn}: algorithm must be one of ${[...DIGESTS].join(', ')}, got ${String(algorithm)}`);
  const enc = encoding === undefined || encoding === null ? 'hex' : String(encoding);
  if (!DIGEST_ENCODINGS.has(enc)) throw new Error(`${fn}: encoding must be hex, base64 or base64url, got ${enc}`);
  return { alg, enc: enc as 'hex' | 'base64' | 'base64url' };
}

const BASE64 = /^[A-Za-z0-9+/\-_]*={0,2}$/;

const encodingFunctions: Record<string, ExpressionFunction> = {
  /** urlencode(v): RFC 3986 percent-encoding of one URL component (path segment, query name or value). */
  urlencode: (v: unknown) => {
    const s = text(v);
    fits('urlencode', Buffer.byteLength(s) * 3);
    // through UTF-8 and back: a lone surrogate becomes U+FFFD instead of a URIError
    return encodeURIComponent(Buffer.from(s, 'utf8').toString('utf8')).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  },
  /** urldecode(v): the text of a percent-encoded component ('+' stays '+'). */
  urldecode: (v: unknown) => {
    try {
      return decodeURIComponent(text(v));
    } catch {
      throw new Error('urldecode: malformed percent-encoding (a % not followed by two hex digits, or bytes that are not UTF-8)');
    }
  },
  /** base64(v) / base64url(v): the UTF-8 bytes of v in base64 (with padding) / base64url (without). */
  base64: (v: unknown) => {
    const b = Buffer.from(text(v), 'utf8');
    fits('base64', Math.ceil(b.length / 3) * 4);
    return b.toString('base64');
  },
  base64url: (v: unknown) => {
    const b = Buffer.from(text(v), 'utf8');
    fits('base64url', Math.ceil(b.length / 3) * 4);
    return b.toString('base64url');
  },
  /** base64decode(v): base64 or base64url text decoded, as UTF-8 text. */
  base64decode: (v: unknown) => {
    const s = text(v).replace(/\s+/g, '');
    if (!BASE64.test(s) || s.length % 4 === 1) throw new Error('base64decode: not base64 text');
    return Buffer.from(s, s.includes('-') || s.includes('_') ? 'base64url' : 'base64').toString('utf8');
  },
  /** hash(algorithm, data, encoding='hex'): digest of the UTF-8 bytes of data. */
  hash: (algorithm: unknown, data: unknown, encoding?: unknown) => {
    const { alg, enc } = digestArgs('hash', algorithm, encoding);
    return createHash(alg).update(text(data), 'utf8').digest(enc);
  },
  /** hmac(algorithm, key, data, encoding='hex'): HMAC of the UTF-8 bytes of data with the UTF-8 bytes of key. */
  hmac: (algorithm: unknown, key: unknown, data: unknown, encoding?: unknown) => {
    const { alg, enc } = digestArgs('hmac', algorithm, encoding);
    return createHmac(alg, text(key)).update(text(data), 'utf8').digest(enc);
  },
};

const encodingFunctionDocs: Record<string, string> = {
  urlencode: "urlencode(v): percent-encodes one URL component (RFC 3986: all but A-Z a-z 0-9 - . _ ~), UTF-8: urlencode('a b/ü') → 'a%20b%2F%C3%BC'",
  urldecode: 'urldecode(v): decodes percent-encoding (a malformed escape is an error)',
  base64: "base64(v): base64 of the UTF-8 text: base64('user:pw') → 'dXNlcjpwdw=='",
  base64url: 'base64url(v): base64url (RFC 4648 §5, no padding) of the UTF-8 text',
  base64decode: 'base64decode(v): base64 or base64url text decoded to UTF-8 text',
  hash: "hash(algorithm, data, encoding='hex'): md5, sha1, sha224, sha256, sha384 or sha512 digest; encoding hex, base64 or base64url",
  hmac: "hmac(algorithm, key, data, encoding='hex'): HMAC of data with key (algorithms and encodings as hash)",
};

Object.assign(builtinFunctions, encodingFunctions);
Object.assign(builtinFunctionDocs, encodingFunctionDocs);
