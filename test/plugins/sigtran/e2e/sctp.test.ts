// M3UA over real SCTP between two processes: the tester service (ASP, sctp-client) and `tester scp-sim` (SGP,
// sctp-server), both on the userland backend, in a private network namespace; a CAMEL prepaid call, and a live
// capture on lo decoded by tshark: the SCTP handshake, CRC32c, PPID 3, streams (management on 0, DATA on 1..16),
// and M3UA → SCCP → TCAP → CAMEL with no malformed packet or expert item. (test/fixtures/sctp/m3ua-scenarios.ts)
// With TESTER_SCTP_BACKEND=kernel the same test runs on the kernel backend, in the User-Mode Linux guest of
// test/plugins/sigtran/e2e/sctp-kernel.long.test.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { needsSctpBackend, loopbackHasCrc, runInNetns, sctpBackendUnderTest } from '../../../helpers/netns.js';
import { needsTool } from '../../../helpers/tools.js';

const backend = sctpBackendUnderTest();

test(`a CAMEL prepaid call over M3UA/SCTP (${backend}), captured live and decoded clean`, { ...needsSctpBackend(), ...needsTool('tshark', 'apt-get install tshark') }, async () => {
  const r = await runInNetns('test/fixtures/sctp/m3ua-scenarios.ts', ['prepaid'], { timeoutMs: 120_000 });
  assert.ok(r.result, `no result (exit ${r.code}): ${r.stderr.slice(-3000)}`);
  assert.equal(r.result.error, undefined, r.result.error);
  const { counts, gateway, serviceLog, fields, rows, chunks, problems } = r.result;
  assert.equal(counts.passed, 1, JSON.stringify(r.result.firstAborts));

  // ListTests: the gateway says it runs over SCTP, which backend, and the association's state and path
  assert.equal(gateway.state, 'up');
  assert.equal(gateway.detail.transport, 'sctp-client');
  assert.equal(gateway.detail.sctp.backend, backend);
  const assoc = gateway.detail.sctp.association;
  assert.equal(assoc.state, 'established');
  assert.deepEqual([assoc.outStreams, assoc.inStreams], [17, 17]);
  assert.deepEqual(assoc.paths.map((p: { address: string; state: string; primary?: boolean }) => [p.address, p.state, p.primary]), [['127.0.0.1', 'active', true]]);
  assert.equal(assoc.events[0].kind, 'comm-up');
  assert.ok(serviceLog.some((l: string) => l.includes(`SIGTRAN: SCTP backend ${backend} (configured)`)), serviceLog.join('\n'));
  assert.ok(serviceLog.some((l: string) => new RegExp(`association with 127\\.0\\.0\\.1:\\d+ up \\(SCTP, ${backend} backend, 17 outbound streams\\)`).test(l)));

  const col = (row: string[], f: string) => row[fields.indexOf(f)] ?? '';
  const chunkTypes = rows.map((row: string[]) => col(row, 'sctp.chunk_type'));
  // INIT, INIT ACK, COOKIE ECHO, COOKIE ACK; DATA and SACK; SHUTDOWN, SHUTDOWN ACK, SHUTDOWN COMPLETE at the end
  assert.deepEqual(chunkTypes.slice(0, 4), ['1', '2', '10', '11']);
  for (const t of ['0', '3', '7', '8', '14']) assert.ok(chunkTypes.some((c: string) => c.split(',').includes(t)), `chunk type ${t}`);
  if (loopbackHasCrc()) for (const row of rows) assert.equal(col(row, 'sctp.checksum.status'), '1', `CRC32c of packet ${row.join('|')}`);
  // per DATA chunk (a packet may bundle several: the userland backend sends a tick's messages together)
  const data: Array<Record<string, string>> = chunks;
  assert.ok(data.length >= 15);
  for (const c of data) {
    assert.equal(c['sctp.data_payload_proto_id'], '3', 'PPID 3 (M3UA)');
    const sid = parseInt(c['sctp.data_sid']!, 16);
    // M3UA class 1 = transfer (DATA): streams 1..16 by SLS; management classes on stream 0
    if (c['m3ua.message_class'] === '1') assert.ok(sid >= 1 && sid <= 16, `DATA on stream ${sid}`);
    else assert.equal(sid, 0, `management (class ${c['m3ua.message_class']}) on stream 0`);
  }
  // the bring-up: ASPUP (class 3 type 1) and ASPAC (class 4 type 1) from the ASP, their ACKs from the SGP
  const mgmt = data.map((c) => `${c['m3ua.message_class']}/${c['m3ua.message_type']}`);
  assert.deepEqual(mgmt.slice(0, 2), ['3/1', '3/4']);
  assert.ok(mgmt.includes('4/1') && mgmt.includes('4/3'), mgmt.join(' '));
  // the prepaid dialogue (serviceKey 200): UDT (0x09) carrying TCAP Begin/Continue/End with the CAMEL operations
  const begin = data.findIndex((c) => c['camel.serviceKey'] === '200');
  assert.ok(begin > 0);
  const call = data.slice(begin, begin + 5);
  for (const c of call) assert.equal(c['sccp.message_type'], '0x09');
  assert.deepEqual(call.map((c) => c['camel.local']), ['0', '23,35,20', '24', '36', '22']);
  assert.equal(call[0]!['tcap.begin_element'], '1');
  assert.equal(call[4]!['tcap.end_element'], '1');
  assert.deepEqual(problems, [], 'no malformed packet or expert item');
});

// the kernel addon keeps a state per thread: each worker has its own association (an ASP of the same AS); usrsctp is
// one stack per process: sigtran stays on the main thread and its runs run there, whole
const perWorker = backend === 'kernel';
test(`tester serve --workers 2 with an sctp-client instance (${backend}): ${perWorker ? 'an association per worker' : 'sigtran stays on the main thread'}, its runs pass`, needsSctpBackend(), async () => {
  const r = await runInNetns('test/fixtures/sctp/m3ua-scenarios.ts', ['workers'], { timeoutMs: 120_000 });
  assert.ok(r.result, `no result (exit ${r.code}): ${r.stderr.slice(-3000)}`);
  assert.equal(r.result.error, undefined, r.result.error);
  assert.equal(r.result.counts.passed, 200, JSON.stringify(r.result.firstAborts));
  assert.equal(r.result.parts, perWorker ? 2 : 0, perWorker ? 'the run was split across the two workers' : 'the run was not split across the workers');
  assert.deepEqual(r.result.gateways, ['up'], 'the sigtran instance is up');
  const multiplied = perWorker ? /2 workers \(multiplied: .*sigtran/ : /2 workers \(multiplied: (?!.*sigtran)/;
  assert.ok(r.result.log.some((l: string) => multiplied.test(l)), r.result.log.join('\n'));
});
