// The Diameter base data formats (RFC 6733 §4.2, §4.3) and their JSON forms.
//   OctetString       string (UTF-8 bytes) or { hex } on encode; decoded as text when it is printable UTF-8, else '0x...'
//   Integer32/64, Unsigned32/64, Enumerated
//                     number (64-bit values beyond 2^53 as decimal strings); Enumerated also takes its value names
//   Float32/64        number
//   Address           '192.0.2.1', '2001:db8::1', or '<family>/<hex>' for other address families
//   Time              ISO-8601 string ('2026-01-31T12:00:00Z'); on encode also Unix seconds (number) or 'now'
//   UTF8String, DiameterIdentity, DiameterURI, IPFilterRule   string
//   Grouped           handled by the message layer (children)
import { isIP } from 'node:net';

export type BaseType =
  | 'OctetString' | 'Integer32' | 'Integer64' | 'Unsigned32' | 'Unsigned64' | 'Float32' | 'Float64'
  | 'Grouped' | 'Address' | 'Time' | 'UTF8String' | 'DiameterIdentity' | 'DiameterURI' | 'Enumerated'
  | 'IPFilterRule';

export const BASE_TYPES: readonly BaseType[] = [
  'OctetString', 'Integer32', 'Integer64', 'Unsigned32', 'Unsigned64', 'Float32', 'Float64', 'Grouped',
  'Address', 'Time', 'UTF8String', 'DiameterIdentity', 'DiameterURI', 'Enumerated', 'IPFilterRule',
];

/** Seconds between the NTP epoch (1900-01-01) and the Unix epoch. */
const NTP_UNIX_OFFSET = 2208988800;

/** Thrown by encodeValue for a value that does not fit the type; the caller adds the AVP name. */
export class ValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ValueError';
  }
}

export type ValueIn = string | number | boolean | null | undefined | object;

const fixedSize: Partial<Record<BaseType, number>> = {
  Integer32: 4, Unsigned32: 4, Enumerated: 4, Integer64: 8, Unsigned64: 8, Float32: 4, Float64: 8, Time: 4,
};

function toBigInt(v: ValueIn, type: string): bigint {
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) throw new ValueError(`${type} needs an integer, got ${v}`);
    return BigInt(v);
  }
  if (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v)) return BigInt(v.trim());
  if (typeof v === 'string' && /^\s*0x[0-9a-f]+\s*$/i.test(v)) return BigInt(v.trim());
  throw new ValueError(`${type} needs an integer, got ${JSON.stringify(v)}`);
}

function intInRange(v: ValueIn, type: string, min: bigint, max: bigint): bigint {
  const b = toBigInt(v, type);
  if (b < min || b > max) throw new ValueError(`${type} value ${b} is out of range ${min}..${max}`);
  return b;
}

/** A decoded 64-bit integer as a JSON number when exact, else a decimal string. */
function fromBigInt(b: bigint): number | string {
  return b >= BigInt(Number.MIN_SAFE_INTEGER) && b <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(b) : b.toString();
}

function encodeAddress(v: ValueIn): Buffer {
  if (typeof v !== 'string') throw new ValueError(`Address needs a string such as '192.0.2.1', got ${JSON.stringify(v)}`);
  const s = v.trim();
  const fam = isIP(s);
  if (fam === 4) {
    const b = Buffer.alloc(6);
    b.writeUInt16BE(1, 0);
    s.split('.').forEach((p, i) => (b[2 + i] = Number(p)));
    return b;
  }
  if (fam === 6) {
    const b = Buffer.alloc(18);
    b.writeUInt16BE(2, 0);
    ipv6Bytes(s).copy(b, 2);
    return b;
  }
  const m = /^(\d{1,5})\/((?:[0-9a-fA-F]{2})*)$/.exec(s);
  if (m) {
    const family = Number(m[1]);
    if (family > 0xffff) throw new ValueError(`Address family ${family} is out of range`);
    const b = Buffer.alloc(2 + m[2]!.length / 2);
    b.writeUInt16BE(family, 0);
    Buffer.from(m[2]!, 'hex').copy(b, 2);
    return b;
  }
  throw new ValueError(`Address needs an IPv4 or IPv6 address or '<family>/<hex>', got ${JSON.stringify(v)}`);
}

function ipv6Bytes(s: string): Buffer {
  let text = s;
  const out = Buffer.alloc(16);
  // trailing dotted IPv4 (::ffff:1.2.3.4)
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  let tail: number[] = [];
  if (v4) {
    const p = v4[1]!.split('.').map(Number);
    tail = [(p[0]! << 8) | p[1]!, (p[2]! << 8) | p[3]!];
    text = text.slice(0, -v4[1]!.length) + '0:0';
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const h = head ? head.split(':') : [];
  const r = rest !== undefined && rest !== '' ? rest.split(':') : [];
  const groups = [...h, ...Array(8 - h.length - r.length).fill('0'), ...r].map((g) => parseInt(g, 16));
  if (tail.length) groups.splice(6, 2, tail[0]!, tail[1]!);
  groups.forEach((g, i) => out.writeUInt16BE(g, i * 2));
  return out;
}

function ipv6Text(b: Buffer): string {
  const g: number[] = [];
  for (let i = 0; i < 16; i += 2) g.push(b.readUInt16BE(i));
  // longest run of zeros (length >= 2) becomes '::' (RFC 5952)
  let bestStart = -1, bestLen = 0;
  for (let i = 0; i < 8;) {
    if (g[i] !== 0) { i++; continue; }
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > bestLen && j - i >= 2) { bestStart = i; bestLen = j - i; }
    i = j;
  }
  const hx = (a: number[]) => a.map((x) => x.toString(16)).join(':');
  if (bestStart < 0) return hx(g);
  return hx(g.slice(0, bestStart)) + '::' + hx(g.slice(bestStart + bestLen));
}

function decodeAddress(d: Buffer): string {
  if (d.length < 2) throw new ValueError(`Address data is ${d.length} bytes, at least 2 needed for the family`);
  const family = d.readUInt16BE(0);
  const a = d.subarray(2);
  if (family === 1) {
    if (a.length !== 4) throw new ValueError(`IPv4 Address needs 4 bytes after the family, got ${a.length}`);
    return `${a[0]}.${a[1]}.${a[2]}.${a[3]}`;
  }
  if (family === 2) {
    if (a.length !== 16) throw new ValueError(`IPv6 Address needs 16 bytes after the family, got ${a.length}`);
    return ipv6Text(a);
  }
  return `${family}/${a.toString('hex')}`;
}

function encodeTime(v: ValueIn): Buffer {
  let unix: number;
  if (typeof v === 'number') unix = v;
  else if (v === 'now') unix = Date.now() / 1000;
  else if (typeof v === 'string' && /^\d+$/.test(v.trim())) unix = Number(v);
  else if (typeof v === 'string') {
    const t = Date.parse(v);
    if (Number.isNaN(t)) throw new ValueError(`Time needs an ISO-8601 date, Unix seconds or 'now', got ${JSON.stringify(v)}`);
    unix = t / 1000;
  } else throw new ValueError(`Time needs an ISO-8601 date, Unix seconds or 'now', got ${JSON.stringify(v)}`);
  // NTP seconds modulo 2^32 (RFC 6733 §4.3.1 / RFC 5905 era handling: values after 2036 wrap around)
  const ntp = (Math.floor(unix) + NTP_UNIX_OFFSET) % 0x100000000;
  if (ntp < 0) throw new ValueError(`Time ${JSON.stringify(v)} is before 1900`);
  const b = Buffer.alloc(4);
  b.writeUInt32BE(ntp, 0);
  return b;
}

function decodeTime(d: Buffer): string {
  const ntp = d.readUInt32BE(0);
  // RFC 6733 §4.3.1: when the most significant bit is clear, the time is in era 1 (after 2036-02-07 06:28:16 UTC)
  const unix = (ntp & 0x80000000 ? ntp : ntp + 0x100000000) - NTP_UNIX_OFFSET;
  return new Date(unix * 1000).toISOString().replace('.000Z', 'Z');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(d: Buffer, type: string): string {
  try {
    return utf8.decode(d);
  } catch {
    throw new ValueError(`${type} is not valid UTF-8 (${d.toString('hex')})`);
  }
}

/** Bytes as text when they are printable UTF-8 (no control characters except tab/CR/LF), else '0x' + hex. */
export function octetsView(d: Buffer): string {
  for (let i = 0; i < d.length; i++) {
    const c = d[i]!;
    if (c < 0x20 && c !== 9 && c !== 10 && c !== 13) return '0x' + d.toString('hex');
    if (c === 0x7f) return '0x' + d.toString('hex');
  }
  try {
    const s = utf8.decode(d);
    if (s.startsWith('0x')) return '0x' + d.toString('hex');
    return s;
  } catch {
    return '0x' + d.toString('hex');
  }
}

export function hexToBytes(hex: string): Buffer {
  const h = hex.replace(/^0x/i, '').replace(/[\s:]/g, '');
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(h)) throw new ValueError(`not an even-length hex string: ${JSON.stringify(hex)}`);
  return Buffer.from(h, 'hex');
}

/** Encode a JSON value as the data of an AVP of a base type. Enumerated names are resolved by the caller. */
export function encodeValue(type: BaseType, v: ValueIn): Buffer {
  switch (type) {
    case 'Integer32':
    case 'Enumerated': {
      const b = Buffer.allocUnsafe(4);
      // fast path for the common case: a plain integer number in range
      if (typeof v === 'number' && Number.isInteger(v) && v >= -0x80000000 && v <= 0x7fffffff) b.writeInt32BE(v, 0);
      else b.writeInt32BE(Number(intInRange(v, type, -0x80000000n, 0x7fffffffn)), 0);
      return b;
    }
    case 'Unsigned32': {
      const b = Buffer.allocUnsafe(4);
      if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff) b.writeUInt32BE(v, 0);
      else b.writeUInt32BE(Number(intInRange(v, type, 0n, 0xffffffffn)), 0);
      return b;
    }
    case 'Integer64': {
      const b = Buffer.allocUnsafe(8);
      b.writeBigInt64BE(intInRange(v, type, -(2n ** 63n), 2n ** 63n - 1n), 0);
      return b;
    }
    case 'Unsigned64': {
      const b = Buffer.allocUnsafe(8);
      b.writeBigUInt64BE(intInRange(v, type, 0n, 2n ** 64n - 1n), 0);
      return b;
    }
    case 'Float32':
    case 'Float64': {
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n !== 'number' || Number.isNaN(n)) throw new ValueError(`${type} needs a number, got ${JSON.stringify(v)}`);
      const b = Buffer.alloc(type === 'Float32' ? 4 : 8);
      if (type === 'Float32') b.writeFloatBE(n, 0);
      else b.writeDoubleBE(n, 0);
      return b;
    }
    case 'Address':
      return encodeAddress(v);
    case 'Time':
      return encodeTime(v);
    case 'OctetString':
    case 'IPFilterRule':
      if (typeof v === 'string') return Buffer.from(v, 'utf8');
      if (typeof v === 'number') return Buffer.from(String(v), 'utf8');
      if (v && typeof v === 'object' && typeof (v as { hex?: unknown }).hex === 'string') return hexToBytes((v as { hex: string }).hex);
      throw new ValueError(`${type} needs a string or { "hex": "..." }, got ${JSON.stringify(v)}`);
    case 'UTF8String':
      if (typeof v === 'string') return Buffer.from(v, 'utf8');
      if (typeof v === 'number') return Buffer.from(String(v), 'utf8');
      throw new ValueError(`${type} needs a string, got ${JSON.stringify(v)}`);
    case 'DiameterIdentity':
      if (typeof v !== 'string' || v === '' || !/^[\x21-\x7e]+$/.test(v)) {
        throw new ValueError(`DiameterIdentity needs a non-empty ASCII FQDN, got ${JSON.stringify(v)}`);
      }
      return Buffer.from(v, 'ascii');
    case 'DiameterURI':
      if (typeof v !== 'string' || !/^aaas?:\/\/[^\s]+$/.test(v)) {
        throw new ValueError(`DiameterURI needs 'aaa://host[:port][;transport=...]' or 'aaas://...', got ${JSON.stringify(v)}`);
      }
      return Buffer.from(v, 'ascii');
    case 'Grouped':
      throw new ValueError('Grouped AVPs take a list of AVPs, not a single value');
  }
}

/**
 * Decode the data of an AVP of a base type to its JSON form. Throws ValueError when the data do not fit the type
 * (wrong size, bad UTF-8, short Address); the caller turns it into a DiameterCodecError with the offset.
 */
export function decodeValue(type: BaseType, d: Buffer): string | number {
  const size = fixedSize[type];
  if (size !== undefined && d.length !== size) {
    throw new ValueError(`${type} needs ${size} bytes of data, got ${d.length}`);
  }
  switch (type) {
    case 'Integer32':
    case 'Enumerated':
      return d.readInt32BE(0);
    case 'Unsigned32':
      return d.readUInt32BE(0);
    case 'Integer64':
      return fromBigInt(d.readBigInt64BE(0));
    case 'Unsigned64':
      return fromBigInt(d.readBigUInt64BE(0));
    case 'Float32':
      return d.readFloatBE(0);
    case 'Float64':
      return d.readDoubleBE(0);
    case 'Address':
      return decodeAddress(d);
    case 'Time':
      return decodeTime(d);
    case 'OctetString':
    case 'IPFilterRule':
      return octetsView(d);
    case 'UTF8String':
      return decodeUtf8(d, type);
    case 'DiameterIdentity':
    case 'DiameterURI':
      return decodeUtf8(d, type);
    case 'Grouped':
      throw new ValueError('Grouped AVPs are decoded as a list of AVPs');
  }
}
