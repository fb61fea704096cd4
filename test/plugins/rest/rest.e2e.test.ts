// The rest plugin end to end: the real service on loopback against real HTTP and HTTPS servers; labelled
// instances picked by rest_<label> params and label defaults; failures as checks, the service unharmed.
import { describe, test, before, after } from '../../helpers/suite.js';
import assert from 'node:assert/strict';
import { startTestService, runToCompletion, call } from '../../helpers/service.js';
import { needsTool } from '../../helpers/tools.js';
import { makeCertificate, startHttpServer, type TestHttpServer } from '../../fixtures/rest/http-server.js';
import { freePort } from '../../helpers/ports.js';
import type { RunningService } from '../../../core/service.js';

const checks = (r: any): string[] => (r.first_call?.check_log ?? []).map((c: { status: string; text: string }) => `${c.status} ${c.text}`);

describe('rest plugin end to end', needsTool('openssl', 'apt-get install openssl'), () => {
  let http: TestHttpServer;
  let https: TestHttpServer;
  let svc: RunningService;
  before(async () => {
    const cert = makeCertificate();
    http = await startHttpServer();
    https = await startHttpServer({ tls: cert });
    const downPort = await freePort();
    svc = await startTestService([
      { name: 'logic' },
      {
        name: 'rest',
        options: {
          instances: [
            { name: 'CRM', base_url: `${http.url}/`, headers: { 'x-api-key': 'crm-key' }, timeout_ms: 3000 },
            { name: 'CRM-TLS', base_url: https.url, tls: { ca: cert.cert } },
            { name: 'DOWN', base_url: `http://127.0.0.1:${downPort}/api`, timeout_ms: 2000 },
          ],
          default: 'CRM',
          label_defaults: { secure: 'CRM-TLS' },
        },
      },
    ]);
  });
  after(async () => {
    await svc?.close();
    await http?.close();
    await https?.close();
  });

  test('SendRequest then ExpectResponse: status, headers, content_type, JSON fields, tests[] on rest.*, $i.REST', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'rest-ok',
      vars: { msisdn: '0211000001' },
      operations: [
        { type: 'rest.SendRequest', arguments: { method: 'GET', path: "{ '/subscribers/' + $v.msisdn }", content_type: 'application/json' } },
        {
          type: 'rest.ExpectResponse',
          arguments: { status: 200, content_type: 'application/json', headers: { 'X-Served-By': 'fixture', 'x-missing': null }, json: { balance: 1500, 'tags[0]': 'prepaid', '!currency': 'EUR', nothing: null } },
          tests: [
            { kpath: 'rest.code', type: 'integer', value: 200 },
            { kpath: 'rest.content_json.balance', type: 'integer', value: 1500 },
            { kpath: 'rest.http_headers.[name=X-Served-By].[0].value', type: 'string', value: 'fixture' },
            { kpath: 'code', type: 'integer', value: 200 },
            { kpath: 'content_json.tags[0]', type: 'string', value: 'prepaid' },
          ],
        },
        { type: 'assert', arguments: { expression: '$i.REST.content_json.currency == "NZD"' } },
        { type: 'rest.SendRequest', arguments: { method: 'PUT', path: "{ '/subscribers/' + $v.msisdn }", json: { balance: '{ $i.REST.content_json.balance + 5 }' } }, tests: [{ kpath: 'rest.content_json.balance', type: 'integer', value: 1505 }] },
        { type: 'rest.SendRequest', arguments: { method: 'POST', path: '/echo', body: 'plain text' } },
        { type: 'rest.ExpectResponse', arguments: { code: 200, body: { method: 'POST', body: 'plain text', headers: { 'content-type': 'text/plain; charset=utf-8' } } } },
        { type: 'rest.SendRequest', arguments: { method: 'GET', path: '/text' } },
        { type: 'rest.ExpectResponse', arguments: { '!code': 500, body: 'hello, tester' } },
      ],
    });
    assert.equal(r.counts.passed, 1, checks(r).join('\n'));
    assert.equal(http.balances.get('0211000001'), 1505);
    http.balances.set('0211000001', 1500);
    assert.ok(checks(r).includes('pass HTTP response.body: is "hello, tester"'), checks(r).join('\n'));
    const put = http.requests.find((q) => q.method === 'PUT')!;
    assert.equal(put.headers['x-api-key'], 'crm-key');
    assert.deepEqual(JSON.parse(put.body), { balance: 1505 });
  });

  test('a label default and a rest_<label> param pick the instance; labelled ExpectResponse checks its own label', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'rest-label',
      operations: [
        { type: 'rest.secure.SendRequest', arguments: { method: 'GET', path: '/text' } },
        { type: 'rest.other.SendRequest', arguments: { method: 'GET', path: '/fail' } },
        { type: 'rest.secure.ExpectResponse', arguments: { status: 200, content: 'hello, tester' }, tests: [{ kpath: 'rest.url', type: 'regex', pattern: '^https://' }] },
        { type: 'rest.other.ExpectResponse', arguments: { status: 500 } },
      ],
    });
    assert.equal(r.counts.passed, 1, checks(r).join('\n'));
    const r2 = await call(svc.port, 'ExecuteTest', { run_id: 'rest-label-down', rest_secure: 'NOPE', operations: [{ type: 'rest.secure.SendRequest', arguments: { method: 'GET' } }] });
    assert.equal(r2.error?.code, 2002);
    assert.match(r2.error!.message, /rest_secure.*unknown rest instance 'NOPE'/);
    const r3 = await runToCompletion(svc.port, { run_id: 'rest-label-param', rest_secure: 'CRM', operations: [{ type: 'rest.secure.SendRequest', arguments: { method: 'GET', path: '/text' }, tests: [{ kpath: 'rest.url', type: 'regex', pattern: '^http://' }] }] });
    assert.equal(r3.counts.passed, 1, checks(r3).join('\n'));
  });

  test('a 500, a wrong header and a non-JSON body are failed checks; the instance goes on', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'rest-fail',
      operations: [
        { type: 'rest.SendRequest', arguments: { method: 'GET', path: '/fail' } },
        { type: 'rest.ExpectResponse', arguments: { status: 200, headers: { 'content-type': 'application/json' }, json: { a: 1 } } },
        { type: 'rest.SendRequest', arguments: { method: 'GET', path: '/text' } },
        { type: 'rest.ExpectResponse', arguments: { status: 200 } },
      ],
    });
    assert.equal(r.counts.failed, 1);
    const log = checks(r);
    assert.ok(log.some((l) => /^fail .*status.*200.*500|^fail .*500.*200/.test(l)), log.join('\n'));
    assert.ok(log.some((l) => /^fail .*cannot check json fields: content is not JSON/.test(l)), log.join('\n'));
    assert.ok(log.some((l) => /^pass .*status/.test(l)), log.join('\n'));
  });

  test('a refused connection aborts with the reason; abort_on_error false is a failed check with $i.REST.code 0', async () => {
    const r = await runToCompletion(svc.port, { run_id: 'rest-down', rest: 'DOWN', operations: [{ type: 'rest.SendRequest', arguments: { method: 'GET', path: '/x' } }] });
    assert.equal(r.counts.aborted, 1);
    assert.match(r.first_aborts[0].text, /rest DOWN: GET http:\/\/127\.0\.0\.1:\d+\/api\/x: connection refused/);
    const r2 = await runToCompletion(svc.port, {
      run_id: 'rest-down-soft',
      rest: 'DOWN',
      operations: [
        { type: 'rest.SendRequest', arguments: { method: 'GET', path: '/x', abort_on_error: false }, tests: [{ kpath: 'rest.code', type: 'integer', value: 0 }] },
        { type: 'rest.ExpectResponse', arguments: { status: 0 } },
      ],
    });
    assert.equal(r2.counts.failed, 1);
    assert.ok(checks(r2).some((l) => /^fail rest DOWN: .*connection refused/.test(l)));
  });

  test('expect_error: a request expected to get no response passes (negative test); one that gets a response fails', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'rest-expect-error',
      rest: 'DOWN',
      operations: [
        { type: 'rest.SendRequest', arguments: { method: 'GET', path: '/x', expect_error: true }, tests: [{ kpath: 'rest.code', type: 'integer', value: 0 }, { kpath: 'error', type: 'regex', pattern: 'refused' }] },
        { type: 'rest.ExpectResponse', arguments: { status: 0 } },
        { type: 'assert', arguments: { expression: '$i.REST.code == 0' } },
      ],
    });
    assert.equal(r.counts.passed, 1, checks(r).join('\n'));
    assert.ok(checks(r).some((l) => /^pass rest DOWN: no response, as expected: .*connection refused/.test(l)), checks(r).join('\n'));
    const r2 = await runToCompletion(svc.port, { run_id: 'rest-expect-error-got', operations: [{ type: 'rest.SendRequest', arguments: { method: 'GET', path: '/text', expect_error: true } }] });
    assert.equal(r2.counts.failed, 1, JSON.stringify(r2.counts));
    assert.ok(checks(r2).some((l) => l.startsWith('fail rest CRM: GET /text: expected no response (expect_error), got HTTP 200')), checks(r2).join('\n'));
  });

  test('paths are percent-encoded (RFC 3986) as written, without encoding an escape twice; urlencode() encodes a segment', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'rest-encode',
      vars: { id: 'a b/ü' },
      operations: [
        { type: 'rest.SendRequest', arguments: { method: 'GET', path: '/subscribers/a b/ü' } },
        { type: 'rest.ExpectResponse', arguments: { status: 404 } },
        { type: 'rest.SendRequest', arguments: { method: 'GET', path: "{ '/subscribers/' + urlencode($v.id) }" } },
        { type: 'rest.ExpectResponse', arguments: { status: 404, json: { msisdn: 'a b/ü' } } },
        { type: 'rest.SendRequest', arguments: { method: 'GET', path: '/subscribers/x%2Fy z#1' } },
        { type: 'rest.ExpectResponse', arguments: { status: 404, json: { msisdn: 'x/y z#1' } } },
      ],
    });
    assert.equal(r.counts.passed, 1, checks(r).join('\n') + JSON.stringify(r.first_aborts));
    assert.deepEqual(http.requests.slice(-3).map((q) => q.url), ['/subscribers/a%20b/%C3%BC', '/subscribers/a%20b%2F%C3%BC', '/subscribers/x%2Fy%20z%231']);
  });

  test('a query value null is left out (not sent as an empty value)', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'rest-query-null',
      operations: [{ type: 'rest.SendRequest', arguments: { method: 'POST', path: '/echo', query: { q: 'x y', skip: null, n: 0, f: false } }, tests: [{ kpath: 'content_json.query.f', type: 'string', value: 'false' }, { kpath: 'content_json.query.skip', type: 'string', value: null }, { kpath: 'content_json.query.n', type: 'string', value: '0' }] }],
    });
    assert.equal(r.counts.passed, 1, checks(r).join('\n'));
    assert.equal(http.requests.at(-1)!.url, '/echo?q=x+y&n=0&f=false');
  });

  test('a slow response past timeout_ms aborts with a timeout reason', async () => {
    const r = await runToCompletion(svc.port, { run_id: 'rest-slow', operations: [{ type: 'rest.SendRequest', arguments: { method: 'GET', path: '/slow', query: { ms: 2000 }, timeout_ms: 150 } }] });
    assert.equal(r.counts.aborted, 1);
    assert.match(r.first_aborts[0].text, /no complete response .* within 150 ms/);
  });

  test('ExpectResponse with no request before it aborts; bad arguments are refused with 2002', async () => {
    const r = await runToCompletion(svc.port, { run_id: 'rest-noreq', operations: [{ type: 'rest.ExpectResponse', arguments: { status: 200 } }] });
    assert.equal(r.counts.aborted, 1);
    assert.match(r.first_aborts[0].text, /no response to check/);
    for (const [args, path] of [
      [{ path: '/x' }, 'arguments'],
      [{ method: 'GET', path: 'http://elsewhere/x' }, 'arguments.path'],
      [{ method: 'GET', content: 'a', json: {} }, 'arguments.json'],
      [{ method: 'GET', headers: { 'bad header': 'x' } }, 'arguments.headers'],
    ] as const) {
      const e = await call(svc.port, 'ExecuteTest', { run_id: `rest-bad-${path}-${Math.random()}`, operations: [{ type: 'rest.SendRequest', arguments: args }] });
      assert.equal(e.error?.code, 2002, JSON.stringify(args));
      assert.match(e.error!.message, new RegExp(`operations\\[0\\]\\.${path.replace('.', '\\.')}`));
    }
  });

  test('a load run over the keep-alive pool: every instance passes, the service answers after all of the above', async () => {
    const r = await runToCompletion(
      svc.port,
      {
        run_id: 'rest-load',
        distribution: { type: 'load', total: 100, backlog: 10 },
        operations: [
          { type: 'rest.SendRequest', arguments: { method: 'GET', path: '/subscribers/0211000001' } },
          { type: 'rest.ExpectResponse', arguments: { status: 200, json: { balance: 1500 } } },
        ],
      },
      { timeoutMs: 60_000 },
    );
    assert.equal(r.counts.passed, 100, JSON.stringify(r.counts) + JSON.stringify(r.first_aborts) + JSON.stringify(r.first_fails));
  });
});
