// Seeded fuzz of the BER reader (test/helpers/fuzz.ts): mutated TCAP messages and INAP arguments, random bytes; every
// TLV walked and every universal primitive decoded. Only BerError may come out.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFuzz, suiteSeed } from '../../../helpers/fuzz.js';
import { berTarget } from '../../../helpers/fuzz-targets.js';
import { BerError, decodeOctets, decodeString, readTlv } from '../../../../plugins/sigtran/ber/index.js';

/** A constructed OCTET STRING whose single segment is itself constructed, `depth` levels down to "A". */
function nestedSegments(depth: number): Uint8Array {
  const headers: number[][] = [];
  let len = 3;
  for (let i = 0; i < depth; i++) {
    const h = len < 0x80 ? [0x24, len] : len < 0x100 ? [0x24, 0x81, len] : len < 0x10000 ? [0x24, 0x82, len >> 8, len & 0xff] : [0x24, 0x83, len >> 16, (len >> 8) & 0xff, len & 0xff];
    headers.push(h);
    len += h.length;
  }
  return Uint8Array.from([...headers.reverse().flat(), 0x04, 0x01, 0x41]);
}

describe('BER reader under fuzzed input', () => {
  test('3,000 seeded cases: a value or a BerError, never anything else', () => {
    const r = assertFuzz(berTarget, { seed: suiteSeed(0xbe7), cases: 3000 });
    assert.equal(r.cases, 3000);
  });

  test('regression: segments of a constructed string nested 20,000 deep are a BerError, not a stack overflow', () => {
    // before the depth bound, decodeOctets recursed once per level: RangeError (Maximum call stack size exceeded)
    const b = nestedSegments(20_000);
    assert.throws(() => decodeOctets(b, readTlv(b, 0)), (e: unknown) => e instanceof BerError && e.kind === 'value' && /nested deeper than 64 levels/.test(e.message));
    assert.throws(() => decodeString(b, readTlv(b, 0)), BerError);
    // within the bound, the segments still concatenate
    const ok = nestedSegments(63);
    assert.equal(Buffer.from(decodeOctets(ok, readTlv(ok, 0))).toString(), 'A');
  });
});
