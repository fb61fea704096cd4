import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { resolveAc, SigtranError, type ScpParams } from '../../../../plugins/sigtran/api.js';
import { BerWriter, readTlv, decodeInteger, children, fromHex, toHex } from '../../../../plugins/sigtran/ber/index.js';
import { tcpPair } from '../helpers.js';
import '../../../../plugins/inap/contexts.js'; // the CAP contexts' names (camel2, ...) are the inap plugin's

const scp: ScpParams = { dpc: 200, dssn: 146 };
const camel2 = resolveAc('camel2');

describe('TCAP dialogues between two gateways over loopback TCP (ASP against SGP and against IPSP)', () => {
  for (const serverRole of ['sgp', 'ipsp'] as const) {
    test(`Begin with AARQ + Invoke, Continue with AARE + ReturnResult, End (ASP against ${serverRole.toUpperCase()})`, async () => {
      const p = await tcpPair({ role: serverRole });
      try {
        const accepted = p.scp.acceptBegin({ opcode: 0, ac: camel2 }, { timeoutMs: 3000 });
        const d = p.ssp.openDialogue({ scp, ac: camel2 });
        assert.equal(d.state, 'idle');
        const arg = fromHex('3003800164'); // SEQUENCE { [0] 100 }
        const id = d.invoke({ opcode: 0, argument: arg });
        assert.equal(id, 1);
        const sent = d.send();
        assert.equal(sent.tcap, 'begin');
        assert.equal(sent.dissector, 'm3ua');
        assert.equal(sent.bytes[0], 1);
        assert.equal(d.state, 'initiated');

        const begin = await accepted;
        assert.equal(begin.kind, 'begin');
        assert.equal(begin.ac?.name, 'camel2');
        assert.equal(begin.opc, 100);
        assert.equal(begin.dpc, 200);
        assert.equal(begin.called.ssn, 146);
        assert.equal(begin.calling.pc, 100);
        const inv = begin.components[0]!;
        assert.equal(inv.type, 'invoke');
        assert.ok(inv.type === 'invoke');
        assert.equal(inv.opcode, 0);
        assert.equal(toHex(inv.argument!), '3003800164');
        const sd = begin.dialogue;
        assert.equal(sd.state, 'received');
        assert.equal(sd.remoteTidHex, d.localTidHex);

        // The SCP answers: Continue with an Invoke (linked) and a ReturnResult, then End.
        sd.invoke({ opcode: 23, argument: (w: BerWriter) => w.beginSequence().integer(7, 2, 0).end(), linkedId: 1 });
        sd.returnResult({ invokeId: 1 });
        const cont = sd.send();
        assert.equal(cont.tcap, 'continue');
        const m1 = await d.receive({ timeoutMs: 3000 });
        assert.equal(m1.kind, 'continue');
        assert.equal(m1.dialoguePdu?.type, 'aare');
        assert.equal(d.state, 'active');
        assert.equal(d.remoteTidHex, sd.localTidHex);
        assert.equal(m1.components.length, 2);
        const [c1, c2] = m1.components;
        assert.ok(c1!.type === 'invoke');
        assert.equal(c1.opcode, 23);
        assert.equal(c1.linkedId, 1);
        const t = readTlv(c1.argument!, 0);
        assert.equal(decodeInteger(c1.argument!, children(c1.argument!, t)[0]!), 7);
        assert.ok(c2!.type === 'returnResult');
        assert.equal(c2.last, true);

        // SSP continues, SCP ends with a ReturnError.
        d.invoke({ opcode: 24 });
        d.send();
        const m2 = await sd.receive({ timeoutMs: 3000 });
        assert.equal(m2.kind, 'continue');
        assert.equal(m2.dialoguePdu, undefined);
        sd.returnError({ invokeId: (m2.components[0] as { invokeId: number }).invokeId, errorCode: 7, parameter: fromHex('0a0101') });
        const end = sd.end();
        assert.equal(end?.tcap, 'end');
        assert.equal(sd.state, 'ended');
        const m3 = await d.receive({ timeoutMs: 3000 });
        assert.equal(m3.kind, 'end');
        assert.ok(m3.components[0]!.type === 'returnError');
        assert.equal(d.state, 'ended');
        await assert.rejects(d.receive({ timeoutMs: 100 }), (e: unknown) => e instanceof SigtranError && e.kind === 'ended');
        assert.throws(() => d.send(), (e: unknown) => e instanceof SigtranError && e.kind === 'state');
      } finally {
        await p.close();
      }
    });
  }

  test('U-Abort from the SCP, P-Abort for an unknown transaction, and timeouts', async () => {
    const p = await tcpPair();
    try {
      // U-Abort
      const acc = p.scp.acceptBegin({}, { timeoutMs: 3000 });
      const d = p.ssp.openDialogue({ scp, ac: camel2 });
      d.invoke({ opcode: 0 });
      d.send();
      const b = await acc;
      b.dialogue.send(); // Continue (empty) so both know the transaction
      assert.equal((await d.receive({ timeoutMs: 3000 })).kind, 'continue');
      b.dialogue.abort();
      const ab = await d.receive({ timeoutMs: 3000 });
      assert.equal(ab.kind, 'u-abort');
      assert.equal(ab.dialoguePdu?.type, 'abrt');
      assert.match(ab.reason!, /U-Abort from the peer/);
      assert.equal(d.state, 'ended');

      // AC refused: Abort with AARE reject-permanent
      const acc2 = p.scp.acceptBegin({}, { timeoutMs: 3000 });
      const d2 = p.ssp.openDialogue({ scp, ac: resolveAc('camel4') });
      d2.send();
      (await acc2).dialogue.abort({ acNotSupported: true, ac: resolveAc('camel2')! });
      const ab2 = await d2.receive({ timeoutMs: 3000 });
      assert.equal(ab2.kind, 'u-abort');
      assert.ok(ab2.dialoguePdu?.type === 'aare');
      assert.equal(ab2.dialoguePdu.result, 'reject-permanent');
      assert.equal(ab2.dialoguePdu.ac.name, 'camel2');
      assert.match(ab2.reason!, /application-context-name-not-supported/);

      // refused for another reason: AARE reject-permanent with the user diagnostic and user information; once the
      // dialogue is accepted the same abort is an ABRT
      const info = Uint8Array.of(0x28, 0x00);
      for (const accepted of [false, true]) {
        const acc4 = p.scp.acceptBegin({}, { timeoutMs: 3000 });
        const d4 = p.ssp.openDialogue({ scp, ac: camel2 });
        d4.send();
        const b4 = await acc4;
        if (accepted) {
          b4.dialogue.send();
          await d4.receive({ timeoutMs: 3000 });
        }
        b4.dialogue.abort({ rejectDiagnostic: 1, userInformation: info });
        const ab4 = await d4.receive({ timeoutMs: 3000 });
        assert.equal(ab4.kind, 'u-abort');
        assert.equal(ab4.dialoguePdu?.type, accepted ? 'abrt' : 'aare');
        if (ab4.dialoguePdu?.type === 'aare') {
          assert.equal(ab4.dialoguePdu.result, 'reject-permanent');
          assert.deepEqual(ab4.dialoguePdu.diagnostic, { source: 'user', code: 1 });
        }
        assert.deepEqual([...(ab4.dialoguePdu?.userInformation ?? [])], [...info]);
      }

      // Continue to a transaction the SCP has already closed: P-Abort unrecognizedTransactionID
      const acc3 = p.scp.acceptBegin({}, { timeoutMs: 3000 });
      const d3 = p.ssp.openDialogue({ scp, ac: camel2 });
      d3.send();
      const b3 = await acc3;
      b3.dialogue.send();
      await d3.receive({ timeoutMs: 3000 });
      b3.dialogue.release(); // SCP forgets it silently
      d3.invoke({ opcode: 24 });
      d3.send();
      const pa = await d3.receive({ timeoutMs: 3000 });
      assert.equal(pa.kind, 'p-abort');
      assert.equal(pa.pAbortCause, 1);
      assert.match(pa.reason!, /unrecognizedTransactionID/);

      // Timeout waiting for an answer
      const d4 = p.ssp.openDialogue({ scp, ac: camel2 });
      const acc4 = p.scp.acceptBegin({}, { timeoutMs: 3000 });
      d4.send();
      await acc4; // taken, never answered
      await assert.rejects(d4.receive({ timeoutMs: 50 }), (e: unknown) => e instanceof SigtranError && e.kind === 'timeout' && /no TCAP message from the peer within 50 ms/.test(e.message));
      // Timeout waiting for a Begin
      await assert.rejects(p.scp.acceptBegin({ opcode: 99 }, { timeoutMs: 50 }), (e: unknown) => e instanceof SigtranError && e.kind === 'timeout' && /opcode 99/.test(e.message));
      // Cancellation by signal
      const ctl = new AbortController();
      const w = d4.receive({ timeoutMs: 5000, signal: ctl.signal });
      ctl.abort();
      await assert.rejects(w, (e: unknown) => e instanceof SigtranError && e.kind === 'cancelled');
    } finally {
      await p.close();
    }
  });
});
