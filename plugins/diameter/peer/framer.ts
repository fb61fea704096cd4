// Splits a TCP byte stream into Diameter messages using the 24-bit length of each header. Whole messages inside
// one chunk are handed out as views (no copy); only a message split across chunks is copied once.
import { CodecResult, DiameterCodecError } from '../codec/errors.js';
import { DIAMETER_VERSION, HEADER_LENGTH } from '../codec/header.js';

export class Framer {
  private pending: Buffer | null = null;
  constructor(private readonly maxLength: number, private readonly onMessage: (msg: Buffer) => void) {}

  /** Feed a chunk. Throws DiameterCodecError when the stream cannot be a Diameter stream (then close it). */
  push(chunk: Buffer): void {
    let buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    let o = 0;
    while (buf.length - o >= 4) {
      if (buf[o] !== DIAMETER_VERSION) {
        throw new DiameterCodecError(`stream out of sync: version byte ${buf[o]} where a Diameter header should start`,
          CodecResult.UNSUPPORTED_VERSION, o);
      }
      const len = (buf[o + 1]! << 16) | (buf[o + 2]! << 8) | buf[o + 3]!;
      if (len < HEADER_LENGTH || len % 4 !== 0 || len > this.maxLength) {
        throw new DiameterCodecError(`bad message length ${len} in the stream (min ${HEADER_LENGTH}, multiple of 4, max ${this.maxLength})`,
          CodecResult.INVALID_MESSAGE_LENGTH, o + 1);
      }
      if (buf.length - o < len) break;
      this.onMessage(buf.subarray(o, o + len));
      o += len;
    }
    if (o < buf.length) this.pending = o === 0 ? buf : Buffer.from(buf.subarray(o));
    buf = Buffer.alloc(0);
  }
}
