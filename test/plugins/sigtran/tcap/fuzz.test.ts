// Seeded fuzz of the TCAP decoder (test/helpers/fuzz.ts): Begin/Continue/End/Abort with dialogue portions and every
// component type, their BER trees mutated and re-encoded, random bytes. Only TcapError may come out, and a fault in
// the component portion says which Reject answers it (Q.773 GeneralProblem, invoke id when derivable).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { assertFuzz, suiteSeed } from '../../../helpers/fuzz.js';
import { tcapTarget } from '../../../helpers/fuzz-targets.js';
import { fromHex } from '../../../../plugins/sigtran/ber/index.js';
import { GeneralProblem, TcapError, decodeTcap } from '../../../../plugins/sigtran/tcap/codec.js';

function tcapError(hex: string): TcapError {
  try {
    decodeTcap(fromHex(hex));
  } catch (e) {
    if (e instanceof TcapError) return e;
    throw e;
  }
  assert.fail(`${hex} decoded`);
}

describe('TCAP decoder under fuzzed input', () => {
  test('3,000 seeded cases: a message or a TcapError, never anything else', () => {
    assert.equal(assertFuzz(tcapTarget, { seed: suiteSeed(0x7ca9), cases: 3000 }).cases, 3000);
  });

  test('a fault in the transaction portion has a P-Abort cause and no Reject', () => {
    const e = tcapError('6208 480401020304 0400');
    assert.equal(e.pAbortCause, 2);
    assert.equal(e.reject, undefined);
  });

  test('an unknown component type: Reject general unrecognizedComponent, invoke id not derivable', () => {
    const e = tcapError('620c 480401020304 6c04 a5020500');
    assert.equal(e.pAbortCause, undefined);
    assert.deepEqual(e.reject, { invokeId: null, problem: 'general', code: GeneralProblem.unrecognizedComponent });
  });

  test('an Invoke without an operation code: Reject general mistypedComponent with its invoke id', () => {
    const e = tcapError('620d 480401020304 6c05 a103020105');
    assert.deepEqual(e.reject, { invokeId: 5, problem: 'general', code: GeneralProblem.mistypedComponent });
  });

  test('an element overrunning its component: Reject general badlyStructuredComponent', () => {
    const e = tcapError('620d 480401020304 6c05 a103020201');
    assert.deepEqual(e.reject, { invokeId: null, problem: 'general', code: GeneralProblem.badlyStructuredComponent });
  });

  test('a bad component after a good AARQ: the dialogue portion comes with the error (the End answers with an AARE)', () => {
    const e = tcapError('622d 480400000001 6b1e281c060700118605010101a011600f80020780a109060704000001003201 6c05 a103020107');
    assert.equal(e.dialogue?.type, 'aarq');
    assert.equal(e.dialogue?.type === 'aarq' && e.dialogue.ac.oid, '0.4.0.0.1.0.50.1');
    assert.deepEqual(e.reject, { invokeId: 7, problem: 'general', code: GeneralProblem.mistypedComponent });
  });
});
