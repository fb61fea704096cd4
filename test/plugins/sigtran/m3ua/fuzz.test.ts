// Seeded fuzz of the M3UA decoder (test/helpers/fuzz.ts): DATA and management messages with length fields that lie,
// parameters duplicated or dropped, random bytes. Only M3uaError may come out.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFuzz, suiteSeed } from '../../../helpers/fuzz.js';
import { m3uaTarget } from '../../../helpers/fuzz-targets.js';

describe('M3UA decoder under fuzzed input', () => {
  test('3,000 seeded cases: a message or an M3uaError, never anything else', () => {
    assert.equal(assertFuzz(m3uaTarget, { seed: suiteSeed(0x3a), cases: 3000 }).cases, 3000);
  });
});
