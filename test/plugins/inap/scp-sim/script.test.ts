import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ScriptError } from '../../../../sdk/index.js';
import { parseScript, DEFAULT_SCRIPT } from '../../../../plugins/inap/scp-sim/script.js';

describe('scp-sim scripts', () => {
  test('shorthand actions expand into flows', () => {
    const s = parseScript({ variant: 'camel2', rules: [{ match: { serviceKey: 200 }, action: 'prepaid', max_call_period: 300, digits: '49' }, { action: 'release', cause: 17 }] });
    assert.equal(s.variant, 'camel2');
    const [prepaid, release] = s.rules;
    assert.deepEqual(prepaid!.flows.outcomes[0]!.map((st) => Object.keys(st)[0]), ['send', 'expect', 'send']);
    assert.deepEqual((prepaid!.flows.outcomes[0]![0] as { send: Array<{ op: string }> }).send.map((c) => c.op), ['RequestReportBCSMEvent', 'ApplyCharging', 'Connect']);
    assert.deepEqual(release!.flows.outcomes[0]!, [{ send: [{ op: 'ReleaseCall', args: { initialCallSegment_cause: 17 } }], close: true }]);
    assert.equal(release!.op, 'InitialDP');
  });
  test('explicit flows are checked', () => {
    const s = parseScript({ rules: [{ flow: [{ send: [{ op: 'Continue' }] }, { expect: 'EventReportBCSM' }, { end: true }] }] });
    assert.equal(s.rules[0]!.flows.outcomes[0]!.length, 3);
  });
  test('errors by CAP name or code: the refuse action, error steps and expect steps answering with an error', () => {
    const s = parseScript({ rules: [
      { op: 'InitialDPSMS', action: 'refuse', error: 'missingCustomerRecord' },
      { op: 'InitialDPGPRS', flow: [{ error: 'systemFailure', parameter: { unavailableNetworkResource: 'componentFailure' } }, { expect: 'EventReportGPRS', error: 'UNKNOWNPDPID' }, { expect: 'returnError' }] },
    ] });
    assert.deepEqual(s.rules[0]!.flows.outcomes[0]!, [{ error: 6 }]);
    assert.deepEqual(s.rules[1]!.flows.outcomes[0]!, [{ error: 11, parameter: { unavailableNetworkResource: 'componentFailure' } }, { expect: 'EventReportGPRS', error: 50 }, { expect: 'returnError' }]);
  });
  test('the default script releases everything with cause 16, answers ARI and plays prepaid SMS and GPRS', () => {
    assert.deepEqual(DEFAULT_SCRIPT.rules.map((r) => r.op), ['InitialDP', 'AssistRequestInstructions', 'InitialDPSMS', 'InitialDPGPRS']);
  });
  test('SMS and GPRS actions: prepaid SMS, SMS release with its RP-Cause, prepaid GPRS session', () => {
    const s = parseScript({ rules: [{ op: 'InitialDPSMS', action: 'sms_prepaid' }, { op: 'InitialDPSMS', action: 'sms_release', cause: 10 }, { op: 'InitialDPGPRS', action: 'gprs_prepaid', volume: 500, gprs_cause: 36 }] });
    const [prepaid, release, gprs] = s.rules;
    assert.deepEqual(prepaid!.flows.outcomes[0]!.map((st) => Object.keys(st)[0]), ['send', 'expect', 'end']);
    assert.deepEqual((prepaid!.flows.outcomes[0]![0] as { send: Array<{ op: string }> }).send.map((c) => c.op), ['RequestReportSMSEvent', 'ContinueSMS']);
    assert.deepEqual(prepaid!.flows.outcomes[0]![1], { expect: 'EventReportSMS' });
    assert.deepEqual(release!.flows.outcomes[0]!, [{ send: [{ op: 'ReleaseSMS', args: { rPCause_hex: '0a' } }], close: true }]);
    assert.deepEqual((gprs!.flows.outcomes[0]![0] as { send: Array<{ op: string; args?: object }> }).send.map((c) => c.op), ['RequestReportGPRSEvent', 'ApplyChargingGPRS', 'ContinueGPRS']);
    assert.deepEqual((gprs!.flows.outcomes[0]![0] as { send: Array<{ args?: object }> }).send[1]!.args, { 'chargingCharacteristics.maxTransferredVolume': 500 });
    assert.deepEqual(gprs!.flows.outcomes[0]![1], { expect: 'ApplyChargingReportGPRS', skip: ['EventReportGPRS'] });
    assert.deepEqual(gprs!.flows.outcomes[0]![2], { send: [{ op: 'ReleaseGPRS', args: { gprsCause_hex: '24' } }], close: true });
  });
  const bad: Array<[unknown, RegExp]> = [
    [null, /JSON object/],
    [{ rules: [] }, /non-empty array/],
    [{ variant: 'camel9', rules: [{ action: 'release' }] }, /variant: unknown/],
    [{ rules: [{ action: 'dance' }] }, /rules\[0\]: unknown action "dance"/],
    [{ rules: [{ op: 'Connect', action: 'release' }] }, /rules\[0\].op: one of InitialDP, AssistRequestInstructions, InitialDPSMS, InitialDPGPRS/],
    [{ rules: [{ op: 'InitialDPSMS', action: 'sms_release', cause: 256 }] }, /cause 256: must be 0\.\.255/],
    [{ rules: [{ flow: [{ send: [{ op: 'Fly' }] }] }] }, /rules\[0\]\.flow\[0\]\.send: unknown operation "Fly"/],
    [{ rules: [{ flow: [{ jump: 1 }] }] }, /expected send, expect, error, end, abort or wait_ms/],
    [{ rules: [{ action: 'refuse', error: 'noSuchError' }] }, /rules\[0\]\.error: an error code or a CAP error name/],
    [{ rules: [{ flow: [{ expect: 'EventReportGPRS', error: 'nope' }] }] }, /rules\[0\]\.flow\[0\]\.error: an error code or a CAP error name/],
    // a pattern that does not compile is refused when the script loads, not met at the first call (it threw there)
    [{ rules: [{ match: { calledPartyNumber_digits: '~0211(' }, action: 'release' }] }, /rules\[0\]\.match\.calledPartyNumber_digits: not a regular expression/],
    [{ rules: [{ match: 'serviceKey', action: 'release' }] }, /rules\[0\]\.match: expected an object/],
    [{ rules: [{ match: [1], action: 'release' }] }, /rules\[0\]\.match: expected an object/],
  ];
  for (const [script, re] of bad) {
    test(`refused: ${JSON.stringify(script)}`, () => {
      assert.throws(() => parseScript(script), (e: unknown) => e instanceof ScriptError && re.test(e.message));
    });
  }
});

describe('scp-sim script: responder mix', () => {
  test('a mix of actions and flows with weights, names and an answer delay', () => {
    const s = parseScript({ rules: [{ name: 'call', mix: [{ weight: 9, action: 'release', cause: 16 }, { weight: 1, name: 'err', flow: [{ error: 7 }] }], delay_ms: { exponential: { mean: 20 }, max: 200 } }] });
    const r = s.rules[0]!;
    assert.deepEqual(r.flows.names, ['release', 'err']);
    assert.deepEqual([...r.flows.cumulative], [9, 10]);
    assert.deepEqual(r.flows.outcomes[1], [{ error: 7 }]);
    assert.deepEqual(r.delay, { exponential: { mean: 20 }, max: 200 });
  });

  test('mix mistakes named by path', () => {
    const bad = (rule: Record<string, unknown>) => () => parseScript({ rules: [rule] });
    assert.throws(bad({ mix: [{ weight: 1, action: 'release' }], action: 'connect' }), /rules\[0\]: give either mix or action\/flow, not both/);
    assert.throws(bad({ mix: [{ weight: 1, action: 'ring' }] }), /rules\[0\]\.mix\[0\]: unknown action "ring"/);
    assert.throws(bad({ mix: [{ weight: 1, flow: [{ send: [{ op: 'Nope' }] }] }] }), /rules\[0\]\.mix\[0\]\.flow\[0\]\.send: unknown operation "Nope"/);
    assert.throws(bad({ mix: [{ weight: -2, action: 'abort' }] }), /rules\[0\]\.mix\[0\]\.weight: a positive number/);
    assert.throws(bad({ mix: [{ weight: 1, action: 'release' }, { weight: 1, action: 'release', cause: 17 }] }), /two outcomes share a name/);
    assert.throws(bad({ action: 'release', delay_ms: { uniform: { min: 3 } } }), /rules\[0\]\.delay_ms/);
  });
});
