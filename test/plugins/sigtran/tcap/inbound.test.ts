// Routing of inbound TCAP messages (plugins/sigtran/tcap/inbound.ts), through a TCAP layer over a fake SCCP: a
// Begin opens a dialogue for whoever takes it; Continue, End and Abort go to the dialogue their dtid names, or get
// the P-Abort Q.774 gives; the first reply to our Begin names the peer's address; a returned message ends its
// dialogue.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { resolveAc } from '../../../../plugins/sigtran/api.js';
import { fromHex, toHex } from '../../../../plugins/sigtran/ber/index.js';
import { encodeAddress } from '../../../../plugins/sigtran/sccp/address.js';
import { LINK, PEER, fromPeer, tcapBytes, tcapLayer } from './fake-sccp.js';

const cap2 = resolveAc('0.4.0.0.1.0.50.1')!;
const tid = (hex: string) => fromHex(hex);

describe('routing of inbound TCAP messages', () => {
  test('a Begin opens a dialogue facing its sender, taken by acceptBegin; the answer carries the AARE', async () => {
    const { layer, sccp, receive } = tcapLayer();
    const taken = layer.acceptBegin({ opcode: 0 }, { timeoutMs: 1000 });
    receive({ kind: 'begin', otid: 0x0a0b0c0d, dialogue: { type: 'aarq', ac: cap2 }, components: [{ t: 'invoke', s: { invokeId: 1, opcode: 0 } }] });
    const m = await taken;
    const d = m.dialogue;
    assert.deepEqual([m.kind, d.state, d.remoteTidHex, d.ac?.oid], ['begin', 'received', '0a0b0c0d', cap2.oid]);
    assert.deepEqual([m.opc, m.dpc, m.sls, m.peer], [200, 100, 3, 'GW stp:2905']);
    d.returnResult({ invokeId: 1 });
    d.end();
    const [end] = sccp.take();
    assert.equal(end!.tcap.kind, 'end');
    assert.equal(toHex(end!.tcap.dtid!), '0a0b0c0d');
    assert.equal(end!.tcap.dialogue?.type, 'aare');
    const ctx = fromPeer();
    assert.deepEqual([end!.route.opc, end!.route.dpc, end!.route.sls], [ctx.dpc, ctx.opc, ctx.sls]);
    assert.deepEqual(end!.route.remoteEnc, ctx.callingRaw);
    assert.equal(end!.route.link, LINK);
  });

  test('a Begin beyond maxDialogues gets a P-Abort resourceLimitation', () => {
    const { sccp, receive, logs } = tcapLayer({ maxDialogues: 1 });
    receive({ kind: 'begin', otid: 1 });
    receive({ kind: 'begin', otid: 2 });
    const [abort] = sccp.take();
    assert.deepEqual([abort!.tcap.kind, abort!.tcap.pAbortCause, toHex(abort!.tcap.dtid!)], ['abort', 4, '00000002']);
    assert.match(logs.join('\n'), /warn Begin from GW stp:2905 refused: too many open TCAP dialogues/);
  });

  test('a Continue for no dialogue of ours: P-Abort unrecognizedTransactionID; an End or Abort for none: nothing', () => {
    const { sccp, receive } = tcapLayer();
    receive({ kind: 'continue', otid: 5, dtid: tid('deadbeef') });
    const [abort] = sccp.take();
    assert.deepEqual([abort!.tcap.pAbortCause, toHex(abort!.tcap.dtid!)], [1, '00000005']);
    receive({ kind: 'end', dtid: tid('deadbeef') });
    receive({ kind: 'abort', dtid: tid('deadbeef'), pAbortCause: 1 });
    assert.equal(sccp.sent.length, 0);
  });

  test('a first reply from the address and point code the Begin went to keeps the dialogue\'s ends (shared, not copied)', async () => {
    const { sccp, receive, open } = tcapLayer();
    const d = open();
    d.send();
    sccp.take();
    receive({ kind: 'continue', otid: 0x21, dtid: tid(d.localTidHex) }, fromPeer({ ...PEER }));
    await d.receive({ timeoutMs: 1000 });
    assert.equal(d.remoteAddress, PEER, 'the address the Begin went to, not the reply\'s decoded copy');
    assert.deepEqual([d.state, d.dpc], ['active', 200]);
  });

  test('the first Continue names the peer\'s tid, address and point code; a later one with another otid gets a P-Abort', async () => {
    const { sccp, receive, open } = tcapLayer();
    const d = open();
    d.ac = cap2;
    d.send();
    sccp.take();
    const answeredFrom = { ri: 'ssn' as const, pc: 300, ssn: 147 };
    receive({ kind: 'continue', otid: 0x11, dtid: tid(d.localTidHex), dialogue: { type: 'aare', ac: cap2, result: 0, diagSource: 'user', diag: 0 } }, fromPeer(answeredFrom));
    const first = await d.receive({ timeoutMs: 1000 });
    assert.deepEqual([first.kind, d.state, d.remoteTidHex, d.dpc, d.remoteAddress.pc], ['continue', 'active', '00000011', 300, 300]);
    assert.deepEqual(d.remoteEnc, encodeAddress(answeredFrom));
    receive({ kind: 'continue', otid: 0x12, dtid: tid(d.localTidHex) });
    const [abort] = sccp.take();
    assert.deepEqual([abort!.tcap.pAbortCause, toHex(abort!.tcap.dtid!)], [3, '00000012']);
    assert.equal(d.queued, 0, 'not delivered');
    d.send();
    assert.equal(toHex(sccp.take()[0]!.tcap.dtid!), '00000011');
  });

  test('an End reaches the dialogue and ends it; its transaction id is free', async () => {
    const { layer, receive, open } = tcapLayer();
    const d = open();
    d.send();
    receive({ kind: 'end', dtid: tid(d.localTidHex), components: [{ t: 'result', s: { invokeId: 1 } }] });
    const m = await d.receive({ timeoutMs: 1000 });
    assert.deepEqual([m.kind, m.components.length, d.state, d.endReason], ['end', 1, 'ended', 'ended by the peer (TC-END)']);
    assert.equal(layer.transactions.size, 0);
  });

  test('an Abort ends the dialogue with a readable reason: P-Abort cause, AC refusal, U-Abort', async () => {
    const { receive, open } = tcapLayer();
    const cases = [
      { abort: { pAbortCause: 1 }, kind: 'p-abort', reason: 'TCAP P-Abort from the peer: unrecognizedTransactionID (1)' },
      {
        abort: { dialogue: { type: 'aare' as const, ac: cap2, result: 1 as const, diagSource: 'user' as const, diag: 2 } },
        kind: 'u-abort',
        reason: `TCAP U-Abort from the peer: application context ${cap2.oid} reject-permanent, user diagnostic 2 (application-context-name-not-supported)`,
      },
      { abort: { dialogue: { type: 'abrt' as const, source: 0 as const } }, kind: 'u-abort', reason: 'TCAP U-Abort from the peer (abort-source user)' },
      { abort: {}, kind: 'u-abort', reason: 'TCAP U-Abort from the peer' },
    ];
    for (const c of cases) {
      const d = open();
      d.send();
      receive({ kind: 'abort', dtid: tid(d.localTidHex), ...c.abort });
      const m = await d.receive({ timeoutMs: 1000 });
      assert.deepEqual([m.kind, m.reason, d.state, d.endReason], [c.kind, c.reason, 'ended', c.reason]);
    }
  });

  test('a returned message (UDTS) ends the dialogue it came from; one of no dialogue is logged', async () => {
    const { layer, logs, open } = tcapLayer();
    const d = open();
    d.send();
    const begin = tcapBytes({ kind: 'begin', otid: d.localTid });
    layer.notice(fromPeer(), begin, 3, 'SCCP UDTS: our message was returned, SCCP return cause 3: subsystem failure');
    const m = await d.receive({ timeoutMs: 1000 });
    assert.deepEqual([m.kind, m.returnCause, m.reason, d.state], ['notice', 3, 'SCCP UDTS: our message was returned, SCCP return cause 3: subsystem failure', 'ended']);
    layer.notice(fromPeer(), begin, 3, 'SCCP UDTS: returned');
    layer.notice(fromPeer(), Uint8Array.of(0xff), 3, 'SCCP UDTS: garbage');
    assert.match(logs.join('\n'), /warn SCCP UDTS: returned for a message of no open dialogue\nwarn SCCP UDTS: garbage for a message of no open dialogue/);
  });

  test('Unidirectional is ignored', () => {
    const { layer, sccp, receive, logs } = tcapLayer();
    receive({ kind: 'unidirectional', components: [{ t: 'invoke', s: { invokeId: 1, opcode: 0 } }] });
    assert.deepEqual([layer.transactions.size, sccp.sent.length], [0, 0]);
    assert.match(logs.join('\n'), /debug TCAP Unidirectional received and ignored/);
  });
});
