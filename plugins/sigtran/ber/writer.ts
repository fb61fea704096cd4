// BER writer: appends TLVs into one growable buffer. Constructed values are opened with begin() and closed with
// end(), which back-patches the definite length (or writes end-of-contents for an indefinite one). A writer is
// meant to be reused: reset() keeps the buffer, so steady-state encoding allocates only the final copy.
import { TagClass, Universal } from './tags.js';

const EMPTY = new Uint8Array(0);

export class BerWriter {
  private buf: Uint8Array;
  private pos = 0;
  /** Open constructed values: position of the reserved length octet, or -1 - position for indefinite ones. */
  private stack: number[] = [];

  constructor(initialSize = 512) {
    this.buf = new Uint8Array(initialSize);
  }

  /** Forget everything written (the buffer is kept). */
  reset(): this {
    this.pos = 0;
    // setting an array's length is a call into the runtime: only when something is left open (a failed encoding)
    if (this.stack.length !== 0) this.stack.length = 0;
    return this;
  }

  /** Number of octets written so far. */
  get length(): number {
    return this.pos;
  }

  /** Depth of open constructed values. */
  get depth(): number {
    return this.stack.length;
  }

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + n) size *= 2;
    const nb = new Uint8Array(size);
    nb.set(this.buf.subarray(0, this.pos));
    this.buf = nb;
  }

  /** Identifier octets: class (0-3), constructed flag, tag number (any size; >= 31 uses the multi-octet form). */
  tag(cls: number, constructed: boolean, tagNumber: number): this {
    const first = ((cls & 3) << 6) | (constructed ? 0x20 : 0);
    if (tagNumber < 31) {
      this.ensure(1);
      this.buf[this.pos++] = first | tagNumber;
      return this;
    }
    let n = 1;
    for (let v = tagNumber >>> 7; v > 0; v >>>= 7) n++;
    this.ensure(1 + n);
    this.buf[this.pos++] = first | 0x1f;
    for (let i = n - 1; i >= 0; i--) {
      this.buf[this.pos++] = ((tagNumber >>> (7 * i)) & 0x7f) | (i > 0 ? 0x80 : 0);
    }
    return this;
  }

  /** Definite length octets (short form below 128, otherwise the shortest long form). */
  len(n: number): this {
    if (n < 0x80) {
      this.ensure(1);
      this.buf[this.pos++] = n;
      return this;
    }
    const k = n < 0x100 ? 1 : n < 0x10000 ? 2 : n < 0x1000000 ? 3 : 4;
    this.ensure(1 + k);
    this.buf[this.pos++] = 0x80 | k;
    for (let i = k - 1; i >= 0; i--) this.buf[this.pos++] = (n >>> (8 * i)) & 0xff;
    return this;
  }

  /** Four octets of `v` (an unsigned 32-bit number), most significant first, appended as they are. */
  rawUint32(v: number): this {
    this.ensure(4);
    const b = this.buf;
    b[this.pos++] = v >>> 24;
    b[this.pos++] = (v >>> 16) & 0xff;
    b[this.pos++] = (v >>> 8) & 0xff;
    b[this.pos++] = v & 0xff;
    return this;
  }

  /** Raw octets appended as they are (a pre-encoded TLV, for instance). */
  raw(bytes: Uint8Array): this {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
    return this;
  }

  /** Open a constructed value; close it with end(). Default class context. */
  begin(cls: number = TagClass.Context, tagNumber: number, indefinite = false): this {
    this.tag(cls, true, tagNumber);
    this.ensure(1);
    if (indefinite) {
      this.buf[this.pos++] = 0x80;
      this.stack.push(-1 - this.pos);
    } else {
      this.stack.push(this.pos);
      this.buf[this.pos++] = 0; // placeholder, patched by end()
    }
    return this;
  }

  /** A SEQUENCE (universal 16, constructed). */
  beginSequence(): this {
    return this.begin(TagClass.Universal, Universal.Sequence);
  }

  /** Close the innermost begin(): back-patch its length (moving the content if the long form is needed). */
  end(): this {
    const mark = this.stack.pop();
    if (mark === undefined) throw new Error('BerWriter.end() without begin()');
    if (mark < 0) {
      this.ensure(2);
      this.buf[this.pos++] = 0;
      this.buf[this.pos++] = 0;
      return this;
    }
    const contentStart = mark + 1;
    const n = this.pos - contentStart;
    if (n < 0x80) {
      this.buf[mark] = n;
      return this;
    }
    const k = n < 0x100 ? 1 : n < 0x10000 ? 2 : n < 0x1000000 ? 3 : 4;
    this.ensure(k);
    this.buf.copyWithin(contentStart + k, contentStart, this.pos);
    this.buf[mark] = 0x80 | k;
    for (let i = 0; i < k; i++) this.buf[mark + 1 + i] = (n >>> (8 * (k - 1 - i))) & 0xff;
    this.pos += k;
    return this;
  }

  /** A primitive TLV with the given content. */
  primitive(cls: number, tagNumber: number, content: Uint8Array = EMPTY): this {
    this.tag(cls, false, tagNumber).len(content.length);
    return this.raw(content);
  }

  /** INTEGER (or an implicitly tagged one): minimal two's complement. Accepts safe integers and bigints. */
  integer(value: number | bigint, cls: number = TagClass.Universal, tagNumber: number = Universal.Integer): this {
    this.tag(cls, false, tagNumber);
    if (typeof value === 'bigint') return this.bigIntContent(value);
    if (!Number.isSafeInteger(value)) throw new RangeError(`INTEGER value ${value} is not a safe integer`);
    if (value >= -128 && value <= 127) {
      this.ensure(2);
      this.buf[this.pos++] = 1;
      this.buf[this.pos++] = value & 0xff;
      return this;
    }
    // count octets
    let k = 1;
    if (value >= 0) {
      for (let v = value; v > 127; v = Math.floor(v / 256)) k++;
    } else {
      for (let v = value; v < -128; v = Math.floor(v / 256)) k++;
    }
    this.ensure(1 + k);
    this.buf[this.pos++] = k;
    let v = value;
    for (let i = k - 1; i >= 0; i--) {
      this.buf[this.pos + i] = ((v % 256) + 256) % 256;
      v = Math.floor(v / 256);
    }
    this.pos += k;
    return this;
  }

  private bigIntContent(value: bigint): this {
    const out: number[] = [];
    let v = value;
    for (;;) {
      const b = Number(v & 0xffn);
      out.unshift(b);
      v >>= 8n;
      if ((v === 0n && (b & 0x80) === 0) || (v === -1n && (b & 0x80) !== 0)) break;
    }
    this.len(out.length);
    this.ensure(out.length);
    for (const b of out) this.buf[this.pos++] = b;
    return this;
  }

  enumerated(value: number, cls: number = TagClass.Universal, tagNumber: number = Universal.Enumerated): this {
    return this.integer(value, cls, tagNumber);
  }

  boolean(value: boolean, cls: number = TagClass.Universal, tagNumber: number = Universal.Boolean): this {
    this.tag(cls, false, tagNumber);
    this.ensure(2);
    this.buf[this.pos++] = 1;
    this.buf[this.pos++] = value ? 0xff : 0x00;
    return this;
  }

  null(cls: number = TagClass.Universal, tagNumber: number = Universal.Null): this {
    this.tag(cls, false, tagNumber);
    this.ensure(1);
    this.buf[this.pos++] = 0;
    return this;
  }

  octets(bytes: Uint8Array, cls: number = TagClass.Universal, tagNumber: number = Universal.OctetString): this {
    return this.primitive(cls, tagNumber, bytes);
  }

  /** OBJECT IDENTIFIER from a dotted string or arcs. */
  oid(value: string | readonly number[], cls: number = TagClass.Universal, tagNumber: number = Universal.ObjectIdentifier): this {
    return this.primitive(cls, tagNumber, encodeOidContent(value));
  }

  /** BIT STRING with the given unused-bit count in the last octet. */
  bitString(bytes: Uint8Array, unusedBits = 0, cls: number = TagClass.Universal, tagNumber: number = Universal.BitString): this {
    this.tag(cls, false, tagNumber).len(bytes.length + 1);
    this.ensure(1);
    this.buf[this.pos++] = unusedBits;
    return this.raw(bytes);
  }

  /** IA5String / VisibleString / UTF8String (encoded as UTF-8 octets). */
  string(text: string, cls: number = TagClass.Universal, tagNumber: number = Universal.IA5String): this {
    return this.primitive(cls, tagNumber, textEncoder.encode(text));
  }

  /** A copy of everything written (the writer can then be reset and reused). */
  toBytes(): Uint8Array {
    if (this.stack.length) throw new Error(`BerWriter.toBytes() with ${this.stack.length} unclosed begin()`);
    return this.buf.slice(0, this.pos);
  }

  /** A copy of what was written from position `start` on (a complete TLV written since then, for instance). */
  since(start: number): Uint8Array {
    return this.buf.slice(start, this.pos);
  }

  /** A view of everything written, valid until the next write or reset (no copy). */
  view(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }
}

const textEncoder = new TextEncoder();

/** The content octets of an OBJECT IDENTIFIER (no tag or length). Throws RangeError on a bad OID. */
export function encodeOidContent(value: string | readonly number[]): Uint8Array {
  const arcs = typeof value === 'string' ? value.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : NaN)) : value;
  if (arcs.length < 2 || arcs.some((a) => !Number.isSafeInteger(a) || a < 0)) {
    throw new RangeError(`invalid OBJECT IDENTIFIER '${typeof value === 'string' ? value : value.join('.')}'`);
  }
  if (arcs[0]! > 2 || (arcs[0]! < 2 && arcs[1]! > 39)) {
    throw new RangeError(`invalid OBJECT IDENTIFIER '${arcs.join('.')}': bad first arcs`);
  }
  const out: number[] = [];
  const push = (v: number) => {
    const tmp: number[] = [v & 0x7f];
    for (v = Math.floor(v / 128); v > 0; v = Math.floor(v / 128)) tmp.unshift((v & 0x7f) | 0x80);
    out.push(...tmp);
  };
  push(arcs[0]! * 40 + arcs[1]!);
  for (let i = 2; i < arcs.length; i++) push(arcs[i]!);
  return Uint8Array.from(out);
}
