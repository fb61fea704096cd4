// Seeded fuzz of the SCCP decoder (test/helpers/fuzz.ts): UDT/XUDT/UDTS/XUDTS with pointers and lengths that lie,
// addresses and segmentation parameters mutated, random bytes. Only SccpError may come out.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFuzz, suiteSeed } from '../../../helpers/fuzz.js';
import { sccpTarget } from '../../../helpers/fuzz-targets.js';

describe('SCCP decoder under fuzzed input', () => {
  test('3,000 seeded cases: a message or an SccpError, never anything else', () => {
    assert.equal(assertFuzz(sccpTarget, { seed: suiteSeed(0x5cc), cases: 3000 }).cases, 3000);
  });
});
