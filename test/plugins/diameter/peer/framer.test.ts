import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Framer } from '../../../../plugins/diameter/peer/framer.js';
import { encodeMessage } from '../../../../plugins/diameter/codec/message.js';
import { DiameterCodecError } from '../../../../plugins/diameter/codec/errors.js';

const msg = (hbh: number, body = 'x') => encodeMessage({ flags: 0x80, code: 280, applicationId: 0, hopByHop: hbh, endToEnd: hbh, avps: [{ code: 264, flags: 0x40, data: Buffer.from(body) }] });

describe('diameter stream framing', () => {
  test('several messages in one chunk, and one split across many chunks', () => {
    const got: number[] = [];
    const f = new Framer(1 << 20, (m) => got.push(m.readUInt32BE(12)));
    const a = msg(1), b = msg(2, 'a longer origin host'), c = msg(3);
    f.push(Buffer.concat([a, b.subarray(0, 3)]));
    assert.deepEqual(got, [1]);
    for (let i = 3; i < b.length; i += 5) f.push(b.subarray(i, Math.min(i + 5, b.length)));
    f.push(c);
    assert.deepEqual(got, [1, 2, 3]);
  });

  test('a stream that is not Diameter is refused with a reason', () => {
    const f = new Framer(1 << 20, () => {});
    assert.throws(() => f.push(Buffer.from('GET / HTTP/1.1\r\n')), (e: unknown) => e instanceof DiameterCodecError && /stream out of sync: version byte 71/.test(e.message));
    const g = new Framer(64, () => {});
    assert.throws(() => g.push(Buffer.from('01000400', 'hex')), /bad message length 1024 .* max 64/);
    const h = new Framer(1 << 20, () => {});
    assert.throws(() => h.push(Buffer.from('01000013', 'hex')), /bad message length 19/);
  });
});
