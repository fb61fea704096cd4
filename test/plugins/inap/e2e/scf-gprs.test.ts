// The gsmSCF-initiated GPRS dialogue (TS 29.078 §8, cap3-gsmscf-gprsssfAC 0.4.0.0.1.21.3.51): one tester as the
// gsmSCF opens it with RequestReportGPRSEvent + ApplyChargingGPRS (examples/inap/gprs-scf-initiated.json), a second
// as the gprsSSF takes the Begin (gprs-scf-initiated-ssp.json), reports and is released; the capture decodes in
// tshark with the context and the operations, nothing malformed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, runToCompletion, waitForRun } from '../../../helpers/service.js';
import { needsTool, tsharkRead } from '../../../helpers/tools.js';
import { startTesters, type Testers } from '../helpers/testers.js';

const EXAMPLES = join(import.meta.dirname, '../../../../examples/inap');
const load = (f: string) => JSON.parse(readFileSync(join(EXAMPLES, f), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'scf-gprs-'));
const pcap = join(dir, 'ssp.pcap');

describe('the gsmSCF opens its own GPRS dialogue, the gprsSSF accepts it', () => {
  let t: Testers;
  before(async () => {
    t = await startTesters({ sspPcap: pcap });
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('both examples pass, each side seeing the other\'s messages in the camel3_scf_gprs dialogue', async () => {
    const ssp = await call(t.ssp.port, 'ExecuteTest', { ...load('gprs-scf-initiated-ssp.json'), run_id: 'gprsssf' });
    assert.equal(ssp.result, 'ok', JSON.stringify(ssp.error));
    const scp = await runToCompletion(t.scp.port, { ...load('gprs-scf-initiated.json'), run_id: 'gsmscf' }, { timeoutMs: 30_000 });
    const sr = await waitForRun(t.ssp.port, 'gprsssf', { timeoutMs: 30_000 });
    for (const [side, r] of [['gsmSCF', scp], ['gprsSSF', sr]] as const) {
      assert.deepEqual([r.first_aborts, r.first_fails], [[], []], side);
      assert.equal(r.counts.passed, 1, `${side}: ${JSON.stringify(r.counts)}`);
    }
    const first = scp.first_call.messages[0];
    assert.equal(first.name, 'RequestReportGPRSEvent');
  });

  test('without a dialogue of its own the gprsSSF waits for the Begin; a Begin that never comes times it out', async () => {
    const r = await runToCompletion(t.ssp.port, { run_id: 'nobody', scp: { tcap_timeout: 0.3 }, operations: [{ type: 'inap.ssp_from_scp.ApplyChargingGPRS', arguments: {} }] });
    assert.equal(r.counts.passed, 0);
    assert.match(JSON.stringify(r.first_aborts), /ApplyChargingGPRS/);
  });

  test('the capture decodes in tshark: the gsmSCF-gprsSSF context and the operations, nothing malformed', needsTool('tshark', 'apt-get install tshark'), async () => {
    await t.close();
    const tshark = (args: string[]) => tsharkRead(pcap, args);
    assert.equal((await tshark(['-Y', '_ws.expert || _ws.malformed'])).trim(), '', 'no malformed packets or expert items');
    const rows = (await tshark(['-Y', 'camel', '-T', 'fields', '-E', 'separator=|', '-E', 'occurrence=a', '-E', 'aggregator=,', '-e', 'tcap.begin_element', '-e', 'tcap.application_context_name', '-e', 'camel.local']))
      .trim().split('\n').map((l) => l.split('|'));
    const begin = rows.find((r) => r[0] !== '')!;
    assert.deepEqual([begin[1], begin[2]], ['0.4.0.0.1.21.3.51', '81,71'], JSON.stringify(rows));
    const ops = rows.map((r) => r[2]).join(' ');
    assert.match(ops, /72/, 'ApplyChargingReportGPRS');
    assert.match(ops, /79/, 'ReleaseGPRS');
  });
});
