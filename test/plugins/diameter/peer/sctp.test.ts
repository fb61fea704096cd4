// Diameter over SCTP (RFC 6733 §2.1.1): the tester (client instance, transport sctp) and its own
// `tester diameter-ocs --transport sctp`, both on the userland backend, in a network namespace; CER/CEA, a
// credit-control session (CCR-I, -U, -T), DPR/DPA and SHUTDOWN on a live capture decoded by tshark
// (test/fixtures/sctp/diameter-scenarios.ts). Also the configuration and the start-up error of a missing backend.
// With TESTER_SCTP_BACKEND=kernel the session test runs on the kernel backend in the User-Mode Linux guest of
// test/plugins/sigtran/e2e/sctp-kernel.long.test.ts (the other two are this host's: declared for userland only).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { peerConfig } from '../../../../plugins/diameter/peer/config.js';
import { DiameterPeer } from '../../../../plugins/diameter/peer/peer.js';
import { Dictionary } from '../../../../plugins/diameter/dictionary/dictionary.js';
import { needsKernelAddonWithoutKernelSctp, needsSctpBackend, loopbackHasCrc, runInNetns, sctpBackendUnderTest } from '../../../helpers/netns.js';
import { needsTool } from '../../../helpers/tools.js';

const backend = sctpBackendUnderTest();

test(`CER/CEA and a CCR-I/U/T session over SCTP (${backend}) with diameter-ocs, captured live and decoded clean`, { ...needsSctpBackend(), ...needsTool('tshark', 'apt-get install tshark') }, async () => {
  const r = await runInNetns('test/fixtures/sctp/diameter-scenarios.ts', ['session'], { timeoutMs: 120_000 });
  assert.ok(r.result, `no result (exit ${r.code}): ${r.stderr.slice(-3000)}`);
  assert.equal(r.result.error, undefined, r.result.error);
  const { counts, gateway, fields, rows, chunks, problems } = r.result;
  assert.equal(counts.passed, 1, JSON.stringify(r.result.firstAborts));
  assert.equal(gateway.detail.transport, 'sctp');
  assert.equal(gateway.detail.state, 'open');
  assert.equal(gateway.detail.sctp.association.state, 'established');
  assert.equal(gateway.detail.sctp.association.backend, backend);

  const col = (row: string[], f: string) => row[fields.indexOf(f)] ?? '';
  assert.deepEqual(rows.slice(0, 4).map((row: string[]) => col(row, 'sctp.chunk_type')), ['1', '2', '10', '11']);
  if (loopbackHasCrc()) for (const row of rows) assert.equal(col(row, 'sctp.checksum.status'), '1', `CRC32c of ${row.join('|')}`);
  // per DATA chunk (a packet may bundle several)
  const msgs = (chunks as Array<Record<string, string>>).filter((c) => c['diameter.cmd.code'] !== undefined);
  for (const c of msgs) {
    assert.equal(c['sctp.data_payload_proto_id'], '46', 'PPID 46 (Diameter)');
    assert.equal(parseInt(c['sctp.data_sid']!, 16), 0);
  }
  // command code / request flag / CC-Request-Type / Result-Code, in order
  assert.deepEqual(
    msgs.map((c) => [c['diameter.cmd.code'], c['diameter.flags.request'], c['diameter.CC-Request-Type'] ?? '', (c['diameter.Result-Code'] ?? '').split(',')[0]]),
    [
      ['257', '1', '', ''], ['257', '0', '', '2001'], // CER / CEA
      ['272', '1', '1', ''], ['272', '0', '1', '2001'], // CCR-I / CCA
      ['272', '1', '2', ''], ['272', '0', '2', '2001'], // CCR-U / CCA
      ['272', '1', '3', ''], ['272', '0', '3', '2001'], // CCR-T / CCA
      ['282', '1', '', ''], ['282', '0', '', '2001'], // DPR / DPA
    ],
  );
  // Host-IP-Address of the CER: our address on the association (family 1, 127.0.0.1)
  assert.equal(msgs[0]!['diameter.Host-IP-Address'], '00017f000001');
  // both sides close after DPR/DPA, so SHUTDOWNs may cross and chunks be bundled: look at the chunks of the tail
  const last = rows.slice(-6).flatMap((row: string[]) => col(row, 'sctp.chunk_type').split(','));
  for (const t of ['7', '8', '14']) assert.ok(last.includes(t), `graceful SHUTDOWN after DPA: chunk ${t} in ${last}`);
  assert.deepEqual(problems, []);
});

if (backend === 'userland') test('transport sctp takes sctp options; they are refused on tcp, naming the instance', () => {
  const c = peerConfig({ name: 'P', origin_host: 'a', origin_realm: 'b', transport: 'sctp', sctp: { outStreams: 4 } });
  assert.deepEqual([c.transport, c.sctp], ['sctp', { backend: 'auto', outStreams: 4 }]);
  assert.equal(peerConfig({ name: 'T', origin_host: 'a', origin_realm: 'b' }).transport, 'tcp');
  assert.throws(() => peerConfig({ name: 'T', origin_host: 'a', origin_realm: 'b', sctp: { backend: 'kernel' } }), { message: "diameter instance 'T': sctp options need transport sctp (it is tcp)" });
});

if (backend === 'userland') test('a backend that cannot run here is a start-up error naming what to do', needsKernelAddonWithoutKernelSctp(), async () => {
  const peer = new DiameterPeer(peerConfig({ name: 'K', origin_host: 'a', origin_realm: 'b', transport: 'sctp', sctp: { backend: 'kernel' } }), new Dictionary());
  await assert.rejects(peer.start(), /^Error: diameter instance 'K': SCTP kernel backend cannot run here: .*modprobe sctp/);
  assert.equal(peer.state(), 'down');
  assert.match(String((peer.describe() as { last_error: string }).last_error), /SCTP kernel backend cannot run here/);
  await peer.stop();
});
