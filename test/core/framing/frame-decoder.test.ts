// core/framing/frame-decoder.ts: whole frames out of arbitrary chunks, the length limit enforced on the prefix.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { FrameDecoder, FrameTooLarge, encodeFrame, FRAME_HEADER_BYTES } from '../../../core/framing/frame-decoder.js';
import { prng as seededRng } from '../../helpers/fuzz.js';

/** The suites' seeded PRNG (test/helpers/fuzz.ts) as a function returning [0, 1). */
const prng = (seed: number): (() => number) => seededRng(seed).next;

function header(len: number): Buffer {
  const h = Buffer.alloc(4);
  h.writeUInt32BE(len >>> 0, 0);
  return h;
}

describe('encodeFrame', () => {
  test('writes a 4-byte big-endian byte length (UTF-8 bytes, not characters) before the body', () => {
    const f = encodeFrame('{"a":"é€"}');
    const body = Buffer.from('{"a":"é€"}', 'utf8');
    assert.equal(FRAME_HEADER_BYTES, 4);
    assert.equal(f.readUInt32BE(0), body.length);
    assert.equal(body.length, 13); // é = 2 bytes, € = 3 bytes
    assert.deepEqual(f.subarray(4), body);
  });
  test('an empty body is a frame of length 0', () => {
    assert.deepEqual(encodeFrame(''), Buffer.from([0, 0, 0, 0]));
  });
});

describe('FrameDecoder', () => {
  test('one whole frame in one chunk', () => {
    const d = new FrameDecoder(1024);
    const frames = d.push(encodeFrame('{"x":1}'));
    assert.equal(frames.length, 1);
    assert.equal(frames[0]!.toString(), '{"x":1}');
    assert.equal(d.pending, 0);
  });

  test('a frame delivered one byte at a time', () => {
    const d = new FrameDecoder(1024);
    const bytes = encodeFrame('{"jsonrpc":"2.0"}');
    const out: Buffer[] = [];
    for (let i = 0; i < bytes.length; i++) {
      out.push(...d.push(bytes.subarray(i, i + 1)));
      if (i < bytes.length - 1) {
        assert.equal(out.length, 0, `no frame before the last byte (byte ${i})`);
        assert.equal(d.pending, i + 1);
      }
    }
    assert.equal(out.length, 1);
    assert.equal(out[0]!.toString(), '{"jsonrpc":"2.0"}');
    assert.equal(d.pending, 0);
  });

  test('several frames in one chunk, and a frame split across chunks after them', () => {
    const d = new FrameDecoder(1024);
    const a = encodeFrame('A');
    const b = encodeFrame('BB');
    const c = encodeFrame('CCC');
    const all = Buffer.concat([a, b, c]);
    const cut = a.length + b.length + 2; // inside c's header
    const first = d.push(all.subarray(0, cut));
    assert.deepEqual(first.map(String), ['A', 'BB']);
    assert.equal(d.pending, 2);
    const second = d.push(all.subarray(cut));
    assert.deepEqual(second.map(String), ['CCC']);
  });

  test('zero-length frames are yielded as empty buffers', () => {
    const d = new FrameDecoder(10);
    const frames = d.push(Buffer.concat([header(0), header(0), encodeFrame('x')]));
    assert.deepEqual(frames.map((f) => f.length), [0, 0, 1]);
  });

  test('an empty chunk changes nothing', () => {
    const d = new FrameDecoder(10);
    assert.deepEqual(d.push(Buffer.alloc(0)), []);
    assert.equal(d.pending, 0);
  });

  test('a body exactly at the limit is accepted, one byte more is refused', () => {
    const d = new FrameDecoder(5);
    assert.equal(d.push(encodeFrame('12345'))[0]!.toString(), '12345');
    const d2 = new FrameDecoder(5);
    assert.throws(() => d2.push(encodeFrame('123456')), (e: unknown) => e instanceof FrameTooLarge && e.length === 6 && e.max === 5);
  });

  test('an oversized length prefix is refused from the header alone, before any body byte arrives', () => {
    const d = new FrameDecoder(4 * 1024 * 1024);
    // Only the 4 header bytes: the decoder must not wait for (or allocate) the 4 GiB body.
    assert.throws(
      () => d.push(header(0xffffffff)),
      (e: unknown) => {
        assert.ok(e instanceof FrameTooLarge, String(e));
        assert.equal(e.name, 'FrameTooLarge');
        assert.equal(e.length, 0xffffffff);
        assert.equal(e.max, 4 * 1024 * 1024);
        assert.match(e.message, /4294967295/);
        assert.match(e.message, /max_message_bytes/);
        return true;
      },
    );
  });

  test('the oversized prefix is refused even when it arrives split over chunks', () => {
    const d = new FrameDecoder(100);
    const h = header(101);
    assert.deepEqual(d.push(h.subarray(0, 1)), []);
    assert.deepEqual(d.push(h.subarray(1, 3)), []);
    assert.throws(() => d.push(h.subarray(3)), FrameTooLarge);
  });

  test('refusing a huge prefix does not allocate its body', () => {
    const d = new FrameDecoder(1024);
    const before = process.memoryUsage().arrayBuffers;
    for (let i = 0; i < 50; i++) {
      const dd = new FrameDecoder(1024);
      assert.throws(() => dd.push(header(0x7fffffff)), FrameTooLarge);
    }
    assert.throws(() => d.push(header(0x7fffffff)), FrameTooLarge);
    const grown = process.memoryUsage().arrayBuffers - before;
    // 51 allocations of 2 GiB would be impossible; even one would show as > 1 GiB.
    assert.ok(grown < 64 * 1024 * 1024, `arrayBuffers grew by ${grown} bytes`);
  });

  test('a frame returned is not overwritten by the next one', () => {
    const d = new FrameDecoder(100);
    const [a] = d.push(encodeFrame('first'));
    const [b] = d.push(encodeFrame('later'));
    assert.equal(a!.toString(), 'first');
    assert.equal(b!.toString(), 'later');
  });
});

describe('FrameDecoder, randomized (seeded)', () => {
  const SEEDS = [1, 2, 3, 42, 1234, 99991];

  for (const seed of SEEDS) {
    test(`random frames split at random points come back intact (seed ${seed})`, () => {
      const rnd = prng(seed);
      const max = 2048;
      const bodies: Buffer[] = [];
      const count = 50 + Math.floor(rnd() * 50);
      for (let i = 0; i < count; i++) {
        const len = rnd() < 0.1 ? 0 : Math.floor(rnd() * max);
        const b = Buffer.alloc(len);
        for (let j = 0; j < len; j++) b[j] = Math.floor(rnd() * 256); // arbitrary bytes, not only JSON
        bodies.push(b);
      }
      const stream = Buffer.concat(bodies.flatMap((b) => [header(b.length), b]));
      const d = new FrameDecoder(max);
      const out: Buffer[] = [];
      let off = 0;
      while (off < stream.length) {
        const n = 1 + Math.floor(rnd() * (rnd() < 0.5 ? 8 : 3000));
        out.push(...d.push(stream.subarray(off, off + n)));
        off += n;
      }
      assert.equal(out.length, bodies.length);
      for (let i = 0; i < bodies.length; i++) assert.ok(out[i]!.equals(bodies[i]!), `frame ${i} differs (seed ${seed})`);
      assert.equal(d.pending, 0);
    });

    test(`garbage input either yields frames, waits, or throws FrameTooLarge, never another error (seed ${seed})`, () => {
      const rnd = prng(seed * 7 + 1);
      for (let round = 0; round < 200; round++) {
        const max = 1 + Math.floor(rnd() * 5000);
        const d = new FrameDecoder(max);
        const g = Buffer.alloc(Math.floor(rnd() * 600));
        for (let j = 0; j < g.length; j++) g[j] = Math.floor(rnd() * 256);
        let off = 0;
        let fed = 0;
        try {
          while (off < g.length) {
            const n = 1 + Math.floor(rnd() * 64);
            for (const f of d.push(g.subarray(off, off + n))) {
              assert.ok(f.length <= max, 'a frame over the limit was yielded');
              fed += 4 + f.length;
            }
            off += n;
          }
          // Whatever was not yielded is the frame in progress.
          assert.equal(fed + d.pending, Math.min(off, g.length));
        } catch (e) {
          assert.ok(e instanceof FrameTooLarge, `unexpected error ${String(e)} (seed ${seed}, round ${round})`);
          assert.ok(e.length > max);
        }
      }
    });

    test(`a truncated frame is never yielded (seed ${seed})`, () => {
      const rnd = prng(seed * 13 + 5);
      for (let round = 0; round < 100; round++) {
        const len = 1 + Math.floor(rnd() * 500);
        const frame = Buffer.concat([header(len), Buffer.alloc(len, 0x7b)]);
        const cut = Math.floor(rnd() * frame.length); // strictly shorter than the whole frame
        const d = new FrameDecoder(1000);
        assert.deepEqual(d.push(frame.subarray(0, cut)), []);
        assert.equal(d.pending, cut);
        // The rest completes it exactly.
        const rest = d.push(frame.subarray(cut));
        assert.equal(rest.length, 1);
        assert.equal(rest[0]!.length, len);
      }
    });
  }
});
