// The HTTP text recorded for REST messages (trace_level 2, `tester run --pcap`) decodes in Wireshark: requests
// and responses of a real exchange, written as EXPORTED_PDU records for the 'http' dissector, read back by tshark.
import { describe, test, before, after } from '../../helpers/suite.js';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePcap } from '../../../sdk/index.js';
import { requestBytes, responseBytes } from '../../../plugins/rest/wire.js';
import { startTestService, runToCompletion } from '../../helpers/service.js';
import { needsTool } from '../../helpers/tools.js';
import { startHttpServer, type TestHttpServer } from '../../fixtures/rest/http-server.js';
import type { RunningService } from '../../../core/service.js';

describe('rest wire records', () => {
  test('request and response text: request line, headers, content-length of the UTF-8 body, no chunking', () => {
    const req = Buffer.from(requestBytes('POST', '/api/x?a=1', '127.0.0.1:8080', { 'content-type': 'application/json', 'content-length': '99' }, '{"s":"é"}')).toString('utf8');
    assert.equal(req, 'POST /api/x?a=1 HTTP/1.1\r\nhost: 127.0.0.1:8080\r\ncontent-type: application/json\r\ncontent-length: 10\r\n\r\n{"s":"é"}');
    const res = Buffer.from(responseBytes(200, [{ name: 'transfer-encoding', value: 'chunked' }, { name: 'content-type', value: 'text/plain' }], 'ok')).toString('utf8');
    assert.equal(res, 'HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 2\r\n\r\nok');
  });
});

describe('rest messages decoded by tshark', needsTool('tshark', 'apt-get install tshark'), () => {
  let http: TestHttpServer;
  let svc: RunningService;
  let dir: string;
  before(async () => {
    http = await startHttpServer();
    svc = await startTestService([{ name: 'logic' }, { name: 'rest', options: { instances: [{ name: 'A', base_url: `${http.url}/` }] } }]);
    dir = mkdtempSync(join(tmpdir(), 'tester-rest-pcap-'));
  });
  after(async () => {
    await svc?.close();
    await http?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a traced run gives hex records that Wireshark decodes as HTTP without warnings', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'rest-pcap',
      trace_level: 2,
      operations: [
        { type: 'rest.SendRequest', arguments: { method: 'POST', path: '/echo', query: { q: 'x y' }, json: { a: 1 } } },
        { type: 'rest.SendRequest', arguments: { method: 'GET', path: '/chunked' } },
      ],
    });
    assert.equal(r.counts.passed, 1);
    const msgs = r.first_call.messages.filter((m: { hex?: string }) => m.hex);
    assert.equal(msgs.length, 4);
    const file = join(dir, 'rest.pcap');
    writePcap(file, msgs.map((m: { dissector: string; hex: string }) => ({ dissector: m.dissector, bytes: Buffer.from(m.hex, 'hex') })));
    const out = execFileSync('tshark', ['-r', file, '-T', 'fields', '-E', 'separator=|', '-e', 'http.request.method', '-e', 'http.request.uri', '-e', 'http.response.code', '-e', 'http.content_length_header'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const lines = out.trim().split('\n');
    assert.equal(lines[0], 'POST|/echo?q=x+y||7');
    assert.match(lines[1]!, /^\|\|200\|\d+$/);
    assert.equal(lines[2], 'GET|/chunked||');
    assert.equal(lines[3], '||200|10');
    const warnings = execFileSync('tshark', ['-r', file, '-Y', '_ws.malformed || _ws.expert.severity >= 4194304'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    assert.equal(warnings.trim(), '', warnings);
  });
});
