// A capture of a prepaid call (the sigtran instance's pcap: EXPORTED_PDU records, dissector m3ua) decoded by tshark
// field by field: M3UA, SCCP, TCAP and the CAMEL operations with their arguments, and no expert items.
import { after, before, describe, test } from '../../../helpers/suite.js';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runToCompletion } from '../../../helpers/service.js';
import { needsTool } from '../../../helpers/tools.js';
import { startStack, type Stack } from '../helpers/stack.js';

const dir = join(import.meta.dirname, '../../../../examples/inap');

describe('capture of a prepaid call decoded by tshark', needsTool('tshark', 'apt-get install tshark'), () => {
  let st: Stack;
  const pcap = join(mkdtempSync(join(tmpdir(), 'inap-cap-')), 'prepaid.pcap');
  before(async () => {
    st = await startStack(JSON.parse(readFileSync(join(dir, 'scp-sim.json'), 'utf8')), { pcap });
  });
  after(async () => {
    await st.close();
  });

  test('every message, every field', async () => {
    const def = JSON.parse(readFileSync(join(dir, 'prepaid.json'), 'utf8'));
    def.run_id = 'capture-prepaid';
    const r = await runToCompletion(st.port, def);
    assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts));
    await st.close(); // flush the capture
    assert.ok(existsSync(pcap));
    const tshark = (args: string[]) => execFileSync('tshark', ['-r', pcap, ...args], { stdio: ['ignore', 'pipe', 'ignore'] }).toString();
    assert.equal(tshark(['-Y', '_ws.expert || _ws.malformed']).trim(), '', 'no malformed packets or expert items');
    const F = ['m3ua.protocol_data_opc', 'm3ua.protocol_data_dpc', 'sccp.called.ssn', 'tcap.application_context_name', 'camel.local', 'camel.serviceKey', 'e164.called_party_number.digits',
      'camel.eventTypeBCSM', 'camel.maxCallPeriodDuration', 'camel.timeIfNoTariffSwitch', 'camel.cause_indicator', 'e164.msisdn'];
    const rows = tshark(['-Y', 'tcap', '-T', 'fields', '-E', 'separator=|', '-E', 'occurrence=a', '-E', 'aggregator=,', ...F.flatMap((f) => ['-e', f])]).trim().split('\n').map((l) => l.split('|'));
    const col = (row: string[], f: string) => row[F.indexOf(f)];
    // InitialDP (Begin), RRBCSM+AC+Connect (Continue), ERB, ACR (Continues), ReleaseCall (End)
    assert.equal(rows.length, 5, rows.map((r) => r.join('|')).join('\n'));
    const [idp, cont, erb, acr, rc] = rows as [string[], string[], string[], string[], string[]];
    assert.equal(col(idp, 'm3ua.protocol_data_opc'), '1');
    assert.equal(col(idp, 'm3ua.protocol_data_dpc'), '2');
    assert.equal(col(idp, 'sccp.called.ssn'), '146');
    assert.equal(col(idp, 'tcap.application_context_name'), '0.4.0.0.1.21.3.4');
    assert.equal(col(idp, 'camel.local'), '0');
    assert.equal(col(idp, 'camel.serviceKey'), '200');
    assert.equal(col(idp, 'e164.called_party_number.digits'), '0211234567');
    assert.equal(col(idp, 'e164.msisdn'), '4917100001');
    assert.equal(col(cont, 'm3ua.protocol_data_opc'), '2');
    assert.equal(col(cont, 'camel.local'), '23,35,20');
    assert.equal(col(cont, 'camel.eventTypeBCSM'), '5,6,7,9,9,10');
    assert.equal(col(cont, 'camel.maxCallPeriodDuration'), '600');
    assert.equal(col(cont, 'e164.called_party_number.digits'), '4912345678');
    assert.equal(col(erb, 'camel.local'), '24');
    assert.equal(col(erb, 'camel.eventTypeBCSM'), '7');
    assert.equal(col(acr, 'camel.local'), '36');
    assert.equal(col(acr, 'camel.timeIfNoTariffSwitch'), '600');
    assert.equal(col(rc, 'camel.local'), '22');
    assert.equal(col(rc, 'camel.cause_indicator'), '16');
  });
});
