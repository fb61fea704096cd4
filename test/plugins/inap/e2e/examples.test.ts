// Every definition in examples/inap/ runs against the reference SCP (scp-sim with examples/inap/scp-sim.json)
// over M3UA/TCP on loopback and passes: the spec's example request exactly as written, single calls, the prepaid
// call with charging, the SRF announcements, prepaid SMS and GPRS sessions, the load test and the linear ramp (at the
// fast tier's size: see test/helpers/examples.ts; examples.long.test.ts runs them as written).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { runToCompletion } from '../../../helpers/service.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { fastTierCopy, totalOf } from '../../../helpers/examples.js';

const dir = join(import.meta.dirname, '../../../../examples/inap');
const script = JSON.parse(readFileSync(join(dir, 'scp-sim.json'), 'utf8'));
const definitions = readdirSync(dir).filter((f) => f.endsWith('.json') && !['plugins.json', 'scp-sim.json', 'scp-role.json', 'scp-role-mix.json', 'plugins-scp.json', 'gprs-scf-initiated.json', 'gprs-scf-initiated-ssp.json'].includes(f));

describe('examples/inap against the reference SCP', () => {
  let st: Stack;
  before(async () => {
    st = await startStack(script);
  });
  after(async () => {
    await st.close();
  });

  for (const f of definitions) {
    test(f, async () => {
      const def = fastTierCopy(JSON.parse(readFileSync(join(dir, f), 'utf8')));
      def.run_id = `${f}-${Date.now()}`;
      const r = await runToCompletion(st.port, def, { timeoutMs: 60_000 });
      assert.deepEqual(r.first_aborts, [], JSON.stringify(r.first_aborts));
      assert.deepEqual(r.first_fails, [], JSON.stringify(r.first_fails));
      const total = totalOf(def);
      assert.equal(r.counts.passed, total, JSON.stringify(r.counts));
      assert.equal(r.counts.aborted, 0);
      if (total === 1) {
        assert.ok(r.first_call.check_log.length > 0, 'checks were made');
        assert.ok(r.first_call.check_log.every((c: { status: string }) => c.status === 'pass'));
      }
    });
  }

  test('the spec example: decoded fields in $i-style messages and the check log', async () => {
    const def = JSON.parse(readFileSync(join(dir, 'spec-example.json'), 'utf8'));
    def.run_id = `spec-${Date.now()}`;
    const r = await runToCompletion(st.port, def);
    const [sent, received] = r.first_call.messages;
    assert.equal(sent.name, 'InitialDP');
    assert.equal(sent.fields.calledPartyNumber_digits, '1800999001');
    assert.equal(sent.fields.callingPartyNumber_digits, '027654321');
    assert.equal(sent.fields.serviceKey, 341);
    assert.equal(received.name, 'ReleaseCall');
    assert.equal(received.fields.initialCallSegment_cause, 16);
    assert.equal(received.fields.initialCallSegment_hex, '8090');
    assert.deepEqual(r.first_call.check_log.map((c: { text: string }) => c.text), ['ReleaseCall.initialCallSegment_cause: is 16']);
  });

  test('prepaid at trace_level 2: every message recorded with its M3UA hex', async () => {
    const def = JSON.parse(readFileSync(join(dir, 'prepaid.json'), 'utf8'));
    def.run_id = `prepaid-${Date.now()}`;
    const r = await runToCompletion(st.port, def);
    const names = r.first_call.messages.map((m: { direction: string; name: string }) => `${m.direction} ${m.name}`);
    assert.deepEqual(names, ['sent InitialDP', 'received RequestReportBCSMEvent', 'received ApplyCharging', 'received Connect', 'sent EventReportBCSM', 'sent ApplyChargingReport', 'received ReleaseCall']);
    const withHex = r.first_call.messages.filter((m: { hex?: string }) => typeof m.hex === 'string');
    assert.equal(withHex.length, 5, 'one hex dump per TCAP message (the Continue carries three components)');
    assert.match(withHex[0].hex, /^01000101/, 'M3UA version 1, DATA');
    assert.equal(r.first_call.vars.max_period, 600);
  });

  // CAMEL SMS and GPRS control (the tester as the MSC's / SGSN's SSF): the Begin names the operation's own context,
  // the dialogue takes the variant it selects, and scp-sim's sms_prepaid / sms_release / gprs_prepaid rules answer.
  const run = async (f: string) => {
    const def = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    def.run_id = `${f}-${Date.now()}`;
    def.trace_level = 2;
    const r = await runToCompletion(st.port, def);
    const msgs = r.first_call.messages as Array<{ direction: string; name: string; fields: Record<string, unknown> }>;
    return { r, msgs, names: msgs.map((m) => `${m.direction} ${m.name}`) };
  };

  test('sms-prepaid: InitialDPSMS on camel3_sms, RequestReportSMSEvent + ContinueSMS, EventReportSMS closing the dialogue', async () => {
    const { msgs, names } = await run('sms-prepaid.json');
    assert.deepEqual(names, ['sent InitialDPSMS', 'received RequestReportSMSEvent', 'received ContinueSMS', 'sent EventReportSMS']);
    assert.ok(msgs.every((m) => m.fields.variant === 'camel3'), JSON.stringify(msgs.map((m) => m.fields.variant)));
    assert.deepEqual((msgs[1]!.fields.sMSEvents as Array<Record<string, unknown>>).map((e) => e.eventTypeSMS_name), ['o-smsSubmission', 'o-smsFailure']);
  });

  test('sms-barred: ssp_ac camel4_sms makes the SMS dialogue CAP v4; ReleaseSMS with its RP-Cause', async () => {
    const { msgs, names } = await run('sms-barred.json');
    assert.deepEqual(names, ['sent InitialDPSMS', 'received ReleaseSMS']);
    assert.equal(msgs[1]!.fields.variant, 'camel4');
    assert.equal(msgs[1]!.fields.rPCause_hex, '15');
  });

  test('gprs-prepaid: ApplyChargingGPRS quota reported back, the SCP answers the report, ReleaseGPRS', async () => {
    const { r, names } = await run('gprs-prepaid.json');
    assert.deepEqual(names, [
      'sent InitialDPGPRS', 'received RequestReportGPRSEvent', 'received ApplyChargingGPRS', 'received ContinueGPRS', 'sent ApplyChargingReportGPRS',
      'received ApplyChargingReportGPRSResult', 'received ReleaseGPRS',
    ]);
    assert.equal(r.first_call.vars.quota, 1048576);
  });
  test('sms-connect: ResetTimerSMS + FurnishChargingInformationSMS + ConnectSMS in the End, the new destination decoded', async () => {
    const { msgs, names } = await run('sms-connect.json');
    assert.deepEqual(names, ['sent InitialDPSMS', 'received ResetTimerSMS', 'received FurnishChargingInformationSMS', 'received ConnectSMS']);
    assert.equal(msgs[1]!.fields.timervalue, 60);
    assert.equal(msgs[3]!.fields.destinationSubscriberNumber_digits, '4917699999999');
  });

  test('gprs-control: ActivityTestGPRS answered, ConnectGPRS and the charging operations, EntityReleasedGPRS answered, CancelGPRS', async () => {
    const { msgs, names } = await run('gprs-control.json');
    assert.deepEqual(names, [
      'sent InitialDPGPRS', 'received ActivityTestGPRS', 'sent ActivityTestGPRSResult', 'received ConnectGPRS', 'received ResetTimerGPRS',
      'received FurnishChargingInformationGPRS', 'received SendChargingInformationGPRS', 'sent EntityReleasedGPRS', 'received EntityReleasedGPRSResult', 'received CancelGPRS',
    ]);
    assert.equal(msgs[3]!.fields.accessPointName_apn, 'corporate.mnc001.mcc262.gprs');
    assert.equal(msgs[9]!.fields.pDPID_hex, '01');
  });
});
