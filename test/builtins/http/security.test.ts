// builtins/http/security.ts and server.ts: the guards of the HTTP side, as on the RPC port — the bearer token (401
// with WWW-Authenticate, except the session and the client's files), Origin on state-changing requests (403), a
// loopback server answering only to loopback host names (403), the CSP and the other headers on every response,
// the allow-list (the connection refused), TLS with the RPC port's certificate.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import https from 'node:https';
import http from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCertificate } from '../../fixtures/rest/http-server.js';
import { CONTENT_SECURITY_POLICY } from '../../../builtins/http/security.js';
import { startWeb, rpcText, type Web } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'tester-http-security-'));
let web: Web;
before(async () => {
  web = await startWeb({ token: 'tok-123', dataDir: dir });
});
after(async () => {
  await web?.close();
  rmSync(dir, { recursive: true, force: true });
});
const auth = { Authorization: 'Bearer tok-123' };

/** A request with a Host header of our choosing (fetch does not let one set it). */
function withHost(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers: { Host: host, ...auth } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('without the token: 401 with WWW-Authenticate and a JSON error saying what to send; with it: 200', async () => {
  for (const [path, init] of [['/api/library', {}], ['/openrpc.json', {}], ['/rpc', { method: 'POST', body: rpcText('ListTests', {}) }], ['/api/templates', {}]] as const) {
    const r = await web.fetch(path, init);
    assert.equal(r.status, 401, path);
    assert.match(r.headers.get('www-authenticate') ?? '', /^Bearer/);
    const body = await r.json();
    assert.equal(body.error.code, 1000);
    assert.match(body.error.message, /Authorization: Bearer <token>/);
  }
  const wrong = await web.fetch('/api/library', { headers: { Authorization: 'Bearer nope' } });
  assert.equal(wrong.status, 401);
  assert.match((await wrong.json()).error.message, /wrong token/);
  assert.equal((await web.fetch('/api/library', { headers: auth })).status, 200);
  assert.equal((await web.fetch('/openrpc.json', { headers: auth })).status, 200);
});

test('public without the token: the session (which says a token is needed) and the client\'s page', async () => {
  const s = await web.fetch('/api/session');
  assert.equal(s.status, 200);
  const session = await s.json();
  assert.equal(session.token_required, true);
  assert.match(session.version, /^\d+\.\d+\.\d+/);
  assert.deepEqual(session.rpc, { host: '127.0.0.1', port: web.svc.port });
  assert.equal((await web.fetch('/')).status, 200);
});

test('a state-changing request from another origin: 403; from the server\'s own origin or with no Origin: served', async () => {
  const put = (headers: Record<string, string>) => web.fetch('/api/library/origin-test', { method: 'PUT', headers: { ...auth, ...headers }, body: '{"operations":[]}' });
  const foreign = await put({ Origin: 'http://evil.example' });
  assert.equal(foreign.status, 403);
  assert.match((await foreign.json()).error.message, /origin 'http:\/\/evil\.example'/);
  assert.equal((await put({ Origin: 'null' })).status, 403);
  assert.equal((await web.fetch('/rpc', { method: 'POST', headers: { ...auth, Origin: 'http://evil.example' }, body: rpcText('ListTests', {}) })).status, 403);
  assert.equal((await put({ Origin: web.base })).status, 200);
  assert.equal((await put({})).status, 200);
  // a GET from another origin changes nothing and is answered (the browser keeps the answer from the page)
  assert.equal((await web.fetch('/api/library', { headers: { ...auth, Origin: 'http://evil.example' } })).status, 200);
});

test('bound to loopback, a Host that is not a loopback name is refused (DNS rebinding)', async () => {
  const port = web.svc.served.http!.port;
  assert.equal((await withHost(port, '/api/library', `localhost:${port}`)).status, 200);
  assert.equal((await withHost(port, '/api/library', `127.0.0.1:${port}`)).status, 200);
  const rebound = await withHost(port, '/api/library', `attacker.example:${port}`);
  assert.equal(rebound.status, 403);
  assert.match(rebound.body, /loopback host name/);
});

test('every response carries the CSP, nosniff and no-referrer: pages, API answers, errors, streams', async () => {
  const responses = [
    await web.fetch('/'),
    await web.fetch('/api/session'),
    await web.fetch('/api/library'),
    await web.fetch('/api/library', { headers: auth }),
    await web.fetch('/api/nothing-here', { headers: auth }),
    await web.fetch('/no-such-file.js'),
    await web.fetch('/api/runs/none/events', { headers: auth }),
    await web.fetch('/rpc', { method: 'GET', headers: auth }),
  ];
  assert.deepEqual(responses.map((r) => r.status), [200, 200, 401, 200, 404, 404, 404, 405]);
  for (const r of responses) {
    assert.equal(r.headers.get('content-security-policy'), CONTENT_SECURITY_POLICY, r.url);
    assert.equal(r.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(r.headers.get('referrer-policy'), 'no-referrer');
    await r.arrayBuffer();
  }
  assert.match(CONTENT_SECURITY_POLICY, /default-src 'none'; script-src 'self'; style-src 'self'/);
  assert.doesNotMatch(CONTENT_SECURITY_POLICY, /unsafe-inline|unsafe-eval|https?:/);
});

test('the allow-list: a client not on it gets no answer, and the refusal is logged', async () => {
  const lines: string[] = [];
  const fenced = await startWeb({ allow: ['10.9.9.9'], quiet: false, log: (l) => lines.push(l) });
  try {
    await assert.rejects(fenced.fetch('/api/session'), /fetch failed/);
    assert.ok(lines.some((l) => /http: refused 127\.0\.0\.1: not in the allow-list/.test(l)), lines.join('\n'));
  } finally {
    await fenced.close();
  }
  const open = await startWeb({ allow: ['127.0.0.1'] });
  try {
    assert.equal((await open.fetch('/api/session')).status, 200);
  } finally {
    await open.close();
  }
});

test('TLS: the RPC port\'s certificate serves https; a client that trusts it is served, plain http is not', async () => {
  const cert = makeCertificate();
  writeFileSync(join(dir, 'c.crt'), cert.cert);
  writeFileSync(join(dir, 'c.key'), cert.key);
  const lines: string[] = [];
  const secure = await startWeb({ tlsCert: join(dir, 'c.crt'), tlsKey: join(dir, 'c.key'), quiet: false, log: (l) => lines.push(l) });
  try {
    const port = secure.svc.served.http!.port;
    assert.ok(lines.some((l) => l.includes(`web client on https://127.0.0.1:${port}/`)), lines.join('\n'));
    const answer = await new Promise<{ status: number; csp: unknown; body: string }>((resolve, reject) => {
      https
        .get({ host: '127.0.0.1', port, path: '/api/session', ca: cert.cert }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, csp: res.headers['content-security-policy'], body }));
        })
        .on('error', reject);
    });
    assert.equal(answer.status, 200);
    assert.equal(answer.csp, CONTENT_SECURITY_POLICY);
    assert.equal(JSON.parse(answer.body).token_required, false);
    await assert.rejects(fetch(`http://127.0.0.1:${port}/api/session`), 'plain http to the TLS port gets no answer');
    const origin = await new Promise<number>((resolve, reject) => {
      const req = https.request({ host: '127.0.0.1', port, path: '/rpc', method: 'POST', ca: cert.cert, headers: { Origin: `http://127.0.0.1:${port}` } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.end(rpcText('ListTests', {}));
    });
    assert.equal(origin, 403, 'the own origin is https://, not http://');
  } finally {
    await secure.close();
  }
});
