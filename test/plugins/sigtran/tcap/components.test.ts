// TCAP components on their own (plugins/sigtran/tcap/components.ts): each type written and read back, and the
// Reject a bad component calls for.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BerWriter, fromHex, readTlv, toHex, BerError } from '../../../../plugins/sigtran/ber/index.js';
import { GeneralProblem, decodeComponents, rejectText, writeComponent, type ComponentFault, type OutComponent } from '../../../../plugins/sigtran/tcap/components.js';
import type { Component } from '../../../../plugins/sigtran/api.js';

/** The components of a component portion ([APPLICATION 12]) holding `hex`. */
function read(hex: string): { out: Component[]; fault: ComponentFault; error?: BerError } {
  const content = fromHex(hex);
  const buf = Uint8Array.of(0x6c, content.length, ...content);
  const out: Component[] = [];
  const fault: ComponentFault = { invokeId: null, code: -1 };
  try {
    decodeComponents(buf, readTlv(buf, 0), out, fault);
    return { out, fault };
  } catch (e) {
    return { out, fault, error: e as BerError };
  }
}

function write(...components: OutComponent[]): string {
  const w = new BerWriter();
  for (const c of components) writeComponent(w, c);
  return toHex(w.toBytes());
}

describe('TCAP components', () => {
  test('each type written and read back', () => {
    const hex = write(
      { t: 'invoke', s: { invokeId: 1, linkedId: 0, opcode: 23, argument: fromHex('3000') } },
      { t: 'result', s: { invokeId: 2, opcode: 5, result: fromHex('0401ff') } },
      { t: 'result', s: { invokeId: 3, last: false } },
      { t: 'error', s: { invokeId: 4, errorCode: '0.4.0.1', parameter: fromHex('0a0101') } },
      { t: 'reject', s: { invokeId: null, problem: 'invoke', code: 1 } },
    );
    const { out, error } = read(hex);
    assert.equal(error, undefined);
    assert.deepEqual(
      out.map((c) => ({ ...c, ...('argument' in c && c.argument ? { argument: toHex(c.argument) } : {}), ...('result' in c && c.result ? { result: toHex(c.result) } : {}), ...('parameter' in c && c.parameter ? { parameter: toHex(c.parameter) } : {}) })),
      [
        { type: 'invoke', invokeId: 1, linkedId: 0, opcode: 23, argument: '3000' },
        { type: 'returnResult', last: true, invokeId: 2, opcode: 5, result: '0401ff' },
        { type: 'returnResult', last: false, invokeId: 3 },
        { type: 'returnError', invokeId: 4, errorCode: '0.4.0.1', parameter: '0a0101' },
        { type: 'reject', invokeId: null, problem: 'invoke', code: 1, text: 'invoke: unrecognizedOperation (1)' },
      ],
    );
  });

  test('a ReturnResult with a result needs its opcode', () => {
    assert.throws(() => write({ t: 'result', s: { invokeId: 1, result: fromHex('0400') } }), /needs its opcode/);
  });

  test('the Reject a bad component calls for: unrecognized type, mistyped element, broken framing', () => {
    assert.deepEqual(read('a5020500').fault, { invokeId: null, code: GeneralProblem.unrecognizedComponent });
    assert.deepEqual(read('a103020107').fault, { invokeId: 7, code: GeneralProblem.mistypedComponent }, 'an Invoke without an opcode');
    assert.deepEqual(read('a2060201080401').fault, { invokeId: null, code: GeneralProblem.badlyStructuredComponent }, 'an element overrunning: no invoke id until the elements are framed');
    assert.deepEqual(read('0400').fault, { invokeId: null, code: GeneralProblem.unrecognizedComponent }, 'not a context-tagged constructed value');
    const good = read('a10602010102010c a5020500');
    assert.deepEqual([good.out.length, good.fault], [1, { invokeId: null, code: GeneralProblem.unrecognizedComponent }], 'the components before the fault are read');
    assert.ok(good.error instanceof BerError);
  });

  test('reject problem texts', () => {
    assert.equal(rejectText('general', 2), 'general: badlyStructuredComponent (2)');
    assert.equal(rejectText('returnError', 9), 'returnError: unknown (9)');
  });
});
