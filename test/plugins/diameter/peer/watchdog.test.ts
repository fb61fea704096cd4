import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { DiameterPeer } from '../../../../plugins/diameter/peer/peer.js';
import { peerConfig } from '../../../../plugins/diameter/peer/config.js';
import { Dictionary } from '../../../../plugins/diameter/dictionary/dictionary.js';

const dict = new Dictionary();

describe('diameter watchdog (RFC 3539)', () => {
  test('an idle connection exchanges DWR/DWA and stays open', async () => {
    // only the client's Tw is short: any message received resets a side's timer, so one side does the probing
    const srv = new DiameterPeer(peerConfig({ name: 'S', mode: 'server', port: 0, origin_host: 'ocs.test', origin_realm: 'test', watchdog_ms: 60000 }), dict);
    await srv.start();
    const cli = new DiameterPeer(peerConfig({ name: 'C', port: srv.config.port, origin_host: 'tester.test', origin_realm: 'test', watchdog_ms: 100 }), dict);
    const seen: string[] = [];
    cli.tap((dir, b) => seen.push(`${dir} ${b.readUInt32BE(4) & 0xffffff}${b[4]! & 0x80 ? 'R' : 'A'}`));
    try {
      await cli.start();
      const end = Date.now() + 5000;
      while (seen.filter((s) => s === 'received 280A').length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      assert.ok(seen.filter((s) => s === 'sent 280R').length >= 2, seen.join(', '));
      assert.ok(seen.filter((s) => s === 'received 280A').length >= 2, seen.join(', '));
      assert.equal(cli.state(), 'up');
      assert.equal(srv.state(), 'up');
    } finally {
      await cli.stop();
      await srv.stop();
    }
  });
});
