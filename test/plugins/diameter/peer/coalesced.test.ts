// Several Diameter messages in one TCP read (issue 11 item 6): each is processed with the state the previous one
// left (RFC 6733 §5.6: I-Open as soon as the CEA is received). Scripted peers (plain net.Server / net.Socket)
// write CEA+DWR in one write, a message byte by byte, re-open and coalesce again, and DPA+DWR at shutdown; the
// server-mode peer gets CER+DWR and CER+CCR in one write.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { DiameterPeer } from '../../../../plugins/diameter/peer/peer.js';
import { peerConfig } from '../../../../plugins/diameter/peer/config.js';
import { Dictionary } from '../../../../plugins/diameter/dictionary/dictionary.js';
import { decodeMessage, encodeMessage, findAvp } from '../../../../plugins/diameter/codec/message.js';
import { Framer } from '../../../../plugins/diameter/peer/framer.js';
import { A, str, u32 } from '../../../../plugins/diameter/peer/avps.js';
import { CommandFlag } from '../../../../plugins/diameter/codec/header.js';
import { call, runToCompletion, startTestService } from '../../../helpers/service.js';
import type { RunningService } from '../../../../core/service.js';

const dict = new Dictionary();
const rc = (b: Buffer) => findAvp(decodeMessage(b).avps, A.ResultCode)?.data.readUInt32BE(0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what: string, cond: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

function cea(hbh: number, e2e: number): Buffer {
  return encodeMessage({ flags: 0, code: 257, applicationId: 0, hopByHop: hbh, endToEnd: e2e, avps: [
    u32(A.ResultCode, 2001), str(A.OriginHost, 'peer.test'), str(A.OriginRealm, 'test'), u32(A.AuthApplicationId, 4),
  ] });
}
let nextId = 0x7000;
function dwr(): Buffer {
  const id = nextId++;
  return encodeMessage({ flags: CommandFlag.R, code: 280, applicationId: 0, hopByHop: id, endToEnd: id, avps: [
    str(A.OriginHost, 'peer.test'), str(A.OriginRealm, 'test'),
  ] });
}

interface Scripted {
  server: Server;
  port: number;
  sockets: Socket[];
  /** Answers and requests the tester sent, decoded header + raw bytes. */
  got: Buffer[];
  /** DWR hop-by-hop ids the peer sent. */
  dwrIds: number[];
  close(): void;
}

/**
 * A scripted peer: on CER it calls `onCer` (which writes the CEA and whatever it likes); answers CCR with 2001;
 * on DPR it calls `onDpr` (default: DPA). Everything the tester sends is kept in `got`.
 */
function scriptedPeer(onCer: (s: Socket, hbh: number, e2e: number, p: Scripted) => void, onDpr?: (s: Socket, hbh: number, e2e: number, p: Scripted) => void): Promise<Scripted> {
  const p: Scripted = { server: undefined as unknown as Server, port: 0, sockets: [], got: [], dwrIds: [], close() {
    this.server.close();
    this.sockets.forEach((s) => s.destroy());
  } };
  p.server = createServer((s) => {
    s.setNoDelay(true);
    p.sockets.push(s);
    const f = new Framer(1 << 20, (m) => {
      const copy = Buffer.from(m);
      p.got.push(copy);
      const h = decodeMessage(copy).header;
      if (!(h.flags & CommandFlag.R)) return;
      if (h.code === 257) onCer(s, h.hopByHop, h.endToEnd, p);
      else if (h.code === 282) {
        if (onDpr) onDpr(s, h.hopByHop, h.endToEnd, p);
        else s.write(encodeMessage({ flags: 0, code: 282, applicationId: 0, hopByHop: h.hopByHop, endToEnd: h.endToEnd, avps: [u32(A.ResultCode, 2001), str(A.OriginHost, 'peer.test'), str(A.OriginRealm, 'test')] }));
      } else if (h.code === 280) {
        s.write(encodeMessage({ flags: 0, code: 280, applicationId: 0, hopByHop: h.hopByHop, endToEnd: h.endToEnd, avps: [u32(A.ResultCode, 2001), str(A.OriginHost, 'peer.test'), str(A.OriginRealm, 'test')] }));
      } else if (h.code === 272) {
        const sid = findAvp(decodeMessage(copy).avps, A.SessionId)!;
        const req = decodeMessage(copy).avps;
        s.write(encodeMessage({ flags: h.flags & CommandFlag.P, code: 272, applicationId: 4, hopByHop: h.hopByHop, endToEnd: h.endToEnd, avps: [
          { code: A.SessionId, flags: 0x40, data: sid.data }, u32(A.ResultCode, 2001), str(A.OriginHost, 'peer.test'), str(A.OriginRealm, 'test'),
          u32(A.AuthApplicationId, 4), findAvp(req, 416)!, findAvp(req, 415)!,
        ] }));
      }
    });
    s.on('data', (d) => {
      try {
        f.push(d);
      } catch {
        s.destroy();
      }
    });
    s.on('error', () => {});
  });
  return new Promise((res) => p.server.listen(0, '127.0.0.1', () => {
    p.port = (p.server.address() as { port: number }).port;
    res(p);
  }));
}

/** CEA and a DWR in one write (what freeDiameter does on a reopened connection). */
function ceaPlusDwr(s: Socket, hbh: number, e2e: number, p: Scripted): void {
  const w = dwr();
  p.dwrIds.push(w.readUInt32BE(12));
  s.write(Buffer.concat([cea(hbh, e2e), w]));
}

/** DWAs the tester sent back for the peer's DWRs. */
function dwas(p: Scripted): Buffer[] {
  return p.got.filter((m) => m.readUInt32BE(4) === 280 && !(m[4]! & CommandFlag.R) && p.dwrIds.includes(m.readUInt32BE(12)));
}

function clientPeer(port: number, log?: (level: string, text: string) => void) {
  return new DiameterPeer(peerConfig({ name: 'C', host: '127.0.0.1', port, origin_host: 'tester.test', origin_realm: 'test', reconnect_min_ms: 20, reconnect_max_ms: 100, connect_timeout_ms: 1000 }), dict, log);
}

describe('diameter client: several messages in one read', () => {
  test('CEA and DWR in one write: the peer is open, the DWR is answered 2001, the connection stays', async () => {
    const p = await scriptedPeer(ceaPlusDwr);
    const cli = clientPeer(p.port);
    try {
      await cli.start();
      await waitFor('DWA', () => dwas(p).length === 1);
      assert.equal(rc(dwas(p)[0]!), 2001);
      await sleep(50);
      assert.equal(cli.currentPhase, 'open');
      assert.equal(cli.state(), 'up');
      assert.equal(cli.notReady(), undefined);
      assert.equal((cli.describe() as { last_error?: string }).last_error, undefined);
      assert.equal(p.sockets.length, 1, 'no reconnection');
      assert.equal(await cli.watchdogNow(), 2001);
    } finally {
      await cli.stop();
      p.close();
    }
  });

  test('CEA and DWR byte by byte: the same', async () => {
    const p = await scriptedPeer((s, hbh, e2e, peer) => {
      const w = dwr();
      peer.dwrIds.push(w.readUInt32BE(12));
      const bytes = Buffer.concat([cea(hbh, e2e), w]);
      void (async () => {
        for (let i = 0; i < bytes.length; i++) {
          s.write(bytes.subarray(i, i + 1));
          if (i % 8 === 0) await sleep(1);
        }
      })();
    });
    const cli = clientPeer(p.port);
    try {
      await cli.start();
      assert.equal(cli.state(), 'up');
      await waitFor('DWA', () => dwas(p).length === 1);
      assert.equal(rc(dwas(p)[0]!), 2001);
      assert.equal(cli.state(), 'up');
      assert.equal(p.sockets.length, 1);
    } finally {
      await cli.stop();
      p.close();
    }
  });

  test('a closed connection is never reported open', async () => {
    // the CEA followed by bad bytes in the same read: the connection closes while the CEA is being handled
    const p = await scriptedPeer((s, hbh, e2e) => s.write(Buffer.concat([cea(hbh, e2e), Buffer.from('GET / HTTP/1.1\r\n\r\n')])));
    const cli = new DiameterPeer(peerConfig({ name: 'C', host: '127.0.0.1', port: p.port, origin_host: 'tester.test', origin_realm: 'test', reconnect_min_ms: 5000, connect_timeout_ms: 1000 }), dict);
    try {
      await cli.start();
      await sleep(50);
      assert.notEqual(cli.state(), 'up');
      assert.notEqual(cli.currentPhase, 'open');
      assert.match(cli.notReady()!, /is not connected: backoff; last error: bad bytes from the peer/);
    } finally {
      await cli.stop();
      p.close();
    }
  });

  test('DPA and a DWR in one write at shutdown: the DWR is answered, the DPR gets its DPA', async () => {
    const logs: string[] = [];
    const p = await scriptedPeer((s, hbh, e2e) => s.write(cea(hbh, e2e)), (s, hbh, e2e, peer) => {
      const w = dwr();
      peer.dwrIds.push(w.readUInt32BE(12));
      s.write(Buffer.concat([w, encodeMessage({ flags: 0, code: 282, applicationId: 0, hopByHop: hbh, endToEnd: e2e, avps: [u32(A.ResultCode, 2001), str(A.OriginHost, 'peer.test'), str(A.OriginRealm, 'test')] })]));
    });
    const cli = clientPeer(p.port, (level, text) => logs.push(`${level} ${text}`));
    try {
      await cli.start();
      assert.equal(cli.state(), 'up');
      await cli.stop();
      await waitFor('DWA', () => dwas(p).length === 1);
      assert.equal(rc(dwas(p)[0]!), 2001);
      assert.deepEqual(logs.filter((l) => /DPR|capabilities/.test(l)), []);
    } finally {
      await cli.stop();
      p.close();
    }
  });
});

describe('diameter client: re-open with CEA+DWR coalesced, then a Request run passes', () => {
  let p: Scripted;
  let svc: RunningService;
  before(async () => {
    p = await scriptedPeer(ceaPlusDwr);
    svc = await startTestService([{ name: 'diameter', options: { instances: [
      { name: 'P', host: '127.0.0.1', port: p.port, origin_host: 'tester.test', origin_realm: 'test', applications: ['credit-control'], reconnect_min_ms: 20, reconnect_max_ms: 100, connect_timeout_ms: 1000 },
    ] } }]);
  });
  after(async () => {
    await svc?.close();
    p?.close();
  });

  const ccr = { type: 'diameter.Request', arguments: { name: 'CCR', avps: [
    { name: 'Session-Id_auto' }, { name: 'Service-Context-Id', value: '32251@3gpp.org' },
    { name: 'CC-Request-Type', value: 'EVENT_REQUEST' }, { name: 'CC-Request-Number', value: 0 },
  ] } };
  const gateway = (): DiameterPeer => (svc as unknown as { registry: { gateways: Map<string, { byName: Map<string, DiameterPeer> }> } }).registry.gateways.get('diameter')!.byName.get('P')!;

  test('first open, the peer closes, the client reconnects: each time the DWR is answered and runs pass', async () => {
    const g = gateway();
    await waitFor('open', () => g.state() === 'up');
    await waitFor('first DWA', () => dwas(p).length === 1);
    for (let round = 0; round < 2; round++) {
      // the peer goes away (a pause, a restart): the client reconnects and the peer coalesces CEA+DWR again
      p.sockets.at(-1)!.destroy();
      await waitFor('client noticed', () => g.state() !== 'up' || p.sockets.length > round + 1);
      await waitFor('re-opened', () => p.sockets.length === round + 2 && g.state() === 'up');
      await waitFor('DWA after re-open', () => dwas(p).length === round + 2);
      assert.equal(rc(dwas(p).at(-1)!), 2001);
      await sleep(50);
      assert.equal(g.state(), 'up');
      assert.equal(g.currentPhase, 'open');
      assert.equal(p.sockets.length, round + 2, 'the re-opened connection stays');
      const r = await runToCompletion(svc.port, { run_id: `reopen-${round}`, operations: [ccr] });
      assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts ?? r));
    }
  });

  test('ListTests shows the re-opens (reconnects), the attempts and the last error separately', async () => {
    const list = (await call(svc.port, 'ListTests', {})).result;
    const gw = list.gateways.find((g: any) => g.kind === 'diameter' && g.name === 'P');
    assert.equal(gw.state, 'up');
    assert.equal(gw.detail.state, 'open');
    assert.equal(gw.detail.reconnects, 2, JSON.stringify(gw.detail));
    assert.equal(gw.detail.reconnect_attempts, 2, JSON.stringify(gw.detail));
    assert.match(gw.detail.last_error, /closed by the peer|ECONNRESET/);
    assert.match(gw.detail.last_error_at, /^\d{4}-\d\d-\d\dT/);
  });
});

describe('diameter client: reconnects count re-opens, not attempts', () => {
  test('one loss, two refused attempts, then open again: reconnects 1, reconnect_attempts 3, the last error kept', async () => {
    let n = 0;
    const p = await scriptedPeer((s, hbh, e2e) => s.write(cea(hbh, e2e)));
    // connections 2 and 3 are dropped before the CER is answered
    p.server.prependListener('connection', (s: Socket) => {
      n++;
      if (n === 2 || n === 3) s.destroy();
    });
    const cli = clientPeer(p.port);
    try {
      await cli.start();
      assert.equal(cli.state(), 'up');
      let d = cli.describe() as Record<string, unknown>;
      assert.equal(d.reconnects, 0);
      assert.equal(d.reconnect_attempts, 0);
      assert.equal(d.last_error, undefined);
      p.sockets[0]!.destroy();
      await waitFor('re-opened', () => n === 4 && cli.state() === 'up');
      d = cli.describe() as Record<string, unknown>;
      assert.equal(d.reconnects, 1, JSON.stringify(d));
      assert.equal(d.reconnect_attempts, 3, JSON.stringify(d));
      assert.match(String(d.last_error), /closed by the peer|ECONNRESET|socket error/);
      assert.equal(typeof d.last_error_at, 'string');
    } finally {
      await cli.stop();
      p.close();
    }
  });
});

describe('diameter server: several messages in one read', () => {
  let srv: DiameterPeer;
  before(async () => {
    srv = new DiameterPeer(peerConfig({ name: 'S', mode: 'server', host: '127.0.0.1', port: 0, origin_host: 'ocs.test', origin_realm: 'test' }), dict);
    await srv.start();
    srv.registerSession('s-1', (r) => srv.sendAnswer(srv.buildAnswer(r.message, [str(A.SessionId, 's-1'), u32(A.ResultCode, 2001), ...srv.originAvps()])));
  });
  after(async () => {
    await srv.stop();
  });

  function cer(): Buffer {
    return encodeMessage({ flags: CommandFlag.R, code: 257, applicationId: 0, hopByHop: 1, endToEnd: 1, avps: [
      str(A.OriginHost, 'raw.test'), str(A.OriginRealm, 'test'), u32(A.AuthApplicationId, 4),
    ] });
  }

  async function rawClient(bytes: Buffer, byteByByte: boolean, want: number): Promise<Buffer[]> {
    const s = connect(srv.config.port, '127.0.0.1');
    s.setNoDelay(true);
    const answers: Buffer[] = [];
    const f = new Framer(1 << 20, (m) => answers.push(Buffer.from(m)));
    s.on('data', (d) => f.push(d));
    s.on('error', () => {});
    try {
      await new Promise((r) => s.once('connect', r));
      if (byteByByte) {
        for (let i = 0; i < bytes.length; i++) {
          s.write(bytes.subarray(i, i + 1));
          if (i % 8 === 0) await sleep(1);
        }
      } else s.write(bytes);
      await waitFor(`${want} answers`, () => answers.length >= want);
      await sleep(30);
      assert.equal(s.destroyed || s.readableEnded, false, 'the server keeps the connection');
      return answers;
    } finally {
      s.destroy();
      await waitFor('server idle', () => srv.state() !== 'up');
    }
  }

  test('CER and DWR in one write: CEA then DWA, both 2001', async () => {
    const a = await rawClient(Buffer.concat([cer(), dwr()]), false, 2);
    assert.deepEqual(a.map((m) => [m.readUInt32BE(4) & 0xffffff, rc(m)]), [[257, 2001], [280, 2001]]);
  });

  test('CER and a CCR in one write: the CCR reaches its session', async () => {
    const ccr = encodeMessage({ flags: CommandFlag.R | CommandFlag.P, code: 272, applicationId: 4, hopByHop: 9, endToEnd: 9, avps: [
      str(A.SessionId, 's-1'), str(A.OriginHost, 'raw.test'), str(A.OriginRealm, 'test'),
    ] });
    const a = await rawClient(Buffer.concat([cer(), ccr]), false, 2);
    assert.deepEqual(a.map((m) => [m.readUInt32BE(4) & 0xffffff, rc(m)]), [[257, 2001], [272, 2001]]);
  });

  test('CER and DWR byte by byte: the same', async () => {
    const a = await rawClient(Buffer.concat([cer(), dwr()]), true, 2);
    assert.deepEqual(a.map((m) => [m.readUInt32BE(4) & 0xffffff, rc(m)]), [[257, 2001], [280, 2001]]);
  });

  test('a server counts the peer\'s re-opens as reconnects (three connections: 2)', () => {
    const d = srv.describe() as Record<string, unknown>;
    assert.equal(d.reconnects, 2, JSON.stringify(d));
    assert.equal(d.reconnect_attempts, 2, JSON.stringify(d));
  });
});
