import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeMessage, encodeMessage, findAvp } from '../../../../plugins/diameter/codec/message.js';
import { AvpFlag } from '../../../../plugins/diameter/codec/avp.js';
import { CommandFlag } from '../../../../plugins/diameter/codec/header.js';
import { DiameterCodecError } from '../../../../plugins/diameter/codec/errors.js';

// A DWR written out by hand: header (RP clear, R set), Origin-Host "a.b", Origin-Realm "b"
const DWR_HEX =
  '0100002c' + '80000118' + '00000000' + '00000007' + '00000009' +
  '00000108' + '4000000b' + '612e62' + '00' +
  '00000128' + '40000009' + '62' + '000000';

describe('diameter messages', () => {
  test('encodes a DWR byte for byte', () => {
    const b = encodeMessage({ flags: CommandFlag.R, code: 280, applicationId: 0, hopByHop: 7, endToEnd: 9, avps: [
      { code: 264, flags: AvpFlag.M, data: Buffer.from('a.b') },
      { code: 296, flags: AvpFlag.M, data: Buffer.from('b') },
    ] });
    assert.equal(b.toString('hex'), DWR_HEX);
  });

  test('decodes it back: header and AVPs', () => {
    const m = decodeMessage(Buffer.from(DWR_HEX, 'hex'));
    assert.deepEqual(m.header, { version: 1, length: 44, flags: 0x80, code: 280, applicationId: 0, hopByHop: 7, endToEnd: 9 });
    assert.deepEqual(m.avps.map((a) => [a.code, a.offset, a.data.toString()]), [[264, 20, 'a.b'], [296, 32, 'b']]);
    assert.equal(findAvp(m.avps, 296)?.data.toString(), 'b');
    assert.equal(findAvp(m.avps, 296, 10415), undefined);
  });

  const bad: Array<[string, (b: Buffer) => Buffer, RegExp, number]> = [
    ['trailing bytes', (b) => Buffer.concat([b, Buffer.alloc(4)]), /4 bytes after the end of the message/, 5015],
    ['a truncated last AVP', (b) => { const c = Buffer.from(b.subarray(0, 40)); c.writeUInt32BE(0x01000028, 0); return c; }, /AVP 296 at offset 32: length 9 runs past the end/, 5014],
    ['an AVP length of 0', (b) => { const c = Buffer.from(b); c.writeUInt32BE(0x40000000, 36); return c; }, /AVP 296 at offset 32: length 0 is shorter than its 8-byte header/, 5014],
    ['a header length below the AVPs', (b) => { const c = Buffer.from(b); c.writeUInt32BE(0x01000018, 0); return c.subarray(0, 24); }, /truncated AVP header at offset 20/, 5014],
    ['reserved AVP flag bits', (b) => { const c = Buffer.from(b); c[24] = 0x41; return c; }, /AVP 264 at offset 20: reserved flag bits/, 3009],
  ];
  for (const [what, mutate, re, rc] of bad) {
    test(`refuses ${what} with a clear error`, () => {
      assert.throws(() => decodeMessage(mutate(Buffer.from(DWR_HEX, 'hex'))), (e: unknown) => {
        assert.ok(e instanceof DiameterCodecError, String(e));
        assert.match(e.message, re);
        assert.equal(e.resultCode, rc);
        return true;
      });
    });
  }

  test('random bytes never throw anything but a DiameterCodecError', () => {
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff;
    const base = Buffer.from(DWR_HEX, 'hex');
    for (let i = 0; i < 2000; i++) {
      const b = Buffer.from(base);
      for (let k = 0; k < 3; k++) b[rnd() % b.length] = rnd();
      try {
        decodeMessage(b.subarray(0, 20 + (rnd() % 25)));
      } catch (e) {
        assert.ok(e instanceof DiameterCodecError, `iteration ${i}: ${String(e)}`);
      }
    }
  });
});
