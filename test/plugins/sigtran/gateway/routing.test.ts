// Routing of inbound Begins by key (tcap/begins.ts, tcap/registrations.ts): routers name Begins, registrations take them, Begins of a
// registered kind that match no registration are refused at once and counted, busy registrations leave Begins in
// the backlog, registrations end with their signal. Two gateways over loopback TCP.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { BeginRouter, ScpParams, TcapMessage } from '../../../../plugins/sigtran/api.js';
import { fromHex, toHex } from '../../../../plugins/sigtran/ber/index.js';
import { tcpPair, type Pair } from '../helpers.js';

const scp: ScpParams = { dpc: 200, dssn: 146 };
/** Keys: opcode kind and the argument's hex as the detail. */
const router: BeginRouter = {
  keys(m) {
    const c = m.components[0];
    if (c?.type !== 'invoke' || typeof c.opcode !== 'number') return [];
    return [`op${c.opcode}|${toHex(c.argument ?? new Uint8Array())}`, `op${c.opcode}`];
  },
};

describe('routing of inbound Begins by key', () => {
  let p: Pair;
  before(async () => {
    p = await tcpPair();
    p.scp.addRouter(router);
    p.scp.addRouter(router); // once per router object
  });
  after(async () => {
    await p.close();
  });

  /** Send a Begin with one Invoke (`opcode`, argument hex); returns the dialogue on the sending side. */
  const send = (opcode: number, arg: string) => {
    const d = p.ssp.openDialogue({ scp });
    d.invoke({ opcode, argument: fromHex(arg) });
    d.send();
    return d;
  };

  test('each registration gets the Begins of its key; a kind registration takes the rest', async () => {
    const ac = new AbortController();
    const a = p.scp.register('op71|0401aa', { signal: ac.signal });
    const b = p.scp.register('op71|0401bb', { signal: ac.signal });
    send(71, '0401bb');
    send(71, '0401aa');
    const [ma, mb] = await Promise.all([a.next({ timeoutMs: 3000 }), b.next({ timeoutMs: 3000 })]);
    assert.equal(toHex((ma.components[0] as { argument: Uint8Array }).argument), '0401aa');
    assert.equal(toHex((mb.components[0] as { argument: Uint8Array }).argument), '0401bb');
    const any = p.scp.register('op71', { signal: ac.signal });
    send(71, '0401cc');
    assert.equal(toHex(((await any.next({ timeoutMs: 3000 })).components[0] as { argument: Uint8Array }).argument), '0401cc');
    ac.abort();
  });

  test('a Begin of a registered kind that no registration claims is refused at once (U-Abort) and counted', async () => {
    const ac = new AbortController();
    p.scp.register('op22|0401aa', { signal: ac.signal });
    const before = p.scp.status().refusedBegins;
    const d = send(22, '0401ff');
    const m = await d.receive({ timeoutMs: 3000 });
    assert.equal(m.kind, 'u-abort');
    assert.equal(p.scp.status().refusedBegins, before + 1);
    ac.abort();
  });

  test('the registration\'s refusal is used instead (here: a ReturnError in an End)', async () => {
    const ac = new AbortController();
    const refuse = (m: TcapMessage) => {
      const c = m.components[0]!;
      if (c.type === 'invoke') m.dialogue.returnError({ invokeId: c.invokeId, errorCode: 1 });
      m.dialogue.end();
    };
    p.scp.register('op45|0401aa', { signal: ac.signal, refuse });
    const m = await send(45, '0401ee').receive({ timeoutMs: 3000 });
    assert.equal(m.kind, 'end');
    assert.deepEqual(m.components.map((c) => c.type === 'returnError' && c.errorCode), [1]);
    ac.abort();
  });

  test('a busy registration leaves further Begins of its key in the backlog; a later registration takes them', async () => {
    const ac = new AbortController();
    const r1 = p.scp.register('op59|0401aa', { signal: ac.signal, capacity: 1 });
    const first = r1.next({ timeoutMs: 3000 });
    const before = p.scp.status().refusedBegins;
    for (let i = 0; i < 3; i++) send(59, '0401aa');
    // the first goes to the waiting next(), the second is held (capacity 1), the third waits in the backlog
    await first;
    for (let i = 0; i < 100 && r1.queued === 0; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(r1.queued, 1);
    const r2 = p.scp.register('op59|0401aa', { signal: ac.signal });
    const third = await r2.next({ timeoutMs: 3000 });
    const second = await r1.next({ timeoutMs: 3000 });
    assert.equal(new Set([(await first).dialogue.localTid, second.dialogue.localTid, third.dialogue.localTid]).size, 3);
    assert.equal(p.scp.status().refusedBegins, before);
    ac.abort();
  });

  test('Begins a closing registration still holds are routed again, not refused', async () => {
    const ac = new AbortController();
    const r1 = p.scp.register('op61|0401aa', { signal: ac.signal, capacity: 2 });
    send(61, '0401aa');
    send(61, '0401aa');
    for (let i = 0; i < 100 && r1.queued < 2; i++) await new Promise((r) => setTimeout(r, 10));
    const first = await r1.next({ timeoutMs: 1000 });
    const before = p.scp.status().refusedBegins;
    r1.close(); // still holds the second
    const r2 = p.scp.register('op61', { signal: ac.signal });
    const second = await r2.next({ timeoutMs: 3000 });
    assert.notEqual(second.dialogue.localTid, first.dialogue.localTid);
    assert.equal(second.dialogue.state, 'received');
    assert.equal(p.scp.status().refusedBegins, before);
    ac.abort();
  });

  test('Begins no router names, or of an unregistered kind, keep the acceptBegin path', async () => {
    const got = p.scp.acceptBegin({ opcode: 60 }, { timeoutMs: 3000 });
    send(60, '0401aa');
    assert.equal((await got).kind, 'begin');
  });

  test('a registration ends with its signal: Begins of its key are then refused only while the kind has others', async () => {
    const ac = new AbortController();
    const keep = new AbortController();
    const r = p.scp.register('op70|0401aa', { signal: ac.signal });
    p.scp.register('op70|0401bb', { signal: keep.signal });
    ac.abort();
    await assert.rejects(r.next({ timeoutMs: 100 }), /listener closed/);
    const m = await send(70, '0401aa').receive({ timeoutMs: 3000 });
    assert.equal(m.kind, 'u-abort');
    keep.abort();
    const got = p.scp.acceptBegin({ opcode: 70 }, { timeoutMs: 3000 });
    send(70, '0401aa');
    assert.equal((await got).kind, 'begin');
  });
});
