// A segmented MAP result (ReturnResultNotLast ... ReturnResultLast) made one (plugins/map/codec/segments.ts): the
// SendAuthenticationInfo result in two segments, encoded by us, decoded by tshark as returnResultNotLast and
// returnResultLast of sendAuthenticationInfo (no expert item), decoded by us and merged into the whole vector list.
import { describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { MAP_OPERATIONS } from '../../../../plugins/map/catalogue.js';
import { decodeMessage, encodeMessage } from '../../../../plugins/map/codec/message.js';
import { mergeSegments } from '../../../../plugins/map/codec/segments.js';
import '../../../../plugins/map/contexts.js';
import { resolveAc } from '../../../../plugins/sigtran/api.js';
import { BerWriter } from '../../../../plugins/sigtran/ber/index.js';
import { encodeTcap } from '../../../../plugins/sigtran/tcap/codec.js';
import { needsTool } from '../../../helpers/tools.js';
import { decode } from '../helpers/tshark.js';

const SAI = MAP_OPERATIONS.find((o) => o.name === 'SendAuthenticationInfo')!;
const q = (n: number) => ({ rand: `${n}`.repeat(32).slice(0, 32), xres: '0102030405060708', ck: 'ff'.repeat(16), ik: 'ee'.repeat(16), autn: 'dd'.repeat(16) });
const SEGMENTS = [{ authenticationSetList: { quintupletList: [q(1), q(2)] } }, { authenticationSetList: { quintupletList: [q(3)] } }];

describe('segmented MAP results', () => {
  test('the segments of a list are one list, in order; nested values merge, the first scalar stays', () => {
    assert.deepEqual(mergeSegments([{ a: [1], b: { c: [2], d: 'x' } }, { a: [3], b: { c: [4], d: 'y', e: 5 } }, { f: 6 }]), { a: [1, 3], b: { c: [2, 4], d: 'x', e: 5 }, f: 6 });
  });

  test('SendAuthenticationInfo v3 in two segments decodes and merges into its three quintuplets', () => {
    const parts = SEGMENTS.map((s) => {
      const r = decodeMessage(SAI, 'result', 3, encodeMessage(SAI, 'result', 3, s));
      assert.ok(r.ok, JSON.stringify(r));
      return r.fields;
    });
    const merged = mergeSegments(parts) as { authenticationSetList: { quintupletList: Array<{ rand: string }> } };
    assert.deepEqual(merged.authenticationSetList.quintupletList.map((v) => v.rand), [q(1).rand, q(2).rand, q(3).rand]);
  });

  test('tshark decodes the segments as returnResultNotLast and returnResultLast of sendAuthenticationInfo', needsTool('tshark', 'apt-get install tshark'), () => {
    const [a, b] = SEGMENTS.map((s) => encodeMessage(SAI, 'result', 3, s));
    // each with the AARE (tshark dissects the components by the AC of their own message)
    const dialogue = { type: 'aare', ac: resolveAc('sai3')!, result: 0, diagSource: 'user', diag: 0 } as const;
    const msgs = [
      encodeTcap(new BerWriter(), { kind: 'continue', otid: 0x01020304, dtid: Uint8Array.of(5, 6, 7, 8), dialogue, components: [{ t: 'result', s: { invokeId: 1, opcode: 56, result: a, last: false } }] }),
      encodeTcap(new BerWriter(), { kind: 'end', dtid: Uint8Array.of(5, 6, 7, 8), dialogue, components: [{ t: 'result', s: { invokeId: 1, opcode: 56, result: b } }] }),
    ];
    const cap = decode(msgs);
    assert.equal(cap.expert, 0, cap.text());
    assert.match(cap.text(), /returnResultNotLast/);
    assert.match(cap.text(), /returnResultLast/);
    assert.equal(cap.fields(0, ['gsm_old.localValue'])['gsm_old.localValue'], '56');
    assert.equal(cap.fields(0, ['gsm_map.ms.rand'])['gsm_map.ms.rand'].split(',').length, 2);
    assert.equal(cap.fields(1, ['gsm_map.ms.rand'])['gsm_map.ms.rand'].split(',').length, 1);
  });
});
