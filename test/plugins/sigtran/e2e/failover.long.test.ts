// Long tier: the failover drill (docs/plugins/sigtran.md "Failover drill"). `tester serve` with a multi-homed
// sctp-client instance and `tester scp-sim` multi-homed, the backend under test on both ends (userland; kernel in the
// User-Mode Linux guest: multihome-kernel.long.test.ts), over two veth links with
// rp_filter=1 (test/helpers/links.ts); a linear run during which the primary link is cut for 5 s, then restored
// (test/fixtures/sctp/failover-drill.ts). Asserted: no instance lost (the cut is shorter than the association's
// retransmission budget, so SCTP saves every one), the primary path seen unreachable and then active again in
// ListTests. The timings are printed, never asserted: `node scripts/test.mjs --long test/plugins/sigtran/e2e/failover`.
import { describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { canMakeLinks, linkAddress, makeTwoLinks, outcome } from '../../../helpers/links.js';
import { needsSctpBackend, sctpBackendUnderTest } from '../../../helpers/netns.js';
import { inCi } from '../../../helpers/skips.js';
import { DRILL } from '../../../fixtures/sctp/failover-plan.js';

function needs(): { skip?: string } {
  const u = needsSctpBackend();
  if (u.skip) return u;
  if (!canMakeLinks() && !inCi()) return { skip: 'needs root, unshare, nsenter and ip for two namespaces joined by veth links' };
  return {};
}

describe(`failover drill: the primary link cut under load (${sctpBackendUnderTest()} SCTP, multi-homed)`, needs(), () => {
  test('no instance lost; the primary path goes unreachable and comes back; the figures are printed', async () => {
    const links = await makeTwoLinks();
    try {
      const sctp = JSON.stringify({ ...DRILL.sctp, localAddresses: [linkAddress('b', 2)] });
      const sim = links.node('b', 'bin/tester.js', ['scp-sim', '--transport', 'sctp', '--listen', `${linkAddress('b', 1)}:2905`, '--sctp', sctp, '--script', 'examples/inap/scp-sim.json', '--config', 'examples/inap/plugins.json']);
      let listening!: () => void;
      const up = new Promise<void>((r) => (listening = r));
      const simDone = outcome(sim, 300_000, (l) => /scp-sim listening/.test(l) && listening());
      await Promise.race([up, simDone]);
      const r = await outcome(links.node('a', 'test/fixtures/sctp/failover-drill.ts', ['drill']), 300_000);
      sim.kill('SIGTERM');
      await simDone;
      assert.ok(r.result, `no result (exit ${r.code}): ${r.stderr.slice(-3000)}`);
      assert.equal(r.result.error, undefined, r.result.error);
      const d = r.result;
      console.log(`failover drill: ${JSON.stringify({ counts: d.counts, latency: d.latency, late: d.late, figures: d.figures })}\npath states (ListTests, every ${DRILL.sampleMs} ms):\n  ${d.transitions.join('\n  ')}`);
      assert.deepEqual(
        [d.counts.started, d.counts.passed, d.counts.failed, d.counts.aborted, d.counts.dropped],
        [DRILL.total, DRILL.total, 0, 0, 0],
        `${JSON.stringify(d.firstAborts)}\n${d.serviceLog.join('\n')}`,
      );
      assert.ok(d.sawPrimary.includes('unreachable'), `the primary path was never seen unreachable: ${d.transitions.join('; ')}`);
      assert.notEqual(d.figures.primaryActiveAgainAfterMs, undefined, `the primary path never became active again: ${d.transitions.join('; ')}`);
    } finally {
      links.close();
    }
  });
});
