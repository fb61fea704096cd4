// A generic BER tree dump for traces and unknown parameters: never throws (bad bytes become an `error` node).
import type { Json } from '../../../sdk/index.js';
import { BerError } from './errors.js';
import { readTlv } from './reader.js';
import { tagName } from './tags.js';
import { toHex } from './hex.js';

/** One node per TLV: { tag: '[CONTEXT 2]', hex } for primitives, { tag, children } for constructed ones. */
export function dumpBer(buf: Uint8Array, start = 0, end = buf.length, maxNodes = 500): Json[] {
  const out: Json[] = [];
  const budget = { n: maxNodes };
  walk(buf, start, end, out, budget, 0);
  return out;
}

function walk(buf: Uint8Array, start: number, end: number, out: Json[], budget: { n: number }, depth: number): void {
  let p = start;
  while (p < end) {
    if (budget.n-- <= 0 || depth > 32) {
      out.push({ error: 'dump truncated' });
      return;
    }
    try {
      const t = readTlv(buf, p, end);
      const tag = tagName(t.cls, t.tagNumber);
      if (t.constructed) {
        const children: Json[] = [];
        walk(buf, t.valueStart, t.valueEnd, children, budget, depth + 1);
        out.push({ tag, children });
      } else {
        out.push({ tag, hex: toHex(buf.subarray(t.valueStart, t.valueEnd)) });
      }
      p = t.end;
    } catch (e) {
      out.push({ error: e instanceof BerError ? e.message : String(e), hex: toHex(buf.subarray(p, end)) });
      return;
    }
  }
}
