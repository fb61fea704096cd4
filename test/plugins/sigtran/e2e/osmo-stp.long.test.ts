// Long tier: the tester through an STP we did not write, as operators deploy it: Debian's osmo-stp 1.6 with
// examples/sigtran/osmo-stp.cfg, `tester serve` with examples/sigtran/osmo-stp-plugins.json (M3UA and SUA ASPs on
// SCTP, kernel backend) and `tester scp-sim --connect … --bind 127.0.0.3`, each an ASP of its own AS. osmo-stp 1.6
// speaks M3UA and SUA over kernel SCTP only, so everything runs in the User-Mode Linux guest (test/helpers/uml.ts),
// booted once for the whole suite (test/fixtures/sctp/uml/osmo-stp.ts); the instances' captures are written where
// this process reads them, and tshark decodes them here. What osmo-stp 1.6 does and does not do, as these tests
// find it, is in docs/plugins/sigtran.md "Through an STP: osmo-stp".
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseResult } from '../../../helpers/netns.js';
import { after, before, describe, test } from '../../../helpers/suite.js';
import { needsTool, tsharkRead } from '../../../helpers/tools.js';
import { bootUml, needsUml, type UmlRun } from '../../../helpers/uml.js';

const needs = [needsUml(), needsTool('osmo-stp', 'apt-get install osmo-stp'), needsTool('tshark', 'apt-get install tshark')];
const skip = needs.map((n) => n.skip).filter(Boolean).join('; ') || undefined;
const PASSED_ONE = { started: 1, finished: 1, passed: 1, failed: 0, aborted: 0, cancelled: 0, dropped: 0 };

describe('osmo-stp 1.6 between the tester and scp-sim (User-Mode Linux guest, kernel SCTP)', { skip, timeout: 15 * 60_000 }, () => {
  let pcaps: string;
  let run: UmlRun;
  let r: any;
  const tail = () => run.output.split('\n').slice(-80).join('\n');
  const fields = (file: string, names: string[]) => tsharkRead(join(pcaps, file), ['-o', 'sccp.default_payload:tcap', '-T', 'fields', ...names.flatMap((f) => ['-e', f])]);

  before(async () => {
    pcaps = mkdtempSync(join(tmpdir(), 'osmo-stp-'));
    run = await bootUml('node --import tsx test/fixtures/sctp/uml/osmo-stp.ts all', { env: { PCAP_DIR: pcaps }, timeoutMs: 10 * 60_000 });
    r = parseResult(run.output) ?? { error: `no RESULT line from the guest:\n${tail()}` };
  }, { timeout: 11 * 60_000 });
  after(() => rmSync(pcaps, { recursive: true, force: true }));

  test('the ASPs come up through the STP: each told apart by its source address', (t) => {
    assert.equal(r.error, undefined, `${r.error}\n${tail()}`);
    t.diagnostic(`guest booted in ${run.bootMs} ms; the scenario took ${Math.round(run.ms / 1000)} s in all`);
    assert.deepEqual({ a: r.up.a, sua: r.up.sua, b: r.up.b }, { a: 'up', sua: 'up', b: 'up' });
    // osmo-stp's own view: the four ASes active, every ASP matched to its `asp` entry by its remote address
    for (const as of ['tester', 'scp', 'tester-sua', 'scp-sua']) assert.match(r.vty, new RegExp(`^${as} +AS_ACTIVE `, 'm'), r.vty);
    for (const [asp, addr] of [['tester-a', '127.0.0.2'], ['tester-b', '127.0.0.4'], ['scp', '127.0.0.3'], ['tester-sua', '127.0.0.2'], ['scp-sua', '127.0.0.3']]) {
      assert.match(r.vty, new RegExp(`^${asp} .* ASP_ACTIVE +(m3ua|sua) +${addr.replace(/\./g, '\\.')}:`, 'm'), r.vty);
    }
  });

  test('an ASP from an address the STP has no `asp` for never comes up, and says why', (t) => {
    assert.equal(r.error, undefined, r.error);
    t.diagnostic(`from 127.0.0.5: ${r.stranger.state}, ${r.stranger.lastError}`);
    assert.notEqual(r.stranger.state, 'up');
    assert.ok(r.stranger.lastError, JSON.stringify(r.stranger));
    // the association's close, not a fault of the link made on it (the STP closes it as soon as it accepted it)
    assert.doesNotMatch(r.stranger.lastError, /Cannot read|TypeError|undefined/);
  });

  test('calls pass routed by point code: InitialDP → ReleaseCall, → Connect, and a called address on GT', async () => {
    assert.equal(r.error, undefined, r.error);
    assert.deepEqual(r.release.counts, { ...PASSED_ONE, started: 5, finished: 5, passed: 5 }, JSON.stringify(r.release.aborts));
    assert.deepEqual(r.connect.counts, PASSED_ONE, JSON.stringify(r.connect.aborts));
    assert.deepEqual(r.gt.counts, PASSED_ONE, JSON.stringify(r.gt.aborts));
    // the capture of the tester's ASP, decoded: routing contexts, point codes, the operations both ways
    const rows = (await fields('stp-a.pcap', ['m3ua.protocol_data_opc', 'm3ua.protocol_data_dpc', 'm3ua.routing_context', 'camel.local', 'sccp.called.ri'])).trim().split('\n').map((l) => l.split('\t'));
    const data = rows.filter((row) => row[0] !== '');
    assert.ok(data.some(([opc, dpc, rc, op]) => opc === '1' && dpc === '2' && rc === '1' && op === '0'), 'InitialDP 1 → 2 in routing context 1');
    assert.ok(data.some(([opc, dpc, rc, op]) => opc === '2' && dpc === '1' && rc === '1' && op === '22'), 'ReleaseCall 2 → 1, relayed with our routing context');
    assert.ok(data.some(([opc, dpc, , op]) => opc === '2' && dpc === '1' && op === '20'), 'Connect 2 → 1');
    assert.ok(data.some(([, , , op, ri]) => op === '0' && ri === '0x00'), 'an InitialDP routed on GT');
  });

  test('scp-sim stops: the STP\'s DUNA is in ListTests and ends the next run by name; scp-sim back: DAVA, a call passes', (t) => {
    assert.equal(r.error, undefined, r.error);
    t.diagnostic(`DUNA ${r.duna.ms} ms after scp-sim was stopped; DAVA ${r.dava.ms} ms after it was started again`);
    assert.match(r.duna.text.text, /^M3UA DUNA from 127\.0\.0\.1:2905 for point code\(s\) 2$/);
    assert.deepEqual(r.duna.unavailable, [2]);
    assert.deepEqual(r.duna.refused.counts, { ...PASSED_ONE, passed: 0, aborted: 1 });
    assert.match(r.duna.refused.aborts[0].text, /cannot send: destination point code 2 is unavailable \(DUNA from 127\.0\.0\.1:2905\)/);
    assert.match(r.dava.text.text, /^M3UA DAVA from 127\.0\.0\.1:2905 for point code\(s\) 2$/);
    assert.deepEqual(r.dava.again.counts, PASSED_ONE, JSON.stringify(r.dava.again.aborts));
  });

  test('loadshare over two tester ASPs of one AS: both carry its traffic, the STP alternating message by message', async (t) => {
    assert.equal(r.error, undefined, r.error);
    const { fromA, fromB, before: b0, after: b1 } = r.loadshare;
    t.diagnostic(`4 calls from each ASP: ${fromA.counts.passed} and ${fromB.counts.passed} answered to the ASP that opened them; DATA received A ${b1.a.received - b0.a.received}, B ${b1.b.received - b0.b.received}`);
    // both ASPs received answers of the AS, whichever ASP the dialogue was opened on
    assert.ok(b1.a.received - b0.a.received >= 4 && b1.b.received - b0.b.received >= 4, JSON.stringify(r.loadshare));
    // 1.6 sends each message to the next active ASP of the AS (round robin, not by SLS): an answer that reaches the
    // other ASP is unknown there, and its dialogue waits for nothing
    for (const run of [fromA, fromB]) {
      assert.equal(run.counts.passed + run.counts.aborted, 4, JSON.stringify(run));
      assert.ok(run.counts.passed >= 1 && run.counts.aborted >= 1, JSON.stringify(run));
      for (const a of run.aborts) assert.match(a.text, /^ReleaseCall: timeout: nothing received from the SCP within 2 s$/);
    }
    // ReleaseCalls of dialogues STP-A opened, delivered to STP-B
    const b = await fields('stp-b.pcap', ['camel.local', 'm3ua.protocol_data_dpc']);
    assert.ok(b.split('\n').filter((l) => l === '22\t1').length >= 4, b);
  });

  test('SUA through osmo-stp 1.6: the ASP comes up, and the STP returns the CLDT in a CLDR (it does not relay SUA)', async () => {
    assert.equal(r.error, undefined, r.error);
    assert.equal(r.sua.detail.adaptation, 'sua');
    assert.equal(r.sua.detail.asp, 'active');
    assert.deepEqual(r.sua.call.counts, { ...PASSED_ONE, passed: 0, aborted: 1 });
    assert.match(r.sua.call.aborts[0].text, /SUA CLDR: our message was returned, SCCP return cause 4: unequipped user$/);
    // the capture decoded by tshark: our CLDT with the InitialDP, the STP's CLDR with cause 4 returning it
    const rows = (await fields('stp-sua.pcap', ['sua.message_type', 'sua.routing_context', 'sua.sccp_cause_value', 'camel.local'])).trim().split('\n');
    assert.ok(rows.includes('1\t11\t\t0'), `a CLDT in routing context 11 carrying the InitialDP: ${rows.join(' | ')}`);
    assert.ok(rows.some((l) => /^2\t\S*\t0x0*4\t0$/.test(l)), `a CLDR, cause 4, returning it: ${rows.join(' | ')}`);
  });

  test('every message of the captures decodes in tshark without an expert item', async () => {
    assert.equal(r.error, undefined, r.error);
    for (const f of ['stp-a.pcap', 'stp-b.pcap', 'stp-sua.pcap']) {
      const problems = await tsharkRead(join(pcaps, f), ['-o', 'sccp.default_payload:tcap', '-Y', '_ws.expert || _ws.malformed']);
      assert.equal(problems.trim(), '', `${f}: ${problems}`);
    }
  });
});
