// Seeded fuzz of the Diameter codec (test/helpers/fuzz.ts): CER, CCR/CCA with grouped AVPs, DWR/DWA, UDR; message and
// AVP lengths that lie, AVPs duplicated or dropped, random bytes; through the stream framer, the message decoder and
// the dictionary view. Only DiameterCodecError may come out.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFuzz, suiteSeed } from '../../../helpers/fuzz.js';
import { diameterTarget } from '../../../helpers/fuzz-targets.js';

describe('Diameter codec under fuzzed input', () => {
  test('3,000 seeded cases: a decoded message or a DiameterCodecError, never anything else', () => {
    assert.equal(assertFuzz(diameterTarget, { seed: suiteSeed(0xd1a), cases: 3000 }).cases, 3000);
  });
});
