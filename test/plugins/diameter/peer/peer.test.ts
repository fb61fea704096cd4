import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { DiameterPeer, PeerError } from '../../../../plugins/diameter/peer/peer.js';
import { peerConfig } from '../../../../plugins/diameter/peer/config.js';
import { Dictionary } from '../../../../plugins/diameter/dictionary/dictionary.js';
import { decodeMessage, encodeMessage, findAvp } from '../../../../plugins/diameter/codec/message.js';
import { Framer } from '../../../../plugins/diameter/peer/framer.js';
import { A, str, u32 } from '../../../../plugins/diameter/peer/avps.js';
import { CommandFlag } from '../../../../plugins/diameter/codec/header.js';

const dict = new Dictionary();

async function waitFor(what: string, cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

function serverPeer(extra: Record<string, unknown> = {}) {
  return new DiameterPeer(peerConfig({ name: 'S', mode: 'server', host: '127.0.0.1', port: 0, origin_host: 'ocs.test', origin_realm: 'test', ...extra }), dict);
}
function clientPeer(port: number, extra: Record<string, unknown> = {}) {
  return new DiameterPeer(peerConfig({ name: 'C', host: '127.0.0.1', port, origin_host: 'tester.test', origin_realm: 'test', reconnect_min_ms: 20, reconnect_max_ms: 100, connect_timeout_ms: 1000, ...extra }), dict);
}
const rc = (b: Buffer) => findAvp(decodeMessage(b).avps, A.ResultCode)!.data.readUInt32BE(0);

describe('diameter peer: our client against our server', () => {
  const srv = serverPeer();
  let cli: DiameterPeer;
  after(async () => {
    await cli?.stop();
    await srv.stop();
  });

  test('CER/CEA opens both sides and exchanges identities and applications', async () => {
    await srv.start();
    assert.equal(srv.state(), 'connecting');
    cli = clientPeer(srv.config.port);
    await cli.start();
    assert.equal(cli.state(), 'up');
    await waitFor('server open', () => srv.state() === 'up');
    assert.equal(cli.peerIdentity.originHost, 'ocs.test');
    assert.equal(srv.peerIdentity.originHost, 'tester.test');
    assert.deepEqual(cli.peerIdentity.applications, [4]);
    assert.match(JSON.stringify(cli.describe()), /"state":"open".*"peer_origin_host":"ocs.test"/);
  });

  test('DWR/DWA both ways', async () => {
    assert.equal(await cli.watchdogNow(), 2001);
    assert.equal(await srv.watchdogNow(), 2001);
  });

  test('a request for a session nobody registered is answered 5002', async () => {
    const ccr = cli.buildRequest(272, 4, [str(A.SessionId, 'tester.test;1;1'), ...cli.originAvps()], CommandFlag.R | CommandFlag.P);
    const ans = await cli.request(ccr, 2000, 'CCR');
    assert.equal(rc(ans), 5002);
    assert.equal(ans.readUInt32BE(12), ccr.readUInt32BE(12), 'hop-by-hop copied');
    assert.equal(ans.readUInt32BE(16), ccr.readUInt32BE(16), 'end-to-end copied');
  });

  test('registered sessions get their requests, both directions', async () => {
    srv.registerSession('s-1', (r) => {
      srv.sendAnswer(srv.buildAnswer(r.message, [str(A.SessionId, r.sessionId), u32(A.ResultCode, 2001), ...srv.originAvps()]));
    });
    const ans = await cli.request(cli.buildRequest(272, 4, [str(A.SessionId, 's-1'), ...cli.originAvps()]), 2000, 'CCR');
    assert.equal(rc(ans), 2001);
    // server-initiated RAR towards the client
    let got = '';
    cli.registerSession('s-1', (r) => {
      got = r.sessionId;
      cli.sendAnswer(cli.buildAnswer(r.message, [u32(A.ResultCode, 2001), ...cli.originAvps()]));
    });
    const raa = await srv.request(srv.buildRequest(258, 4, [str(A.SessionId, 's-1'), ...srv.originAvps()]), 2000, 'RAR');
    assert.equal(got, 's-1');
    assert.equal(rc(raa), 2001);
    assert.equal(cli.registerSession('s-1', () => {}), false, 'a second handler is refused');
  });

  test('a request that gets no answer times out with a readable reason', async () => {
    srv.registerSession('silent', () => {});
    await assert.rejects(cli.request(cli.buildRequest(272, 4, [str(A.SessionId, 'silent')]), 100, 'Credit-Control-Request'),
      (e: unknown) => e instanceof PeerError && /no answer to Credit-Control-Request from 127\.0\.0\.1:\d+ within 100 ms/.test((e as Error).message));
  });

  test('an aborted signal abandons the pending request', async () => {
    const ac = new AbortController();
    const p = cli.request(cli.buildRequest(272, 4, [str(A.SessionId, 'silent')]), 5000, 'CCR', ac.signal);
    ac.abort();
    await assert.rejects(p, /abandoned/);
  });

  test('the server goes away (DPR): pending requests fail, the client reconnects when it is back', async () => {
    const pending = cli.request(cli.buildRequest(272, 4, [str(A.SessionId, 'silent')]), 5000, 'CCR');
    const port = srv.config.port;
    await srv.stop();
    await assert.rejects(pending, /lost while waiting for the answer: the peer disconnected \(DPR, Disconnect-Cause REBOOTING\)/);
    await waitFor('client noticed', () => cli.state() !== 'up');
    assert.match(cli.notReady()!, /is not connected/);
    await assert.rejects(cli.request(cli.buildRequest(280, 0, cli.originAvps()), 100, 'DWR'), /cannot send DWR: Diameter peer C .* is not connected/);
    const again = serverPeer({ port });
    await again.start();
    try {
      await waitFor('reconnected', () => cli.state() === 'up' && again.state() === 'up');
      assert.equal(await cli.watchdogNow(), 2001);
      assert.ok((cli.describe() as { reconnects: number }).reconnects >= 1);
    } finally {
      await cli.stop();
      await again.stop();
    }
    assert.equal(cli.state(), 'down');
  });
});

/** A raw fake peer: answers CER with `ceaRc`, then runs `onRequest` for other requests. */
function fakeServer(ceaRc: number, onRequest: (m: Buffer, s: Socket) => void = () => {}): Promise<{ server: Server; port: number; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((s) => {
    sockets.push(s);
    const f = new Framer(1 << 20, (m) => {
      const h = decodeMessage(m).header;
      if (h.code === 257) {
        s.write(encodeMessage({ flags: 0, code: 257, applicationId: 0, hopByHop: h.hopByHop, endToEnd: h.endToEnd, avps: [
          u32(A.ResultCode, ceaRc), str(A.OriginHost, 'fake.test'), str(A.OriginRealm, 'test'), u32(A.AuthApplicationId, 4),
        ] }));
      } else onRequest(m, s);
    });
    s.on('data', (d) => f.push(d));
    s.on('error', () => {});
  });
  return new Promise((res) => server.listen(0, '127.0.0.1', () => res({ server, port: (server.address() as { port: number }).port, sockets })));
}

describe('diameter peer: failures', () => {
  test('a CEA with an error Result-Code keeps the peer down with the reason', async () => {
    const f = await fakeServer(5010);
    const cli = clientPeer(f.port);
    try {
      await cli.start();
      assert.notEqual(cli.state(), 'up');
      assert.match(JSON.stringify(cli.describe()), /CEA from 127\.0\.0\.1:\d+: Result-Code 5010 DIAMETER_NO_COMMON_APPLICATION/);
    } finally {
      await cli.stop();
      f.server.close();
      f.sockets.forEach((s) => s.destroy());
    }
  });

  test('connection refused is reported and retried', async () => {
    const f = await fakeServer(2001);
    const port = f.port;
    f.server.close();
    const cli = clientPeer(port);
    try {
      await cli.start();
      assert.equal(cli.state(), 'connecting');
      assert.match(JSON.stringify(cli.describe()), /connect to 127\.0\.0\.1:\d+ failed: connect ECONNREFUSED/);
    } finally {
      await cli.stop();
    }
  });

  test('a peer that stops answering DWR is dropped by the watchdog', async () => {
    const f = await fakeServer(2001); // never answers DWR
    const cli = clientPeer(f.port, { watchdog_ms: 100, reconnect_min_ms: 5000 });
    try {
      await cli.start();
      assert.equal(cli.state(), 'up');
      await waitFor('watchdog failover', () => cli.state() !== 'up');
      assert.match(JSON.stringify(cli.describe()), /watchdog: no answer to DWR/);
    } finally {
      await cli.stop();
      f.server.close();
      f.sockets.forEach((s) => s.destroy());
    }
  });

  test('bad bytes on the stream close the connection with the reason', async () => {
    const f = await fakeServer(2001, (_m, s) => s.write(Buffer.from('GET / HTTP/1.1\r\n\r\n')));
    const cli = clientPeer(f.port, { reconnect_min_ms: 5000 });
    try {
      await cli.start();
      await assert.rejects(cli.request(cli.buildRequest(280, 0, cli.originAvps()), 2000, 'DWR'), /bad bytes from the peer: stream out of sync/);
    } finally {
      await cli.stop();
      f.server.close();
      f.sockets.forEach((s) => s.destroy());
    }
  });

  test('a malformed request from the peer is answered with the codec Result-Code, the peer stays up', async () => {
    const srv = serverPeer();
    await srv.start();
    const s = connect(srv.config.port, '127.0.0.1');
    const answers: Buffer[] = [];
    const f = new Framer(1 << 20, (m) => answers.push(m));
    s.on('data', (d) => f.push(d));
    try {
      await new Promise((r) => s.once('connect', r));
      s.write(encodeMessage({ flags: CommandFlag.R, code: 257, applicationId: 0, hopByHop: 1, endToEnd: 1, avps: [
        str(A.OriginHost, 'raw.test'), str(A.OriginRealm, 'test'), u32(A.AuthApplicationId, 4),
      ] }));
      await waitFor('CEA', () => answers.length === 1);
      assert.equal(rc(answers[0]!), 2001);
      // CCR whose second AVP claims 64 bytes but the message ends first
      const bad = encodeMessage({ flags: CommandFlag.R, code: 272, applicationId: 4, hopByHop: 2, endToEnd: 2, avps: [
        str(A.SessionId, 'x'), u32(A.ResultCode, 1),
      ] });
      bad.writeUInt32BE((0x40 << 24) | 64, 20 + 12 + 4);
      s.write(bad);
      await waitFor('error answer', () => answers.length === 2);
      assert.equal(rc(answers[1]!), 5014);
      assert.equal(answers[1]!.readUInt32BE(12), 2);
      assert.equal(srv.state(), 'up');
    } finally {
      s.destroy();
      await srv.stop();
    }
  });
});
