import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { CommandFlag, commandFlagsText, parseCommandFlags, peekLength, readHeader, writeHeader } from '../../../../plugins/diameter/codec/header.js';
import { DiameterCodecError } from '../../../../plugins/diameter/codec/errors.js';

const hdr = (hex: string) => Buffer.from(hex.replace(/ /g, ''), 'hex');

describe('diameter header', () => {
  test('writes and reads a CCR header', () => {
    const b = Buffer.alloc(20);
    writeHeader(b, { length: 20, flags: CommandFlag.R | CommandFlag.P, code: 272, applicationId: 4, hopByHop: 0x11223344, endToEnd: 0xaabbccdd });
    assert.equal(b.toString('hex'), '01000014' + 'c0000110' + '00000004' + '11223344' + 'aabbccdd');
    assert.deepEqual(readHeader(b), { version: 1, length: 20, flags: 0xc0, code: 272, applicationId: 4, hopByHop: 0x11223344, endToEnd: 0xaabbccdd });
    assert.equal(peekLength(b), 20);
    assert.equal(commandFlagsText(0xc0), 'RP');
    assert.equal(parseCommandFlags('pe'), 0x60);
  });

  const bad: Array<[string, string, RegExp, number]> = [
    ['short buffer', '01000014 c0000110', /truncated: 8 bytes/, 5015],
    ['version 2', '02000014 c0000110 00000004 00000001 00000001', /version 2/, 5011],
    ['length not a multiple of 4', '01000015 c0000110 00000004 00000001 00000001 00', /multiple of 4/, 5015],
    ['length below 20', '01000010 c0000110 00000004 00000001 00000001', /at least 20/, 5015],
    ['length past the data', '01000018 c0000110 00000004 00000001 00000001', /only 20 present/, 5015],
    ['reserved flag bits', '01000014 c1000110 00000004 00000001 00000001', /reserved command flag bits/, 3008],
    ['E flag on a request', '01000014 a0000110 00000004 00000001 00000001', /E \(error\) flag set on a request/, 3008],
  ];
  for (const [what, hex, re, rc] of bad) {
    test(`rejects ${what}`, () => {
      assert.throws(() => readHeader(hdr(hex)), (e: unknown) => e instanceof DiameterCodecError && re.test(e.message) && e.resultCode === rc);
    });
  }
});
