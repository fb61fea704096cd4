// Long tier: a multi-homed association of the userland backend keeps both paths with strict reverse-path filtering
// on both ends: each path's packets leave with that path's own source address (native/sctp/src/srcaddr.c rewrites
// the IPv4 source usrsctp chose). Two namespaces joined by two veth links (test/helpers/links.ts), a tshark capture
// on each link (test/fixtures/sctp/source-address.ts). Before the rewrite, path-1 packets left with 10.1.2.1 and
// the peer dropped them: the primary path went unreachable within about 3 s. With TESTER_SCTP_BACKEND=kernel the
// same test runs on the kernel backend in the User-Mode Linux guest (multihome-kernel.long.test.ts).
import { describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { canMakeLinks, makeTwoLinks, outcome } from '../../../helpers/links.js';
import { needsSctpBackend, sctpBackendUnderTest } from '../../../helpers/netns.js';
import { inCi } from '../../../helpers/skips.js';
import { needsTool } from '../../../helpers/tools.js';

const SCRIPT = 'test/fixtures/sctp/source-address.ts';

function needs(): { skip?: string } {
  const u = needsSctpBackend();
  if (u.skip) return u;
  if (!canMakeLinks() && !inCi()) return { skip: 'needs root, unshare, nsenter and ip for two namespaces joined by veth links' };
  return needsTool('tshark', 'apt-get install tshark');
}

describe(`${sctpBackendUnderTest()} SCTP multi-homing with rp_filter=1 on both ends`, needs(), () => {
  test("each path's packets carry that path's source address and both paths stay active", async () => {
    const links = await makeTwoLinks();
    try {
      const server = links.node('b', SCRIPT, ['server']);
      let listening!: () => void;
      const up = new Promise<void>((r) => (listening = r));
      const serverDone = outcome(server, 240_000, (l) => l === 'listening' && listening());
      await Promise.race([up, serverDone]);
      const client = await outcome(links.node('a', SCRIPT, ['client']), 240_000);
      server.kill('SIGTERM');
      const srv = await serverDone;
      assert.ok(client.result, `no result (exit ${client.code}): ${client.stderr.slice(-3000)}`);
      assert.equal(client.result.error, undefined, client.result.error);
      const r = client.result;
      // every message echoed: the association carried traffic the whole time
      assert.ok(r.sent > 30, `sent ${r.sent}`);
      assert.equal(r.echoed, r.sent);
      // both paths active in every sample (heartbeats every 300 ms, for 6 s), no path event
      const bad = (events: string[]) => events.filter((e) => /unreachable|failed/.test(e));
      assert.deepEqual(bad(r.pathEvents), [], r.pathEvents.join('\n'));
      for (const s of r.samples) assert.deepEqual(s.slice().sort(), ['10.1.1.2 active', '10.1.2.2 active'], JSON.stringify(r.samples));
      assert.deepEqual(bad(srv.result?.events ?? ['no result']), [], srv.stdout);
      assert.ok(srv.result?.samples.length > 10, srv.stdout);
      for (const s of srv.result.samples) assert.deepEqual(s, ['10.1.1.1 active', '10.1.2.1 active'], JSON.stringify(srv.result.samples));
      // on each link, every packet both ways is between that link's two addresses; the primary link carries the
      // DATA (0) both ways (the echo), the other one the HEARTBEATs (4) both ways
      for (const [link, chunk] of [[1, 0], [2, 4]] as const) {
        const pkts: Array<{ src: string; dst: string; chunks: number[] }> = r.links[link - 1];
        const subnet = `10.1.${link}.`;
        const stray = pkts.filter((p) => !p.src.startsWith(subnet) || !p.dst.startsWith(subnet));
        assert.deepEqual(stray, [], `link ${link}: packets from or to another subnet`);
        for (const from of ['1', '2']) {
          assert.ok(pkts.some((p) => p.src === `${subnet}${from}` && p.chunks.includes(chunk)), `link ${link}: no chunk ${chunk} from ${subnet}${from}`);
        }
      }
    } finally {
      links.close();
    }
  });
});
