// SCCP segmentation (plugins/sigtran/sccp/segmentation.ts): when user data needs segments, how it is cut, the
// 16-segment limit and the local references.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { ADDR_GT, ADDR_SSN } from '../vectors.js';
import { MAX_SCCP_MESSAGE, sccpLength, xudtSegmentLength, type UnitdataHeader } from '../../../../plugins/sigtran/sccp/codec.js';
import { MAX_SEGMENTS, SegmentReferences, fitsOneMessage, planSegments, segmentData } from '../../../../plugins/sigtran/sccp/segmentation.js';
import { SigtranError } from '../../../../plugins/sigtran/errors.js';
import { fromHex } from '../../../../plugins/sigtran/ber/index.js';

const udt: UnitdataHeader = { xudt: false, protocolClass: 1, returnOnError: true, called: ADDR_GT, calling: ADDR_SSN };

describe('SCCP segmentation', () => {
  test('one UDT while the message fits an MTP3 SIF and the data its length octet; segments beyond', () => {
    const room = MAX_SCCP_MESSAGE - sccpLength(udt, 0);
    assert.equal(fitsOneMessage(udt, room), true);
    assert.equal(sccpLength(udt, room), MAX_SCCP_MESSAGE);
    assert.equal(fitsOneMessage(udt, room + 1), false);
    // addresses of an SSN only (2 octets each): the data's length octet is the limit, not the SIF
    const ssnOnly = fromHex('4292');
    const short: UnitdataHeader = { ...udt, called: ssnOnly, calling: ssnOnly };
    assert.ok(sccpLength(short, 256) <= MAX_SCCP_MESSAGE);
    assert.equal(fitsOneMessage(short, 255), true);
    assert.equal(fitsOneMessage(short, 256), false);
  });

  test('the plan fills every segment but the last, each segment fitting a SIF', () => {
    const plan = planSegments(udt, 600);
    assert.equal(plan.size, MAX_SCCP_MESSAGE - xudtSegmentLength(udt, 0));
    assert.equal(xudtSegmentLength(udt, plan.size), MAX_SCCP_MESSAGE);
    assert.equal(plan.count, Math.ceil(600 / plan.size));
    const data = Uint8Array.from({ length: 600 }, (_, i) => i & 0xff);
    const parts = Array.from({ length: plan.count }, (_, i) => segmentData(data, plan, i));
    assert.deepEqual(parts.map((p) => p.length).slice(0, -1), Array(plan.count - 1).fill(plan.size));
    assert.deepEqual(Buffer.concat(parts), Buffer.from(data));
  });

  test('16 segments at most: the largest message that fits is accepted, one octet more is an encode error', () => {
    const { size } = planSegments(udt, 1000);
    assert.equal(planSegments(udt, size * MAX_SEGMENTS).count, 16);
    assert.throws(
      () => planSegments(udt, size * MAX_SEGMENTS + 1),
      (e: unknown) => e instanceof SigtranError && e.kind === 'encode' && new RegExp(`TCAP message of ${size * 16 + 1} octets does not fit 16 XUDT segments of ${size} octets`).test(e.message),
    );
  });

  test('local references count on, one per message, within 24 bits', () => {
    const r = new SegmentReferences(0xfffffe);
    assert.deepEqual([r.next(), r.next(), r.next()], [0xffffff, 0, 1]);
    const random = new SegmentReferences();
    const a = random.next();
    assert.ok(a >= 0 && a <= 0xffffff);
    assert.equal(random.next(), (a + 1) & 0xffffff);
  });
});
