// Whole messages: build one buffer from a header and AVP nodes; parse a buffer into a header and raw top-level
// AVPs (grouped AVPs are read on demand by the view layer).
import { avpsSize, readAvps, writeAvp, type AvpNode, type RawAvp } from './avp.js';
import { CodecResult, DiameterCodecError } from './errors.js';
import { HEADER_LENGTH, MAX_MESSAGE_LENGTH, readHeader, writeHeader, type DiameterHeader } from './header.js';

export interface MessageSpec {
  flags: number;
  code: number;
  applicationId: number;
  hopByHop: number;
  endToEnd: number;
  avps: readonly AvpNode[];
}

export interface ParsedMessage {
  header: DiameterHeader;
  avps: RawAvp[];
  /** The message bytes (exactly header.length). */
  bytes: Buffer;
}

export function encodeMessage(m: MessageSpec): Buffer {
  const length = HEADER_LENGTH + avpsSize(m.avps);
  if (length > MAX_MESSAGE_LENGTH) {
    throw new DiameterCodecError(`message of ${length} bytes is larger than the 24-bit length field allows`,
      CodecResult.INVALID_MESSAGE_LENGTH, 0);
  }
  const buf = Buffer.allocUnsafe(length);
  writeHeader(buf, { length, flags: m.flags, code: m.code, applicationId: m.applicationId, hopByHop: m.hopByHop, endToEnd: m.endToEnd });
  let o = HEADER_LENGTH;
  for (const n of m.avps) o = writeAvp(buf, n, o);
  return buf;
}

/** Parse a complete message. Throws DiameterCodecError (with offset and Result-Code) on bad bytes. */
export function decodeMessage(buf: Buffer): ParsedMessage {
  const header = readHeader(buf, 0, buf.length);
  if (buf.length > header.length) {
    throw new DiameterCodecError(`${buf.length - header.length} bytes after the end of the message (length ${header.length})`,
      CodecResult.INVALID_MESSAGE_LENGTH, header.length);
  }
  const avps = readAvps(buf, HEADER_LENGTH, header.length, 0);
  return { header, avps, bytes: buf };
}

/** Find the first top-level AVP with this code and vendor. */
export function findAvp(avps: readonly RawAvp[], code: number, vendorId = 0): RawAvp | undefined {
  for (const a of avps) if (a.code === code && a.vendorId === vendorId) return a;
  return undefined;
}
