// The SOAP messages recorded for osd.Request (trace_level 2, `tester run --pcap`) decode in Wireshark as HTTP
// carrying XML, without warnings: written as EXPORTED_PDU records for the 'http' dissector, read back by tshark.
import { describe, test, before, after } from '../../helpers/suite.js';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePcap } from '../../../sdk/index.js';
import { startTestService, runToCompletion } from '../../helpers/service.js';
import { needsTool } from '../../helpers/tools.js';
import { OSD_NAMESPACE, startSoapServer, type TestSoapServer } from '../../fixtures/osd/soap-server.js';
import type { RunningService } from '../../../core/service.js';

describe('osd messages decoded by tshark', needsTool('tshark', 'apt-get install tshark'), () => {
  let soap: TestSoapServer;
  let svc: RunningService;
  let dir: string;
  before(async () => {
    soap = await startSoapServer();
    svc = await startTestService([{ name: 'logic' }, { name: 'osd', options: { instances: [{ name: 'O', url: `${soap.url}/osd`, namespace: OSD_NAMESPACE, username: 'u', password: 'p' }] } }]);
    dir = mkdtempSync(join(tmpdir(), 'tester-osd-pcap-'));
  });
  after(async () => {
    await svc?.close();
    await soap?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('request envelope and response (including a fault) decode as HTTP/XML', async () => {
    const r = await runToCompletion(svc.port, {
      run_id: 'osd-pcap',
      trace_level: 2,
      operations: [
        { type: 'osd.Request', arguments: { operation: 'GetBalance', action: `${OSD_NAMESPACE}/GetBalance`, parameters: { msisdn: '0211000001' } } },
        { type: 'osd.Request', arguments: { operation: 'GetBalance', parameters: { msisdn: 'a&b' }, expect_fault: true } },
      ],
    });
    assert.equal(r.counts.passed, 1, JSON.stringify(r.first_call.check_log));
    const msgs = r.first_call.messages.filter((m: { hex?: string }) => m.hex);
    assert.equal(msgs.length, 4);
    assert.match(msgs[0].fields.envelope, /<osd:msisdn>0211000001<\/osd:msisdn>/);
    const file = join(dir, 'osd.pcap');
    writePcap(file, msgs.map((m: { dissector: string; hex: string }) => ({ dissector: m.dissector, bytes: Buffer.from(m.hex, 'hex') })));
    const out = execFileSync('tshark', ['-r', file, '-T', 'fields', '-E', 'separator=|', '-e', 'http.request.method', '-e', 'http.response.code', '-e', 'http.authorization', '-e', 'xml.cdata'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const lines = out.trim().split('\n');
    assert.equal(lines.length, 4);
    assert.match(lines[0]!, /^POST\|\|Basic dTpw\|0211000001$/);
    assert.match(lines[1]!, /^\|200\|\|0211000001,1500,NZD$/);
    assert.match(lines[3]!, /No such subscriber: a&amp;b|No such subscriber: a&b/);
    const xmlFrames = execFileSync('tshark', ['-r', file, '-Y', 'xml'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    assert.equal(xmlFrames.trim().split('\n').length, 4);
    const warnings = execFileSync('tshark', ['-r', file, '-Y', '_ws.malformed || _ws.expert.severity >= 4194304'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    assert.equal(warnings.trim(), '', warnings);
  });
});
