// Access control on the RPC port (core/server/frame-server.ts, core/rpc/dispatcher.ts, core/service.ts): TLS with
// optional client certificates, a shared token, a per-client connection cap, refused connections logged, and the
// start-up warning for a service reachable from the network.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestService } from '../../helpers/service.js';
import { rpcCall } from '../../../cli/rpc-client.js';
import { exposureWarnings } from '../../../core/service.js';
import { encodeFrame } from '../../../core/framing/frame-decoder.js';
import { makeCertificate } from '../../fixtures/rest/http-server.js';

const dir = mkdtempSync(join(tmpdir(), 'tester-access-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
/** Plain TCP to `port`: write `bytes`, collect what comes back until the server closes or resets the connection. */
function plainTcp(port: number, bytes: Buffer): Promise<{ connected: boolean; received: Buffer; end: string }> {
  return new Promise((resolve, reject) => {
    const received: Buffer[] = [];
    let connected = false;
    const sock = net.connect({ host: '127.0.0.1', port });
    const hang = setTimeout(() => {
      sock.destroy();
      reject(new Error('the server neither closed nor reset the plain TCP connection'));
    }, 15_000);
    const done = (end: string) => {
      clearTimeout(hang);
      resolve({ connected, received: Buffer.concat(received), end });
    };
    sock.on('connect', () => {
      connected = true;
      sock.write(bytes);
    });
    sock.on('data', (d) => received.push(d));
    sock.on('end', () => done('closed'));
    sock.on('error', (e: NodeJS.ErrnoException) => done(e.code ?? e.message));
  });
}

const server = makeCertificate();
const client = makeCertificate();
const stranger = makeCertificate();

test('TLS: a client that trusts the certificate is served; plain TCP gets nothing and the refusal is logged', async () => {
  const lines: string[] = [];
  const svc = await startTestService([{ name: 'logic' }], { tlsCert: file('s.crt', server.cert), tlsKey: file('s.key', server.key), quiet: false, log: (l) => lines.push(l) });
  try {
    const ok = await rpcCall({ port: svc.port, tls: { ca: server.cert } }, 'ListTests', {});
    assert.ok(ok.result);
    const plain = await plainTcp(svc.port, encodeFrame(JSON.stringify({ jsonrpc: '2.0', method: 'ListTests', params: {}, id: 1 })));
    assert.equal(plain.connected, true, 'the TLS port accepts the TCP connection');
    assert.match(plain.end, /^(closed|ECONNRESET)$/, 'the server ends the connection');
    assert.ok(plain.received.length === 0 || plain.received[0] === 0x15, `nothing but a TLS alert comes back: ${plain.received.toString('hex')}`);
    await assert.rejects(rpcCall({ port: svc.port, tls: { ca: stranger.cert } }, 'ListTests', {}), /certificate|self.signed/i);
    assert.ok(lines.some((l) => /warn refused connection from .*TLS handshake failed/.test(l)), lines.join('\n'));
  } finally {
    await svc.close();
  }
});

test('TLS with --tls-ca: only clients with a certificate the CA signed are served', async () => {
  const svc = await startTestService([{ name: 'logic' }], { tlsCert: file('s2.crt', server.cert), tlsKey: file('s2.key', server.key), tlsCa: file('ca.crt', client.cert) });
  try {
    const ok = await rpcCall({ port: svc.port, tls: { ca: server.cert, cert: client.cert, key: client.key } }, 'ListTests', {});
    assert.ok(ok.result);
    // Refused in the TLS handshake (TLS 1.3: an alert, or the server closing once it has checked the certificate),
    // not a connection that never came about (ECONNREFUSED) nor an answer.
    const refusedByTls = /alert|certificate|closed without a response|ECONNRESET/i;
    await assert.rejects(rpcCall({ port: svc.port, tls: { ca: server.cert } }, 'ListTests', {}), refusedByTls, 'no client certificate: refused');
    await assert.rejects(rpcCall({ port: svc.port, tls: { ca: server.cert, cert: stranger.cert, key: stranger.key } }, 'ListTests', {}), refusedByTls, 'a certificate the CA did not sign: refused');
  } finally {
    await svc.close();
  }
});

test('a shared token: without it 1000 unauthorized naming params.auth_token; with it every method works and it is not a param', async () => {
  const svc = await startTestService([{ name: 'logic' }], { token: 't0k3n' });
  try {
    for (const [params, why] of [[{}, 'missing'], [{ auth_token: 'wrong' }, 'wrong'], [{ auth_token: 5 }, 'not a string']] as const) {
      const r = await rpcCall({ port: svc.port }, 'ListTests', params);
      assert.equal(r.error?.code, 1000, why);
      assert.match(r.error!.message, /unauthorized.*params\.auth_token/);
    }
    const exec = await rpcCall({ port: svc.port, token: 't0k3n' }, 'ExecuteTest', { run_id: 'tok', operations: [{ type: 'comment' }] });
    assert.equal(exec.result, 'ok', JSON.stringify(exec.error));
    const q = await rpcCall({ port: svc.port, token: 't0k3n' }, 'QueryTest', { run_id: 'tok' });
    assert.equal(q.result.run_id, 'tok');
  } finally {
    await svc.close();
  }
});

test('per-client connection cap: the third connection from one address is answered 1000 while two are open', async () => {
  const svc = await startTestService([{ name: 'logic' }], { maxConnectionsPerClient: 2, readTimeoutMs: 5000 });
  const held: net.Socket[] = [];
  try {
    for (let i = 0; i < 2; i++) {
      const s = net.connect({ host: '127.0.0.1', port: svc.port });
      await new Promise((r) => s.once('connect', r));
      held.push(s);
    }
    // the server counts a connection when its handler runs, not at the client's 'connect': ask until it has
    let third = await rpcCall({ port: svc.port }, 'ListTests', {});
    for (let i = 0; i < 200 && !third.error; i++) third = await rpcCall({ port: svc.port }, 'ListTests', {});
    assert.equal(third.error?.code, 1000);
    assert.match(third.error!.message, /too many connections from .*max_connections_per_client 2/);
    for (const s of held) s.destroy();
    let later = await rpcCall({ port: svc.port }, 'ListTests', {});
    for (let i = 0; i < 200 && later.error; i++) later = await rpcCall({ port: svc.port }, 'ListTests', {});
    assert.ok(later.result, 'served again once they closed');
  } finally {
    for (const s of held) s.destroy();
    await svc.close();
  }
});

test('a service reachable from the network warns at start unless TLS, an allow-list and a token protect it', () => {
  assert.deepEqual(exposureWarnings({ host: '127.0.0.1' }), []);
  assert.deepEqual(exposureWarnings({ host: '::1' }), []);
  const open = exposureWarnings({ host: '0.0.0.0' });
  assert.equal(open.length, 2);
  assert.match(open[0]!, /without TLS and without an allow-list/);
  assert.match(exposureWarnings({ host: '0.0.0.0', allow: ['10.0.0.0/8'] })[0]!, /without TLS: .*clear text/);
  assert.deepEqual(exposureWarnings({ host: '0.0.0.0', tlsCert: 'x', token: 't' }), []);
});
