import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { DiameterPeer } from '../../../../plugins/diameter/peer/peer.js';
import { peerConfig } from '../../../../plugins/diameter/peer/config.js';
import { Dictionary } from '../../../../plugins/diameter/dictionary/dictionary.js';
import { encodeMessage, decodeMessage, findAvp } from '../../../../plugins/diameter/codec/message.js';
import { Framer } from '../../../../plugins/diameter/peer/framer.js';
import { A, str, u32 } from '../../../../plugins/diameter/peer/avps.js';

describe('diameter peer under fuzzed requests', () => {
  test('every well-framed request with random AVP bytes gets an answer; the peer stays open', async () => {
    const srv = new DiameterPeer(peerConfig({ name: 'S', mode: 'server', port: 0, origin_host: 'ocs.test', origin_realm: 'test' }), new Dictionary());
    srv.registerSession('fuzz', () => { /* swallowed: requests of this session get no answer */ });
    await srv.start();
    const s = connect(srv.config.port, '127.0.0.1');
    const answers: Buffer[] = [];
    const f = new Framer(1 << 20, (m) => answers.push(m));
    s.on('data', (d) => f.push(d));
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    try {
      await new Promise((r) => s.once('connect', r));
      s.write(encodeMessage({ flags: 0x80, code: 257, applicationId: 0, hopByHop: 1, endToEnd: 1, avps: [str(A.OriginHost, 'fuzz.test'), str(A.OriginRealm, 'test'), u32(A.AuthApplicationId, 4)] }));
      const N = 300;
      for (let i = 0; i < N; i++) {
        const body = Buffer.alloc(4 * (1 + rnd(40)));
        for (let k = 0; k < body.length; k++) body[k] = rnd(256);
        // sometimes a plausible AVP header at the start
        if (rnd(2)) body.writeUInt32BE([263, 268, 279, 443, 456, 873][rnd(6)]!, 0);
        const h = Buffer.alloc(20);
        h.writeUInt32BE(0x01000000 | (20 + body.length), 0);
        h.writeUInt32BE(((0x80 << 24) | [272, 258, 274, 275, 306, 9999][rnd(6)]!) >>> 0, 4);
        h.writeUInt32BE(4, 8);
        h.writeUInt32BE(1000 + i, 12);
        h.writeUInt32BE(1000 + i, 16);
        s.write(Buffer.concat([h, body]));
      }
      const end = Date.now() + 10000;
      while (answers.length < N + 1 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
      assert.equal(answers.length, N + 1, 'the CEA and one answer per fuzzed request');
      const codes = new Map<number, number>();
      for (const a of answers.slice(1)) {
        const m = decodeMessage(a);
        const rc = findAvp(m.avps, A.ResultCode)!.data.readUInt32BE(0);
        codes.set(rc, (codes.get(rc) ?? 0) + 1);
        assert.ok(m.header.hopByHop >= 1000 && m.header.hopByHop < 1000 + N);
      }
      for (const rc of codes.keys()) assert.ok([3001, 3008, 3009, 5002, 5014].includes(rc), `unexpected Result-Code ${rc}: ${JSON.stringify([...codes])}`);
      assert.equal(srv.state(), 'up');
      // and it still answers a proper request
      s.write(encodeMessage({ flags: 0x80, code: 280, applicationId: 0, hopByHop: 5, endToEnd: 5, avps: [str(A.OriginHost, 'fuzz.test'), str(A.OriginRealm, 'test')] }));
      while (answers.length < N + 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
      const dwa = decodeMessage(answers[N + 1]!);
      assert.deepEqual([dwa.header.code, dwa.header.hopByHop, findAvp(dwa.avps, A.ResultCode)!.data.readUInt32BE(0)], [280, 5, 2001]);
    } finally {
      s.destroy();
      await srv.stop();
    }
  });
});
