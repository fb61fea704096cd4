// Seeded fuzz of the INAP/CAMEL argument decoder (decodeArg of plugins/sigtran/codec with the INAP types of
// plugins/inap/codec/args.ts): every operation's sample argument of every variant, its BER tree mutated and re-encoded.
// decodeArg never throws: bad bytes are `ok: false` with the BER or codec error; a fault inside the decoder (its
// "undecodable argument" branch) or a result JSON cannot carry is a fault.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFuzz, suiteSeed } from '../../../helpers/fuzz.js';
import { inapTarget } from '../../../helpers/fuzz-targets.js';

describe('INAP/CAMEL argument decoder under fuzzed input', () => {
  test('3,000 seeded cases: fields or a readable decoding error, never a fault of the decoder', () => {
    assert.ok(inapTarget.corpus.length >= 90, `a sample of every operation and variant (${inapTarget.corpus.length})`);
    assert.equal(assertFuzz(inapTarget, { seed: suiteSeed(0x1a9), cases: 3000 }).cases, 3000);
  });
});
