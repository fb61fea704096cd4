// CAP SMS and GPRS ReturnErrors (TS 29.078 §5.4) both ways against scp-sim with examples/inap/scp-sim.json: the SCP
// refuses an InitialDPSMS (missingCustomerRecord) and an InitialDPGPRS (systemFailure with its
// UnavailableNetworkResource), the tester as the gprsSSF refuses an ApplyChargingGPRS (unknownPDPID) and the SCP an
// EventReportGPRS; the errors are matched by name and recorded with their names and parameters, and the capture
// decodes in tshark with the error codes and parameter, no malformed packet or expert item.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runToCompletion } from '../../../helpers/service.js';
import { needsTool, tsharkRead } from '../../../helpers/tools.js';
import { startStack, type Stack } from '../helpers/stack.js';

const EXAMPLES = join(import.meta.dirname, '../../../../examples/inap');
const load = (f: string) => JSON.parse(readFileSync(join(EXAMPLES, f), 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'cap-errors-'));
const pcap = join(dir, 'errors.pcap');

describe('CAP SMS and GPRS errors against scp-sim', () => {
  let st: Stack;
  before(async () => {
    st = await startStack(load('scp-sim.json'), { pcap });
  });
  after(async () => {
    await st.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = async (def: Record<string, unknown>) => {
    const r = await runToCompletion(st.port, { ...def, run_id: `err-${Date.now()}-${Math.random()}`, trace_level: 1 });
    assert.equal(r.counts.passed, 1, JSON.stringify([r.first_aborts, r.first_fails]));
    return r;
  };
  const errors = (r: any) => r.first_call.messages.filter((m: any) => m.name.endsWith('Error')).map((m: any) => ({ name: m.name, code: m.fields.errorCode, as: m.fields.errorCode_name, nr: m.fields.unavailableNetworkResource_name ?? m.fields.unavailableNetworkResource }));

  test('the examples pass; each error recorded with its code, name and parameter', async () => {
    const sms = await run(load('sms-refused.json'));
    assert.deepEqual(errors(sms), [{ name: 'InitialDPSMSError', code: 6, as: 'missingCustomerRecord', nr: undefined }]);
    const gprs = await run(load('gprs-errors.json'));
    assert.deepEqual(errors(gprs).map((e: any) => [e.name, e.code, e.as]), [
      ['InitialDPGPRSError', 11, 'systemFailure'],
      ['ApplyChargingGPRSError', 50, 'unknownPDPID'],
      ['EventReportGPRSError', 50, 'unknownPDPID'],
    ]);
    assert.equal(errors(gprs)[0].nr, 'componentFailure');
  });

  test('an error of another name or parameter fails the check; an unknown name is refused', async () => {
    const def = load('sms-refused.json');
    def.operations[1].arguments.errorCode = 'taskRefused';
    const r = await runToCompletion(st.port, { ...def, run_id: `wrong-${Date.now()}` });
    assert.equal(r.counts.passed, 0);
    const g = load('gprs-errors.json');
    g.operations = g.operations.slice(0, 2);
    g.operations[1].arguments.unavailableNetworkResource = 'endUserFailure';
    const r2 = await runToCompletion(st.port, { ...g, run_id: `wrong-nr-${Date.now()}` });
    assert.equal(r2.counts.passed, 0);
    def.operations[1].arguments.errorCode = 'noSuchError';
    const r3 = await runToCompletion(st.port, { ...def, run_id: `bad-${Date.now()}` });
    assert.match(JSON.stringify(r3.first_aborts), /neither a CAP error name nor a code/);
  });

  test('the capture decodes in tshark: error codes and the systemFailure parameter, nothing malformed', needsTool('tshark', 'apt-get install tshark'), async () => {
    await st.close();
    const tshark = (args: string[]) => tsharkRead(pcap, args);
    // tshark's CAMEL dissector shows the systemFailure parameter (0a 01 01) and then warns of a field beyond the
    // ReturnError sequence that is not there (its error-parameter table returns a length where an offset is
    // expected): that one warning is tshark's; any other expert item is ours
    const problems = await tshark(['-Y', '(_ws.expert || _ws.malformed) && !(camel.returnError_element && camel.error_code_local == 11)']);
    assert.equal(problems.trim(), '', 'no malformed packets or expert items');
    const out = await tshark(['-Y', 'camel.returnError_element', '-T', 'fields', '-E', 'occurrence=a', '-E', 'aggregator=,', '-E', 'separator=|', '-e', 'camel.error_code_local', '-e', 'camel.UnavailableNetworkResource']);
    const rows = out.trim().split('\n').map((l) => l.split('|'));
    const codes = rows.flatMap((r) => r[0]!.split(','));
    for (const c of ['6', '11', '50']) assert.ok(codes.includes(c), `error ${c} in the capture: ${out}`);
    assert.ok(rows.some((r) => r[0] === '11' && r[1] === '1'), `systemFailure with componentFailure: ${out}`);
  });
});
