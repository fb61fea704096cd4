// SUA end to end between two processes, as a user runs them: `tester serve` with a sigtran instance on
// `adaptation: "sua"` (an ASP, routing context 7) and `tester scp-sim --adaptation sua` (the SGP). Over TCP: an
// InitialDP → ReleaseCall call passes, ListTests shows the adaptation, and the service's capture decodes in tshark
// as SUA CLDTs carrying TCAP and CAMEL, with no malformed packet. Over SCTP (userland backend, in a network
// namespace, test/fixtures/sctp/sua-scenarios.ts): the same call, captured live on lo.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rpcCall } from '../../../../cli/rpc-client.js';
import { runToCompletion } from '../../../helpers/service.js';
import { needsUserlandSctp, runInNetns } from '../../../helpers/netns.js';
import { needsTool } from '../../../helpers/tools.js';
import { killAll, root, stop, tester, work } from '../../../fixtures/sctp/processes.js';
import { kinds, suaRows } from '../sua/tshark.js';

after(() => killAll());

const IDP_RC = [
  { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 100, eventTypeBCSM: 2, calledPartyNumber_digits: '0211234567', calledPartyNumber_noa: 3 } },
  { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16 } },
];

/** Until the service's gateway is up: a run refused with 2003 (not connected) is tried again. */
async function whenUp(port: number): Promise<void> {
  for (let i = 0; ; i++) {
    const r = await rpcCall({ port }, 'ExecuteTest', { run_id: `probe-${i}`, operations: IDP_RC });
    if (!r.error) return;
    if (r.error.code !== 2003 || i > 150) throw new Error(`probe: ${r.error.code} ${r.error.message}`);
    await new Promise((res) => setTimeout(res, 100));
  }
}

test('tester serve ↔ tester scp-sim over SUA/TCP: InitialDP → ReleaseCall, decoded by tshark', needsTool('tshark', 'apt-get install tshark'), async () => {
  const sim = await tester(['scp-sim', '--adaptation', 'sua', '--rc', '7', '--listen', '127.0.0.1:0', '--script', join(root, 'examples/inap/scp-sim.json'), '--config', join(root, 'examples/inap/plugins.json')], /scp-sim listening on \S+:(\d+)/);
  const cfg = JSON.parse(readFileSync(join(root, 'examples/inap/plugins.json'), 'utf8'));
  const pcap = join(work, 'sua.pcap');
  Object.assign(cfg.find((e: { name: string }) => e.name === 'sigtran').options.instances[0], { port: Number(sim.m[1]), adaptation: 'sua', routingContext: 7, reconnectMinMs: 100, pcap });
  writeFileSync(join(work, 'plugins.json'), JSON.stringify(cfg));
  const svc = await tester(['serve', '--port', '0', '--config', join(work, 'plugins.json'), '--data-dir', join(work, 'data')], /listening \S+:(\d+)/);
  const port = Number(svc.m[1]);
  await whenUp(port);
  const run = await runToCompletion(port, { run_id: 'sua-call', trace_level: 1, operations: IDP_RC });
  assert.equal(run.counts.passed, 1, JSON.stringify(run.first_aborts));
  const list = await rpcCall({ port }, 'ListTests', {});
  const gw = (list.result as { gateways: any[] }).gateways.find((g: { kind: string }) => g.kind === 'sigtran');
  assert.deepEqual([gw.state, gw.detail.adaptation, gw.detail.asp], ['up', 'sua', 'active']);
  await stop(svc.child);
  await stop(sim.child);

  const rows = await suaRows(pcap);
  const k = kinds(rows);
  assert.deepEqual(k.slice(0, 2), ['3/1', '3/4'], 'ASPUP, ASPUP ACK');
  assert.ok(k.includes('4/1') && k.includes('4/3'), 'ASPAC and its ACK');
  assert.ok(k.includes('3/2') && k.includes('3/5'), 'ASPDN and its ACK at the stop');
  const cl = rows.filter((r) => r['sua.message_class'] === '7');
  // the probe call and the run's call (they may overlap): InitialDP (Begin) out, ReleaseCall (End) in, each
  assert.equal(cl.length, 4, kinds(cl).join(' '));
  for (const r of cl) {
    assert.equal(r['sua.message_type'], '1', 'CLDT');
    assert.deepEqual([r['sua.routing_context'], r['sua.protocol_class_class'], r['sua.ss7_hop_counter_counter']], ['7', '1', '15']);
  }
  const idps = cl.filter((r) => r['camel.local'] === '0');
  const rcs = cl.filter((r) => r['camel.local'] === '22');
  assert.deepEqual([idps.length, rcs.length], [2, 2], 'two InitialDPs and two ReleaseCalls');
  for (const idp of idps) {
    assert.deepEqual([idp['sua.destination.routing_indicator'], idp['sua.destination.point_code'], idp['sua.destination.ssn'], idp['sua.source.point_code'], idp['sua.source.ssn']], ['2', '2', '146', '1', '146']);
    assert.equal(idp['camel.serviceKey'], '100');
    const rc = rcs.find((r) => r['tcap.dtid'] === idp['tcap.otid']);
    assert.ok(rc, `a ReleaseCall ends dialogue ${idp['tcap.otid']}`);
    assert.deepEqual([rc['sua.source.point_code'], rc['sua.destination.point_code'], rc['camel.cause_indicator']], ['2', '1', '16']);
  }
});

test('the same call over SUA/SCTP (userland backend, in a network namespace), captured live: PPID 4, streams, SUA → CAMEL', { ...needsUserlandSctp(), ...needsTool('tshark', 'apt-get install tshark') }, async () => {
  const r = await runInNetns('test/fixtures/sctp/sua-scenarios.ts', ['call'], { timeoutMs: 120_000 });
  assert.ok(r.result, `no result (exit ${r.code}): ${r.stderr.slice(-3000)}`);
  assert.equal(r.result.error, undefined, r.result.error);
  const { counts, gateway, chunks, problems } = r.result;
  assert.equal(counts.passed, 1, JSON.stringify(r.result.firstAborts));
  assert.deepEqual([gateway.state, gateway.detail.adaptation, gateway.detail.transport, gateway.detail.sctp.backend], ['up', 'sua', 'sctp-client', 'userland']);
  // An SCTP retransmission (a DATA chunk sent again when the peer process was starved on a busy machine) is SCTP
  // doing its work, an expert note on SCTP, not on what SUA put on the wire; anything else fails the test.
  const retransmission = /SCTP \d+ DATA \(TSN=\d+\) \(retransmission\)$/;
  assert.deepEqual(problems.filter((l: string) => !retransmission.test(l)), [], 'no malformed packet or expert item (CRC32c checked)');
  // one record per DATA chunk: a packet may bundle several (the userland backend sends a tick's messages together)
  const data: Array<Record<string, string>> = chunks;
  assert.ok(data.length >= 8, `${data.length} DATA chunks`);
  for (const c of data) {
    assert.equal(c['sctp.data_payload_proto_id'], '4', 'PPID 4 (SUA)');
    assert.equal(c['sctp.checksum.status'], '1', 'CRC32c');
    const sid = parseInt(c['sctp.data_sid']!, 16);
    if (c['sua.message_class'] === '7') assert.ok(sid >= 1 && sid <= 16, `CLDT on stream ${sid}`);
    else assert.equal(sid, 0, `management (class ${c['sua.message_class']}) on stream 0`);
  }
  const kinds = data.map((c) => `${c['sua.message_class']}/${c['sua.message_type']}`);
  assert.deepEqual(kinds.slice(0, 2), ['3/1', '3/4'], 'ASPUP, ASPUP ACK');
  assert.ok(kinds.includes('4/1') && kinds.includes('4/3'), `ASPAC and its ACK: ${kinds.join(' ')}`);
  const cl = data.filter((c) => c['sua.message_class'] === '7');
  assert.deepEqual(cl.map((c) => [c['sua.message_type'], c['sua.routing_context'], c['camel.local']]), [['1', '7', '0'], ['1', '7', '22']], 'InitialDP out, ReleaseCall back, in CLDTs');
  assert.equal(cl[0]!['camel.serviceKey'], '100');
});
