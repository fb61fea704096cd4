// SCCP party addresses (ITU Q.713 §3.4): address indicator, point code (14-bit, or 24-bit as an option),
// SSN and global title (GTI 1-4).
import type { GlobalTitle, SccpAddress } from '../api.js';

export class SccpError extends Error {
  constructor(
    readonly reason: string,
    readonly offset = 0,
  ) {
    super(`SCCP error at offset ${offset}: ${reason}`);
    this.name = 'SccpError';
  }
}

const DIGITS = '0123456789abcdef';

/** Digits to BCD, low nibble first, filler 0 on odd counts. Throws SccpError on a non-hex character. */
export function encodeBcd(digits: string): Uint8Array {
  const out = new Uint8Array((digits.length + 1) >> 1);
  for (let i = 0; i < digits.length; i++) {
    const ch = digits[i]!;
    const d = ch === '*' ? 11 : ch === '#' ? 12 : DIGITS.indexOf(ch.toLowerCase());
    if (d < 0) throw new SccpError(`global title digit '${digits[i]}' is not a BCD digit`);
    out[i >> 1]! |= i & 1 ? d << 4 : d;
  }
  return out;
}

export function decodeBcd(buf: Uint8Array, start: number, end: number, odd: boolean): string {
  let s = '';
  for (let i = start; i < end; i++) {
    const b = buf[i]!;
    s += DIGITS[b & 15]!;
    if (i < end - 1 || !odd) s += DIGITS[b >> 4]!;
  }
  return s;
}

/** Encoded length of an address (without its own length octet). */
export function encodeAddress(a: SccpAddress, pcBits: 14 | 24 = 14): Uint8Array {
  const gt = a.gt;
  const gti = gt ? gt.gti : 0;
  const hasPc = a.pc !== undefined;
  const hasSsn = a.ssn !== undefined;
  if (a.ri === 'gt' && !gt) throw new SccpError('route on GT needs a global title');
  if (a.ri === 'ssn' && !hasSsn) throw new SccpError('route on SSN needs a subsystem number');
  let gtBytes: Uint8Array | undefined;
  if (gt) {
    if (![1, 2, 3, 4].includes(gti)) throw new SccpError(`global title indicator ${gti} is not supported (1-4)`);
    const digits = encodeBcd(gt.digits);
    const odd = gt.digits.length % 2 === 1;
    const head: number[] = [];
    if (gti === 1) head.push((odd ? 0x80 : 0) | ((gt.nai ?? 4) & 0x7f));
    if (gti === 2) head.push((gt.tt ?? 0) & 0xff);
    if (gti === 3 || gti === 4) {
      head.push((gt.tt ?? 0) & 0xff);
      head.push((((gt.np ?? 1) & 0x0f) << 4) | (odd ? 1 : 2));
    }
    if (gti === 4) head.push((gt.nai ?? 4) & 0x7f);
    gtBytes = new Uint8Array(head.length + digits.length);
    gtBytes.set(head, 0);
    gtBytes.set(digits, head.length);
  }
  const pcLen = hasPc ? (pcBits === 24 ? 3 : 2) : 0;
  const out = new Uint8Array(1 + pcLen + (hasSsn ? 1 : 0) + (gtBytes?.length ?? 0));
  out[0] = (a.national ? 0x80 : 0) | (a.ri === 'ssn' ? 0x40 : 0) | (gti << 2) | (hasSsn ? 0x02 : 0) | (hasPc ? 0x01 : 0);
  let o = 1;
  if (hasPc) {
    const pc = a.pc!;
    const max = pcBits === 24 ? 0xffffff : 0x3fff;
    if (!Number.isInteger(pc) || pc < 0 || pc > max) throw new SccpError(`point code ${pc} does not fit ${pcBits} bits`);
    out[o++] = pc & 0xff;
    out[o++] = (pc >> 8) & 0xff;
    if (pcBits === 24) out[o++] = (pc >> 16) & 0xff;
  }
  if (hasSsn) {
    const ssn = a.ssn!;
    if (!Number.isInteger(ssn) || ssn < 0 || ssn > 255) throw new SccpError(`SSN ${ssn} is out of range 0-255`);
    out[o++] = ssn;
  }
  if (gtBytes) out.set(gtBytes, o);
  return out;
}

/** Decode an address from buf[start, end) (the content after its length octet). */
export function decodeAddress(buf: Uint8Array, start: number, end: number, pcBits: 14 | 24 = 14): SccpAddress {
  if (end <= start) throw new SccpError('empty address', start);
  const ai = buf[start]!;
  const a: SccpAddress = { ri: ai & 0x40 ? 'ssn' : 'gt' };
  if (ai & 0x80) a.national = true;
  const gti = (ai >> 2) & 0x0f;
  let p = start + 1;
  if (ai & 0x01) {
    const n = pcBits === 24 ? 3 : 2;
    if (p + n > end) throw new SccpError('address too short for its point code', p);
    a.pc = pcBits === 24 ? buf[p]! | (buf[p + 1]! << 8) | (buf[p + 2]! << 16) : buf[p]! | ((buf[p + 1]! & 0x3f) << 8);
    p += n;
  }
  if (ai & 0x02) {
    if (p + 1 > end) throw new SccpError('address too short for its SSN', p);
    a.ssn = buf[p++]!;
  }
  if (gti === 0) {
    if (p !== end) throw new SccpError(`${end - p} octet(s) after an address without global title`, p);
    return a;
  }
  if (gti > 4) throw new SccpError(`global title indicator ${gti} is not supported`, start);
  const gt: GlobalTitle = { gti: gti as 1 | 2 | 3 | 4, digits: '' };
  let odd = false;
  const need = gti === 1 ? 1 : gti === 2 ? 1 : gti === 3 ? 2 : 3;
  if (p + need > end) throw new SccpError(`address too short for a GTI ${gti} global title`, p);
  if (gti === 1) {
    odd = (buf[p]! & 0x80) !== 0;
    gt.nai = buf[p++]! & 0x7f;
  } else if (gti === 2) {
    gt.tt = buf[p++]!;
    odd = false; // TT-only GTs carry no odd/even indication: assume even
  } else {
    gt.tt = buf[p++]!;
    gt.np = buf[p]! >> 4;
    gt.es = buf[p++]! & 0x0f;
    odd = gt.es === 1;
    if (gti === 4) gt.nai = buf[p++]! & 0x7f;
  }
  gt.digits = decodeBcd(buf, p, end, odd);
  a.gt = gt;
  return a;
}

/** Short text for traces and peers: 'pc=1234 ssn=146 gt=491710000001'. */
export function addressText(a: SccpAddress): string {
  const parts: string[] = [`ri=${a.ri}`];
  if (a.pc !== undefined) parts.push(`pc=${a.pc}`);
  if (a.ssn !== undefined) parts.push(`ssn=${a.ssn}`);
  if (a.gt) parts.push(`gt=${a.gt.digits}`);
  return parts.join(' ');
}
