// Seeded fuzz of the MAP decoders: the parameter of every MAP message of the catalogue (invoke, result, error, in
// every version; BER trees mutated and re-encoded) through decodeMessage, and SMS TPDUs through decodeTpdu. A bad
// parameter is `ok: false` with a readable error and a bad TPDU a TpduError/TextError; a fault inside the decoder,
// another exception or fields JSON cannot carry is a fault.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFuzz, suiteSeed } from '../../../helpers/fuzz.js';
import { mapTarget, tpduTarget } from '../../../helpers/fuzz-targets.js';
import { MAP_OPERATIONS } from '../../../../plugins/map/catalogue.js';

describe('MAP decoders under fuzzed input', () => {
  test('3,000 seeded cases of MAP parameters: fields or a readable decoding error, never a fault of the decoder', () => {
    // an invoke, a result and an error of every operation, at least
    assert.ok(mapTarget.corpus.length >= MAP_OPERATIONS.length * 3, `a sample of every message (${mapTarget.corpus.length})`);
    assert.equal(assertFuzz(mapTarget, { seed: suiteSeed(0x3a9), cases: 3000 }).cases, 3000);
  });

  test('3,000 seeded cases of SMS TPDUs: fields or a TpduError/TextError', () => {
    assert.equal(assertFuzz(tpduTarget, { seed: suiteSeed(0x7d0), cases: 3000 }).cases, 3000);
  });
});
