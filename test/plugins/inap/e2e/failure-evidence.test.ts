// Failure evidence of an INAP load run against the reference SCP (core/engine/failure-evidence.ts): instances fail
// (a ReleaseCall cause that $n makes wrong) or abort (a service key the SCP never answers: the TCAP timeout), and
// the record keeps the first N of each with its ladder; the pcap slice of a failed instance (the download
// builtins/http serves) opens in tshark and holds that instance's dialogue alone: its transaction ids, its service
// key, the cause the SCP sent; none of the other instances' dialogues of the whole run's capture.
import { after, before, describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runToCompletion } from '../../../helpers/service.js';
import { needsTool } from '../../../helpers/tools.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { failurePcap } from '../../../../builtins/http/downloads.js';
import { htmlReport } from '../../../../views/report/html.js';
import { junitXml } from '../../../../views/report/junit.js';
import { XMLParser } from 'fast-xml-parser';

const dir = mkdtempSync(join(tmpdir(), 'inap-evidence-'));
const TOTAL = 30;
/** Instances whose service key the SCP never answers (they abort), and those whose expected cause is wrong (they fail). */
const silent = (n: number) => n % 10 === 7;
const wrong = (n: number) => n % 5 === 3 && !silent(n);

describe('failure evidence of an INAP load run, its pcap slices read by tshark', needsTool('tshark', 'apt-get install tshark'), () => {
  let st: Stack;
  let rec: any;
  const whole = join(dir, 'whole.pcap');
  before(async () => {
    st = await startStack(JSON.parse(readFileSync(join(import.meta.dirname, '../../../../examples/inap/scp-sim.json'), 'utf8')), { pcap: whole });
    rec = await runToCompletion(
      st.port,
      {
        run_id: 'inap-evidence',
        trace_level: 2,
        detail: { failures: 2 },
        scp: { tcap_timeout: 0.3 },
        distribution: { type: 'load', total: TOTAL, backlog: 1 },
        vars: { sk: '{ $n % 10 == 7 ? 999 : 100 }', cause: '{ $n % 5 == 3 ? 17 : 16 }' },
        operations: [
          { type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: '{ $v.sk }', eventTypeBCSM: 3, calledPartyNumber_digits: '{ "0211" + pad($n, 6) }', calledPartyNumber_noa: 3 } },
          { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: '{ $v.cause }' } },
        ],
      },
      { timeoutMs: 60_000 },
    );
    await st.close(); // flush the whole run's capture
  });
  after(async () => {
    await st?.close();
  });

  const tshark = (file: string, fields: string[], filter = 'tcap') =>
    execFileSync('tshark', ['-r', file, '-Y', filter, '-T', 'fields', '-E', 'separator=|', '-E', 'occurrence=f', ...fields.flatMap((f) => ['-e', f])], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split('|'));

  test('exactly the first 2 failed and the first 2 aborted, each with its ladder', () => {
    const all = [...Array(TOTAL).keys()];
    assert.equal(rec.counts.failed, all.filter(wrong).length);
    assert.equal(rec.counts.aborted, all.filter(silent).length);
    assert.deepEqual(rec.failures.map((f: any) => [f.instance, f.outcome]), [[3, 'failed'], [7, 'aborted'], [8, 'failed'], [17, 'aborted']]);
    for (const f of rec.failures) {
      const names = f.messages.map((m: any) => `${m.direction} ${m.name}`);
      if (f.outcome === 'failed') {
        assert.deepEqual(names, ['sent InitialDP', 'received ReleaseCall']);
        assert.equal(f.reason, 'ReleaseCall.initialCallSegment_cause: expected 17, got 16');
      } else {
        assert.deepEqual(names, ['sent InitialDP']);
        assert.match(f.reason, /ReleaseCall/);
      }
      assert.equal(f.vars.sk, silent(f.instance) ? 999 : 100);
      assert.ok(f.messages.every((m: any) => m.hex && m.dissector === 'm3ua'), 'bytes at trace_level 2');
      assert.equal(f.pcap, `instance-${f.instance}.pcap`);
    }
  });

  test("a failed instance's pcap slice holds its dialogue only: its transaction ids, its number, the SCP's cause", () => {
    const slice = join(dir, 'instance-8.pcap');
    writeFileSync(slice, failurePcap(rec, 8));
    assert.equal(execFileSync('tshark', ['-r', slice, '-Y', '_ws.expert || _ws.malformed'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim(), '', 'no malformed packets');
    const F = ['tcap.otid', 'tcap.dtid', 'camel.serviceKey', 'e164.called_party_number.digits', 'camel.cause_indicator'];
    const rows = tshark(slice, F);
    assert.equal(rows.length, 2, rows.join('\n'));
    const [begin, end] = rows as [string[], string[]];
    const otid = begin[0]!;
    assert.ok(otid, 'the Begin has an otid');
    assert.equal(begin[1], '', 'a Begin has no dtid');
    assert.equal(end[1], otid, "the End answers the Begin's transaction");
    assert.equal(begin[2], '100');
    assert.equal(begin[3], '0211000008', 'instance 8 called this number');
    assert.equal(end[4], '16', 'the cause the SCP sent (17 was expected)');
    // the whole run's capture has every instance's dialogue; the slice's transaction is one of them, met once
    const wholeRows = tshark(whole, ['tcap.otid', 'e164.called_party_number.digits'], 'tcap.begin_element');
    assert.equal(wholeRows.length, TOTAL, 'one Begin per instance in the whole capture');
    assert.deepEqual(wholeRows.filter((r) => r[0] === otid).map((r) => r[1]), ['0211000008'], 'the transaction id is instance 8\'s alone');
    const other = join(dir, 'instance-3.pcap');
    writeFileSync(other, failurePcap(rec, 3));
    assert.notEqual(tshark(other, ['tcap.otid'])[0]![0], otid, 'another failure has its own dialogue');
  });

  test("the run's HTML report draws a ladder for each, linked from the reasons; its JUnit has a failing case for each", () => {
    const html = htmlReport(rec);
    for (const f of rec.failures) {
      const at = html.indexOf(`id="failure-${f.instance}"`);
      assert.ok(at > 0, `a section for instance ${f.instance}`);
      const names = [...html.slice(at, html.indexOf('</section>', at)).matchAll(/data-name="([^"]+)"/g)].map((m) => m[1]);
      assert.deepEqual(names, f.messages.map((m: any) => m.name), `the ladder of instance ${f.instance}`);
      assert.ok(html.includes(`<a href="#failure-${f.instance}">${f.instance}</a>`), `instance ${f.instance} linked from its reason`);
    }
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(junitXml(rec));
    const cases = doc.testsuites.testsuite.testcase.filter((c: any) => c.classname === 'tester.inap-evidence.failures');
    assert.deepEqual(cases.map((c: any) => [c.name, c.failure.type]), rec.failures.map((f: any) => [`instance ${f.instance}`, f.outcome]));
    const eight = String(cases.find((c: any) => c.name === 'instance 8').failure['#text']);
    assert.match(eight, /pcap slice: \/api\/runs\/inap-evidence\/instance-8\.pcap/);
    assert.match(eight, /tester -> .* {2}InitialDP \(inap\)\n.*tester <- .* {2}ReleaseCall \(inap\)/);
  });
});
