// Two gateway instances over SUA/TCP (an SGP and an ASP, `adaptation: "sua"`): the bring-up, CAP dialogues routed on
// GT and on SSN, with both captures decoded by tshark field by field (SUA, TCAP, CAMEL); then a scripted SGP that
// returns a CLDT with a CLDR and declares destinations unavailable (DUNA, DAVA, a subsystem's DUNA, SCON); the
// routing context every CLDT must carry (RFC 3868 §3.3.1.1): configured, else the one the peer named at activation.
import { after, before, describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { needsTool } from '../../../helpers/tools.js';
import { resolveAc } from '../../../../plugins/sigtran/api.js';
import { fromHex } from '../../../../plugins/sigtran/ber/index.js';
import { normalizeInstance } from '../../../../plugins/sigtran/gateway/config.js';
import { SigtranGatewayImpl } from '../../../../plugins/sigtran/gateway/instance.js';
import { decodeSua, encodeSua, type SuaMessage } from '../../../../plugins/sigtran/sua/codec.js';
import { AspsmType, AsptmType, ClType, MgmtType, SsnmType, SuaClass } from '../../../../plugins/sigtran/sua/constants.js';
import { rawServer, type RawPeer } from '../raw-peer.js';
import { tcpPair, type Pair } from '../helpers.js';
import { kinds, suaRows } from './tshark.js';
import '../../../../plugins/inap/contexts.js'; // the contexts' names (camel2) are the TCAP users'

const tshark = needsTool('tshark', 'apt-get install tshark');
const SUA = { adaptation: 'sua' as const, routingContext: 7 };
const GT = { gti: 4 as const, digits: '4917100001', tt: 0, np: 1, nai: 4 };

describe('SUA between two gateway instances', tshark, () => {
  const dir = mkdtempSync(join(tmpdir(), 'sua-'));
  const files = { scp: join(dir, 'scp.pcap'), ssp: join(dir, 'ssp.pcap') };
  let p: Pair;
  before(async () => {
    p = await tcpPair({ ...SUA, pcap: files.scp }, { ...SUA, pcap: files.ssp, gt: GT, beatIntervalMs: 30 });
  });
  after(() => p.close());

  test('status: up, adaptation sua', () => {
    assert.equal(p.ssp.status().adaptation, 'sua');
    assert.equal(p.ssp.status().asp, 'active');
    assert.equal(p.scp.status().state, 'up');
  });

  test('dialogues on GT and on SSN, decoded by tshark down to CAMEL', async () => {
    let acc = p.scp.acceptBegin({}, { timeoutMs: 3000 });
    const d1 = p.ssp.openDialogue({ scp: { dpc: 200, dssn: 146, dgt_digits: '491710000001', dri: 0 }, ac: resolveAc('camel2') });
    d1.invoke({ opcode: 0, argument: fromHex('3003800164') });
    const sent = d1.send();
    assert.equal(sent.dissector, 'sua');
    const b1 = await acc;
    assert.equal(b1.dissector, 'sua');
    assert.deepEqual([b1.calling.ssn, b1.calling.gt?.digits, b1.called.gt?.digits, b1.called.ri], [146, '4917100001', '491710000001', 'gt']);
    b1.dialogue.invoke({ opcode: 22, argument: fromHex('04028090') }); // ReleaseCall, cause 16 (normal clearing)
    b1.dialogue.end();
    const end = await d1.receive({ timeoutMs: 3000 });
    assert.equal(end.kind, 'end');
    assert.equal(end.components.length, 1);

    acc = p.scp.acceptBegin({}, { timeoutMs: 3000 });
    const d2 = p.ssp.openDialogue({ scp: { dpc: 200, dssn: 146 }, ac: resolveAc('camel2') });
    d2.invoke({ opcode: 0, argument: fromHex('3003800165') });
    d2.send();
    const b2 = (await acc).dialogue;
    b2.send();
    assert.equal((await d2.receive({ timeoutMs: 3000 })).kind, 'continue');
    d2.abort();
    assert.equal((await b2.receive({ timeoutMs: 3000 })).kind, 'u-abort');
    await new Promise((r) => setTimeout(r, 100)); // a BEAT or two
    assert.ok(p.ssp.status().sent >= 3 && p.scp.status().received >= 3);

    await p.close();
    const rows = await suaRows(files.ssp);
    const k = kinds(rows);
    // ASPUP, ASPUP ACK, NTFY (AS-INACTIVE), ASPAC, ASPAC ACK, NTFY (AS-ACTIVE) first (BEATs, every 30 ms, may come
    // between them on a busy machine)
    const noBeats = k.filter((x) => x !== '3/3' && x !== '3/6');
    assert.deepEqual(noBeats.slice(0, 6).sort(), ['0/1', '0/1', '3/1', '3/4', '4/1', '4/3'].sort(), k.join(' '));
    const aspac = rows[k.indexOf('4/1')]!;
    assert.deepEqual([aspac['sua.routing_context'], aspac['sua.traffic_mode_type']], ['7', '2']);
    assert.ok(k.includes('3/3') && k.includes('3/6'), 'BEAT and BEAT ACK');
    const cl = rows.filter((r) => r['sua.message_class'] === '7');
    assert.equal(cl.length, 5, 'Begin, End; Begin, Continue, Abort: ' + kinds(cl).join(' '));
    const [begin, endRow] = cl as [typeof cl[0], typeof cl[0]];
    assert.equal(begin['sua.message_type'], '1');
    assert.deepEqual([begin['sua.routing_context'], begin['sua.protocol_class_class'], begin['sua.protocol_class_return_on_error_bit'], begin['sua.ss7_hop_counter_counter']], ['7', '1', '1', '15']);
    assert.deepEqual([begin['sua.destination.routing_indicator'], begin['sua.destination.global_title_digits'], begin['sua.destination.ssn'], begin['sua.destination.point_code']], ['1', '491710000001', '146', '200']);
    assert.deepEqual([begin['sua.source.routing_indicator'], begin['sua.source.global_title_digits'], begin['sua.source.ssn'], begin['sua.source.point_code']], ['1', '4917100001', '146', '100']);
    assert.equal(begin['tcap.otid'], sent.localTid);
    assert.equal(begin['tcap.application_context_name'], '0.4.0.0.1.0.50.1');
    assert.deepEqual([begin['camel.local'], begin['camel.serviceKey']], ['0', '100']);
    // the End comes back from the Begin's called address to its calling one
    assert.deepEqual([endRow['tcap.dtid'], endRow['sua.destination.global_title_digits'], endRow['sua.source.global_title_digits']], [sent.localTid, '4917100001', '491710000001']);
    assert.equal(endRow['camel.local'], '22');
    const onSsn = cl[2]!;
    assert.deepEqual([onSsn['sua.destination.routing_indicator'], onSsn['sua.destination.point_code'], onSsn['sua.destination.ssn'], onSsn['sua.destination.global_title_digits']], ['2', '200', '146', '']);
    // one dialogue, one sequence control (its SLS): the Begin and the Abort of the second dialogue
    assert.notEqual(onSsn['sua.sequence_control_sequence_control'], '');
    assert.equal(cl[4]!['sua.sequence_control_sequence_control'], onSsn['sua.sequence_control_sequence_control']);
    // the SGP's capture has the same messages the other way round
    const scpKinds = kinds(await suaRows(files.scp));
    assert.equal(scpKinds.filter((x) => x.startsWith('7/')).length, 5);
  });
});

/** A scripted SGP: answers ASPUP and ASPAC (naming the ASPAC's routing context, or `rc`, in the ACK or, `inNtfy`, in
 *  an NTFY AS-ACTIVE after it); the test sends the rest. */
async function scriptedSgp(rc?: number, inNtfy = false): Promise<{ port: number; peer: Promise<RawPeer<SuaMessage>>; close(): Promise<void> }> {
  const srv = await rawServer(decodeSua);
  const peer = srv.accepted.then(async (peer) => {
    await peer.next((m) => m.cls === SuaClass.ASPSM && m.type === AspsmType.ASPUP);
    peer.send(encodeSua(SuaClass.ASPSM, AspsmType.ASPUP_ACK, {}));
    const ac = await peer.next((m) => m.cls === SuaClass.ASPTM && m.type === AsptmType.ASPAC);
    const routingContexts = ac.m.routingContexts ?? (rc !== undefined ? [rc] : undefined);
    peer.send(encodeSua(SuaClass.ASPTM, AsptmType.ASPAC_ACK, { trafficMode: ac.m.trafficMode, routingContexts: inNtfy ? undefined : routingContexts }));
    if (inNtfy) peer.send(encodeSua(SuaClass.MGMT, MgmtType.NTFY, { status: { type: 1, info: 3 }, routingContexts }));
    return peer;
  });
  return { port: srv.port, peer, close: () => srv.close() };
}

describe('SUA towards a scripted SGP: CLDR and the destinations\' state', tshark, () => {
  const file = join(mkdtempSync(join(tmpdir(), 'sua-sgp-')), 'asp.pcap');
  let sgp: Awaited<ReturnType<typeof scriptedSgp>>;
  let gw: SigtranGatewayImpl;
  let peer: RawPeer<SuaMessage>;
  before(async () => {
    sgp = await scriptedSgp();
    gw = new SigtranGatewayImpl(normalizeInstance({ name: 'ASP', transport: 'tcp-client', port: sgp.port, opc: 100, dpc: 200, ssn: 146, beatIntervalMs: 0, pcap: file, ...SUA }));
    await gw.start();
    peer = await sgp.peer;
    await gw.whenUp({ timeoutMs: 3000 });
  });
  after(async () => {
    await gw.stop();
    await sgp.close();
  });

  test('a CLDR ends the dialogue with the return cause by name', async () => {
    const d = gw.openDialogue({ scp: { dpc: 200, dssn: 146 }, ac: resolveAc('camel2') });
    d.invoke({ opcode: 0, argument: fromHex('3003800164') });
    d.send();
    const cldt = await peer.next((m) => m.cls === SuaClass.CL && m.type === ClType.CLDT);
    peer.send(encodeSua(SuaClass.CL, ClType.CLDR, { routingContexts: [7], cause: { type: 1, value: 3 }, source: cldt.m.destination, destination: cldt.m.source, hopCount: 14, data: cldt.m.data }));
    const m = await d.receive({ timeoutMs: 3000 });
    assert.equal(m.kind, 'notice');
    assert.equal(m.returnCause, 3);
    assert.equal(m.reason, 'SUA CLDR: our message was returned, SCCP return cause 3: subsystem failure');
    assert.equal(d.state, 'ended');
  });

  test('DUNA makes a point code unavailable until DAVA; a subsystem\'s DUNA only that subsystem; SCON is shown', async () => {
    const open = (dssn = 146) => {
      const d = gw.openDialogue({ scp: { dpc: 200, dssn }, ac: resolveAc('camel2') });
      d.invoke({ opcode: 0, argument: fromHex('3003800164') });
      return d;
    };
    const settle = () => new Promise((r) => setTimeout(r, 50));
    peer.send(encodeSua(SuaClass.SSNM, SsnmType.DUNA, { routingContexts: [7], affected: [{ mask: 0, pc: 200 }] }));
    await settle();
    assert.deepEqual(gw.status().unavailable, [200]);
    assert.throws(() => open().send(), /destination point code 200 is unavailable \(DUNA from 127\.0\.0\.1:\d+\)/);
    peer.send(encodeSua(SuaClass.SSNM, SsnmType.DAVA, { routingContexts: [7], affected: [{ mask: 0, pc: 200 }] }));
    await settle();
    assert.equal(gw.status().unavailable, undefined);
    const d = open();
    d.send();
    await peer.next((m) => m.cls === SuaClass.CL && m.type === ClType.CLDT);
    d.close();

    peer.send(encodeSua(SuaClass.SSNM, SsnmType.DUNA, { affected: [{ mask: 0, pc: 200 }], ssn: 146 }));
    peer.send(encodeSua(SuaClass.SSNM, SsnmType.SCON, { affected: [{ mask: 0, pc: 300 }], congestionLevel: 2 }));
    await settle();
    assert.deepEqual(gw.status().unavailableSubsystems, ['200/146']);
    assert.deepEqual(gw.status().congested, ['300 (congestion level 2)']);
    assert.throws(() => open(146).send(), /destination point code 200 subsystem 146 is unavailable \(DUNA from/);
    open(8).send(); // another subsystem of the same point code is reachable
    await peer.next((m) => m.cls === SuaClass.CL && m.type === ClType.CLDT && m.data !== undefined);

    await gw.stop();
    const rows = await suaRows(file);
    const k = kinds(rows);
    const cldr = rows[k.indexOf('7/2')]!;
    assert.deepEqual([cldr['sua.sccp_cause_type'], cldr['sua.sccp_cause_value'], cldr['camel.local']], ['0x01', '0x03', '0']);
    const duna = rows[k.indexOf('2/1')]!;
    assert.equal(duna['sua.affected_pointcode_dpc'], '200');
    assert.ok(k.includes('2/2') && k.includes('2/4'), 'DAVA and SCON captured');
  });
});

describe('the routing context of a CLDT: configured, else learnt at activation', tshark, () => {
  const cap = (name: string, dssn = 146) => {
    const open = (gw: SigtranGatewayImpl) => {
      const d = gw.openDialogue({ scp: { dpc: 200, dssn }, ac: resolveAc('camel2') });
      d.invoke({ opcode: 0, argument: fromHex('3003800164') });
      d.send();
      return d;
    };
    return { file: join(mkdtempSync(join(tmpdir(), `sua-rc-${name}-`)), 'c.pcap'), open };
  };

  for (const inNtfy of [false, true]) test(`an ASP with none configured names the one the SGP gave in its ${inNtfy ? 'NTFY AS-ACTIVE' : 'ASPAC ACK'}`, async () => {
    const sgp = await scriptedSgp(9, inNtfy);
    const { file, open } = cap('asp');
    const gw = new SigtranGatewayImpl(normalizeInstance({ name: 'ASP', transport: 'tcp-client', port: sgp.port, opc: 100, dpc: 200, ssn: 146, beatIntervalMs: 0, pcap: file, adaptation: 'sua' }));
    try {
      await gw.start();
      const peer = await sgp.peer;
      await gw.whenUp({ timeoutMs: 3000 });
      for (let i = 0; inNtfy && i < 100 && gw.status().lastNotify === undefined; i++) await new Promise((r) => setTimeout(r, 10));
      assert.equal(peer.received.find(({ m }) => m.cls === SuaClass.ASPTM && m.type === AsptmType.ASPAC)!.m.routingContexts, undefined, 'ASPAC without one');
      open(gw).close();
      const cldt = await peer.next((m) => m.cls === SuaClass.CL && m.type === ClType.CLDT);
      assert.deepEqual(cldt.m.routingContexts, [9]);
    } finally {
      await gw.stop();
      await sgp.close();
    }
    const rows = await suaRows(file);
    assert.deepEqual(rows.filter((r) => r['sua.message_class'] === '7').map((r) => r['sua.routing_context']), ['9']);
  });

  test("an SGP with none configured answers in the ASP's; with none on either side, none is sent", async () => {
    const { file, open } = cap('sgp');
    for (const [aspRc, expected] of [[7, '7'], [undefined, '']] as const) {
      const p = await tcpPair({ adaptation: 'sua', pcap: file }, { adaptation: 'sua', ...(aspRc !== undefined ? { routingContext: aspRc } : {}) });
      try {
        const acc = p.scp.acceptBegin({}, { timeoutMs: 3000 });
        const d = open(p.ssp);
        const b = (await acc).dialogue;
        b.end();
        assert.equal((await d.receive({ timeoutMs: 3000 })).kind, 'end');
      } finally {
        await p.close();
      }
      const rows = (await suaRows(file)).filter((r) => r['sua.message_class'] === '7');
      assert.deepEqual(rows.map((r) => r['sua.routing_context']), [expected, expected], `Begin in, End out (ASP's RC ${aspRc})`);
    }
  });
});
