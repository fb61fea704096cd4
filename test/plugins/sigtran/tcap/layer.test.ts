// The TCAP layer (plugins/sigtran/tcap/layer.ts) over a fake SCCP: its dialogues' messages are encoded here and go
// down with the dialogue as their route; reachability is checked before encoding; replies outside a dialogue never
// throw; the dialogues end as local P-Aborts when the gateway goes away.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { resolveAc, SigtranError } from '../../../../plugins/sigtran/api.js';
import { toHex } from '../../../../plugins/sigtran/ber/index.js';
import { encodeAddress } from '../../../../plugins/sigtran/sccp/address.js';
import { LINK, PEER, fromPeer, tcapLayer } from './fake-sccp.js';

const isErr = (kind: string, re: RegExp) => (e: unknown) => e instanceof SigtranError && e.kind === kind && re.test(e.message);

describe('TCAP layer', () => {
  test('a Begin is encoded here and goes down on the dialogue\'s route; the wire message names the peer and the tids', () => {
    const { layer, sccp, open } = tcapLayer();
    const d = open();
    d.ac = resolveAc('0.4.0.0.1.0.50.1')!;
    d.invoke({ opcode: 0, argument: Uint8Array.of(0x30, 0x00) });
    const w = d.send();
    const [sent] = sccp.take();
    assert.equal(sent!.tcap.kind, 'begin');
    assert.equal(toHex(sent!.tcap.otid!), d.localTidHex);
    assert.equal(sent!.tcap.dialogue?.type, 'aarq');
    assert.deepEqual(sent!.tcap.components.map((c) => c.type), ['invoke']);
    assert.deepEqual([sent!.route.opc, sent!.route.dpc, sent!.route.sls], [100, 200, d.localTid & 15]);
    assert.deepEqual(sent!.route.remoteEnc, encodeAddress(PEER));
    assert.equal(d.link, LINK, 'the dialogue is bound to the association its Begin left on');
    assert.deepEqual(
      { dissector: w.dissector, peer: w.peer, tcap: w.tcap, localTid: w.localTid, remoteTid: w.remoteTid, segments: w.segments },
      { dissector: 'm3ua', peer: 'GW stp:2905', tcap: 'begin', localTid: d.localTidHex, remoteTid: undefined, segments: undefined },
    );
    assert.equal(layer.transactions.size, 1);
  });

  test('a message SCCP sent in segments: the wire message lists them, the first is its bytes', () => {
    const { sccp, open } = tcapLayer();
    sccp.messages = 3;
    const w = open().send();
    assert.equal(w.segments?.length, 3);
    assert.equal(w.bytes, w.segments![0]);
  });

  test('nothing reachable: down before the message is encoded (an argument encoder is not even called), the dialogue stays idle', () => {
    const { sccp, open } = tcapLayer();
    sccp.down = 'sigtran gateway \'GW\' is not connected';
    const d = open();
    let encoded = false;
    d.invoke({ opcode: 0, argument: () => (encoded = true) });
    assert.throws(() => d.send(), isErr('down', /is not connected/));
    assert.equal(encoded, false);
    assert.equal(d.state, 'idle');
  });

  test('a message that cannot be encoded is an encode error naming the TCAP message', () => {
    const { sccp, open } = tcapLayer();
    const d = open();
    d.invoke({ opcode: 0, argument: () => { throw new Error('no such field'); } });
    assert.throws(() => d.send(), isErr('encode', /^cannot encode the TCAP begin: no such field$/));
    assert.equal(sccp.sent.length, 0);
  });

  test('a reply outside any dialogue goes back to the sender\'s address and OPC, and never throws', () => {
    const { layer, sccp, logs } = tcapLayer();
    const ctx = fromPeer();
    layer.transmitReply(ctx, { kind: 'abort', dtid: Uint8Array.of(9), pAbortCause: 1 });
    const [sent] = sccp.take();
    assert.deepEqual([sent!.route.opc, sent!.route.dpc, sent!.route.sls], [ctx.dpc, ctx.opc, ctx.sls]);
    assert.deepEqual(sent!.route.remoteEnc, ctx.callingRaw);
    assert.deepEqual(sent!.route.localEnc, ctx.calledRaw);
    sccp.down = 'down';
    layer.transmitReply(ctx, { kind: 'abort', dtid: Uint8Array.of(9), pAbortCause: 1 });
    assert.match(logs.join('\n'), /debug could not send a TCAP abort reply: down/);
  });

  test('failAll ends every dialogue past idle as a local P-Abort with the reason; idle ones stay', async () => {
    const { layer, open } = tcapLayer();
    const idle = open();
    const sent = open();
    sent.send();
    const got = sent.receive({ timeoutMs: 1000 });
    layer.failAll("sigtran gateway 'GW' stopped");
    const m = await got;
    assert.deepEqual([m.kind, m.reason], ['p-abort', "sigtran gateway 'GW' stopped"]);
    assert.equal(sent.state, 'ended');
    assert.equal(idle.state, 'idle');
    assert.equal(layer.transactions.size, 1);
  });
});
