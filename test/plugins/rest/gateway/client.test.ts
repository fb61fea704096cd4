// The REST client instance against a real HTTP(S) server on loopback.
import { describe, test, before, after } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { RestClient, RestCallError } from '../../../../plugins/rest/gateway/client.js';
import { buildRequest } from '../../../../plugins/rest/request.js';
import { makeCertificate, startHttpServer, type TestHttpServer } from '../../../fixtures/rest/http-server.js';
import { freePort } from '../../../helpers/ports.js';
import { needsTool } from '../../../helpers/tools.js';

describe('rest client over plain HTTP', () => {
  let srv: TestHttpServer;
  let client: RestClient;
  before(async () => {
    srv = await startHttpServer();
    client = new RestClient({ name: 'A', base_url: `${srv.url}/`, headers: { 'X-Api-Key': 'k1' }, timeout_ms: 5000 });
    client.start();
  });
  after(async () => {
    await client.stop();
    await srv.close();
  });

  test('GET JSON: status, headers (array and map), content and content_json', async () => {
    const r = await client.send({ method: 'GET', path: '/subscribers/0211000001', headers: { ...client.defaultHeaders } });
    assert.equal(r.code, 200);
    assert.equal(r.content_type, 'application/json; charset=utf-8');
    assert.deepEqual(r.content_json, { msisdn: '0211000001', balance: 1500, currency: 'NZD', tags: ['prepaid'] });
    assert.equal(r.headers['x-served-by'], 'fixture');
    assert.ok(r.http_headers.some((h) => h.name === 'x-served-by' && h.value === 'fixture'));
    assert.equal(srv.requests.at(-1)!.headers['x-api-key'], 'k1');
    assert.equal(r.url, `${srv.url}/subscribers/0211000001`);
  });

  test('POST JSON with query and headers, built from operation arguments', async () => {
    const req = buildRequest({ method: 'post', path: 'echo', query: { a: 1, b: ['x', 'y'], skip: null }, headers: { 'X-Api-Key': 'k2' }, http_headers: [{ name: 'X-Trace', value: 't1' }, { name: 'x-trace', value: 't2', append: true }], json: { n: 1, s: 'é' } }, client.defaultHeaders);
    assert.equal(req.path, '/echo?a=1&b=x&b=y');
    const r = await client.send(req);
    const echo = r.content_json as Record<string, any>;
    assert.equal(echo.method, 'POST');
    assert.deepEqual(echo.query, { a: '1', b: 'y' });
    assert.equal(echo.headers['x-api-key'], 'k2');
    assert.equal(echo.headers['x-trace'], 't1, t2');
    assert.equal(echo.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(echo.body), { n: 1, s: 'é' });
  });

  test('text, chunked, 500 and a JSON content-type with a broken body', async () => {
    const t = await client.send({ method: 'GET', path: '/text', headers: {} });
    assert.equal(t.content, 'hello, tester');
    assert.equal(t.content_json, undefined);
    const c = await client.send({ method: 'GET', path: '/chunked', headers: {} });
    assert.deepEqual(c.content_json, { part: 1 });
    const f = await client.send({ method: 'GET', path: '/fail', headers: {} });
    assert.equal(f.code, 500);
    assert.equal(f.content, 'internal failure');
    const b = await client.send({ method: 'GET', path: '/badjson', headers: {} });
    assert.equal(b.content_json, undefined);
    assert.match(String(b.content_json_error), /not valid JSON/);
  });

  test('a slow server times out with a readable error; the pool stays usable', async () => {
    await assert.rejects(client.send({ method: 'GET', path: '/slow?ms=3000', headers: {}, timeoutMs: 200 }), (e: unknown) => e instanceof RestCallError && e.kind === 'timeout' && /within 200 ms/.test(e.message));
    assert.equal((await client.send({ method: 'GET', path: '/text', headers: {} })).code, 200);
  });

  test('a refused connection is a network error naming the cause', async () => {
    const port = await freePort();
    const down = new RestClient({ name: 'D', base_url: `http://127.0.0.1:${port}` });
    await assert.rejects(down.send({ method: 'GET', path: '/', headers: {} }), (e: unknown) => e instanceof RestCallError && e.kind === 'network' && /connection refused/.test(e.message));
    await down.stop();
  });

  test('bad base URLs are refused at construction', () => {
    assert.throws(() => new RestClient({ name: 'X', base_url: 'ftp://x' }), /http/);
    assert.throws(() => new RestClient({ name: 'X', base_url: 'http://x/?q=1' }), /query/);
  });
});

describe('rest client over TLS with a throwaway certificate', needsTool('openssl', 'apt-get install openssl'), () => {
  let srv: TestHttpServer;
  let cert: { cert: string; key: string };
  before(async () => {
    cert = makeCertificate();
    srv = await startHttpServer({ tls: cert });
  });
  after(async () => srv?.close());

  test('trusting the certificate through tls.ca works', async () => {
    const c = new RestClient({ name: 'T', base_url: srv.url, tls: { ca: cert.cert } });
    const r = await c.send({ method: 'GET', path: '/subscribers/0211000001', headers: {} });
    assert.equal(r.code, 200);
    assert.equal((r.content_json as { balance: number }).balance, 1500);
    await c.stop();
  });

  test('an untrusted certificate fails with a TLS reason; reject_unauthorized false accepts it', async () => {
    const strict = new RestClient({ name: 'S', base_url: srv.url });
    await assert.rejects(strict.send({ method: 'GET', path: '/text', headers: {} }), (e: unknown) => e instanceof RestCallError && /self-signed|certificate/i.test(e.message));
    await strict.stop();
    const lax = new RestClient({ name: 'L', base_url: srv.url, tls: { reject_unauthorized: false } });
    assert.equal((await lax.send({ method: 'GET', path: '/text', headers: {} })).content, 'hello, tester');
    await lax.stop();
  });
});
