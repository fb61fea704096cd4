// Long tier: two SCTP implementations we did not write talking to each other: usrsctp (the userland backend, on
// the host, raw IP) and the Linux kernel's SCTP (the kernel backend, in a User-Mode Linux guest: test/helpers/uml.ts),
// over a tap link in a network namespace made for the test (host 192.0.2.1 on tap0, guest 192.0.2.2 on eth0).
// One scenario (test/fixtures/sctp/uml/interop.ts) runs on both sides an SGP (scp-sim's engine) and the tester
// service with an sctp-client instance connecting to the other side's SGP, so each stack sets associations up as
// client and as server:
//   - M3UA both ways: a CAMEL prepaid call (InitialDP → answer → ReleaseCall) from each side; a linear run of 3,000
//     instances from the host (userland) and of 500 from the guest (kernel)
//   - ABORT from each side (each aborts its client association: the other side's SGP reports the peer's ABORT, the
//     gateway re-associates and a call passes) and SHUTDOWN from each side (each stops its service)
//   - tshark on the host side of the tap: every packet's CRC32c valid both ways, the chunk types each stack sent,
//     PPID 3 on every DATA chunk, the InitialDP decoded from each side, no malformed packet or expert item
// Where UML, the userland addon or tshark is missing the tests skip with the reason; in CI (CI=true) they fail.
import { before, describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { needsUserlandSctp, runInNetns } from '../../../helpers/netns.js';
import { needsTool } from '../../../helpers/tools.js';
import { GUEST_TAP_HOST, needsUml } from '../../../helpers/uml.js';

const needs = [needsUml(), needsUserlandSctp(), needsTool('tshark', 'apt-get install tshark')].find((o) => o.skip) ?? {};
const passed = (n: number) => ({ started: n, finished: n, passed: n, failed: 0, aborted: 0, cancelled: 0, dropped: 0 });
/** Peer addresses vary by port; the side that logged it is given by the test. */
const peer = (addr: string) => `${addr.replace(/\./g, '\\.')}:\\d+`;

describe('SCTP interop: usrsctp on the host ↔ the Linux kernel in a guest, over a tap link', needs, () => {
  let r: any;
  let guest: any;
  before(async () => {
    const run = await runInNetns('test/fixtures/sctp/uml/interop.ts', ['host'], {
      timeoutMs: 12 * 60_000,
      setup: ['ip tuntap add dev tap0 mode tap', `ip addr add ${GUEST_TAP_HOST}/24 dev tap0`, 'ip link set tap0 up'],
    });
    r = run.result;
    assert.ok(r, `no result (exit ${run.code}): ${run.stderr.slice(-3000)}`);
    assert.equal(r.error, undefined, `${r.error}\n${r.guestTail ?? ''}`);
    guest = r.guest;
    assert.ok(guest, `no result from the guest:\n${r.guestTail}`);
    assert.equal(guest.error, undefined, `${guest.error}\n${r.guestTail}`);
  }, { timeout: 13 * 60_000 });

  test('a CAMEL prepaid call each way: userland ASP → kernel SGP, kernel ASP → userland SGP', () => {
    assert.match(guest.kernel, /^\d+\.\d+/, 'the guest kernel');
    assert.deepEqual(r.call.counts, passed(1), JSON.stringify(r.call.aborts));
    assert.deepEqual(guest.call.counts, passed(1), JSON.stringify(guest.call.aborts));
    // each side's service reports the association on its own backend
    assert.ok(r.aspLog.some((l: string) => /association with 192\.0\.2\.2:2905 up \(SCTP, userland backend, 17 outbound streams\)/.test(l)), r.aspLog.join('\n'));
    assert.ok(guest.aspLog.some((l: string) => /association with 192\.0\.2\.1:2905 up \(SCTP, kernel backend, 17 outbound streams\)/.test(l)), guest.aspLog.join('\n'));
  });

  test('load across the pair: 3,000 linear instances from the host, 500 from the guest, all passed', (t) => {
    t.diagnostic(`guest booted in ${r.bootMs} ms, its SGP listened at ${r.guestMarkers['sgp-up']} s of uptime, it ran ${Math.round(r.guestMs / 1000)} s; scenario ${Math.round(r.ms / 1000)} s`);
    t.diagnostic(`host → guest ${r.load.rate}/s for ${r.load.duration.toFixed(1)} s; guest → host ${guest.load.rate}/s for ${guest.load.duration.toFixed(1)} s`);
    assert.deepEqual(r.load.counts, passed(3000), JSON.stringify(r.load.aborts));
    assert.deepEqual(guest.load.counts, passed(500), JSON.stringify(guest.load.aborts));
  });

  test('ABORT from each side: the peer reports it with its cause; the aborting side re-associates and a call passes', () => {
    // usrsctp sends the upper layer's reason with the cause; Linux sends the cause alone from a one-to-one socket
    const byUserland = new RegExp(`^\\[sigtran warn\\] SGP: association with ${peer('192.0.2.1')} down: the peer aborted the association \\(SCTP ABORT, cause 12 user-initiated abort: "userland side going away"\\)$`);
    const byKernel = new RegExp(`^\\[sigtran warn\\] SGP: association with ${peer('192.0.2.2')} down: the peer aborted the association \\(SCTP ABORT, cause 12 user-initiated abort\\)$`);
    assert.equal(guest.sgpLog.filter((l: string) => byUserland.test(l)).length, 1, guest.sgpLog.join('\n'));
    assert.equal(r.sgpLog.filter((l: string) => byKernel.test(l)).length, 1, r.sgpLog.join('\n'));
    // the aborting side's own service: the association down with its own reason, then up again
    assert.ok(r.aspLog.some((l: string) => l.endsWith('association with 192.0.2.2:2905 down: userland side going away')), r.aspLog.join('\n'));
    assert.ok(guest.aspLog.some((l: string) => l.endsWith('association with 192.0.2.1:2905 down: kernel side going away')), guest.aspLog.join('\n'));
    assert.deepEqual(r.after.counts, passed(1), JSON.stringify(r.after.aborts));
    assert.deepEqual(guest.after.counts, passed(1), JSON.stringify(guest.after.aborts));
  });

  test('SHUTDOWN from each side: the peer\'s SGP reports the graceful close', () => {
    const shutdown = (addr: string) => new RegExp(`^\\[sigtran warn\\] SGP: association with ${peer(addr)} down: the peer shut the association down \\(SCTP SHUTDOWN\\)$`);
    assert.equal(guest.sgpLog.filter((l: string) => shutdown('192.0.2.1').test(l)).length, 1, guest.sgpLog.join('\n'));
    assert.equal(r.sgpLog.filter((l: string) => shutdown('192.0.2.2').test(l)).length, 1, r.sgpLog.join('\n'));
  });

  test('the capture on the tap: CRC32c valid on every packet both ways, every chunk type from each stack, PPID 3, clean decode', (t) => {
    const { sides, problems } = r.capture;
    for (const [name, side] of Object.entries<any>(sides)) t.diagnostic(`${name}: ${side.packets} packets, chunks ${JSON.stringify(side.chunks)}`);
    assert.deepEqual(Object.keys(sides).sort(), ['kernel', 'userland'], 'packets from the two stacks only');
    for (const [name, side] of Object.entries<any>(sides)) {
      assert.deepEqual(side.crc, { 1: side.packets }, `${name}: CRC32c status of every packet (1 = good)`);
      // each stack was client (INIT, COOKIE ECHO) and server (INIT ACK, COOKIE ACK), aborted once, was aborted once,
      // shut down once (SHUTDOWN, SHUTDOWN COMPLETE) and acknowledged the other's SHUTDOWN (SHUTDOWN ACK)
      for (const chunk of ['INIT', 'INIT_ACK', 'COOKIE_ECHO', 'COOKIE_ACK', 'DATA', 'SACK', 'HEARTBEAT', 'HEARTBEAT_ACK', 'ABORT', 'SHUTDOWN', 'SHUTDOWN_ACK', 'SHUTDOWN_COMPLETE']) {
        assert.ok(side.chunks[chunk] > 0, `${name} sent no ${chunk}: ${JSON.stringify(side.chunks)}`);
      }
      assert.equal(side.chunks.ABORT, 1, `${name}: one ABORT (its own)`);
      assert.equal(side.chunks.SHUTDOWN, 1, `${name}: one SHUTDOWN (its own)`);
      assert.deepEqual(Object.keys(side.ppids), ['3'], `${name}: PPID 3 (M3UA) on every DATA chunk`);
      assert.equal(side.ppids['3'], side.chunks.DATA);
      // its own call's InitialDP (serviceKey 200) decoded down to CAMEL
      assert.equal(side.prepaidIdps, 1, `${name}: the prepaid InitialDP`);
    }
    assert.deepEqual(problems, [], 'no malformed packet or expert item');
  });
});
