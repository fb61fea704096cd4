// tcap.ssp_to_scp.Abort on the wire: p_cause sends a real P-Abort with that cause, u_source 1 an ABRT with
// abort-source dialogue-service-provider. A second tester playing the SCP receives each (tcap.scp_from_ssp.Abort),
// and tshark decodes the SSP side's capture (tcap.p_abortCause, tcap.abort_source).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, runToCompletion, waitForRun } from '../../../helpers/service.js';
import { needsTool } from '../../../helpers/tools.js';
import type { RunningService } from '../../../../core/service.js';
import { SPEC_IDP } from '../fixtures/samples.js';
import { startTesters } from '../helpers/testers.js';

// user-information: one EXTERNAL { direct-reference 1.2.3.4, single-ASN1-type [0] OCTET STRING 'ff' }
const UINFO = '280a06032a0304a0030401ff';

describe('tcap.ssp_to_scp.Abort: P-Abort with a cause, ABRT with abort-source provider', () => {
  let scp: RunningService;
  let ssp: RunningService | undefined;
  const pcap = join(mkdtempSync(join(tmpdir(), 'inap-abort-')), 'aborts.pcap');
  before(async () => {
    ({ scp, ssp } = await startTesters({ sspPcap: pcap }));
  });
  after(async () => {
    await ssp?.close();
    await scp.close();
  });

  const pair = async (id: string, sspAbort: Record<string, unknown>, scpExpect: Record<string, unknown>) => {
    const r0 = await call(scp.port, 'ExecuteTest', {
      run_id: `${id}-scp`,
      trace_level: 1,
      scp: { tcap_timeout: 10 },
      operations: [
        { type: 'inap.scp_from_ssp.InitialDP', arguments: { serviceKey: 77 } },
        { type: 'inap.scp_to_ssp.RequestReportBCSMEvent', arguments: { oAnswer: 1 } },
        { type: 'tcap.scp_from_ssp.Abort', arguments: scpExpect },
      ],
    });
    assert.equal(r0.result, 'ok', JSON.stringify(r0.error));
    const ssr = await runToCompletion(ssp!.port, { run_id: `${id}-ssp`, trace_level: 1, ssp_ac: 'camel2', operations: [
      { type: 'inap.ssp_to_scp.InitialDP', arguments: { ...SPEC_IDP, serviceKey: 77 } },
      { type: 'inap.ssp_from_scp.RequestReportBCSMEvent', arguments: { oAnswer: 1 } },
      { type: 'tcap.ssp_to_scp.Abort', arguments: sspAbort },
    ] }, { timeoutMs: 20_000 });
    const scr = await waitForRun(scp.port, `${id}-scp`, { timeoutMs: 20_000 });
    return { ssr, scr };
  };

  test('p_cause 2: the SCP receives a P-Abort badlyFormattedTransactionPortion', async () => {
    const { ssr, scr } = await pair('pabort', { p_cause: 2 }, { kind: 'p-abort', p_cause: 2 });
    assert.equal(ssr.counts.passed, 1, JSON.stringify(ssr.first_aborts));
    assert.equal(scr.counts.passed, 1, JSON.stringify([scr.first_aborts, scr.first_fails]));
    const sent = ssr.first_call.messages.find((m: { protocol: string; name: string }) => m.protocol === 'tcap' && m.name === 'Abort');
    assert.deepEqual(sent.fields, { kind: 'p-abort', p_cause: 2 });
  });

  test('a wrong expected p_cause is a failed check on the SCP side', async () => {
    const { scr } = await pair('pabort-wrong', { p_cause: 4 }, { kind: 'p-abort', p_cause: 3 });
    assert.equal(scr.counts.failed, 1, JSON.stringify(scr.counts));
    const texts = scr.first_call.check_log.map((c: { status: string; text: string }) => `${c.status} ${c.text}`);
    assert.ok(texts.includes('fail Abort.p_cause: expected 3, got 4'), texts.join(' | '));
  });

  test('u_source 1: the SCP receives a U-Abort with abort-source provider and the user information', async () => {
    const { ssr, scr } = await pair('uabort', { u_source: 1, u_info_0_octets: UINFO }, { kind: 'u-abort', u_source: 1 });
    assert.equal(ssr.counts.passed, 1, JSON.stringify(ssr.first_aborts));
    assert.equal(scr.counts.passed, 1, JSON.stringify([scr.first_aborts, scr.first_fails]));
    const got = scr.first_call.messages.find((m: { protocol: string; name: string }) => m.protocol === 'tcap' && m.name === 'Abort');
    assert.equal(got.fields.u_info_0_octets, UINFO);
  });

  test('p_cause together with u_source aborts the instance with a readable reason', async () => {
    const r = await runToCompletion(ssp!.port, { run_id: 'both', operations: [{ type: 'inap.ssp_to_scp.InitialDP', arguments: { ...SPEC_IDP, serviceKey: 78 } }, { type: 'tcap.ssp_to_scp.Abort', arguments: { p_cause: 1, u_source: 1 } }] }, { timeoutMs: 20_000 });
    assert.equal(r.counts.aborted, 1);
    assert.match(JSON.stringify(r.first_aborts[0]), /p_cause sends a P-Abort, which carries no u_source or u_info_0_octets/);
  });

  test('tshark decodes the P-Abort cause and the ABRT abort-source', needsTool('tshark', 'apt-get install tshark'), async () => {
    await ssp!.close(); // flush the capture
    ssp = undefined;
    assert.ok(existsSync(pcap));
    const tshark = (args: string[]) => execFileSync('tshark', ['-r', pcap, ...args], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
    // the only expert item allowed: BER 'Dissector for OID not implemented' for our made-up user-information OID 1.2.3.4
    assert.equal(tshark(['-Y', '_ws.malformed || (_ws.expert && !(_ws.expert.message contains "Dissector for OID not implemented"))']).trim(), '', 'no malformed packets or other expert items');
    const rows = tshark(['-Y', 'tcap.abort_element', '-T', 'fields', '-E', 'separator=|', '-e', 'm3ua.protocol_data_opc', '-e', 'tcap.p_abortCause', '-e', 'tcap.abort_source', '-e', 'ber.direct_reference'])
      .trim().split('\n').map((l) => l.split('|'));
    const sent = rows.filter((r) => r[0] === '1');
    // P-Abort 2, P-Abort 4, ABRT provider (the 'both' run aborts before anything is sent)
    assert.deepEqual(sent.map((r) => [r[1], r[2], r[3]]), [['2', '', ''], ['4', '', ''], ['', '1', '1.2.3.4']], rows.map((r) => r.join('|')).join('\n'));
  });
});
