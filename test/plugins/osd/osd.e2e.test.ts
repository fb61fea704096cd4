// The osd plugin end to end: the real service on loopback against a real SOAP server (npm `soap`) serving a small
// OSD-like WSDL; faults, malformed XML, non-SOAP answers, refused connections and timeouts as checks.
import { describe, test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startTestService, runToCompletion, call } from '../../helpers/service.js';
import { OSD_NAMESPACE, startSoapServer, type TestSoapServer } from '../../fixtures/osd/soap-server.js';
import { freePort } from '../../helpers/ports.js';
import type { RunningService } from '../../../core/service.js';

const checks = (r: any): string[] => (r.first_call?.check_log ?? []).map((c: { status: string; text: string }) => `${c.status} ${c.text}`);

describe('osd plugin end to end', () => {
  let soap: TestSoapServer;
  let svc: RunningService;
  before(async () => {
    soap = await startSoapServer();
    const downPort = await freePort();
    const common = { namespace: OSD_NAMESPACE, action_base: `${OSD_NAMESPACE}/` };
    svc = await startTestService([
      { name: 'logic' },
      {
        name: 'osd',
        options: {
          instances: [
            { name: 'OSD-SLC01', url: `${soap.url}/osd`, username: 'tester', password: 's3cret', ...common },
            { name: 'OSD-WSSE', url: `${soap.url}/osd`, username: 'w', password: 'p&w', auth: 'wsse', ...common },
            { name: 'OSD-MALFORMED', url: `${soap.url}/malformed`, ...common },
            { name: 'OSD-HTML', url: `${soap.url}/html`, ...common },
            { name: 'OSD-SLOW', url: `${soap.url}/slow`, timeout_ms: 200, ...common },
            { name: 'OSD-DOWN', url: `http://127.0.0.1:${downPort}/osd`, ...common },
            { name: 'OSD-WSDL', url: `${soap.url}/osd` },
            { name: 'OSD-NOWSDL', url: `${soap.url}/osd`, wsdl_url: `${soap.url}/html` },
            { name: 'OSD-NO-DESC', url: `${soap.url}/osd`, wsdl_url: false },
            { name: 'OSD-URLCRED', url: soap.url.replace('http://', 'http://url%40user:p%3Ass%40w0rd@') + '/osd', ...common },
          ],
          default: 'OSD-SLC01',
        },
      },
    ]);
  });
  after(async () => {
    await svc?.close();
    await soap?.close();
  });

  test('osd.Request and the anchor name ocncc.osd.Request: returned.* for tests[], $i.OSD, credentials and SOAPAction sent', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'osd-ok',
      vars: { msisdn: '0211000001' },
      operations: [
        { type: 'ocncc.osd.Request', arguments: { operation: 'GetBalance', parameters: { msisdn: '{ $v.msisdn }' } }, tests: [{ kpath: 'returned.balance', type: 'integer', value: 1500 }, { kpath: 'returned.msisdn', type: 'string', value: '0211000001' }, { kpath: 'response', type: 'string', value: 'GetBalanceResponse' }, { kpath: 'returned.GetBalanceResponse.balance', type: 'integer', value: 1500 }] },
        { type: 'osd.Request', arguments: { operation: 'SetBalance', action: `${OSD_NAMESPACE}/SetBalance`, parameters: { msisdn: '{ $v.msisdn }', balance: '{ $i.OSD.returned.balance - 100 }', note: 'a & b <c>' } }, tests: [{ kpath: 'returned.result', type: 'string', value: 'OK' }, { kpath: 'returned.note', type: 'string', value: 'a & b <c>' }] },
        { type: 'assert', arguments: { expression: '$i.OSD.returned.result == "OK"' } },
      ],
    });
    assert.equal(r.counts.passed, 1, checks(r).join('\n'));
    assert.equal(soap.balances.get('0211000001'), 1400);
    soap.balances.set('0211000001', 1500);
    const first = soap.seen.at(-2)!;
    assert.equal(first.authorization, 'Basic ' + Buffer.from('tester:s3cret').toString('base64'));
    assert.equal(first.action, `"${OSD_NAMESPACE}/GetBalance"`);
  });

  test('the osd param picks the instance (WS-Security credentials in the SOAP header)', async () => {
    const r = await runToCompletion(svc.port, { run_id: 'osd-wsse', osd: 'OSD-WSSE', operations: [{ type: 'osd.Request', arguments: { operation: 'GetBalance', parameters: { msisdn: '0211000001' } } }] });
    assert.equal(r.counts.passed, 1, checks(r).join('\n'));
    assert.match(soap.seen.at(-1)!.body, /<wsse:Username>w<\/wsse:Username>.*p&amp;w/);
    assert.equal(soap.seen.at(-1)!.authorization, undefined);
  });

  test('a SOAP fault is a failed check with code and string (tests on fault.*); expect_fault makes it a pass', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'osd-fault',
      operations: [
        { type: 'osd.Request', arguments: { operation: 'GetBalance', parameters: { msisdn: '999' } }, tests: [{ kpath: 'fault.code', type: 'string', value: 'soap:Client' }] },
        { type: 'osd.Request', arguments: { operation: 'GetBalance', parameters: { msisdn: '999' }, expect_fault: true }, tests: [{ kpath: 'fault.detail.cause', type: 'integer', value: 1 }] },
        { type: 'osd.Request', arguments: { operation: 'GetBalance', parameters: { msisdn: '0211000001' } } },
      ],
    });
    assert.equal(r.counts.failed, 1);
    const log = checks(r);
    assert.ok(log.includes('fail osd OSD-SLC01 GetBalance: SOAP fault soap:Client: No such subscriber: 999'), log.join('\n'));
    assert.ok(log.some((l) => /^pass .*SOAP fault soap:Client.*\(expected\)/.test(l)), log.join('\n'));
    assert.ok(log.some((l) => l.startsWith('pass test fault.detail.cause')), log.join('\n'));
  });

  test('expect_error: a SOAP fault expected by a negative test passes; a normal response then fails', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'osd-expect-error',
      operations: [{ type: 'osd.Request', arguments: { operation: 'GetBalance', parameters: { msisdn: '999' }, expect_error: true }, tests: [{ kpath: 'fault.string', type: 'regex', pattern: 'No such subscriber' }] }],
    });
    assert.equal(r.counts.passed, 1, checks(r).join('\n'));
    const r2 = await runToCompletion(svc.port, { run_id: 'osd-expect-error-ok', operations: [{ type: 'osd.Request', arguments: { operation: 'GetBalance', parameters: { msisdn: '0211000001' }, expect_error: true } }] });
    assert.equal(r2.counts.failed, 1, JSON.stringify(r2.counts));
    assert.ok(checks(r2).some((l) => /^fail .*expected an error \(expect_error\), got GetBalanceResponse/.test(l)), checks(r2).join('\n'));
  });

  for (const [name, instance, reason] of [
    ['malformed XML', 'OSD-MALFORMED', /HTTP 200, malformed XML at line \d+/],
    ['a non-SOAP answer', 'OSD-HTML', /not a SOAP envelope \(root element: html\)/],
    ['a refused connection', 'OSD-DOWN', /connection refused/],
    ['no answer in time', 'OSD-SLOW', /no complete response .* within 200 ms/],
  ] as const) {
    test(`${name} aborts the instance with the reason; abort_on_error false makes it a failed check`, async () => {
      const id = instance.toLowerCase();
      const r = await runToCompletion(svc.port, { run_id: `osd-${id}`, osd: instance, operations: [{ type: 'osd.Request', arguments: { operation: 'GetBalance', parameters: { msisdn: '1' } } }] });
      assert.equal(r.counts.aborted, 1);
      assert.match(r.first_aborts[0].text, new RegExp(`^osd ${instance} GetBalance: .*${reason.source}`));
      const r2 = await runToCompletion(svc.port, { run_id: `osd-${id}-soft`, osd: instance, operations: [{ type: 'osd.Request', arguments: { operation: 'GetBalance', abort_on_error: false }, tests: [{ kpath: 'error', type: 'defined' }] }] });
      assert.equal(r2.counts.failed, 1, JSON.stringify(r2.counts));
      const r3 = await runToCompletion(svc.port, { run_id: `osd-${id}-expected`, osd: instance, operations: [{ type: 'osd.Request', arguments: { operation: 'GetBalance', expect_error: true }, tests: [{ kpath: 'error', type: 'defined' }] }] });
      assert.equal(r3.counts.passed, 1, `expect_error: ${JSON.stringify(r3.counts)} ${checks(r3).join('\n')}`);
    });
  }

  test('credentials in the url are used for Basic auth and never shown: ListTests and results give the bare URL', async () => {
    const r = await runToCompletion(svc.port, { run_id: 'osd-urlcred', osd: 'OSD-URLCRED', operations: [{ type: 'osd.Request', arguments: { operation: 'GetBalance', parameters: { msisdn: '1' } } }] });
    assert.equal(r.counts.aborted, 0, JSON.stringify(r.first_aborts));
    assert.equal(soap.seen.at(-1)!.authorization, 'Basic ' + Buffer.from('url@user:p:ss@w0rd').toString('base64'));
    const list = await call(svc.port, 'ListTests', {});
    const text = JSON.stringify(list);
    assert.ok(text.includes('OSD-URLCRED'));
    assert.ok(!/w0rd|s3cret/.test(text), 'no password in ListTests');
    assert.ok(!JSON.stringify(r).includes('w0rd'), 'no password in the result record');
  });

  test('without a configured namespace the endpoint reads <url>?wsdl: namespace, element form and SOAPAction from it', async () => {
    const r = await runToCompletion(svc.port, { run_id: 'osd-wsdl', osd: 'OSD-WSDL', operations: [{ type: 'osd.Request', arguments: { operation: 'SetBalance', parameters: { msisdn: '0211000001', balance: 1500 } }, tests: [{ kpath: 'returned.result', type: 'string', value: 'OK' }] }] });
    assert.equal(r.counts.passed, 1, checks(r).join('\n'));
    const sent = soap.seen.at(-1)!;
    assert.equal(sent.action, `"${OSD_NAMESPACE}/SetBalance"`);
    assert.match(sent.body, new RegExp(`xmlns:osd="${OSD_NAMESPACE}".*<osd:SetBalance><osd:msisdn>0211000001</osd:msisdn>`));
  });

  test('a WSDL that cannot be read is traced and the configured defaults are used', async () => {
    const r = await runToCompletion(svc.port, { run_id: 'osd-nowsdl', osd: 'OSD-NOWSDL', trace_level: 1, operations: [{ type: 'osd.Request', arguments: { operation: 'GetBalance', parameters: { msisdn: '0211000001' } } }] });
    assert.equal(r.counts.passed, 1, checks(r).join('\n'));
    assert.ok(r.first_call.trace_log.some((t: { msg: string }) => /WSDL .*\/html: not a WSDL 1\.1 document/.test(t.msg)), JSON.stringify(r.first_call.trace_log));
    assert.equal(soap.seen.at(-1)!.action, '""');
  });

  test('wsdl_url false (documented): the instance boots and never reads a WSDL, even without a namespace', async () => {
    const before = soap.seen.length;
    const r = await runToCompletion(svc.port, { run_id: 'osd-wsdl-off', osd: 'OSD-NO-DESC', trace_level: 1, operations: [{ type: 'osd.Request', arguments: { operation: 'GetBalance', parameters: { msisdn: '0211000001' } } }] });
    assert.ok(!r.first_call.trace_log.some((t: { msg: string }) => /WSDL/.test(t.msg)), JSON.stringify(r.first_call.trace_log));
    assert.equal(soap.seen.length, before + 1);
    assert.match(soap.seen.at(-1)!.body, /xmlns:osd="http:\/\/www\.oracle\.com\/ocncc\/osd"/, 'the default namespace, not one from a WSDL');
    const list = JSON.stringify(await call(svc.port, 'ListTests', {}));
    assert.ok(!/OSD-NO-DESC[^}]*wsdl_url/.test(list), list);
  });

  test('bad names are refused with 2002; the service still answers after all of the above', async () => {
    const e1 = await call(svc.port, 'ExecuteTest', { run_id: 'osd-bad1', operations: [{ type: 'osd.Request', arguments: { operation: 'Get Balance' } }] });
    assert.equal(e1.error?.code, 2002);
    assert.match(e1.error!.message, /operations\[0\]\.arguments\.operation/);
    const e2 = await call(svc.port, 'ExecuteTest', { run_id: 'osd-bad2', operations: [{ type: 'osd.Request', arguments: { operation: 'GetBalance', parameters: { 'a<b': 1 } } }] });
    assert.equal(e2.error?.code, 2002);
    assert.match(e2.error!.message, /operations\[0\]\.arguments\.parameters\.a<b/);
    const r = await runToCompletion(svc.port, { run_id: 'osd-load', distribution: { type: 'load', total: 40, backlog: 4 }, operations: [{ type: 'osd.Request', arguments: { operation: 'GetBalance', parameters: { msisdn: '0211000001' } }, tests: [{ kpath: 'returned.balance', type: 'integer', value: 1500 }] }] }, { timeoutMs: 60_000 });
    assert.equal(r.counts.passed, 40, JSON.stringify(r.counts));
  });
});
