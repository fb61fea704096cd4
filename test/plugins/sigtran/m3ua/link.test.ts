// The ASP state machine on its own, over in-memory associations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { M3uaLink, type AspState, type LinkEvents } from '../../../../plugins/sigtran/m3ua/link.js';
import { MemoryAcceptor, MemoryConnector, type Association } from '../../../../plugins/sigtran/transport/index.js';
import { decodeM3ua, encodeM3ua } from '../../../../plugins/sigtran/m3ua/codec.js';
import { messageName } from '../../../../plugins/sigtran/m3ua/constants.js';

let n = 0;
async function pair(): Promise<{ a: Association; b: Association; close(): Promise<void> }> {
  const ch = `link-${++n}`;
  const acc = new MemoryAcceptor(ch);
  let b: Association | undefined;
  await acc.listen((x) => (b = x));
  const a = await new MemoryConnector(ch).connect();
  await new Promise((r) => setImmediate(r));
  return { a, b: b!, close: () => acc.close() };
}

function events() {
  const states: AspState[] = [];
  const captured: string[] = [];
  const logs: string[] = [];
  const reports: string[] = [];
  let closedReason: string | undefined;
  const ev: LinkEvents = {
    state: (_l, s) => states.push(s),
    data: () => undefined,
    availability: () => undefined,
    report: (_l, kind, text, fault) => reports.push(`${kind} ${text}${fault ? ` => ${fault.reason} dpc=${fault.dpc} sls=${fault.sls}` : ''}`),
    capture: (raw, dir) => {
      const m = decodeM3ua(raw);
      captured.push(`${dir === 'sent' ? '>' : '<'}${messageName(m.cls, m.type)}`);
    },
    closed: (_l, r) => (closedReason = r),
    log: (_l, t) => logs.push(t),
  };
  return { ev, states, captured, logs, reports, closed: () => closedReason };
}

const tick = () => new Promise((r) => setTimeout(r, 10));

/** What the peer end `a` receives, as message names (`ERR:<code>` for an ERR). */
function received(a: Association): string[] {
  const got: string[] = [];
  a.setHandler({
    message: (pdu) => {
      const m = decodeM3ua(pdu);
      got.push(`${messageName(m.cls, m.type)}${m.errorCode !== undefined ? ':' + m.errorCode : ''}`);
    },
    closed: () => undefined,
  });
  return got;
}

test('ASP and SGP: bring-up, graceful stop, states and the exact message sequence', async () => {
  const p = await pair();
  const asp = events();
  const sgp = events();
  const la = new M3uaLink(p.a, { side: 'initiator', routingContext: 5, trafficMode: 'override', aspId: 9, beatIntervalMs: 0 }, asp.ev);
  const lb = new M3uaLink(p.b, { side: 'responder', routingContext: 5, trafficMode: 'loadshare', beatIntervalMs: 0 }, sgp.ev);
  la.start();
  lb.start();
  await tick();
  assert.equal(la.aspState, 'active');
  assert.equal(lb.aspState, 'active');
  assert.deepEqual(asp.states, ['inactive', 'active']);
  assert.deepEqual(asp.captured, ['>ASPUP', '<ASPUP_ACK', '>ASPAC', '<NTFY', '<ASPAC_ACK', '<NTFY']);
  assert.equal(la.lastNotify, 'AS-ACTIVE');
  await la.stop();
  assert.deepEqual(asp.captured.slice(6), ['>ASPIA', '<ASPIA_ACK', '<NTFY', '>ASPDN', '<ASPDN_ACK']);
  assert.deepEqual(asp.states, ['inactive', 'active', 'inactive', 'down']);
  await tick();
  assert.equal(sgp.closed(), 'closed by the peer');
  await p.close();
});

test('ERR and NTFY reach the gateway as reports; on an active ASP, those about our traffic carry the dialogues they end', async () => {
  const p = await pair();
  const asp = events();
  const sgp = events();
  const la = new M3uaLink(p.a, { side: 'initiator', routingContext: 5, trafficMode: 'loadshare', beatIntervalMs: 0 }, asp.ev);
  const lb = new M3uaLink(p.b, { side: 'responder', routingContext: 5, trafficMode: 'loadshare', beatIntervalMs: 0 }, sgp.ev);
  la.start();
  lb.start();
  await tick();
  assert.equal(la.aspState, 'active');
  // during bring-up the SG's NTFYs are reports without a fault
  assert.deepEqual(asp.reports, [`NTFY M3UA NTFY AS-INACTIVE from the SG ${la.peer}`, `NTFY M3UA NTFY AS-ACTIVE from the SG ${la.peer}`]);
  asp.reports.length = 0;
  const data = encodeM3ua(1, 1, { routingContexts: [5], protocolData: { opc: 1, dpc: 300, si: 3, ni: 2, mp: 0, sls: 9, data: new Uint8Array(60) } });
  p.b.send(encodeM3ua(0, 0, { errorCode: 0x1a, diagnostic: data.subarray(0, 40) }), 0, 3); // the route: every SLS
  p.b.send(encodeM3ua(0, 0, { errorCode: 0x11, diagnostic: data.subarray(0, 40) }), 0, 3); // one message: its SLS
  p.b.send(encodeM3ua(0, 0, { errorCode: 0x19, routingContexts: [5] }), 0, 3); // no diagnostic: the whole association
  p.b.send(encodeM3ua(0, 0, { errorCode: 0x06 }), 0, 3); // about nothing of our traffic
  p.b.send(encodeM3ua(0, 1, { status: { type: 1, info: 4 }, routingContexts: [6] }), 0, 3); // another AS
  p.b.send(encodeM3ua(0, 1, { status: { type: 1, info: 2 }, routingContexts: [5] }), 0, 3); // ours
  await tick();
  const sg = `the SG ${la.peer}`;
  assert.deepEqual(asp.reports, [
    `ERR M3UA ERR 26 (no configured AS for ASP) from ${sg} => M3UA ERR 26 (no configured AS for ASP) from ${sg} dpc=300 sls=undefined`,
    `ERR M3UA ERR 17 (invalid parameter value) from ${sg} => M3UA ERR 17 (invalid parameter value) from ${sg} dpc=300 sls=9`,
    `ERR M3UA ERR 25 (invalid routing context) from ${sg} => M3UA ERR 25 (invalid routing context) from ${sg} (routing context 5) dpc=undefined sls=undefined`,
    `ERR M3UA ERR 6 (unexpected message) from ${sg}`,
    `NTFY M3UA NTFY AS-PENDING from ${sg}`,
    `NTFY M3UA NTFY AS-INACTIVE from ${sg} => M3UA NTFY AS-INACTIVE from ${sg}: our AS has no active ASP there dpc=undefined sls=undefined`,
  ]);
  await la.stop();
  await p.close();
});

test('missed BEAT ACKs drop the association with a readable reason', async () => {
  const p = await pair();
  const asp = events();
  p.b.setHandler({ message: () => undefined, closed: () => undefined }); // a peer that never answers
  const la = new M3uaLink(p.a, { side: 'initiator', trafficMode: 'loadshare', beatIntervalMs: 10, maxMissedBeats: 2 }, asp.ev);
  la.start();
  const end = Date.now() + 3000;
  while (!asp.closed() && Date.now() < end) await tick();
  assert.match(asp.closed()!, /no BEAT ACK from memory:link-\d+ for 2 heartbeats/);
  assert.equal(la.aspState, 'down');
  await p.close();
});

test('ERR for an ASPUP sent to an ASP, an unknown message type, an unsupported class (RKM)', async () => {
  const p = await pair();
  const asp = events();
  const la = new M3uaLink(p.a, { side: 'initiator', trafficMode: 'loadshare', beatIntervalMs: 0 }, asp.ev);
  const got = received(p.b);
  la.start();
  p.b.send(encodeM3ua(3, 1, {}), 0, 3); // ASPUP to an ASP
  p.b.send(encodeM3ua(4, 9, {}), 0, 3); // unknown ASPTM type
  p.b.send(encodeM3ua(9, 1, {}), 0, 3); // RKM REG REQ: not supported
  await tick();
  assert.deepEqual(got, ['ASPUP', 'ERR:6', 'ERR:4', 'ERR:3']);
  await la.stop();
  await p.close();
});

test('multi-stream associations (SCTP): management on stream 0, DATA on 1 + SLS mod (streams - 1), PPID 3', () => {
  const sent: Array<[number, number, number]> = [];
  const fake: Association = {
    kind: 'sctp',
    outboundStreams: 4,
    remote: 'fake',
    local: 'fake',
    isOpen: true,
    setHandler: () => undefined,
    send: (pdu, stream, ppid) => {
      sent.push([pdu[2]!, stream, ppid]);
      return true;
    },
    close: () => undefined,
  };
  const l = new M3uaLink(fake, { side: 'initiator', trafficMode: 'loadshare', beatIntervalMs: 0 }, events().ev);
  l.start();
  const data = encodeM3ua(1, 1, { protocolData: { opc: 1, dpc: 2, si: 3, ni: 2, mp: 0, sls: 5, data: Uint8Array.of(0) } });
  l.send(data, 5);
  l.send(data, 6);
  assert.deepEqual(sent, [
    [3, 0, 3],
    [1, 3, 3],
    [1, 1, 3],
  ]);
});

test('the handler table: an unlisted type of every class gets ERR unsupported type, but SSNM ones are informational; DAUD is answered by the SG side only; DUNA/DAVA go up', async () => {
  const run = async (side: 'initiator' | 'responder', send: Array<[number, number, Parameters<typeof encodeM3ua>[2]]>) => {
    const p = await pair();
    const ev = events();
    const availability: string[] = [];
    ev.ev.availability = (_l, pcs, available) => availability.push(`${available ? 'DAVA' : 'DUNA'} ${pcs.join(',')}`);
    const link = new M3uaLink(p.a, { side, trafficMode: 'loadshare', beatIntervalMs: 0 }, ev.ev);
    const got = received(p.b);
    if (side === 'responder') link.start();
    for (const [cls, type, params] of send) p.b.send(encodeM3ua(cls, type, params), 0, 3);
    await tick();
    await link.stop();
    await p.close();
    return { got, availability };
  };
  const unlisted = await run('responder', [
    [0, 7, {}], // MGMT
    [1, 2, {}], // TRANSFER
    [3, 7, {}], // ASPSM
    [4, 5, {}], // ASPTM
    [2, 4, { affected: [{ pc: 1 }] }], // SCON
    [2, 9, {}], // an SSNM type nobody defined
    [2, 3, { affected: [{ pc: 7 }] }], // DAUD
    [2, 1, { affected: [{ pc: 8 }, { pc: 9 }] }], // DUNA
    [2, 2, { affected: [{ pc: 8 }] }], // DAVA
    [3, 3, { heartbeat: Uint8Array.of(1) }], // BEAT
  ]);
  assert.deepEqual(unlisted.got, ['ERR:4', 'ERR:4', 'ERR:4', 'ERR:4', 'DAVA', 'BEAT_ACK']);
  assert.deepEqual(unlisted.availability, ['DUNA 8,9', 'DAVA 8']);
  const asp = await run('initiator', [[2, 3, { affected: [{ pc: 7 }] }]]);
  assert.deepEqual(asp.got.filter((g) => g !== 'ASPUP'), [], 'an ASP does not answer DAUD');
});

test('a link made on an association that already closed (an SG refusing it at once) goes down with that reason', async () => {
  const p = await pair();
  p.a.close('refused by the SG');
  await tick();
  const asp = events();
  // the memory association hands its close to the handler as it is set, inside the link's constructor
  const la = new M3uaLink(p.a, { side: 'initiator', trafficMode: 'loadshare', beatIntervalMs: 0 }, asp.ev);
  await tick();
  assert.equal(asp.closed(), 'refused by the SG');
  assert.equal(la.aspState, 'down');
  assert.equal(la.lastError, 'refused by the SG');
  await p.close();
});
