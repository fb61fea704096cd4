// Reassembly of XUDT segments (plugins/sigtran/sccp/reassembly.ts): in sequence per calling address and reference,
// up to 16 segments; a segment out of sequence or missing drops its message; other messages' segments in between
// do not disturb it; stale messages expire. The clock is the test's own.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { ADDR_GT, ADDR_SSN } from '../vectors.js';
import { Reassembly } from '../../../../plugins/sigtran/sccp/reassembly.js';
import { decodeSccp, writeXudtSegment, xudtSegmentLength, type SccpMessage, type UnitdataHeader } from '../../../../plugins/sigtran/sccp/codec.js';

/** A decoded XUDT segment from `calling` carrying `data`. */
function segment(data: Uint8Array, first: boolean, remaining: number, reference: number, calling = ADDR_SSN): SccpMessage {
  const h: UnitdataHeader = { xudt: true, protocolClass: 1, returnOnError: false, called: ADDR_GT, calling };
  const b = new Uint8Array(xudtSegmentLength(h, data.length));
  writeXudtSegment(b, 0, h, data, { first, remaining, reference });
  return decodeSccp(b);
}

/** The segments of `data` cut into `n` parts. */
function segments(data: Uint8Array, n: number, reference: number, calling = ADDR_SSN): SccpMessage[] {
  const size = Math.ceil(data.length / n);
  return Array.from({ length: n }, (_, i) => segment(data.subarray(i * size, (i + 1) * size), i === 0, n - 1 - i, reference, calling));
}

const bytes = (n: number, seed = 0) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + seed) & 0xff);

function setup() {
  let clock = 1000;
  const logs: string[] = [];
  const r = new Reassembly(500, (level, text) => logs.push(`${level} ${text}`), () => clock);
  return { r, logs, advance: (ms: number) => (clock += ms) };
}

describe('SCCP reassembly', () => {
  test('segments in sequence give the whole data with the last one; nothing before', () => {
    const { r } = setup();
    const data = bytes(700);
    const segs = segments(data, 3, 42);
    assert.equal(r.add(segs[0]!, 'peer'), undefined);
    assert.equal(r.add(segs[1]!, 'peer'), undefined);
    assert.equal(r.inProgress, 1);
    assert.deepEqual(r.add(segs[2]!, 'peer'), Buffer.from(data));
    assert.equal(r.inProgress, 0);
  });

  test('16 segments, the most the parameter counts, are reassembled', () => {
    const { r } = setup();
    const data = bytes(16 * 200, 3);
    const segs = segments(data, 16, 7);
    assert.equal(segs[0]!.segmentation!.remaining, 15);
    let whole: Uint8Array | undefined;
    for (const s of segs) whole = r.add(s, 'peer');
    assert.deepEqual(whole, Buffer.from(data));
  });

  test('a segment out of order drops the message, and its later segments are dropped too', () => {
    const { r, logs } = setup();
    const segs = segments(bytes(600), 3, 9);
    r.add(segs[0]!, 'peer');
    assert.equal(r.add(segs[2]!, 'peer'), undefined);
    assert.match(logs.join('\n'), /warn XUDT segment from peer \(reference 9, 0 remaining\) out of sequence: dropped/);
    assert.equal(r.inProgress, 0);
    assert.equal(r.add(segs[1]!, 'peer'), undefined);
    assert.equal(r.inProgress, 0);
  });

  test('a missing first segment: the others are dropped', () => {
    const { r, logs } = setup();
    const segs = segments(bytes(600), 3, 10);
    assert.equal(r.add(segs[1]!, 'peer'), undefined);
    assert.equal(r.add(segs[2]!, 'peer'), undefined);
    assert.equal(logs.filter((l) => /out of sequence/.test(l)).length, 2);
  });

  test('segments of another message in between (another reference, or another calling address) do not disturb it', () => {
    const { r } = setup();
    const a = bytes(600, 1), b = bytes(400, 2), c = bytes(300, 3);
    const sa = segments(a, 3, 100);
    const sb = segments(b, 2, 101);
    const sc = segments(c, 2, 100, ADDR_GT); // same reference, other calling address
    const got: Array<Uint8Array | undefined> = [];
    for (const s of [sa[0], sb[0], sc[0], sa[1], sb[1], sc[1], sa[2]]) got.push(r.add(s!, 'peer'));
    assert.deepEqual(got[4], Buffer.from(b));
    assert.deepEqual(got[5], Buffer.from(c));
    assert.deepEqual(got[6], Buffer.from(a));
    assert.equal(got.filter((g) => g !== undefined).length, 3);
  });

  test('a new first segment with a reference in progress starts that message again', () => {
    const { r } = setup();
    const old = segments(bytes(600, 1), 3, 5);
    const fresh = bytes(400, 2);
    const now = segments(fresh, 2, 5);
    r.add(old[0]!, 'peer');
    r.add(old[1]!, 'peer');
    assert.equal(r.add(now[0]!, 'peer'), undefined);
    assert.deepEqual(r.add(now[1]!, 'peer'), Buffer.from(fresh));
  });

  test('messages in progress past their time are swept once many are in progress; at 1000 a first segment is dropped', () => {
    const { r, logs, advance } = setup();
    for (let i = 0; i < 101; i++) r.add(segments(bytes(300), 2, i)[0]!, 'peer');
    assert.equal(r.inProgress, 101);
    advance(501);
    r.add(segments(bytes(300), 2, 500)[0]!, 'peer');
    assert.equal(r.inProgress, 1, 'the 101 stale ones swept');
    for (let i = 0; i < 999; i++) r.add(segments(bytes(300), 2, 1000 + i)[0]!, 'peer');
    assert.equal(r.inProgress, 1000);
    assert.equal(r.add(segments(bytes(300), 2, 5000)[0]!, 'peer'), undefined);
    assert.equal(r.inProgress, 1000);
    assert.match(logs.join('\n'), /warn XUDT segment from peer dropped: too many reassemblies in progress/);
  });
});
