// Answers to messages TCAP cannot take, and P-Aborts (plugins/sigtran/tcap/aborts.ts): through a TCAP layer over
// a fake SCCP for the bad messages (Q.774), directly for the rest.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { resolveAc } from '../../../../plugins/sigtran/api.js';
import { fromHex, toHex } from '../../../../plugins/sigtran/ber/index.js';
import { abortLocally, abortReason, refuseBegin } from '../../../../plugins/sigtran/tcap/aborts.js';
import { fromPeer, tcapLayer } from './fake-sccp.js';

describe('TCAP answers to bad messages', () => {
  test('a Begin with a bad component: an End with the Reject, and the AARE its AARQ is owed', () => {
    const { sccp, receive, logs } = tcapLayer();
    // AARQ camel2; the component is an Invoke without an operation code (invoke id 7)
    receive(fromHex('622d 480400000001 6b1e281c060700118605010101a011600f80020780a109060704000001003201 6c05 a103020107'));
    const [end] = sccp.take();
    assert.deepEqual([end!.tcap.kind, toHex(end!.tcap.dtid!), end!.tcap.dialogue?.type], ['end', '00000001', 'aare']);
    assert.deepEqual(end!.tcap.components, [{ type: 'reject', invokeId: 7, problem: 'general', code: 1, text: 'general: mistypedComponent (1)' }]);
    assert.match(logs.join('\n'), /warn bad TCAP begin from GW stp:2905: bad component portion: .*; TCAP End with a Reject \(general: mistypedComponent \(1\), invoke 7\) sent back/);
    // no dialogue portion: no AARE; the invoke id of an unknown component type is not derivable
    receive(fromHex('620c 480400000002 6c04 a5020500'));
    const [end2] = sccp.take();
    assert.equal(end2!.tcap.dialogue, undefined);
    assert.deepEqual(end2!.tcap.components, [{ type: 'reject', invokeId: null, problem: 'general', code: 0, text: 'general: unrecognizedComponent (0)' }]);
  });

  test('a bad transaction portion: P-Abort to the otid; no otid to answer, or an End or Abort: nothing sent', () => {
    const { sccp, receive } = tcapLayer();
    receive(fromHex('6208 480401020304 0400')); // a stray element in the transaction portion
    const [abort] = sccp.take();
    assert.deepEqual([abort!.tcap.kind, abort!.tcap.pAbortCause, toHex(abort!.tcap.dtid!)], ['abort', 2, '01020304']);
    receive(fromHex('6207 48050102030405')); // a 5-octet otid
    receive(fromHex('640d 4904deadbeef 6c05 a103020105')); // an End with a bad component
    assert.equal(sccp.sent.length, 0);
  });

  test('a Continue for no dialogue of ours with a bad component: P-Abort unrecognizedTransactionID', () => {
    const { sccp, receive } = tcapLayer();
    receive(fromHex('6513 480400000003 4904deadbeef 6c05 a103020105'));
    const [abort] = sccp.take();
    assert.deepEqual([abort!.tcap.pAbortCause, toHex(abort!.tcap.dtid!)], [1, '00000003']);
  });

  test('a bad message in our open dialogue: the answer goes in the dialogue, which ends as a local P-Abort saying so', async () => {
    const { sccp, receive, open } = tcapLayer();
    const d = open();
    d.send();
    receive({ kind: 'continue', otid: 0x21, dtid: fromHex(d.localTidHex) });
    await d.receive({ timeoutMs: 1000 });
    sccp.take();
    // a Continue of that dialogue whose component is an Invoke without an operation code (invoke id 5)
    receive(fromHex(`6513 480400000021 4904${d.localTidHex} 6c05 a103020105`));
    const [end] = sccp.take();
    assert.deepEqual([end!.tcap.kind, toHex(end!.tcap.dtid!)], ['end', '00000021']);
    const m = await d.receive({ timeoutMs: 1000 });
    assert.equal(m.kind, 'p-abort');
    assert.match(m.reason!, /^bad TCAP message from the peer: bad component portion: .*Invoke without an operation code; TCAP End with a Reject \(general: mistypedComponent \(1\), invoke 5\) sent back$/);
    assert.equal(d.state, 'ended');
  });

  test('when the answer cannot be sent the reason says nothing was sent back', async () => {
    const { sccp, receive, open } = tcapLayer();
    const d = open();
    d.send();
    receive({ kind: 'continue', otid: 0x22, dtid: fromHex(d.localTidHex) });
    await d.receive({ timeoutMs: 1000 });
    sccp.down = 'down';
    receive(fromHex(`6513 480400000022 4904${d.localTidHex} 6c05 a103020105`));
    const m = await d.receive({ timeoutMs: 1000 });
    assert.match(m.reason!, /Invoke without an operation code$/);
  });
});

describe('P-Aborts', () => {
  test('a refused Begin gets a P-Abort resourceLimitation and its dialogue ends, even when nothing can be sent', async () => {
    const { layer, sccp, receive } = tcapLayer();
    const first = layer.acceptBegin({}, { timeoutMs: 1000 });
    receive({ kind: 'begin', otid: 0x31 });
    const m = await first;
    refuseBegin(layer, m);
    const [abort] = sccp.take();
    assert.deepEqual([abort!.tcap.pAbortCause, toHex(abort!.tcap.dtid!)], [4, '00000031']);
    assert.deepEqual([m.dialogue.state, (m.dialogue as { endReason?: string }).endReason], ['ended', 'refused: no test instance took the Begin']);
    const second = layer.acceptBegin({}, { timeoutMs: 1000 });
    receive({ kind: 'begin', otid: 0x32 });
    const m2 = await second;
    sccp.down = 'down';
    refuseBegin(layer, m2);
    assert.equal(m2.dialogue.state, 'ended');
  });

  test('a local P-Abort names the dialogue\'s own addresses, or those of the message that caused it', async () => {
    const { open } = tcapLayer();
    const d = open();
    d.send();
    const got = d.receive({ timeoutMs: 1000 });
    abortLocally(d, 'association lost');
    const m = await got;
    assert.deepEqual([m.kind, m.reason, m.opc, m.dpc, m.peer, m.bytes.length], ['p-abort', 'association lost', 200, 100, '', 0]);
    const d2 = open();
    d2.send();
    const got2 = d2.receive({ timeoutMs: 1000 });
    const ctx = fromPeer();
    abortLocally(d2, 'bad message', ctx);
    const m2 = await got2;
    assert.deepEqual([m2.peer, m2.bytes, m2.sls], [ctx.peer, ctx.raw, ctx.sls]);
  });

  test('the reason of a received Abort', () => {
    const cap2 = resolveAc('0.4.0.0.1.0.50.1')!;
    assert.equal(abortReason({ kind: 'abort', pAbortCause: 4, components: [] }), 'TCAP P-Abort from the peer: resourceLimitation (4)');
    assert.equal(abortReason({ kind: 'abort', pAbortCause: 9, components: [] }), 'TCAP P-Abort from the peer: cause (9)');
    assert.equal(
      abortReason({ kind: 'abort', components: [], dialogue: { type: 'aare', ac: cap2, result: 'reject-permanent', diagnostic: { source: 'provider', code: 1 } } }),
      `TCAP U-Abort from the peer: application context ${cap2.oid} reject-permanent, provider diagnostic 1`,
    );
    assert.equal(abortReason({ kind: 'abort', components: [], dialogue: { type: 'abrt', source: 'provider' } }), 'TCAP U-Abort from the peer (abort-source provider)');
  });
});
