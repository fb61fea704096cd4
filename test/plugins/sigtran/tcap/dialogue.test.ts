// Dialogue API semantics (incl. Invokes answered by the dialogue itself), over two gateway instances on the in-memory
// transport.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SigtranGatewayImpl } from '../../../../plugins/sigtran/gateway/instance.js';
import { normalizeInstance } from '../../../../plugins/sigtran/gateway/config.js';
import { resolveAc, SigtranError, type AutoAnswer, type Component, type Dialogue, type MessageWaiter } from '../../../../plugins/sigtran/api.js';
import type { EndSignal } from '../../../../sdk/index.js';
import { decodeM3ua } from '../../../../plugins/sigtran/m3ua/codec.js';
import { decodeSccp } from '../../../../plugins/sigtran/sccp/codec.js';
import { decodeTcap } from '../../../../plugins/sigtran/tcap/codec.js';
import '../../../../plugins/inap/contexts.js'; // the CAP contexts' names (camel2, ...) are the inap plugin's

const scpAddr = { dpc: 2, dssn: 146 };
let ssp: SigtranGatewayImpl;
let scp: SigtranGatewayImpl;

const tcapOf = (bytes: Uint8Array) => decodeTcap(decodeSccp(decodeM3ua(bytes).protocolData!.data).data);
const isErr = (kind: string, re?: RegExp) => (e: unknown) => e instanceof SigtranError && e.kind === kind && (!re || re.test(e.message));

describe('TCAP dialogues (memory transport)', () => {
  before(async () => {
    scp = new SigtranGatewayImpl(normalizeInstance({ name: 'SCP', transport: 'memory', memoryChannel: 'dlg', role: 'sgp', opc: 2, dpc: 1, beatIntervalMs: 0 }));
    ssp = new SigtranGatewayImpl(normalizeInstance({ name: 'SSP', transport: 'memory', memoryChannel: 'dlg', role: 'asp', opc: 1, dpc: 2, beatIntervalMs: 0 }));
    await scp.start();
    await ssp.start();
    await ssp.whenUp({ timeoutMs: 2000 });
  });
  after(async () => {
    await ssp.stop();
    await scp.stop();
  });

  test('invoke ids count up per dialogue; a given id is kept; components group into one message', async () => {
    const d = ssp.openDialogue({ scp: scpAddr, ac: resolveAc('camel3') });
    assert.equal(d.invoke({ opcode: 0 }), 1);
    assert.equal(d.invoke({ opcode: 1, invokeId: 50 }), 50);
    assert.equal(d.invoke({ opcode: 2 }), 2);
    assert.equal(d.pendingComponents, 3);
    const acc = scp.acceptBegin({ ac: '0.4.0.0.1.21.3.4' }, { timeoutMs: 1000 });
    const w = d.send();
    assert.equal(d.pendingComponents, 0);
    assert.equal(w.localTid, d.localTidHex);
    assert.equal(w.remoteTid, undefined);
    const t = tcapOf(w.bytes);
    assert.equal(t.kind, 'begin');
    assert.deepEqual(
      t.components.map((c) => (c.type === 'invoke' ? [c.invokeId, c.opcode] : null)),
      [
        [1, 0],
        [50, 1],
        [2, 2],
      ],
    );
    const b = await acc;
    assert.equal(b.components.length, 3);
    assert.throws(() => d.send(), isErr('state', /has not answered the Begin yet/));
    // The first answer carries the AARE, the next one does not.
    const w1 = b.dialogue.send();
    assert.equal(tcapOf(w1.bytes).dialogue?.type, 'aare');
    assert.equal(w1.remoteTid, d.localTidHex);
    const w2 = b.dialogue.send();
    assert.equal(tcapOf(w2.bytes).dialogue, undefined);
    assert.equal((await d.receive({ timeoutMs: 1000 })).dialoguePdu?.type, 'aare');
    assert.equal((await d.receive({ timeoutMs: 1000 })).dialoguePdu, undefined);
    // Two receives at once are refused
    const r1 = d.receive({ timeoutMs: 1000 });
    await assert.rejects(d.receive({ timeoutMs: 1000 }), isErr('state', /already waiting/));
    b.dialogue.end();
    assert.equal((await r1).kind, 'end');
  });

  test('prearranged end sends nothing; End after the peer has gone answers with a P-Abort', async () => {
    const d = ssp.openDialogue({ scp: scpAddr, ac: resolveAc('camel2') });
    const acc = scp.acceptBegin({}, { timeoutMs: 1000 });
    d.send();
    const b = await acc;
    b.dialogue.send();
    await d.receive({ timeoutMs: 1000 });
    assert.equal(d.end({ prearranged: true }), undefined);
    assert.equal(d.state, 'ended');
    await assert.rejects(b.dialogue.receive({ timeoutMs: 100 }), isErr('timeout'));
    // The SCP still thinks the dialogue is open: its Continue gets a P-Abort (unknown transaction).
    b.dialogue.invoke({ opcode: 22 });
    b.dialogue.send();
    const pa = await b.dialogue.receive({ timeoutMs: 1000 });
    assert.equal(pa.kind, 'p-abort');
    assert.equal(pa.pAbortCause, 1);
    assert.equal(b.dialogue.state, 'ended');
  });

  test('AC-less dialogues: Begin without dialogue portion, matched by ac: null, answered without AARE', async () => {
    const d = ssp.openDialogue({ scp: scpAddr });
    d.invoke({ opcode: 0 });
    const acc = scp.acceptBegin({ ac: null }, { timeoutMs: 1000 });
    assert.equal(tcapOf(d.send().bytes).dialogue, undefined);
    const b = await acc;
    assert.equal(b.ac, null);
    const e = b.dialogue.end();
    assert.equal(tcapOf(e!.bytes).dialogue, undefined);
    const m = await d.receive({ timeoutMs: 1000 });
    assert.equal(m.kind, 'end');
    assert.equal(m.ac, null);
  });

  test('receiveWith: called back once and never synchronously, with the message, the timeout, the cancel or the end', async () => {
    const d = ssp.openDialogue({ scp: scpAddr, ac: resolveAc('camel2') });
    const acc = scp.acceptBegin({}, { timeoutMs: 1000 });
    d.send();
    const b = (await acc).dialogue;
    const got: string[] = [];
    const waiter = (tag: string): MessageWaiter => ({
      onMessage: (m) => got.push(`${tag}:${m.kind}`),
      onFailure: (e) => got.push(`${tag}:${(e as SigtranError).kind}`),
    });
    const settled = () => new Promise((r) => setTimeout(r, 5));
    // a message that arrives while waiting
    d.receiveWith(waiter('a'), { timeoutMs: 1000 });
    b.invoke({ opcode: 23 });
    b.send();
    await settled();
    assert.deepEqual(got, ['a:continue']);
    // a queued message: handed over after what runs now, not inside receiveWith
    b.invoke({ opcode: 24 });
    b.send();
    await settled();
    assert.equal(d.queued, 1);
    d.receiveWith(waiter('b'));
    assert.deepEqual(got, ['a:continue'], 'not synchronously');
    await settled();
    assert.deepEqual(got, ['a:continue', 'b:continue']);
    // two waits: the second is refused, the first still gets its message
    d.receiveWith(waiter('c'), { timeoutMs: 1000 });
    d.receiveWith(waiter('d'), { timeoutMs: 1000 });
    await settled();
    assert.deepEqual(got.slice(2), ['d:state']);
    b.end();
    await settled();
    assert.deepEqual(got.slice(3), ['c:end']);
    // the timeout; the end signal of a wait (not the one the dialogue is bound to) cancels it
    const d2 = ssp.openDialogue({ scp: scpAddr, ac: resolveAc('camel2') });
    const acc2 = scp.acceptBegin({}, { timeoutMs: 1000 });
    d2.send();
    const b2 = (await acc2).dialogue;
    const sig2 = new AbortController();
    d2.receiveWith(waiter('f'), { timeoutMs: 30 });
    await new Promise((r) => setTimeout(r, 60));
    assert.deepEqual(got.slice(4), ['f:timeout']);
    d2.receiveWith(waiter('g'), { timeoutMs: 1000, signal: sig2.signal as unknown as EndSignal });
    sig2.abort();
    await settled();
    assert.deepEqual(got.slice(5), ['g:cancelled']);
    // the dialogue ends while waiting: 'ended'
    d2.receiveWith(waiter('h'), { timeoutMs: 1000 });
    b2.abort();
    await settled();
    assert.deepEqual(got.slice(6), ['h:u-abort']);
    d2.receiveWith(waiter('i'));
    await settled();
    assert.deepEqual(got.slice(7), ['i:ended']);
  });

  test('messages queue until read; after the end, queued messages come first, then "ended"', async () => {
    const d = ssp.openDialogue({ scp: scpAddr, ac: resolveAc('camel2') });
    const acc = scp.acceptBegin({}, { timeoutMs: 1000 });
    d.send();
    const b = (await acc).dialogue;
    b.invoke({ opcode: 23 });
    b.send();
    b.invoke({ opcode: 24 });
    b.send();
    b.end();
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(d.queued, 3);
    assert.equal(d.state, 'ended');
    assert.deepEqual(
      [await d.receive(), await d.receive(), await d.receive()].map((m) => m.kind),
      ['continue', 'continue', 'end'],
    );
    await assert.rejects(d.receive(), isErr('ended', /ended by the peer \(TC-END\)/));
    assert.throws(() => d.invoke({ opcode: 1 }), isErr('state'));
    assert.equal(d.abort(), undefined);
  });

  test('abort and close before the peer answered only release; close of a received dialogue sends a U-Abort', async () => {
    const d = ssp.openDialogue({ scp: scpAddr, ac: resolveAc('camel2') });
    assert.equal(d.abort(), undefined);
    assert.equal(d.state, 'ended');
    const d2 = ssp.openDialogue({ scp: scpAddr, ac: resolveAc('camel2') });
    const acc = scp.acceptBegin({}, { timeoutMs: 1000 });
    d2.send();
    const b = (await acc).dialogue;
    d2.close(); // initiated: released locally
    assert.equal(d2.state, 'ended');
    b.close(); // received: U-Abort towards the SSP, which no longer knows the transaction (dropped there)
    assert.equal(b.state, 'ended');
    const d3 = ssp.openDialogue({ scp: scpAddr, ac: resolveAc('camel2') });
    const acc3 = scp.acceptBegin({}, { timeoutMs: 1000 });
    d3.send();
    const b3 = (await acc3).dialogue;
    b3.close();
    const ab = await d3.receive({ timeoutMs: 1000 });
    assert.equal(ab.kind, 'u-abort');
    assert.equal(ab.dialoguePdu?.type, 'abrt');
  });

  test('abort with a P-Abort cause, and a U-Abort with abort-source provider', async () => {
    const d = ssp.openDialogue({ scp: scpAddr, ac: resolveAc('camel2') });
    const acc = scp.acceptBegin({}, { timeoutMs: 1000 });
    d.send();
    const w = (await acc).dialogue.abort({ pAbortCause: 4 });
    assert.equal(tcapOf(w!.bytes).pAbortCause, 4);
    const pa = await d.receive({ timeoutMs: 1000 });
    assert.equal(pa.kind, 'p-abort');
    assert.match(pa.reason!, /resourceLimitation \(4\)/);

    const d2 = ssp.openDialogue({ scp: scpAddr, ac: resolveAc('camel2') });
    const acc2 = scp.acceptBegin({}, { timeoutMs: 1000 });
    d2.send();
    const b2 = (await acc2).dialogue;
    b2.send();
    await d2.receive({ timeoutMs: 1000 });
    d2.abort({ source: 'provider' });
    const ua = await b2.receive({ timeoutMs: 1000 });
    assert.equal(ua.kind, 'u-abort');
    assert.ok(ua.dialoguePdu?.type === 'abrt');
    assert.equal(ua.dialoguePdu.source, 'provider');
  });

  test('encode errors in a component argument are reported as SigtranError encode', () => {
    const d = ssp.openDialogue({ scp: scpAddr, ac: resolveAc('camel2') });
    d.returnResult({ invokeId: 1, result: Uint8Array.of(5, 0) });
    assert.throws(() => d.send(), isErr('encode', /needs its opcode/));
    d.release();
    assert.throws(() => ssp.openDialogue({ called: { ri: 'ssn', pc: 1 } }), isErr('encode', /needs a subsystem number/));
  });

  // OpenDialogueOptions.autoAnswer (dialogue.ts answerAutomatically, manager.ts): Invokes answered by the dialogue
  // the moment they arrive in a Continue, never in an End nor after the dialogue ended.
  describe('Invokes answered by the dialogue itself (autoAnswer)', () => {
    const AT = 55;
    const show = (c: Component) => (c.type === 'invoke' ? `invoke ${String(c.opcode)} id ${c.invokeId}` : c.type === 'returnResult' ? `result ${c.invokeId}${c.last ? '' : ' not last'}` : c.type);
    /** An SSP dialogue answering ActivityTest, its Begin taken by the SCP; the callback's calls are collected. */
    async function call(): Promise<{ d: Dialogue; b: Dialogue; calls: Array<Parameters<NonNullable<AutoAnswer['onAnswered']>>[0]> }> {
      const calls: Array<Parameters<NonNullable<AutoAnswer['onAnswered']>>[0]> = [];
      const d = ssp.openDialogue({ scp: scpAddr, ac: resolveAc('camel3'), autoAnswer: { opcodes: [AT], onAnswered: (i) => calls.push(i) } });
      d.invoke({ opcode: 0 });
      const acc = scp.acceptBegin({}, { timeoutMs: 1000 });
      d.send();
      return { d, b: (await acc).dialogue, calls };
    }

    test('in a Continue: answered at once in its own Continue; the other components go to receive()', async () => {
      const { d, b, calls } = await call();
      const at = b.invoke({ opcode: AT });
      const rc = b.invoke({ opcode: 22 });
      b.send();
      const answer = await b.receive({ timeoutMs: 1000 });
      assert.equal(answer.kind, 'continue');
      assert.deepEqual(answer.components.map(show), [`result ${at}`]);
      const m = await d.receive({ timeoutMs: 1000 });
      assert.deepEqual(m.components.map(show), [`invoke 22 id ${rc}`], 'the ActivityTest is taken out');
      assert.equal(calls.length, 1);
      assert.deepEqual(calls[0]!.invokeIds, [at]);
      assert.equal(calls[0]!.delivered, true);
      assert.equal(calls[0]!.message.components.length, 2, 'the callback sees the message as it arrived');
      assert.equal(calls[0]!.sent.tcap, 'continue');
      assert.equal(d.state, 'active');
      b.end();
    });

    test('a message of answered Invokes only is not handed over; several are answered in one Continue', async () => {
      const { d, b, calls } = await call();
      const ids = [b.invoke({ opcode: AT }), b.invoke({ opcode: AT })];
      b.send();
      const answer = await b.receive({ timeoutMs: 1000 });
      assert.deepEqual(answer.components.map(show), ids.map((i) => `result ${i}`));
      assert.equal(d.queued, 0);
      assert.equal(calls[0]!.delivered, false);
      // the queue of the dialogue's user is untouched: its next send carries what it queued
      d.invoke({ opcode: 24 });
      assert.equal(d.pendingComponents, 1);
      d.send();
      assert.deepEqual((await b.receive({ timeoutMs: 1000 })).components.map((c) => c.type), ['invoke']);
      b.end();
    });

    test('in an End: never answered (the dialogue is closed); the End reaches receive() whole', async () => {
      const { d, b, calls } = await call();
      const sent = ssp.status().sent;
      b.invoke({ opcode: AT });
      b.invoke({ opcode: 22 });
      b.end();
      const m = await d.receive({ timeoutMs: 1000 });
      assert.equal(m.kind, 'end');
      assert.equal(m.components.length, 2);
      assert.equal(calls.length, 0);
      assert.equal(ssp.status().sent, sent, 'nothing sent back');
    });

    test('after the dialogue ended: not answered, the peer gets the P-Abort of an unknown transaction', async () => {
      const { d, b, calls } = await call();
      b.send();
      await d.receive({ timeoutMs: 1000 });
      d.end({ prearranged: true });
      b.invoke({ opcode: AT });
      b.send();
      const pa = await b.receive({ timeoutMs: 1000 });
      assert.equal(pa.kind, 'p-abort');
      assert.equal(pa.pAbortCause, 1);
      assert.equal(calls.length, 0);
    });

    test('without autoAnswer the Invoke reaches receive()', async () => {
      const d = ssp.openDialogue({ scp: scpAddr, ac: resolveAc('camel3') });
      d.invoke({ opcode: 0 });
      const acc = scp.acceptBegin({}, { timeoutMs: 1000 });
      d.send();
      const b = (await acc).dialogue;
      const at = b.invoke({ opcode: AT });
      b.send();
      assert.deepEqual((await d.receive({ timeoutMs: 1000 })).components.map(show), [`invoke ${AT} id ${at}`]);
      b.end();
    });
  });
});
