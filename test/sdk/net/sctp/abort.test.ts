import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeAbort } from '../../../../sdk/net/sctp/abort.js';

const chunk = (...causes: number[][]) => {
  const body = causes.flatMap((c) => [...c, ...Array((4 - (c.length % 4)) % 4).fill(0)]);
  const len = 4 + causes.reduce((n, c) => n + c.length + ((4 - (c.length % 4)) % 4), 0);
  return Uint8Array.from([6, 0, len >> 8, len & 255, ...body]);
};
const cause = (code: number, info: number[]) => [code >> 8, code & 255, (4 + info.length) >> 8, (4 + info.length) & 255, ...info];

test('an ABORT chunk reads as its causes, with the upper-layer reason of a user-initiated abort', () => {
  assert.equal(describeAbort(chunk(cause(12, [...Buffer.from('going down')]))), 'cause 12 user-initiated abort: "going down"');
  assert.equal(describeAbort(chunk(cause(13, [...Buffer.from('bad\x01tsn')]), cause(1, [0, 5, 0, 0]))), 'cause 13 protocol violation: "bad.tsn"; cause 1 invalid stream identifier');
  assert.equal(describeAbort(chunk()), '');
});

test('bytes that are not an ABORT chunk, or lie about lengths, give no text rather than an exception', () => {
  assert.equal(describeAbort(Uint8Array.from([1, 0, 0, 4])), '');
  assert.equal(describeAbort(Uint8Array.from([6, 0])), '');
  assert.equal(describeAbort(Uint8Array.from([6, 0, 0, 12, 0, 12, 0, 40, 1, 2, 3, 4])), '');
  assert.equal(describeAbort(Uint8Array.from([6, 0, 0, 200, 0, 99, 0, 4])), 'cause 99 unknown');
});
