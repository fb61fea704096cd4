// AVP framing (RFC 6733 §4.1): code(4) | flags(1) | length(3) | [vendor id(4) when V] | data | padding to 4.
// Raw AVPs keep their data as a slice of the message (no copy); typed values are decoded on demand (types.ts).
import { CodecResult, DiameterCodecError } from './errors.js';

/** AVP flags: Vendor-specific, Mandatory, Protected (deprecated in RFC 6733). Bits 4..0 are reserved. */
export const AvpFlag = { V: 0x80, M: 0x40, P: 0x20 } as const;
const AVP_FLAGS_RESERVED = 0x1f;

export interface RawAvp {
  code: number;
  flags: number;
  /** Vendor-Id, 0 when the V flag is clear. */
  vendorId: number;
  /** The AVP's data (without header and padding), a view into the message bytes. */
  data: Buffer;
  /** Offset of the AVP header in the buffer it was read from. */
  offset: number;
}

/** An AVP to encode: either `data` (already encoded value) or `children` (a Grouped AVP). */
export interface AvpNode {
  code: number;
  flags: number;
  vendorId?: number;
  data?: Uint8Array;
  children?: AvpNode[];
}

export function avpFlagsText(flags: number): string {
  let s = '';
  if (flags & AvpFlag.V) s += 'V';
  if (flags & AvpFlag.M) s += 'M';
  if (flags & AvpFlag.P) s += 'P';
  return s;
}

export function parseAvpFlags(v: string | number): number {
  if (typeof v === 'number') return v & 0xff;
  let f = 0;
  for (const ch of v.toUpperCase()) {
    const bit = (AvpFlag as Record<string, number>)[ch];
    if (bit === undefined) throw new RangeError(`unknown AVP flag '${ch}' (use V, M, P)`);
    f |= bit;
  }
  return f;
}

const pad4 = (n: number): number => (n + 3) & ~3;

/** Unpadded length of one AVP node (header + data), computing grouped children. */
function avpLength(n: AvpNode): number {
  const hl = n.vendorId !== undefined && n.vendorId !== 0 || (n.flags & AvpFlag.V) ? 12 : 8;
  if (n.children) {
    let body = 0;
    for (const c of n.children) body += pad4(avpLength(c));
    return hl + body;
  }
  return hl + (n.data ? n.data.length : 0);
}

/** Total padded size of a list of AVP nodes. */
export function avpsSize(nodes: readonly AvpNode[]): number {
  let s = 0;
  for (const n of nodes) s += pad4(avpLength(n));
  return s;
}

/**
 * Write one AVP node at `offset`; returns the offset after it (padded). Padding bytes are zero. The length field is
 * written after the data: a Grouped AVP's length is where its children ended (each padded), so no node's length is
 * computed again here (`buf` was sized by avpsSize).
 */
export function writeAvp(buf: Buffer, n: AvpNode, offset: number): number {
  const vendor = n.vendorId ?? 0;
  const hasV = vendor !== 0 || (n.flags & AvpFlag.V) !== 0;
  const flags = hasV ? n.flags | AvpFlag.V : n.flags;
  buf.writeUInt32BE(n.code >>> 0, offset);
  let o = offset + 8;
  if (hasV) {
    buf.writeUInt32BE(vendor >>> 0, o);
    o += 4;
  }
  if (n.children) {
    for (const c of n.children) o = writeAvp(buf, c, o);
  } else if (n.data) {
    buf.set(n.data, o);
    o += n.data.length;
  }
  const len = o - offset;
  buf.writeUInt32BE((((flags & 0xff) << 24) | (len & 0xffffff)) >>> 0, offset + 4);
  const end = offset + pad4(len);
  // at most 3 bytes: a loop costs less than fill()'s argument checks
  while (o < end) buf[o++] = 0;
  return end;
}

/** Encode a list of AVP nodes into a new buffer (the data of a Grouped AVP, or a message body). */
export function encodeAvps(nodes: readonly AvpNode[]): Buffer {
  const buf = Buffer.allocUnsafe(avpsSize(nodes));
  let o = 0;
  for (const n of nodes) o = writeAvp(buf, n, o);
  return buf;
}

/**
 * Read the AVPs in `buf[start, end)`. `base` is added to offsets in error messages (so they are message offsets).
 * Strict: a length below the header size, an AVP running past the end of its container or reserved flag bits throw a DiameterCodecError naming the AVP and the offset.
 */
export function readAvps(buf: Buffer, start: number, end: number, base = 0): RawAvp[] {
  const out: RawAvp[] = [];
  let o = start;
  while (o < end) {
    if (end - o < 8) {
      throw new DiameterCodecError(`truncated AVP header at offset ${base + o}: ${end - o} bytes left, 8 needed`,
        CodecResult.INVALID_AVP_LENGTH, base + o);
    }
    const code = buf.readUInt32BE(o);
    const flags = buf[o + 4]!;
    const len = buf.readUInt32BE(o + 4) & 0xffffff;
    const hasV = (flags & AvpFlag.V) !== 0;
    const hl = hasV ? 12 : 8;
    if (flags & AVP_FLAGS_RESERVED) {
      throw new DiameterCodecError(`AVP ${code} at offset ${base + o}: reserved flag bits set (flags 0x${flags.toString(16).padStart(2, '0')})`,
        CodecResult.INVALID_AVP_BITS, base + o, code);
    }
    if (len < hl) {
      throw new DiameterCodecError(`AVP ${code} at offset ${base + o}: length ${len} is shorter than its ${hl}-byte header`,
        CodecResult.INVALID_AVP_LENGTH, base + o, code);
    }
    if (o + len > end) {
      throw new DiameterCodecError(`AVP ${code} at offset ${base + o}: length ${len} runs past the end of its container (${end - o} bytes left)`,
        CodecResult.INVALID_AVP_LENGTH, base + o, code);
    }
    const vendorId = hasV ? buf.readUInt32BE(o + 8) : 0;
    out.push({ code, flags, vendorId, data: buf.subarray(o + hl, o + len), offset: base + o });
    // Padding is counted in the container's length (RFC 6733 §4.1, §4.4). Some peers omit the padding of the
    // last AVP of a Grouped AVP; that is tolerated because nothing follows it.
    const next = o + pad4(len);
    o = next > end ? end : next;
  }
  return out;
}
