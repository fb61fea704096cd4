// A peer's argument outside its ASN.1 constraints (issue 11: a 7-octet timeAndTimezone): the tester playing the SCP
// aborts the instance naming the value and keeps the decoded message in the trace. The peer is a bare sigtran
// gateway sending hand-made bytes, so the tester's own encoder (which refuses such values) is not involved.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, waitForRun } from '../../../helpers/service.js';
import { resolveAc } from '../../../../plugins/sigtran/api.js';
import { startStack, type Stack } from '../helpers/stack.js';

describe('constraints of received arguments', () => {
  let st: Stack;
  before(async () => {
    // the service's gateway (ASP, client) plays the SCP; the stack's bare gateway (SGP) plays the SSP
    st = await startStack();
  });
  after(async () => {
    await st.close();
  });

  const sendIdp = (hex: string) => {
    const d = st.simGw.openDialogue({ called: { ri: 'ssn', pc: 1, ssn: 146 }, ac: resolveAc('camel3') });
    d.invoke({ opcode: 0, argument: Buffer.from(hex, 'hex') });
    d.send();
    return d;
  };

  test('a 7-octet timeAndTimezone aborts the instance naming it; 8 octets pass', async () => {
    for (const [id, hex, ok] of [['tz7', '300d8001019f390702122011151005', false], ['tz8', '300e8001019f39080212201115100500', true]] as const) {
      const r0 = await call(st.port, 'ExecuteTest', { run_id: id, trace_level: 1, operations: [{ type: 'inap.scp_from_ssp.InitialDP', arguments: { serviceKey: 1 } }] });
      assert.equal(r0.result, 'ok', JSON.stringify(r0.error));
      const d = sendIdp(hex);
      const r = await waitForRun(st.port, id, { timeoutMs: 15_000 });
      d.release();
      if (ok) {
        assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts));
        continue;
      }
      assert.equal(r.counts.aborted, 1);
      assert.match(JSON.stringify(r.first_aborts[0]), /InitialDP: the argument cannot be decoded as camel3: timeAndTimezone: 7 octets, the ASN\.1 requires SIZE\(8\)/);
      const rec = r.first_call.messages.find((m: { name: string }) => m.name === 'InitialDP');
      assert.equal(rec.fields.serviceKey, 1, 'the decoded fields are in the trace');
      assert.equal(rec.fields.timeAndTimezone_hex, '02122011151005');
      assert.match(rec.fields.decode_error, /timeAndTimezone/);
    }
  });
});
