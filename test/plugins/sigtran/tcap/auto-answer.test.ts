// OpenDialogueOptions.autoAnswer (dialogue.ts answerAutomatically, manager.ts): Invokes answered by the dialogue the
// moment they arrive in a Continue, never in an End nor after the dialogue ended; over the in-memory transport.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SigtranGatewayImpl } from '../../../../plugins/sigtran/gateway/instance.js';
import { normalizeInstance } from '../../../../plugins/sigtran/gateway/config.js';
import { resolveAc, type AutoAnswer, type Component, type Dialogue } from '../../../../plugins/sigtran/api.js';

const scpAddr = { dpc: 2, dssn: 146 };
const AT = 55;
let ssp: SigtranGatewayImpl;
let scp: SigtranGatewayImpl;

const show = (c: Component) => (c.type === 'invoke' ? `invoke ${String(c.opcode)} id ${c.invokeId}` : c.type === 'returnResult' ? `result ${c.invokeId}${c.last ? '' : ' not last'}` : c.type);

describe('TCAP dialogues answering Invokes by themselves (autoAnswer)', () => {
  before(async () => {
    scp = new SigtranGatewayImpl(normalizeInstance({ name: 'SCP', transport: 'memory', memoryChannel: 'auto', role: 'sgp', opc: 2, dpc: 1, beatIntervalMs: 0 }));
    ssp = new SigtranGatewayImpl(normalizeInstance({ name: 'SSP', transport: 'memory', memoryChannel: 'auto', role: 'asp', opc: 1, dpc: 2, beatIntervalMs: 0 }));
    await scp.start();
    await ssp.start();
    await ssp.whenUp({ timeoutMs: 2000 });
  });
  after(async () => {
    await ssp.stop();
    await scp.stop();
  });

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
