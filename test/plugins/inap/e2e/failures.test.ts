// What the tester reports when the SCP misbehaves: a wrong answer (abort with a readable reason in first_aborts),
// a wrong value (fail), no answer (timeout), an abort; and the ResetTimer / ActivityTest rules.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runToCompletion } from '../../../helpers/service.js';
import { startStack, type Stack } from '../helpers/stack.js';
import { SPEC_IDP } from '../fixtures/samples.js';

let n = 0;
const run = (st: Stack, ops: unknown[], extra: Record<string, unknown> = {}) =>
  runToCompletion(st.port, { run_id: `fail-${++n}`, trace_level: 1, operations: ops, ...extra }, { timeoutMs: 20_000 });
const IDP = (serviceKey: number) => ({ type: 'inap.ssp_to_scp.InitialDP', arguments: { ...SPEC_IDP, serviceKey } });

describe('an SCP that answers the wrong thing, or not at all', () => {
  const stacks: Stack[] = [];
  after(async () => {
    for (const s of stacks) await s.close();
  });
  const script = {
    rules: [
      { match: { serviceKey: 1 }, action: 'connect', digits: '4912' },
      { match: { serviceKey: 2 }, action: 'silence' },
      { match: { serviceKey: 3 }, action: 'abort' },
      { match: { serviceKey: 4 }, flow: [{ send: [{ op: 'ResetTimer', args: { timervalue: 30 } }] }, { send: [{ op: 'ReleaseCall', args: { initialCallSegment_cause: 16 } }], close: true }] },
      { match: { serviceKey: 5 }, flow: [{ send: [{ op: 'ActivityTest' }] }, { expect: 'ActivityTestResult' }, { send: [{ op: 'ReleaseCall', args: { initialCallSegment_cause: 16 } }], close: true }] },
      { action: 'release', cause: 16 },
    ],
  };

  test('wrong operation: the instance aborts naming what was expected and what came', async () => {
    const st = await startStack(script);
    stacks.push(st);
    const r = await run(st, [IDP(1), { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16 } }]);
    assert.equal(r.counts.aborted, 1);
    assert.equal(r.first_aborts.length, 1);
    assert.match(JSON.stringify(r.first_aborts[0]), /ReleaseCall: expected ReleaseCall from the SCP, received Connect \(Invoke id 1\)/);
    const got = r.first_call.messages.find((m: { name: string }) => m.name === 'Connect');
    assert.equal(got.fields.unexpected, 1, 'the unexpected message is in the trace, decoded');
    assert.equal(got.fields.destinationRoutingAddress_digits, '4912');
  });

  test('wrong value: a failed check, the instance goes on and counts as failed', async () => {
    const st = stacks[0]!;
    const r = await run(st, [IDP(9), { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 17, '!initialCallSegment_location': 4 } }]);
    assert.equal(r.counts.failed, 1);
    assert.equal(r.counts.aborted, 0);
    const texts = r.first_call.check_log.map((c: { status: string; text: string }) => `${c.status} ${c.text}`);
    assert.ok(texts.includes('fail ReleaseCall.initialCallSegment_cause: expected 17, got 16'), texts.join(' | '));
    assert.ok(texts.includes('pass ReleaseCall.initialCallSegment_location: is not 4'), texts.join(' | '));
  });

  test('no answer: the instance aborts after scp.tcap_timeout', async () => {
    const st = stacks[0]!;
    const r = await run(st, [IDP(2), { type: 'inap.ssp_from_scp.ReleaseCall' }], { scp: { tcap_timeout: 1 } });
    assert.equal(r.counts.aborted, 1);
    assert.match(JSON.stringify(r.first_aborts[0]), /ReleaseCall: timeout: nothing received from the SCP within 1 s/);
  });

  test('the SCP aborts the dialogue', async () => {
    const st = stacks[0]!;
    const r = await run(st, [IDP(3), { type: 'inap.ssp_from_scp.ReleaseCall' }]);
    assert.equal(r.counts.aborted, 1);
    assert.match(JSON.stringify(r.first_aborts[0]), /ReleaseCall: expected from the SCP, received TCAP u-abort/);
  });

  test('expecting the abort: tcap.ssp_from_scp.Abort passes', async () => {
    const st = stacks[0]!;
    const r = await run(st, [IDP(3), { type: 'tcap.ssp_from_scp.Abort', arguments: { kind: 'u-abort', u_source: 0 } }]);
    assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts));
  });

  test('ResetTimer is skipped by default and ActivityTest answered', async () => {
    const st = stacks[0]!;
    const r1 = await run(st, [IDP(4), { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16 } }]);
    assert.equal(r1.counts.passed, 1, JSON.stringify(r1.first_aborts));
    const r2 = await run(st, [IDP(5), { type: 'inap.ssp_from_scp.ReleaseCall', arguments: { initialCallSegment_cause: 16 } }]);
    assert.equal(r2.counts.passed, 1, JSON.stringify(r2.first_aborts));
    assert.equal(st.sim!.stats.failed, 0, st.sim!.stats.lastError);
  });

  test('ResetTimer can be expected explicitly', async () => {
    const st = stacks[0]!;
    const r = await run(st, [IDP(4), { type: 'inap.ssp_from_scp.ResetTimer', arguments: { timervalue: 30 } }, { type: 'inap.ssp_from_scp.ReleaseCall' }]);
    assert.equal(r.counts.passed, 1, JSON.stringify(r.first_aborts));
  });

  test('with reset_timer "abort" an unexpected ResetTimer aborts the instance', async () => {
    const st = await startStack(script, { inap: { reset_timer: 'abort', activity_test: 'abort' } });
    stacks.push(st);
    const r = await run(st, [IDP(4), { type: 'inap.ssp_from_scp.ReleaseCall' }]);
    assert.equal(r.counts.aborted, 1);
    assert.match(JSON.stringify(r.first_aborts[0]), /received ResetTimer \(Invoke id 1\)/);
  });

  test('the run can override the rule: inap.ignore_reset_timer 0 / inap.reset_timer "ignore"', async () => {
    const r1 = await run(stacks[0]!, [IDP(4), { type: 'inap.ssp_from_scp.ReleaseCall' }], { inap: { ignore_reset_timer: 0 } });
    assert.equal(r1.counts.aborted, 1);
    const r2 = await run(stacks[1]!, [IDP(4), { type: 'inap.ssp_from_scp.ReleaseCall' }], { inap: { reset_timer: 'ignore' } });
    assert.equal(r2.counts.passed, 1, JSON.stringify(r2.first_aborts));
  });

  test('sending on a closed dialogue aborts with the reason', async () => {
    const st = stacks[0]!;
    const r = await run(st, [IDP(9), { type: 'inap.ssp_from_scp.ReleaseCall' }, { type: 'inap.ssp_to_scp.EventReportBCSM', arguments: { eventTypeBCSM: 9 } }]);
    assert.equal(r.counts.aborted, 1);
    assert.match(JSON.stringify(r.first_aborts[0]), /EventReportBCSM: cannot send: the dialogue has ended \(the peer sent TCAP End\)/);
  });

  test('an argument the variant does not define: 2002 when the variant is known at ExecuteTest, else the instance aborts with its name', async () => {
    const st = stacks[0]!;
    await assert.rejects(run(st, [{ type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 1, variant: 'cs1', iMSI_digits: '1234' } }]), /2002 operations\[0\]\.arguments\.iMSI_digits: not defined for InitialDP in variant cs1/);
    // the variant given by an expression is known per instance only
    const r = await run(st, [{ type: 'inap.ssp_to_scp.InitialDP', arguments: { serviceKey: 1, variant: "{'cs1'}", iMSI_digits: '262011234567890' } }]);
    assert.equal(r.counts.aborted, 1);
    assert.match(JSON.stringify(r.first_aborts[0]), /argument iMSI_digits is not defined for InitialDP in variant cs1/);
  });

  test('tcap.ssp_to_scp.Abort sends a U-Abort and ends the dialogue', async () => {
    const st = stacks[0]!;
    const r = await run(st, [IDP(2), { type: 'tcap.ssp_to_scp.Abort', arguments: { u_info_0_octets: '0102' } }, { type: 'inap.ssp_from_scp.ReleaseCall' }]);
    assert.equal(r.counts.aborted, 1);
    assert.match(JSON.stringify(r.first_aborts[0]), /the dialogue has ended \(we sent TCAP Abort\)/);
    const sent = r.first_call.messages.find((m: { protocol: string }) => m.protocol === 'tcap');
    assert.equal(sent.name, 'Abort');
  });
});
