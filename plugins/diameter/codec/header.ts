// The 20-byte Diameter message header (RFC 6733 §3):
//   version(1) | message length(3) | command flags(1) | command code(3) | application id(4) | hop-by-hop(4) | end-to-end(4)
import { CodecResult, DiameterCodecError } from './errors.js';

export const HEADER_LENGTH = 20;
export const DIAMETER_VERSION = 1;
/** Largest length the 24-bit field can carry. */
export const MAX_MESSAGE_LENGTH = 0xffffff;

/** Command flags (RFC 6733 §3): Request, Proxiable, Error, potentially reTransmitted. Bits 3..0 are reserved. */
export const CommandFlag = { R: 0x80, P: 0x40, E: 0x20, T: 0x10 } as const;
const COMMAND_FLAGS_RESERVED = 0x0f;

export interface DiameterHeader {
  version: number;
  length: number;
  flags: number;
  code: number;
  applicationId: number;
  hopByHop: number;
  endToEnd: number;
}

export function isRequest(flags: number): boolean {
  return (flags & CommandFlag.R) !== 0;
}

/** Command flags as letters, e.g. 'RP', '' for a plain answer, 'PE' for a proxiable error answer. */
export function commandFlagsText(flags: number): string {
  let s = '';
  if (flags & CommandFlag.R) s += 'R';
  if (flags & CommandFlag.P) s += 'P';
  if (flags & CommandFlag.E) s += 'E';
  if (flags & CommandFlag.T) s += 'T';
  return s;
}

/** Parse command flags given as letters ('RP') or a number. */
export function parseCommandFlags(v: string | number): number {
  if (typeof v === 'number') return v & 0xff;
  let f = 0;
  for (const ch of v.toUpperCase()) {
    const bit = (CommandFlag as Record<string, number>)[ch];
    if (bit === undefined) throw new RangeError(`unknown command flag '${ch}' (use R, P, E, T)`);
    f |= bit;
  }
  return f;
}

/** Write a header into `buf` at `offset`. */
export function writeHeader(buf: Buffer, h: Omit<DiameterHeader, 'version'> & { version?: number }, offset = 0): void {
  buf.writeUInt32BE(((h.version ?? DIAMETER_VERSION) << 24) | (h.length & 0xffffff), offset);
  buf.writeUInt32BE(((h.flags & 0xff) << 24 | (h.code & 0xffffff)) >>> 0, offset + 4);
  buf.writeUInt32BE(h.applicationId >>> 0, offset + 8);
  buf.writeUInt32BE(h.hopByHop >>> 0, offset + 12);
  buf.writeUInt32BE(h.endToEnd >>> 0, offset + 16);
}

/** Length announced by the header at `offset` (for framing a stream); -1 when fewer than 4 bytes are there. */
export function peekLength(buf: Uint8Array, offset = 0): number {
  if (buf.length - offset < 4) return -1;
  return (buf[offset + 1]! << 16) | (buf[offset + 2]! << 8) | buf[offset + 3]!;
}

/**
 * Read and check a header. `available` is the number of bytes of the message present (default: all of `buf`
 * from `offset`). Throws DiameterCodecError on a bad version, length or reserved/contradictory flags.
 */
export function readHeader(buf: Buffer, offset = 0, available = buf.length - offset): DiameterHeader {
  if (available < HEADER_LENGTH) {
    throw new DiameterCodecError(
      `message truncated: ${available} bytes, a Diameter header needs ${HEADER_LENGTH}`,
      CodecResult.INVALID_MESSAGE_LENGTH, offset);
  }
  const version = buf[offset]!;
  const length = buf.readUInt32BE(offset) & 0xffffff;
  const flags = buf[offset + 4]!;
  const code = buf.readUInt32BE(offset + 4) & 0xffffff;
  const h: DiameterHeader = {
    version, length, flags, code,
    applicationId: buf.readUInt32BE(offset + 8),
    hopByHop: buf.readUInt32BE(offset + 12),
    endToEnd: buf.readUInt32BE(offset + 16),
  };
  if (version !== DIAMETER_VERSION) {
    throw new DiameterCodecError(`unsupported Diameter version ${version} (expected 1)`, CodecResult.UNSUPPORTED_VERSION, offset);
  }
  if (length < HEADER_LENGTH || length % 4 !== 0) {
    throw new DiameterCodecError(
      `bad message length ${length}: must be at least ${HEADER_LENGTH} and a multiple of 4`,
      CodecResult.INVALID_MESSAGE_LENGTH, offset + 1);
  }
  if (length > available) {
    throw new DiameterCodecError(`message truncated: header says ${length} bytes, only ${available} present`,
      CodecResult.INVALID_MESSAGE_LENGTH, offset + 1);
  }
  if (flags & COMMAND_FLAGS_RESERVED) {
    throw new DiameterCodecError(`reserved command flag bits set (flags 0x${hex2(flags)})`,
      CodecResult.INVALID_HDR_BITS, offset + 4);
  }
  if ((flags & CommandFlag.R) && (flags & CommandFlag.E)) {
    throw new DiameterCodecError(`E (error) flag set on a request (flags 0x${hex2(flags)})`,
      CodecResult.INVALID_HDR_BITS, offset + 4);
  }
  return h;
}

function hex2(n: number): string {
  return n.toString(16).padStart(2, '0');
}
