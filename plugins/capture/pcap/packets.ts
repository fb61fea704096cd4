// From a frame to what its transport carries: the link layers tshark and tcpdump write (Ethernet with VLAN tags,
// Linux cooked v1 and v2, raw IP, BSD/OpenBSD loopback) and the EXPORTED_PDU records the tester writes
// (sdk/pcap.ts), IPv4 and IPv6 (extension headers skipped), TCP segments and SCTP DATA / I-DATA chunks.
import type { Frame } from './read.js';

interface Endpoints {
  src: string;
  dst: string;
}
export interface TcpSegment extends Endpoints {
  kind: 'tcp';
  seq: number;
  syn: boolean;
  payload: Uint8Array;
}
interface SctpData {
  tsn: number;
  ppid: number;
  /** Both the first and the last fragment: a whole user message. */
  whole: boolean;
  bytes: Uint8Array;
}
export interface SctpPacket extends Endpoints {
  kind: 'sctp';
  chunks: SctpData[];
}
/** An EXPORTED_PDU record: the dissector it names and its bytes. */
interface ExportedPdu extends Endpoints {
  kind: 'pdu';
  dissector: string;
  bytes: Uint8Array;
}
/** What a frame holds, or why it holds nothing this reader follows. */
export type Packet = TcpSegment | SctpPacket | ExportedPdu | { kind: 'other'; why: string };

const ETHERTYPE_IPV4 = 0x0800;
const ETHERTYPE_IPV6 = 0x86dd;

export function packetOf(f: Frame): Packet {
  const d = f.data;
  switch (f.linkType) {
    case 1: {
      let o = 12;
      while (o + 2 <= d.length && (u16(d, o) === 0x8100 || u16(d, o) === 0x88a8)) o += 4; // VLAN tags
      return byEthertype(d, u16(d, o), o + 2);
    }
    case 113:
      return byEthertype(d, u16(d, 14), 16);
    case 276:
      return byEthertype(d, u16(d, 0), 20);
    case 101:
    case 12:
    case 14:
    case 228:
    case 229:
      return ip(d.subarray(0));
    case 0:
    case 108: {
      // the address family: host order for DLT_NULL (any of them), big-endian for OpenBSD's DLT_LOOP
      const fam = f.linkType === 108 || d[0] === 0 ? u32(d, 0) : d[0]!;
      return fam === 2 ? ip(d.subarray(4)) : [24, 28, 30].includes(fam) ? ip(d.subarray(4)) : { kind: 'other', why: `loopback family ${fam}` };
    }
    case 252:
      return exportedPdu(d);
    default:
      return { kind: 'other', why: `link type ${f.linkType} is not read` };
  }
}

function byEthertype(d: Uint8Array, type: number, o: number): Packet {
  if (type === ETHERTYPE_IPV4 || type === ETHERTYPE_IPV6) return ip(d.subarray(o));
  return { kind: 'other', why: `ethertype 0x${type.toString(16)}` };
}

function ip(d: Uint8Array): Packet {
  if (d.length < 20) return { kind: 'other', why: 'truncated IP header' };
  if (d[0]! >> 4 === 4) {
    const ihl = (d[0]! & 15) * 4;
    const total = Math.min(u16(d, 2), d.length); // Ethernet pads short frames: the IP length says where the packet ends
    if ((u16(d, 6) & 0x3fff) !== 0) return { kind: 'other', why: 'IPv4 fragment (fragments are not reassembled)' };
    return transport(d[9]!, addr4(d, 12), addr4(d, 16), d.subarray(ihl, total));
  }
  if (d[0]! >> 4 === 6 && d.length >= 40) {
    let next = d[6]!;
    let o = 40;
    const end = Math.min(40 + u16(d, 4), d.length);
    while ([0, 43, 60].includes(next) && o + 8 <= end) {
      next = d[o]!;
      o += (d[o + 1]! + 1) * 8;
    }
    if (next === 44) return { kind: 'other', why: 'IPv6 fragment (fragments are not reassembled)' };
    return transport(next, `[${addr6(d, 8)}]`, `[${addr6(d, 24)}]`, d.subarray(o, end));
  }
  return { kind: 'other', why: `IP version ${d[0]! >> 4}` };
}

function transport(proto: number, src: string, dst: string, d: Uint8Array): Packet {
  if (proto === 6 && d.length >= 20) {
    const off = (d[12]! >> 4) * 4;
    return { kind: 'tcp', src: `${src}:${u16(d, 0)}`, dst: `${dst}:${u16(d, 2)}`, seq: u32(d, 4), syn: (d[13]! & 0x02) !== 0, payload: d.subarray(off) };
  }
  if (proto === 132 && d.length >= 12) return { kind: 'sctp', src: `${src}:${u16(d, 0)}`, dst: `${dst}:${u16(d, 2)}`, chunks: sctpChunks(d) };
  return { kind: 'other', why: `IP protocol ${proto}` };
}

/** The DATA (0) and I-DATA (64) chunks of an SCTP packet; other chunks carry no user data. */
function sctpChunks(d: Uint8Array): SctpData[] {
  const out: SctpData[] = [];
  for (let o = 12; o + 4 <= d.length; ) {
    const type = d[o]!;
    const len = u16(d, o + 2);
    if (len < 4 || o + len > d.length) break;
    const flags = d[o + 1]!;
    const whole = (flags & 3) === 3;
    if (type === 0 && len >= 16) out.push({ tsn: u32(d, o + 4), ppid: u32(d, o + 12), whole, bytes: d.subarray(o + 16, o + len) });
    if (type === 64 && len >= 20) out.push({ tsn: u32(d, o + 4), ppid: flags & 2 ? u32(d, o + 16) : 0, whole, bytes: d.subarray(o + 20, o + len) });
    o += (len + 3) & ~3;
  }
  return out;
}

/** EXPORTED_PDU tags: 12 the dissector's name, 20/21 IPv4 and 22/23 IPv6 source/destination, 25/26 the ports. */
function exportedPdu(d: Uint8Array): Packet {
  const a = { name: '', src: '', dst: '', sport: '', dport: '' };
  let o = 0;
  while (o + 4 <= d.length) {
    const tag = u16(d, o);
    const len = u16(d, o + 2);
    const v = d.subarray(o + 4, o + 4 + len);
    o += 4 + len;
    if (tag === 0) break;
    if (tag === 12) a.name = Buffer.from(v).toString('latin1').replace(/\0+$/, '');
    else if (tag === 20 || tag === 21) a[tag === 20 ? 'src' : 'dst'] = addr4(v, 0);
    else if (tag === 22 || tag === 23) a[tag === 22 ? 'src' : 'dst'] = `[${addr6(v, 0)}]`;
    else if ((tag === 25 || tag === 26) && len === 4) a[tag === 25 ? 'sport' : 'dport'] = String(u32(v, 0));
  }
  const at = (h: string, p: string) => (h || p ? `${h}:${p}` : '');
  return { kind: 'pdu', dissector: a.name, src: at(a.src, a.sport), dst: at(a.dst, a.dport), bytes: d.subarray(o) };
}

const u16 = (d: Uint8Array, o: number) => ((d[o] ?? 0) << 8) | (d[o + 1] ?? 0);
const u32 = (d: Uint8Array, o: number) => u16(d, o) * 65536 + u16(d, o + 2);
const addr4 = (d: Uint8Array, o: number) => `${d[o]}.${d[o + 1]}.${d[o + 2]}.${d[o + 3]}`;
const addr6 = (d: Uint8Array, o: number) => Array.from({ length: 8 }, (_, i) => u16(d, o + 2 * i).toString(16)).join(':');
