import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { SigtranGatewayImpl } from '../../../../plugins/sigtran/gateway/instance.js';
import { normalizeInstance } from '../../../../plugins/sigtran/gateway/config.js';
import { resolveAc, SigtranError } from '../../../../plugins/sigtran/api.js';
import { encodeM3ua, type M3uaMessage } from '../../../../plugins/sigtran/m3ua/codec.js';
import { AspsmType, AsptmType, M3uaClass, SsnmType } from '../../../../plugins/sigtran/m3ua/constants.js';
import { decodeSccp, encodeSccp } from '../../../../plugins/sigtran/sccp/codec.js';
import { encodeAddress } from '../../../../plugins/sigtran/sccp/address.js';
import { decodeTcap, encodeTcap } from '../../../../plugins/sigtran/tcap/codec.js';
import { BerWriter, fromHex, toHex } from '../../../../plugins/sigtran/ber/index.js';
import { tcpPair } from '../helpers.js';
import { rawServer, rawClient, type RawPeer } from '../raw-peer.js';
import { freePort } from '../../../helpers/ports.js';
import '../../../../plugins/inap/contexts.js'; // the CAP contexts' names (camel2, ...) are the inap plugin's

async function until(cond: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** An ASP gateway connected to a scripted raw SGP that completes ASPUP/ASPAC. */
async function aspAgainstRaw(cfg: Record<string, unknown> = {}): Promise<{ gw: SigtranGatewayImpl; peer: RawPeer; close(): Promise<void> }> {
  const srv = await rawServer();
  const gw = new SigtranGatewayImpl(normalizeInstance({ name: 'ASP', transport: 'tcp-client', port: srv.port, opc: 100, dpc: 200, ssn: 146, routingContext: 7, beatIntervalMs: 0, reconnectMinMs: 50, tcapTimeoutMs: 200, ...cfg }));
  await gw.start();
  const peer = await srv.accepted;
  await peer.next((m) => m.cls === 3 && m.type === AspsmType.ASPUP);
  peer.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.ASPUP_ACK, {}));
  const ac = await peer.next((m) => m.cls === 4 && m.type === AsptmType.ASPAC);
  assert.deepEqual(ac.m.routingContexts, [7]);
  assert.equal(ac.m.trafficMode, 2);
  peer.send(encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPAC_ACK, { trafficMode: 2, routingContexts: [7] }));
  await gw.whenUp({ timeoutMs: 3000 });
  return {
    gw,
    peer,
    async close() {
      await gw.stop();
      await srv.close();
    },
  };
}

const isData = (m: M3uaMessage) => m.cls === 1 && m.type === 1;

function dataFrom(sccp: Uint8Array, rc = 7): Uint8Array {
  return encodeM3ua(1, 1, { routingContexts: [rc], protocolData: { opc: 200, dpc: 100, si: 3, ni: 2, mp: 0, sls: 3, data: sccp } });
}

describe('gateway instance', () => {
  test('pointed at a port where nothing listens: down with a readable error, then up when the peer appears', async () => {
    const port = await freePort();
    const asp = new SigtranGatewayImpl(normalizeInstance({ name: 'LATE', transport: 'tcp-client', port, reconnectMinMs: 30, reconnectMaxMs: 60, beatIntervalMs: 0 }));
    let sgp: SigtranGatewayImpl | undefined;
    try {
      await asp.start();
      await until(() => asp.state() === 'down' && asp.status().lastError !== undefined);
      assert.match(asp.status().lastError!, new RegExp(`cannot connect to 127.0.0.1:${port}: .*ECONNREFUSED`));
      assert.throws(() => asp.openDialogue({ scp: { dpc: 2, dssn: 146 } }).send(), (e: unknown) => e instanceof SigtranError && e.kind === 'down' && /'LATE' is not connected/.test(e.message));
      sgp = new SigtranGatewayImpl(normalizeInstance({ name: 'SGP', transport: 'tcp-server', localPort: port, role: 'sgp', beatIntervalMs: 0 }));
      await sgp.start();
      await asp.whenUp({ timeoutMs: 5000 });
      assert.equal(asp.state(), 'up');
      assert.equal(asp.status().asp, 'active');
      assert.equal(asp.status().lastError, undefined);
      // The peer goes away: down again, and back when it returns.
      await sgp.stop();
      await until(() => asp.state() !== 'up');
      await sgp.start();
      await asp.whenUp({ timeoutMs: 5000 });
    } finally {
      await asp.stop();
      await sgp?.stop();
    }
  });

  test("the called address of a run's scp parameter is made once per parameter object, and different parameters stay apart", async () => {
    const a = await aspAgainstRaw();
    try {
      const scpA = { dpc: 200, dssn: 146, dgt_digits: '491700000001' };
      const scpB = { dpc: 200, dssn: 241, dgt_digits: '491700000002' };
      const sent: { ssn: number | undefined; gt: string | undefined }[] = [];
      for (const scp of [scpA, scpB, scpA, scpB]) {
        const d = a.gw.openDialogue({ scp });
        d.invoke({ opcode: 0 });
        d.send();
        const m = await a.peer.next(isData);
        const called = decodeSccp(m.m.protocolData!.data, 14).called;
        sent.push({ ssn: called.ssn, gt: called.gt?.digits });
        d.release();
      }
      assert.deepEqual(sent, [
        { ssn: 146, gt: '491700000001' },
        { ssn: 241, gt: '491700000002' },
        { ssn: 146, gt: '491700000001' },
        { ssn: 241, gt: '491700000002' },
      ]);
      // no address at all (no scp, no remote configured): the error each time, nothing kept
      for (let i = 0; i < 2; i++) assert.throws(() => a.gw.openDialogue({}), /no SCP address/);
      // two dialogues of one parameter object share the address, read only; an explicit `called` is its own
      const d1 = a.gw.openDialogue({ scp: scpA });
      const d2 = a.gw.openDialogue({ scp: scpA });
      assert.equal(d1.remoteAddress, d2.remoteAddress);
      const d3 = a.gw.openDialogue({ called: { ri: 'ssn', pc: 200, ssn: 8 } });
      assert.equal(d3.remoteAddress.ssn, 8);
      for (const d of [d1, d2, d3]) d.release();
    } finally {
      await a.close();
    }
  });

  test('a tcp-server whose port is taken stays down with the reason and listens once the port is free', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()));
    const port = (blocker.address() as net.AddressInfo).port;
    const sgp = new SigtranGatewayImpl(normalizeInstance({ name: 'BUSY', transport: 'tcp-server', localPort: port, role: 'sgp', reconnectMinMs: 30, reconnectMaxMs: 60, beatIntervalMs: 0 }));
    try {
      await sgp.start();
      assert.equal(sgp.state(), 'down');
      assert.match(sgp.status().lastError!, new RegExp(`cannot listen on 127.0.0.1:${port}: .*EADDRINUSE`));
      await new Promise<void>((r) => blocker.close(() => r()));
      await until(() => sgp.status().lastError === undefined);
      const raw = await rawClient(port);
      raw.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.ASPUP, {}));
      await raw.next((m) => m.cls === 3 && m.type === AspsmType.ASPUP_ACK);
      await raw.close();
    } finally {
      await sgp.stop();
    }
  });

  test('in-memory transport: a dialogue between an ASP and an SGP', async () => {
    const sgp = new SigtranGatewayImpl(normalizeInstance({ name: 'MS', transport: 'memory', memoryChannel: 'mem-test', role: 'sgp', opc: 2, dpc: 1, beatIntervalMs: 0 }));
    const asp = new SigtranGatewayImpl(normalizeInstance({ name: 'MA', transport: 'memory', memoryChannel: 'mem-test', role: 'asp', opc: 1, dpc: 2, beatIntervalMs: 0 }));
    try {
      await sgp.start();
      await asp.start();
      await asp.whenUp({ timeoutMs: 2000 });
      const acc = sgp.acceptBegin({ ac: '0.4.0.1.1.1.0.0' }, { timeoutMs: 2000 });
      const d = asp.openDialogue({ scp: { dpc: 2, dssn: 241 }, ac: resolveAc('cs1') });
      d.invoke({ opcode: 0 });
      d.send();
      const b = await acc;
      assert.equal(b.called.ssn, 241);
      b.dialogue.end();
      assert.equal((await d.receive({ timeoutMs: 2000 })).kind, 'end');
    } finally {
      await asp.stop();
      await sgp.stop();
    }
  });

  test('IPSP peers (client initiates, server answers)', async () => {
    const p = await tcpPair({ role: 'ipsp' }, { role: 'ipsp' });
    try {
      assert.equal(p.ssp.state(), 'up');
      assert.equal(p.scp.state(), 'up');
    } finally {
      await p.close();
    }
  });

  test('IPSP double exchange: the initiating IPSP also answers the peer\'s ASPUP and ASPAC', async () => {
    const srv = await rawServer();
    const gw = new SigtranGatewayImpl(normalizeInstance({ name: 'IPSP', transport: 'tcp-client', port: srv.port, role: 'ipsp', routingContext: 3, beatIntervalMs: 0 }));
    try {
      await gw.start();
      const peer = await srv.accepted;
      await peer.next((m) => m.cls === 3 && m.type === AspsmType.ASPUP);
      peer.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.ASPUP, {}));
      await peer.next((m) => m.cls === 3 && m.type === AspsmType.ASPUP_ACK);
      peer.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.ASPUP_ACK, {}));
      await peer.next((m) => m.cls === 4 && m.type === AsptmType.ASPAC);
      peer.send(encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPAC, { trafficMode: 2, routingContexts: [3] }));
      const ack = await peer.next((m) => m.cls === 4 && m.type === AsptmType.ASPAC_ACK);
      assert.deepEqual(ack.m.routingContexts, [3]);
      peer.send(encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPAC_ACK, { trafficMode: 2, routingContexts: [3] }));
      await gw.whenUp({ timeoutMs: 3000 });
      assert.equal(peer.received.filter((r) => r.m.cls === 0 && r.m.type === 0).length, 0, 'no ERR');
    } finally {
      await gw.stop();
      await srv.close();
    }
  });

  test('UDTS return cause ends the dialogue with a readable reason', async () => {
    const t = await aspAgainstRaw();
    try {
      const d = t.gw.openDialogue({ scp: { dpc: 200, dssn: 146 }, ac: resolveAc('camel2') });
      d.invoke({ opcode: 0 });
      d.send();
      const sent = await t.peer.next(isData);
      assert.deepEqual(sent.m.routingContexts, [7]);
      const udt = decodeSccp(sent.m.protocolData!.data);
      assert.equal(udt.protocolClass, 1);
      assert.equal(udt.returnOnError, true);
      assert.equal(toHex(decodeTcap(udt.data).otid!), d.localTidHex);
      t.peer.send(dataFrom(encodeSccp({ xudt: false, protocolClass: 0, returnOnError: false, called: udt.callingRaw, calling: udt.calledRaw, returnCause: 3 }, udt.data)));
      const n = await d.receive({ timeoutMs: 2000 });
      assert.equal(n.kind, 'notice');
      assert.equal(n.returnCause, 3);
      assert.match(n.reason!, /SCCP UDTS: our message was returned, SCCP return cause 3: subsystem failure/);
      assert.equal(d.state, 'ended');
    } finally {
      await t.close();
    }
  });

  test('DATA for another routing context gets ERR and is not delivered; bad TCAP gets a P-Abort', async () => {
    const t = await aspAgainstRaw();
    try {
      const w = new BerWriter();
      const begin = encodeTcap(w, { kind: 'begin', otid: 0x0a0b0c0d, dialogue: { type: 'aarq', ac: resolveAc('camel2')! }, components: [{ t: 'invoke', s: { invokeId: 1, opcode: 0 } }] }).slice();
      const called = encodeAddress({ ri: 'ssn', pc: 100, ssn: 146 });
      const calling = encodeAddress({ ri: 'ssn', pc: 200, ssn: 146 });
      t.peer.send(dataFrom(encodeSccp({ xudt: false, protocolClass: 1, returnOnError: false, called, calling }, begin), 99));
      const err = await t.peer.next((m) => m.cls === 0 && m.type === 0);
      assert.equal(err.m.errorCode, 0x19);
      await assert.rejects(t.gw.acceptBegin({}, { timeoutMs: 100 }), /no matching TCAP Begin/);

      // Begin with a 5-octet otid: nowhere to answer, dropped. Then a Begin with a stray element in its
      // transaction portion: P-Abort badlyFormattedTransactionPortion back to its otid.
      t.peer.send(dataFrom(encodeSccp({ xudt: false, protocolClass: 1, returnOnError: false, called, calling }, fromHex('6207 48050102030405'))));
      t.peer.send(dataFrom(encodeSccp({ xudt: false, protocolClass: 1, returnOnError: false, called, calling }, fromHex('6208 480401020304 0400'))));
      const pa = await t.peer.next(isData);
      const ab = decodeTcap(decodeSccp(pa.m.protocolData!.data).data);
      assert.equal(ab.kind, 'abort');
      assert.equal(toHex(ab.dtid!), '01020304');
      assert.equal(ab.pAbortCause, 2);
      // Continue for an unknown transaction: P-Abort unrecognizedTransactionID
      t.peer.send(dataFrom(encodeSccp({ xudt: false, protocolClass: 1, returnOnError: false, called, calling }, encodeTcap(w, { kind: 'continue', otid: 5, dtid: fromHex('deadbeef') }).slice())));
      const pa2 = decodeTcap(decodeSccp((await t.peer.next(isData)).m.protocolData!.data).data);
      assert.equal(pa2.pAbortCause, 1);
      assert.equal(toHex(pa2.dtid!), '00000005');
      // A Begin nobody takes within tcapTimeoutMs (200 ms): P-Abort resourceLimitation
      t.peer.send(dataFrom(encodeSccp({ xudt: false, protocolClass: 1, returnOnError: false, called, calling }, begin)));
      const pa3 = decodeTcap(decodeSccp((await t.peer.next(isData, 3000)).m.protocolData!.data).data);
      assert.equal(pa3.pAbortCause, 4);
      assert.equal(toHex(pa3.dtid!), '0a0b0c0d');
    } finally {
      await t.close();
    }
  });

  test('a bad component portion (Q.774): a Begin gets a TCAP End with an AARE and a Reject, a Continue for no dialogue a P-Abort', async () => {
    const t = await aspAgainstRaw();
    try {
      const called = encodeAddress({ ri: 'ssn', pc: 100, ssn: 146 });
      const calling = encodeAddress({ ri: 'ssn', pc: 200, ssn: 146 });
      const send = (hex: string) => t.peer.send(dataFrom(encodeSccp({ xudt: false, protocolClass: 1, returnOnError: false, called, calling }, fromHex(hex))));
      // Begin (otid 00000001, AARQ camel2) whose component is an Invoke without an operation code (invoke id 7)
      send('622d 480400000001 6b1e281c060700118605010101a011600f80020780a109060704000001003201 6c05 a103020107');
      const end = decodeTcap(decodeSccp((await t.peer.next(isData)).m.protocolData!.data).data);
      assert.equal(end.kind, 'end');
      assert.equal(toHex(end.dtid!), '00000001');
      assert.equal(end.dialogue?.type, 'aare', 'the first answer to an AARQ carries an AARE');
      assert.deepEqual(end.components, [{ type: 'reject', invokeId: 7, problem: 'general', code: 1, text: 'general: mistypedComponent (1)' }]);
      // an unknown component type in a Begin without dialogue portion: no AARE, invoke id not derivable
      send('620c 480400000002 6c04 a5020500');
      const end2 = decodeTcap(decodeSccp((await t.peer.next(isData)).m.protocolData!.data).data);
      assert.equal(end2.dialogue, undefined);
      assert.deepEqual(end2.components, [{ type: 'reject', invokeId: null, problem: 'general', code: 0, text: 'general: unrecognizedComponent (0)' }]);
      // a Continue naming no dialogue of ours, with a bad component: P-Abort unrecognizedTransactionID to its otid
      send('6513 480400000003 4904deadbeef 6c05 a103020105');
      const pa = decodeTcap(decodeSccp((await t.peer.next(isData)).m.protocolData!.data).data);
      assert.deepEqual([pa.kind, pa.pAbortCause, toHex(pa.dtid!)], ['abort', 1, '00000003']);
      // an End with a bad component: nothing can be sent back to it
      send('640d 4904deadbeef 6c05 a103020105');
      await assert.rejects(t.peer.next(isData, 300), /expected message not received/);
    } finally {
      await t.close();
    }
  });

  test('BEAT is answered; DUNA makes sends to that point code fail readably, DAVA restores them', async () => {
    const t = await aspAgainstRaw();
    try {
      t.peer.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.BEAT, { heartbeat: fromHex('0102') }));
      const ack = await t.peer.next((m) => m.cls === 3 && m.type === AspsmType.BEAT_ACK);
      assert.equal(toHex(ack.m.heartbeat!), '0102');
      t.peer.send(encodeM3ua(M3uaClass.SSNM, SsnmType.DUNA, { routingContexts: [7], affected: [{ pc: 200 }] }));
      await until(() => {
        try {
          t.gw.openDialogue({ scp: { dpc: 200, dssn: 146 } }).send();
          return false;
        } catch (e) {
          return e instanceof SigtranError && /destination point code 200 is unavailable \(DUNA from/.test(e.message);
        }
      });
      assert.deepEqual(t.gw.status().unavailable, [200]);
      t.peer.send(encodeM3ua(M3uaClass.SSNM, SsnmType.DAVA, { routingContexts: [7], affected: [{ pc: 200 }] }));
      await until(() => {
        try {
          t.gw.openDialogue({ scp: { dpc: 200, dssn: 146 } }).send();
          return true;
        } catch {
          return false;
        }
      });
    } finally {
      await t.close();
    }
  });

  test('an SGP refusing the routing context: the ASP stays down with the ERR as its reason', async () => {
    const sgp = new SigtranGatewayImpl(normalizeInstance({ name: 'SGP', transport: 'tcp-server', localPort: 0, role: 'sgp', routingContext: 1, beatIntervalMs: 0 }));
    await sgp.start();
    const asp = new SigtranGatewayImpl(normalizeInstance({ name: 'ASP', transport: 'tcp-client', port: sgp.boundPort()!, routingContext: 2, reconnectMinMs: 5000, beatIntervalMs: 0 }));
    try {
      await asp.start();
      await until(() => /invalid routing context/.test(asp.status().lastError ?? ''));
      assert.notEqual(asp.state(), 'up');
      assert.match(asp.status().lastError!, /ERR from 127\.0\.0\.1:\d+: invalid routing context \(routing context 2\)/);
    } finally {
      await asp.stop();
      await sgp.stop();
    }
  });

  test('an SGP answers a raw ASP and refuses DATA before ASPAC', async () => {
    const sgp = new SigtranGatewayImpl(normalizeInstance({ name: 'SGP', transport: 'tcp-server', localPort: 0, role: 'sgp', beatIntervalMs: 0 }));
    await sgp.start();
    try {
      const raw = await rawClient(sgp.boundPort()!);
      raw.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.ASPUP, { aspId: 3 }));
      await raw.next((m) => m.cls === 3 && m.type === AspsmType.ASPUP_ACK);
      const ntfy = await raw.next((m) => m.cls === 0 && m.type === 1);
      assert.deepEqual(ntfy.m.status, { type: 1, info: 2 });
      raw.send(dataFrom(fromHex('00')));
      assert.equal((await raw.next((m) => m.cls === 0 && m.type === 0)).m.errorCode, 0x06);
      assert.equal(sgp.state(), 'connecting');
      raw.send(fromHex('02000301 00000008'));
      assert.equal((await raw.next((m) => m.cls === 0 && m.type === 0 && m.errorCode === 1)).m.errorCode, 0x01);
      raw.send(encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPAC, { trafficMode: 9 }));
      assert.equal((await raw.next((m) => m.cls === 0 && m.type === 0 && m.errorCode === 5)).m.errorCode, 0x05);
      raw.send(encodeM3ua(M3uaClass.ASPTM, AsptmType.ASPAC, {}));
      await raw.next((m) => m.cls === 4 && m.type === AsptmType.ASPAC_ACK);
      await until(() => sgp.state() === 'up');
      raw.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.ASPDN, {}));
      await raw.next((m) => m.cls === 3 && m.type === AspsmType.ASPDN_ACK);
      await until(() => sgp.state() === 'connecting');
      await raw.close();
      await until(() => sgp.state() === 'down');
    } finally {
      await sgp.stop();
    }
  });

  test('bad M3UA framing closes the association, the service side stays up', async () => {
    const sgp = new SigtranGatewayImpl(normalizeInstance({ name: 'SGP', transport: 'tcp-server', localPort: 0, role: 'sgp', beatIntervalMs: 0 }));
    await sgp.start();
    try {
      const raw = await rawClient(sgp.boundPort()!);
      raw.send(fromHex('01000301 00000004'));
      await raw.closed;
      assert.equal(sgp.state(), 'down');
      const raw2 = await rawClient(sgp.boundPort()!);
      raw2.send(encodeM3ua(M3uaClass.ASPSM, AspsmType.ASPUP, {}));
      await raw2.next((m) => m.cls === 3 && m.type === AspsmType.ASPUP_ACK);
      await raw2.close();
    } finally {
      await sgp.stop();
    }
  });

  test('listeners, signals and several dialogues in one instance', async () => {
    const p = await tcpPair();
    try {
      const l = p.scp.listen({ opcode: 0 });
      const ctl = new AbortController();
      const d1 = p.ssp.openDialogue({ scp: { dpc: 200, dssn: 146 }, ac: resolveAc('camel2'), signal: ctl.signal });
      const d2 = p.ssp.openDialogue({ scp: { dpc: 200, dssn: 146 }, ac: resolveAc('camel2'), signal: ctl.signal });
      assert.notEqual(d1.localTid, d2.localTid);
      d1.invoke({ opcode: 0 });
      d1.send();
      d2.invoke({ opcode: 0 });
      d2.send();
      const b1 = await l.next({ timeoutMs: 2000 });
      const b2 = await l.next({ timeoutMs: 2000 });
      assert.deepEqual(new Set([b1.dialogue.remoteTidHex, b2.dialogue.remoteTidHex]), new Set([d1.localTidHex, d2.localTidHex]));
      b1.dialogue.send();
      b2.dialogue.send();
      await d1.receive({ timeoutMs: 2000 });
      await d2.receive({ timeoutMs: 2000 });
      // The instance ends: both dialogues are U-Aborted towards the SCP.
      ctl.abort();
      const a1 = await b1.dialogue.receive({ timeoutMs: 2000 });
      const a2 = await b2.dialogue.receive({ timeoutMs: 2000 });
      assert.equal(a1.kind, 'u-abort');
      assert.equal(a2.kind, 'u-abort');
      assert.equal(d1.state, 'ended');
      l.close();
      await assert.rejects(l.next(), /listener closed/);

      // A Begin taken with acceptBegin(signal) is U-Aborted towards the SSP when that signal fires.
      const ctl2 = new AbortController();
      const acc = p.scp.acceptBegin({}, { timeoutMs: 2000, signal: ctl2.signal });
      const d3 = p.ssp.openDialogue({ scp: { dpc: 200, dssn: 146 }, ac: resolveAc('camel2') });
      d3.send();
      const b3 = await acc;
      ctl2.abort();
      const ab = await d3.receive({ timeoutMs: 2000 });
      assert.equal(ab.kind, 'u-abort');
      assert.equal(b3.dialogue.state, 'ended');
    } finally {
      await p.close();
    }
  });
});
