// Zero-copy BER reader: TLV headers are parsed on demand over the caller's Uint8Array, values are views.
// Every failure on bad bytes is a BerError with the offset and the reason; nothing else is thrown.
import { BerError } from './errors.js';
import { tagName } from './tags.js';

/** One parsed TLV header. All offsets index the buffer given to readTlv(). */
export interface Tlv {
  /** Tag class: 0 universal, 1 application, 2 context, 3 private. */
  cls: number;
  constructed: boolean;
  tagNumber: number;
  /** Offset of the first identifier octet. */
  start: number;
  /** Number of identifier + length octets. */
  headerLen: number;
  /** Offset of the first content octet (= start + headerLen). */
  valueStart: number;
  /** Offset just after the last content octet (before the end-of-contents octets if indefinite). */
  valueEnd: number;
  /** Offset just after the whole TLV (after the end-of-contents octets if indefinite). */
  end: number;
  indefinite: boolean;
}

/** Deepest nesting accepted while scanning indefinite lengths and segmented strings (bounds recursion on hostile input). */
const MAX_DEPTH = 64;
/** Largest definite length accepted (bigger cannot be a real SS7 message). */
const MAX_LENGTH = 0x7fffffff;

/**
 * Parse the TLV starting at `offset`. `limit` (default buf.length) is the end of the enclosing value: the TLV
 * must fit before it. For an indefinite length the children are scanned to find the end-of-contents.
 */
export function readTlv(buf: Uint8Array, offset: number, limit: number = buf.length): Tlv {
  return readTlvDepth(buf, offset, limit, 0);
}

function readTlvDepth(buf: Uint8Array, offset: number, limit: number, depth: number): Tlv {
  if (limit > buf.length) limit = buf.length;
  let p = offset;
  if (p >= limit) throw new BerError('truncated', p, 'expected a tag, found the end of the data');
  const id = buf[p++]!;
  const cls = id >> 6;
  const constructed = (id & 0x20) !== 0;
  let tagNumber = id & 0x1f;
  if (tagNumber === 0x1f) {
    // High tag number: base-128 octets, bit 8 set on all but the last.
    tagNumber = 0;
    let n = 0;
    for (;;) {
      if (p >= limit) throw new BerError('truncated', p, 'the data ends inside a multi-octet tag');
      const b = buf[p++]!;
      if (n === 0 && b === 0x80) throw new BerError('tag', p - 1, 'multi-octet tag with a leading 0x80 octet');
      tagNumber = tagNumber * 128 + (b & 0x7f);
      if (++n > 4) throw new BerError('tag', offset, 'tag number too large (more than 4 octets)');
      if ((b & 0x80) === 0) break;
    }
  }
  if (p >= limit) throw new BerError('truncated', p, `the data ends before the length of ${tagName(cls, tagNumber)}`);
  const lb = buf[p++]!;
  let indefinite = false;
  let len = 0;
  if (lb < 0x80) {
    len = lb;
  } else if (lb === 0x80) {
    if (!constructed) throw new BerError('indefinite', p - 1, `indefinite length on primitive ${tagName(cls, tagNumber)}`);
    indefinite = true;
  } else if (lb === 0xff) {
    throw new BerError('length', p - 1, 'length octet 0xFF is reserved');
  } else {
    const n = lb & 0x7f;
    if (n > 4) throw new BerError('length', p - 1, `length of ${n} octets is too large`);
    if (p + n > limit) throw new BerError('truncated', p, 'the data ends inside a long-form length');
    for (let i = 0; i < n; i++) len = len * 256 + buf[p++]!;
    if (len > MAX_LENGTH) throw new BerError('length', p - n - 1, `length ${len} is too large`);
  }
  const valueStart = p;
  if (!indefinite) {
    const valueEnd = valueStart + len;
    if (valueEnd > limit) {
      throw new BerError(
        valueEnd > buf.length ? 'truncated' : 'length',
        offset,
        `${tagName(cls, tagNumber)} length ${len} overruns the ${valueEnd > buf.length ? 'data' : 'enclosing value'} by ${valueEnd - limit} octet(s)`,
      );
    }
    return { cls, constructed, tagNumber, start: offset, headerLen: valueStart - offset, valueStart, valueEnd, end: valueEnd, indefinite };
  }
  if (depth >= MAX_DEPTH) throw new BerError('indefinite', offset, `nesting deeper than ${MAX_DEPTH} levels`);
  // Indefinite: walk children until 00 00.
  let q = valueStart;
  for (;;) {
    if (q + 1 >= limit) {
      throw new BerError('indefinite', offset, `missing end-of-contents for indefinite-length ${tagName(cls, tagNumber)}`);
    }
    if (buf[q] === 0 && buf[q + 1] === 0) break;
    q = readTlvDepth(buf, q, limit, depth + 1).end;
  }
  return { cls, constructed, tagNumber, start: offset, headerLen: valueStart - offset, valueStart, valueEnd: q, end: q + 2, indefinite };
}

/** True when the TLV has this class and number. */
export function isTag(t: Tlv, cls: number, tagNumber: number): boolean {
  return t.cls === cls && t.tagNumber === tagNumber;
}

/** Throw a BerError('tag') unless the TLV has this class, number and form (constructed given or not). */
export function expectTag(t: Tlv, cls: number, tagNumber: number, constructed?: boolean, what?: string): void {
  if (t.cls !== cls || t.tagNumber !== tagNumber || (constructed !== undefined && t.constructed !== constructed)) {
    const form = (c: boolean) => (c ? 'constructed' : 'primitive');
    throw new BerError(
      'tag',
      t.start,
      `expected ${what ? what + ' ' : ''}${tagName(cls, tagNumber)}${constructed === undefined ? '' : ' ' + form(constructed)}, found ${tagName(t.cls, t.tagNumber)} ${form(t.constructed)}`,
    );
  }
}

/** The children of a constructed TLV, in order. */
export function children(buf: Uint8Array, t: Tlv): Tlv[] {
  const out: Tlv[] = [];
  if (!t.constructed) throw new BerError('tag', t.start, `${tagName(t.cls, t.tagNumber)} is primitive, expected constructed`);
  let p = t.valueStart;
  while (p < t.valueEnd) {
    const c = readTlv(buf, p, t.valueEnd);
    out.push(c);
    p = c.end;
  }
  return out;
}

/** Call fn for each child of a constructed TLV; stops early when fn returns false. No array is built. */
export function forEachChild(buf: Uint8Array, t: Tlv, fn: (child: Tlv) => boolean | void): void {
  if (!t.constructed) throw new BerError('tag', t.start, `${tagName(t.cls, t.tagNumber)} is primitive, expected constructed`);
  let p = t.valueStart;
  while (p < t.valueEnd) {
    const c = readTlv(buf, p, t.valueEnd);
    if (fn(c) === false) return;
    p = c.end;
  }
}

/** The first child with this class and number, or undefined. */
export function findChild(buf: Uint8Array, t: Tlv, cls: number, tagNumber: number): Tlv | undefined {
  let found: Tlv | undefined;
  forEachChild(buf, t, (c) => {
    if (c.cls === cls && c.tagNumber === tagNumber) {
      found = c;
      return false;
    }
    return true;
  });
  return found;
}

/** Read a whole buffer as exactly one TLV (no trailing octets allowed). */
export function readSingle(buf: Uint8Array, what = 'value'): Tlv {
  const t = readTlv(buf, 0);
  if (t.end !== buf.length) throw new BerError('length', t.end, `${buf.length - t.end} trailing octet(s) after the ${what}`);
  return t;
}

// ---- primitive decoders (over [start, end) of a buffer, or over a Tlv) ----

function primitive(t: Tlv, what: string): void {
  if (t.constructed) throw new BerError('tag', t.start, `${what} must be primitive (constructed form is not supported)`);
}

/** INTEGER / ENUMERATED content as a JS number; throws when it does not fit in 48 bits. */
export function decodeIntegerAt(buf: Uint8Array, start: number, end: number): number {
  const n = end - start;
  if (n <= 0) throw new BerError('value', start, 'INTEGER with no content octets');
  if (n > 6) throw new BerError('value', start, `INTEGER of ${n} octets does not fit a number (use decodeBigInt)`);
  let v = buf[start]! & 0x80 ? -1 : 0;
  for (let i = start; i < end; i++) v = v * 256 + buf[i]!;
  // the loop above starts from -1 for negatives: (-1*256 + b) ... gives the two's complement value
  return v;
}

/** INTEGER content as a bigint (any length). */
export function decodeBigIntAt(buf: Uint8Array, start: number, end: number): bigint {
  if (end - start <= 0) throw new BerError('value', start, 'INTEGER with no content octets');
  let v = buf[start]! & 0x80 ? -1n : 0n;
  for (let i = start; i < end; i++) v = v * 256n + BigInt(buf[i]!);
  return v;
}

export function decodeInteger(buf: Uint8Array, t: Tlv): number {
  primitive(t, 'INTEGER');
  return decodeIntegerAt(buf, t.valueStart, t.valueEnd);
}

export function decodeBigInt(buf: Uint8Array, t: Tlv): bigint {
  primitive(t, 'INTEGER');
  return decodeBigIntAt(buf, t.valueStart, t.valueEnd);
}


export function decodeBoolean(buf: Uint8Array, t: Tlv): boolean {
  primitive(t, 'BOOLEAN');
  if (t.valueEnd - t.valueStart !== 1) throw new BerError('value', t.valueStart, `BOOLEAN must have 1 content octet, has ${t.valueEnd - t.valueStart}`);
  return buf[t.valueStart] !== 0;
}

export function decodeNull(_buf: Uint8Array, t: Tlv): null {
  primitive(t, 'NULL');
  if (t.valueEnd !== t.valueStart) throw new BerError('value', t.valueStart, `NULL must be empty, has ${t.valueEnd - t.valueStart} octet(s)`);
  return null;
}

/**
 * OCTET STRING content as a view (no copy). Constructed (segmented) strings are concatenated into a copy; their
 * segments may nest at most MAX_DEPTH levels (deeper is a BerError, not a stack overflow).
 */
export function decodeOctets(buf: Uint8Array, t: Tlv): Uint8Array {
  return octets(buf, t, 0);
}

function octets(buf: Uint8Array, t: Tlv, depth: number): Uint8Array {
  if (!t.constructed) return buf.subarray(t.valueStart, t.valueEnd);
  if (depth >= MAX_DEPTH) throw new BerError('value', t.start, `constructed string segments nested deeper than ${MAX_DEPTH} levels`);
  const parts: Uint8Array[] = [];
  let total = 0;
  forEachChild(buf, t, (c) => {
    const part = octets(buf, c, depth + 1);
    parts.push(part);
    total += part.length;
  });
  const out = new Uint8Array(total);
  let o = 0;
  for (const part of parts) {
    out.set(part, o);
    o += part.length;
  }
  return out;
}

/** OBJECT IDENTIFIER content octets [start, end) as a dotted string ('0.4.0.0.1.0.50.1'). */
export function decodeOidAt(buf: Uint8Array, start: number, end: number): string {
  if (end <= start) throw new BerError('value', start, 'OBJECT IDENTIFIER with no content octets');
  if ((buf[end - 1]! & 0x80) !== 0) throw new BerError('value', end - 1, 'OBJECT IDENTIFIER ends inside a sub-identifier');
  let s = '';
  let v = 0;
  let first = true;
  for (let i = start; i < end; i++) {
    const b = buf[i]!;
    if (v === 0 && b === 0x80) throw new BerError('value', i, 'OBJECT IDENTIFIER sub-identifier with a leading 0x80 octet');
    v = v * 128 + (b & 0x7f);
    if (v > Number.MAX_SAFE_INTEGER / 128) throw new BerError('value', i, 'OBJECT IDENTIFIER sub-identifier too large');
    if ((b & 0x80) === 0) {
      if (first) {
        const a = v < 40 ? 0 : v < 80 ? 1 : 2;
        s = `${a}.${v - a * 40}`;
        first = false;
      } else {
        s += '.' + v;
      }
      v = 0;
    }
  }
  return s;
}

export function decodeOid(buf: Uint8Array, t: Tlv): string {
  primitive(t, 'OBJECT IDENTIFIER');
  return decodeOidAt(buf, t.valueStart, t.valueEnd);
}

/** BIT STRING: the unused-bit count and the bit octets (a view). */
export function decodeBitString(buf: Uint8Array, t: Tlv): { unusedBits: number; bytes: Uint8Array } {
  return { unusedBits: checkBitString(buf, t), bytes: buf.subarray(t.valueStart + 1, t.valueEnd) };
}

/** A BIT STRING's encoding checked (throws BerError), without a view of its bits: its unused-bit count. */
export function checkBitString(buf: Uint8Array, t: Tlv): number {
  primitive(t, 'BIT STRING');
  if (t.valueEnd === t.valueStart) throw new BerError('value', t.valueStart, 'BIT STRING with no content octets');
  const unusedBits = buf[t.valueStart]!;
  if (unusedBits > 7) throw new BerError('value', t.valueStart, `BIT STRING unused-bit count ${unusedBits} > 7`);
  if (unusedBits > 0 && t.valueEnd - t.valueStart === 1) throw new BerError('value', t.valueStart, 'empty BIT STRING with unused bits');
  return unusedBits;
}

/** IA5String / VisibleString / UTF8String content as text. */
export function decodeString(buf: Uint8Array, t: Tlv): string {
  return textDecoder.decode(decodeOctets(buf, t));
}
const textDecoder = new TextDecoder('utf-8', { fatal: false });

/** Content octets of any TLV as a view (primitive) — for raw passthrough of unknown fields. */
export function valueOf(buf: Uint8Array, t: Tlv): Uint8Array {
  return buf.subarray(t.valueStart, t.valueEnd);
}

/** The whole TLV (tag, length, value) as a view. */
export function tlvBytes(buf: Uint8Array, t: Tlv): Uint8Array {
  return buf.subarray(t.start, t.end);
}
