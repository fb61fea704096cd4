import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addFlags, flagsToEvents, hasFlags, matchEvents } from '../../../../plugins/inap/behaviour/rrbcsm.js';
import { argType } from '../../../../plugins/inap/codec/args.js';
import { decodeArg, encodeArg } from '../../../../plugins/sigtran/codec/index.js';

function received(args: Record<string, unknown>) {
  const at = argType('RequestReportBCSMEvent', 'camel3')!;
  const fields = decodeArg(at, encodeArg(at, { bcsmEvents: flagsToEvents(args as never) })).fields as Record<string, unknown>;
  addFlags(fields as never);
  return fields as never;
}

function run(expected: Record<string, unknown>, got: never) {
  const log: Array<['pass' | 'fail', string]> = [];
  const ok = matchEvents({ pass: (t) => log.push(['pass', t]), fail: (t) => log.push(['fail', t]) }, expected as never, got);
  return { ok, fails: log.filter(([s]) => s === 'fail').map(([, t]) => t) };
}

describe('RequestReportBCSMEvent flags', () => {
  test('flags build events with legs, monitor modes and timers', () => {
    const ev = flagsToEvents({ oNoAnswer: 1, oNoAnswer_timer: 30, oAnswer: 1, oDisconnectLeg1: 1 });
    assert.deepEqual(ev, [
      { eventTypeBCSM: 6, monitorMode: 0, legID: { sendingSideID: '02' }, dpSpecificCriteria: { applicationTimer: 30 } },
      { eventTypeBCSM: 7, monitorMode: 1, legID: { sendingSideID: '02' } },
      { eventTypeBCSM: 9, monitorMode: 0, legID: { sendingSideID: '01' } },
    ]);
    assert.equal(hasFlags({ oAbandon: 1 }), true);
    assert.equal(hasFlags({ bcsmEvents: [] }), false);
  });
  test('decoded events get the flag view', () => {
    const f = received({ oDisconnectLeg2: 1, oCalledPartyBusy: 'notifyAndContinue' }) as Record<string, unknown>;
    assert.equal(f.oDisconnectLeg2, 1);
    assert.equal(f.oDisconnectLeg2_mode, 0);
    assert.equal(f.oCalledPartyBusy_mode, 1);
  });
});

describe('RequestReportBCSMEvent matching (order-independent, flags unexpected events)', () => {
  const got = received({ oCalledPartyBusy: 1, oNoAnswer: 1, oNoAnswer_timer: 30, oDisconnectLeg1: 1, oDisconnectLeg2: 1 });
  const valid: Array<[string, Record<string, unknown>]> = [
    ['all flags in another order', { oDisconnectLeg2: 1, oDisconnectLeg1: 1, oNoAnswer: 1, oCalledPartyBusy: 1 }],
    ['flags with timer and mode', { oDisconnectLeg2: 1, oDisconnectLeg1: 1, oNoAnswer: 1, oNoAnswer_timer: 30, oCalledPartyBusy: 'interrupted' }],
    ['event list in another order', { bcsmEvents: [{ eventTypeBCSM: 9, legID: { sendingSideID: '02' } }, { eventTypeBCSM: 'oNoAnswer' }, { eventTypeBCSM: 9, legID: { sendingSideID: '01' } }, { eventTypeBCSM: 5 }] }],
    ['a flag that must not be armed', { oDisconnectLeg2: 1, oDisconnectLeg1: 1, oNoAnswer: 1, oCalledPartyBusy: 1, oAnswer: null }],
  ];
  for (const [name, exp] of valid) test(`valid: ${name}`, () => assert.deepEqual(run(exp, got), { ok: true, fails: [] }));
  const invalid: Array<[string, Record<string, unknown>, RegExp]> = [
    ['an expected event is missing', { oDisconnectLeg2: 1, oDisconnectLeg1: 1, oNoAnswer: 1, oCalledPartyBusy: 1, oAnswer: 1 }, /oAnswer: expected 1, got absent/],
    ['an unexpected event is armed', { oDisconnectLeg1: 1, oNoAnswer: 1, oCalledPartyBusy: 1 }, /unexpected event armed: oDisconnectLeg2/],
    ['wrong timer', { oDisconnectLeg2: 1, oDisconnectLeg1: 1, oNoAnswer: 1, oNoAnswer_timer: 20, oCalledPartyBusy: 1 }, /oNoAnswer_timer: expected 20, got 30/],
    ['wrong monitor mode', { oDisconnectLeg2: 'notifyAndContinue', oDisconnectLeg1: 1, oNoAnswer: 1, oCalledPartyBusy: 1 }, /oDisconnectLeg2: expected armed as notifyAndContinue/],
    ['event list with an unexpected one', { bcsmEvents: [{ eventTypeBCSM: 9, legID: { sendingSideID: '02' } }, { eventTypeBCSM: 6 }, { eventTypeBCSM: 5 }] }, /unexpected event armed: oDisconnect leg 1/],
    ['event list with a missing one', { bcsmEvents: [{ eventTypeBCSM: 7 }, { eventTypeBCSM: 9, legID: { sendingSideID: '02' } }, { eventTypeBCSM: 6 }, { eventTypeBCSM: 5 }, { eventTypeBCSM: 9, legID: { sendingSideID: '01' } }] }, /expected event \{"eventTypeBCSM":7\} is not armed/],
  ];
  for (const [name, exp, re] of invalid) {
    test(`invalid: ${name}`, () => {
      const r = run(exp, got);
      assert.equal(r.ok, false);
      assert.ok(r.fails.some((t) => re.test(t)), r.fails.join(' | '));
    });
  }
});
