// Long tier: M3UA over SCTP (userland backend) under load and faults, in private network namespaces
// (test/fixtures/sctp/m3ua-scenarios.ts): a linear run of 1,000 instances; a peer ABORT and a silent peer
// (heartbeat loss) while 20 instances wait, which abort only those with the reason and leave the gateway to
// re-associate; and a lossy path (every 4th packet carrying DATA dropped by nft) that SCTP repairs.
// With TESTER_SCTP_BACKEND=kernel the same test runs on the kernel backend, in the User-Mode Linux guest of
// test/plugins/sigtran/e2e/sctp-kernel.long.test.ts.
import { describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { needsSctpBackend, runInNetns, sctpBackendUnderTest } from '../../../helpers/netns.js';
import { needsTool } from '../../../helpers/tools.js';

const scenario = async (name: string) => {
  const r = await runInNetns('test/fixtures/sctp/m3ua-scenarios.ts', [name], { timeoutMs: 180_000 });
  assert.ok(r.result, `scenario ${name}: no result (exit ${r.code}): ${r.stderr.slice(-3000)}`);
  assert.equal(r.result.error, undefined, r.result.error);
  return r.result;
};

describe(`M3UA over SCTP (${sctpBackendUnderTest()}) under load and faults`, needsSctpBackend(), () => {
  test('a linear run of 1,000 instances passes', async () => {
    const r = await scenario('linear');
    assert.deepEqual(r.counts, { started: 1000, finished: 1000, passed: 1000, failed: 0, aborted: 0, cancelled: 0, dropped: 0 }, JSON.stringify(r.firstAborts));
  });

  const afterFault = (r: any, reason: RegExp) => {
    assert.equal(r.before.passed, 1, 'the run before the fault');
    assert.deepEqual([r.held.started, r.held.aborted, r.held.passed], [20, 20, 0], 'the 20 instances in flight are aborted');
    assert.ok(r.heldAborts.length > 0);
    for (const a of r.heldAborts) assert.match(a.text, reason);
    assert.equal(r.after.passed, 1, 'the gateway re-associated and a new run passes');
    assert.equal(r.gateway.state, 'up');
    assert.equal(r.gateway.detail.sctp.association.state, 'established');
  };

  test('peer ABORT mid-run: the in-flight instances abort with the reason; the gateway re-associates', async () => {
    const r = await scenario('abort');
    afterFault(r, /^ReleaseCall: expected from the SCP, received TCAP p-abort: sigtran gateway 'SIGTRAN' lost its association with 127\.0\.0\.1:\d+: the peer aborted the association \(SCTP ABORT, cause 12 user-initiated abort(: "maintenance")?\)$/);
    // the reason travels where the stack sends it (usrsctp; Linux sends the cause alone from a one-to-one socket)
    if (sctpBackendUnderTest() === 'userland') assert.match(r.heldAborts[0].text, /"maintenance"\)$/);
    assert.ok(r.serviceLog.some((l: string) => /association with 127\.0\.0\.1:\d+ down: the peer aborted the association/.test(l)), r.serviceLog.join('\n'));
  });

  test('peer silence (heartbeat loss) mid-run: the association is declared lost, in-flight instances abort, the gateway re-associates', needsTool('nft', 'apt-get install nftables'), async () => {
    const r = await scenario('silence');
    afterFault(r, /lost its association with 127\.0\.0\.1:\d+: association lost: the peer stopped acknowledging \(retransmission limit reached; unreachable: 127\.0\.0\.1\)$/);
    assert.ok(r.serviceLog.some((l: string) => /SCTP 127\.0\.0\.1:\d+: peer address 127\.0\.0\.1 unreachable/.test(l)), r.serviceLog.join('\n'));
  });

  test('lost packets are retransmitted: 20 prepaid calls pass while every 4th DATA packet is dropped', needsTool('nft', 'apt-get install nftables'), async () => {
    const r = await scenario('loss');
    assert.ok(r.dropped > 0, 'the drop rule dropped packets');
    assert.deepEqual(r.counts, { started: 20, finished: 20, passed: 20, failed: 0, aborted: 0, cancelled: 0, dropped: 0 }, JSON.stringify(r.firstAborts));
  });
});
