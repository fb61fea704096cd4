// Length-prefixed frames: a 4-byte unsigned big-endian length, then exactly that many bytes of UTF-8 JSON.
// The decoder is fed arbitrary chunks and yields whole frames; a length above the limit is refused before
// any buffer for the body is allocated.

export const FRAME_HEADER_BYTES = 4;

export class FrameTooLarge extends Error {
  constructor(readonly length: number, readonly max: number) {
    super(`frame length ${length} exceeds max_message_bytes ${max}`);
    this.name = 'FrameTooLarge';
  }
}

export class FrameDecoder {
  private header = Buffer.alloc(FRAME_HEADER_BYTES);
  private headerFill = 0;
  private body: Buffer | undefined;
  private bodyFill = 0;

  constructor(private readonly maxBytes: number) {}

  /** Bytes received of the frame in progress (0 when between frames). */
  get pending(): number {
    return this.headerFill + this.bodyFill;
  }

  /** Feed a chunk; returns the frames it completed (usually zero or one). Throws FrameTooLarge. */
  push(chunk: Uint8Array): Buffer[] {
    const frames: Buffer[] = [];
    let off = 0;
    while (off < chunk.length) {
      if (this.body === undefined) {
        const n = Math.min(FRAME_HEADER_BYTES - this.headerFill, chunk.length - off);
        this.header.set(chunk.subarray(off, off + n), this.headerFill);
        this.headerFill += n;
        off += n;
        if (this.headerFill < FRAME_HEADER_BYTES) break;
        const len = this.header.readUInt32BE(0);
        if (len > this.maxBytes) throw new FrameTooLarge(len, this.maxBytes);
        this.body = Buffer.allocUnsafe(len);
        this.bodyFill = 0;
      }
      const need = this.body.length - this.bodyFill;
      const n = Math.min(need, chunk.length - off);
      this.body.set(chunk.subarray(off, off + n), this.bodyFill);
      this.bodyFill += n;
      off += n;
      if (this.bodyFill === this.body.length) {
        frames.push(this.body);
        this.body = undefined;
        this.headerFill = 0;
        this.bodyFill = 0;
      }
    }
    return frames;
  }
}

export function encodeFrame(json: string): Buffer {
  const body = Buffer.from(json, 'utf8');
  const out = Buffer.allocUnsafe(FRAME_HEADER_BYTES + body.length);
  out.writeUInt32BE(body.length, 0);
  body.copy(out, FRAME_HEADER_BYTES);
  return out;
}
