// The frames of a pcap or pcapng file: the block structure only (no link layer). pcap in either byte order with
// micro- or nanosecond stamps; pcapng's section header, interface description (its link type and if_tsresol),
// enhanced and simple packet blocks; every other block is skipped by its length. Bounded: the caller reads at most
// MAX_CAPTURE_BYTES and this stops after MAX_FRAMES frames (docs/import.md "Limits").

/** One captured frame: its number (1-based, as Wireshark counts), time, link type and bytes (a view). */
export interface Frame {
  no: number;
  timeMs: number;
  linkType: number;
  data: Uint8Array;
}

export const MAX_CAPTURE_BYTES = 256 * 1024 * 1024;
const MAX_FRAMES = 1_000_000;

export class CaptureError extends Error {}

/** The frames of a whole capture file; throws CaptureError when the file is neither pcap nor pcapng. */
export function readFrames(buf: Uint8Array): Frame[] {
  if (buf.length < 24) throw new CaptureError(`a capture of ${buf.length} octets is too short for a pcap or pcapng header`);
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (dv.getUint32(0, true) === 0x0a0d0d0a) return readPcapng(buf, dv);
  const magic = dv.getUint32(0, false);
  for (const [m, nano] of [[0xa1b2c3d4, false], [0xa1b23c4d, true]] as const) {
    if (magic === m) return readPcap(buf, dv, false, nano);
    if (magic === swap32(m)) return readPcap(buf, dv, true, nano);
  }
  throw new CaptureError(`not a pcap or pcapng file (first octets ${hex(buf.subarray(0, 4))})`);
}

function readPcap(buf: Uint8Array, dv: DataView, le: boolean, nano: boolean): Frame[] {
  const linkType = dv.getUint32(20, le) & 0xffff;
  const frames: Frame[] = [];
  for (let o = 24; o + 16 <= buf.length && frames.length < MAX_FRAMES; ) {
    const sec = dv.getUint32(o, le);
    const frac = dv.getUint32(o + 4, le);
    const incl = dv.getUint32(o + 8, le);
    if (o + 16 + incl > buf.length) throw new CaptureError(`frame ${frames.length + 1} is cut short (${incl} octets at offset ${o + 16})`);
    frames.push({ no: frames.length + 1, timeMs: sec * 1000 + (nano ? frac / 1e6 : frac / 1e3), linkType, data: buf.subarray(o + 16, o + 16 + incl) });
    o += 16 + incl;
  }
  return frames;
}

interface Iface {
  linkType: number;
  /** Units per second of the time stamps (if_tsresol; default microseconds). */
  perSecond: number;
}

function readPcapng(buf: Uint8Array, dv: DataView): Frame[] {
  const frames: Frame[] = [];
  let le = true;
  let ifaces: Iface[] = [];
  for (let o = 0; o + 12 <= buf.length && frames.length < MAX_FRAMES; ) {
    const type = dv.getUint32(o, le);
    if (type === 0x0a0d0d0a) {
      // a section header: its byte-order magic says how this section's numbers (its own length too) are written
      le = dv.getUint32(o + 8, true) === 0x1a2b3c4d;
      if (!le && dv.getUint32(o + 8, false) !== 0x1a2b3c4d) throw new CaptureError(`pcapng section at offset ${o} has no byte-order magic`);
      ifaces = [];
    }
    const len = dv.getUint32(o + 4, le);
    if (len < 12 || len % 4 !== 0 || o + len > buf.length) throw new CaptureError(`pcapng block at offset ${o} has a bad length ${len}`);
    if (type === 1) ifaces.push({ linkType: dv.getUint16(o + 8, le), perSecond: tsresol(buf, dv, o + 16, o + len - 4, le) });
    else if (type === 6 || type === 3) {
      const f = packetBlock(buf, dv, o, len, type, le, ifaces);
      frames.push({ no: frames.length + 1, ...f });
    }
    o += len;
  }
  return frames;
}

/** An enhanced (6) or simple (3) packet block as a frame (without its number). */
function packetBlock(buf: Uint8Array, dv: DataView, o: number, len: number, type: number, le: boolean, ifaces: Iface[]): Omit<Frame, 'no'> {
  const iface = ifaces[type === 6 ? dv.getUint32(o + 8, le) : 0];
  if (!iface) throw new CaptureError(`pcapng packet at offset ${o} names an interface not described before it`);
  if (type === 3) {
    const cap = Math.min(dv.getUint32(o + 8, le), len - 16);
    return { timeMs: 0, linkType: iface.linkType, data: buf.subarray(o + 12, o + 12 + cap) };
  }
  const ts = dv.getUint32(o + 12, le) * 2 ** 32 + dv.getUint32(o + 16, le);
  const cap = dv.getUint32(o + 20, le);
  if (28 + cap > len) throw new CaptureError(`pcapng packet at offset ${o} is cut short`);
  return { timeMs: (ts / iface.perSecond) * 1000, linkType: iface.linkType, data: buf.subarray(o + 28, o + 28 + cap) };
}

/** if_tsresol (option 9) of an interface description block's options; 10^6 when absent. */
function tsresol(buf: Uint8Array, dv: DataView, o: number, end: number, le: boolean): number {
  while (o + 4 <= end) {
    const code = dv.getUint16(o, le);
    const len = dv.getUint16(o + 2, le);
    if (code === 0) break;
    if (code === 9 && len >= 1) {
      const v = buf[o + 4]!;
      return v & 0x80 ? 2 ** (v & 0x7f) : 10 ** v;
    }
    o += 4 + ((len + 3) & ~3);
  }
  return 1e6;
}

function swap32(v: number): number {
  return (((v & 0xff) << 24) | ((v & 0xff00) << 8) | ((v >>> 8) & 0xff00) | (v >>> 24)) >>> 0;
}

function hex(b: Uint8Array): string {
  return Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');
}
