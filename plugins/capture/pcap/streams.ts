// The application messages of a capture: TCP byte streams reassembled per direction and cut at each message's
// length (several messages in one segment, one message over many), SCTP DATA chunks by payload protocol id
// (unfragmented ones: a fragmented message is reported, not reassembled), EXPORTED_PDU records as they are.
// What cannot be followed is reported with its frame number, never dropped silently.
import { packetOf, type SctpPacket, type TcpSegment } from './packets.js';
import type { Frame } from './read.js';

type Protocol = 'm3ua' | 'sua' | 'diameter';

/** One application message, numbered by the frame that completed it. */
export interface Message {
  frame: number;
  timeMs: number;
  src: string;
  dst: string;
  protocol: Protocol;
  bytes: Uint8Array;
}
export interface Skipped {
  frame: number;
  why: string;
}
export interface Streams {
  messages: Message[];
  skipped: Skipped[];
}

const BY_PPID: Readonly<Record<number, Protocol>> = { 3: 'm3ua', 4: 'sua', 46: 'diameter', 47: 'diameter' };
const BY_PORT: Readonly<Record<number, Protocol>> = { 2905: 'm3ua', 14001: 'sua', 3868: 'diameter', 5868: 'diameter' };
const BY_DISSECTOR: Readonly<Record<string, Protocol>> = { m3ua: 'm3ua', sua: 'sua', diameter: 'diameter' };
/** Out-of-order TCP segments held per direction before the gap is given up. */
const MAX_PENDING = 256;

interface Direction {
  next: number | undefined;
  buf: Buffer;
  pending: Map<number, Uint8Array>;
  protocol: Protocol | undefined;
}

export function messagesOf(frames: readonly Frame[]): Streams {
  const out: Streams = { messages: [], skipped: [] };
  const tcp = new Map<string, Direction>();
  const tsns = new Set<string>();
  for (const f of frames) {
    const p = packetOf(f);
    if (p.kind === 'tcp') tcpSegment(f, p, tcp, out);
    else if (p.kind === 'sctp') sctpPacket(f, p, tsns, out);
    else if (p.kind === 'pdu') {
      const protocol = BY_DISSECTOR[p.dissector];
      if (protocol) out.messages.push({ frame: f.no, timeMs: f.timeMs, src: p.src, dst: p.dst, protocol, bytes: p.bytes });
      else out.skipped.push({ frame: f.no, why: `exported PDU for dissector '${p.dissector}'` });
    } else out.skipped.push({ frame: f.no, why: p.why });
  }
  return out;
}

function sctpPacket(f: Frame, p: SctpPacket, tsns: Set<string>, out: Streams): void {
  for (const c of p.chunks) {
    const key = `${p.src}>${p.dst}#${c.tsn}`;
    if (tsns.has(key)) continue; // a retransmission
    tsns.add(key);
    const protocol = BY_PPID[c.ppid] ?? portProtocol(p.src, p.dst);
    if (!c.whole) out.skipped.push({ frame: f.no, why: `fragmented SCTP DATA (TSN ${c.tsn}): fragments are not reassembled` });
    else if (!protocol) out.skipped.push({ frame: f.no, why: `SCTP DATA with payload protocol id ${c.ppid}` });
    else out.messages.push({ frame: f.no, timeMs: f.timeMs, src: p.src, dst: p.dst, protocol, bytes: c.bytes });
  }
}

function tcpSegment(f: Frame, s: TcpSegment, dirs: Map<string, Direction>, out: Streams): void {
  const key = `${s.src}>${s.dst}`;
  let d = dirs.get(key);
  if (!d) dirs.set(key, (d = { next: undefined, buf: Buffer.alloc(0), pending: new Map(), protocol: portProtocol(s.src, s.dst) }));
  if (s.syn) d.next = (s.seq + 1) >>> 0;
  if (s.payload.length === 0) return;
  d.next ??= s.seq;
  const ahead = (s.seq - d.next) | 0;
  if (ahead > 0) {
    if (d.pending.size >= MAX_PENDING) {
      out.skipped.push({ frame: f.no, why: `TCP ${key}: gap of ${ahead} octets never filled; the stream resumes here` });
      d.pending.clear();
      d.buf = Buffer.alloc(0);
      d.next = s.seq;
    } else {
      d.pending.set(s.seq, s.payload);
      return;
    }
  }
  // one connection, one protocol: the first direction told decides the other (a Diameter answer may sniff as M3UA)
  d.protocol ??= dirs.get(`${s.dst}>${s.src}`)?.protocol;
  append(d, s.seq, s.payload);
  for (let more = true; more; ) {
    more = false;
    for (const [seq, data] of d.pending) {
      if (((seq - d.next!) | 0) <= 0) {
        d.pending.delete(seq);
        append(d, seq, data);
        more = true;
      }
    }
  }
  cut(f, s, d, out);
}

/** Append what of a segment is new (a retransmission overlaps what was had). */
function append(d: Direction, seq: number, data: Uint8Array): void {
  const seen = (d.next! - seq) | 0;
  if (seen >= data.length) return;
  d.buf = Buffer.concat([d.buf, data.subarray(Math.max(0, seen))]);
  d.next = (d.next! + data.length - Math.max(0, seen)) >>> 0;
}

/** Cut whole messages off the front of a direction's buffer. */
function cut(f: Frame, s: TcpSegment, d: Direction, out: Streams): void {
  d.protocol ??= sniff(d.buf);
  while (d.buf.length >= 8) {
    if (!d.protocol) {
      out.skipped.push({ frame: f.no, why: `TCP ${s.src}>${s.dst}: ${d.buf.length} octets of an unrecognized protocol` });
      d.buf = Buffer.alloc(0);
      return;
    }
    const len = d.protocol === 'diameter' ? d.buf.readUIntBE(1, 3) : d.buf.readUInt32BE(4);
    if (d.buf[0] !== 1 || len < 8) {
      out.skipped.push({ frame: f.no, why: `TCP ${s.src}>${s.dst}: not a ${d.protocol} message header (${d.buf.subarray(0, 8).toString('hex')}); the rest of the segment is dropped` });
      d.buf = Buffer.alloc(0);
      return;
    }
    if (d.buf.length < len) return;
    // M3UA and SUA share their header and management classes: a transfer message says which (M3UA DATA is class 1,
    // SUA's connectionless and connection-oriented classes 7 and 8), so an SUA stream sniffed at its ASPUP turns SUA
    if (d.protocol !== 'diameter' && (d.buf[2] === 1 || d.buf[2] === 7 || d.buf[2] === 8)) d.protocol = d.buf[2] === 1 ? 'm3ua' : 'sua';
    out.messages.push({ frame: f.no, timeMs: f.timeMs, src: s.src, dst: s.dst, protocol: d.protocol, bytes: new Uint8Array(d.buf.subarray(0, len)) });
    d.buf = d.buf.subarray(len);
  }
}

function portProtocol(src: string, dst: string): Protocol | undefined {
  const port = (a: string) => Number(a.slice(a.lastIndexOf(':') + 1));
  return BY_PORT[port(dst)] ?? BY_PORT[port(src)];
}

/**
 * M3UA/SUA (version 1, a reserved zero octet, a known message class and type: types go up to 13) or Diameter
 * (version 1, flags, command). A Diameter answer without flags under 256 octets (a DWA) has a zero second octet
 * and a 32-bit "length" that is its command code: its third octet, a length of at least 20, is no M3UA type.
 */
function sniff(b: Buffer): Protocol | undefined {
  if (b.length < 8 || b[0] !== 1) return undefined;
  if (b[1] === 0 && b[2]! <= 10 && b[3]! <= 13 && b[4] === 0 && b.readUInt32BE(4) % 4 === 0) return b[2] === 7 || b[2] === 8 ? 'sua' : 'm3ua';
  if ((b[4]! & 0x0f) === 0 && b.readUIntBE(1, 3) % 4 === 0) return 'diameter';
  return undefined;
}
