import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { decodeTcap, encodeTcap, TcapError, type OutTcap } from '../../../../plugins/sigtran/tcap/codec.js';
import { BerWriter, toHex, fromHex } from '../../../../plugins/sigtran/ber/index.js';
import { resolveAc } from '../../../../plugins/sigtran/api.js';
import { CAP_BEGIN, IDP_ARG } from '../vectors.js';
import '../../../../plugins/inap/contexts.js'; // the CAP contexts' names (camel2, ...) are the inap plugin's

const camel2 = resolveAc('camel2')!;
const w = new BerWriter(64);
const enc = (m: OutTcap) => encodeTcap(w, m).slice();

describe('TCAP codec', () => {
  test('the CAP v2 Begin vector, byte for byte both ways', () => {
    const b = enc({ kind: 'begin', otid: 1, dialogue: { type: 'aarq', ac: camel2 }, components: [{ t: 'invoke', s: { invokeId: 1, opcode: 0, argument: IDP_ARG } }] });
    assert.equal(toHex(b), toHex(CAP_BEGIN));
    const d = decodeTcap(CAP_BEGIN);
    assert.equal(d.kind, 'begin');
    assert.equal(toHex(d.otid!), '00000001');
    assert.equal(d.dtid, undefined);
    assert.ok(d.dialogue?.type === 'aarq');
    assert.equal(d.dialogue.ac.name, 'camel2');
    assert.equal(d.components.length, 1);
    const c = d.components[0]!;
    assert.ok(c.type === 'invoke');
    assert.equal(c.invokeId, 1);
    assert.equal(c.opcode, 0);
    assert.equal(toHex(c.argument!), toHex(IDP_ARG));
  });

  test('protocols.md §1.2 dialogue portion prefix of the Begin', () => {
    assert.equal(toHex(CAP_BEGIN.subarray(8, 40)), '6b1e281c060700118605010101a011600f80020780a109060704000001003201');
  });

  test('Continue with AARE and every component type', () => {
    const b = enc({
      kind: 'continue',
      otid: 0xa1b2c3d4,
      dtid: fromHex('01'),
      dialogue: { type: 'aare', ac: camel2, result: 0, diagSource: 'user', diag: 0 },
      components: [
        { t: 'invoke', s: { invokeId: -5, linkedId: 1, opcode: '1.2.3.4', argument: (x) => x.octets(fromHex('aa')) } },
        { t: 'result', s: { invokeId: 1 } },
        { t: 'result', s: { invokeId: 2, opcode: 22, result: fromHex('0500'), last: false } },
        { t: 'result', s: { invokeId: 3, opcode: 22, result: fromHex('0101ff') } },
        { t: 'error', s: { invokeId: 4, errorCode: 7, parameter: fromHex('0a0102') } },
        { t: 'error', s: { invokeId: 5, errorCode: '0.4.5' } },
        { t: 'reject', s: { invokeId: null, problem: 'general', code: 2 } },
        { t: 'reject', s: { invokeId: 9, problem: 'returnError', code: 4 } },
      ],
    });
    // accepted AARE ends with A2 03 02 01 00 A3 05 A1 03 02 01 00 (protocols.md §1.2)
    assert.ok(toHex(b).includes('a203020100a305a103020100'));
    const d = decodeTcap(b);
    assert.equal(d.kind, 'continue');
    assert.equal(toHex(d.otid!), 'a1b2c3d4');
    assert.equal(toHex(d.dtid!), '01');
    assert.deepEqual(d.dialogue && { ...d.dialogue, ac: d.dialogue.type !== 'abrt' ? d.dialogue.ac.oid : null }, {
      type: 'aare',
      ac: '0.4.0.0.1.0.50.1',
      result: 'accepted',
      diagnostic: { source: 'user', code: 0 },
    });
    const c = d.components;
    assert.equal(c.length, 8);
    assert.deepEqual({ ...c[0], argument: toHex((c[0] as { argument: Uint8Array }).argument) }, { type: 'invoke', invokeId: -5, linkedId: 1, opcode: '1.2.3.4', argument: '0401aa' });
    assert.deepEqual(c[1], { type: 'returnResult', last: true, invokeId: 1 });
    assert.deepEqual({ ...c[2], result: toHex((c[2] as { result: Uint8Array }).result) }, { type: 'returnResult', last: false, invokeId: 2, opcode: 22, result: '0500' });
    assert.equal((c[3] as { last: boolean }).last, true);
    assert.deepEqual({ ...c[4], parameter: toHex((c[4] as { parameter: Uint8Array }).parameter) }, { type: 'returnError', invokeId: 4, errorCode: 7, parameter: '0a0102' });
    assert.deepEqual(c[5], { type: 'returnError', invokeId: 5, errorCode: '0.4.5' });
    assert.deepEqual(c[6], { type: 'reject', invokeId: null, problem: 'general', code: 2, text: 'general: badlyStructuredComponent (2)' });
    assert.deepEqual(c[7], { type: 'reject', invokeId: 9, problem: 'returnError', code: 4, text: 'returnError: mistypedParameter (4)' });
  });

  test('End, P-Abort, U-Abort with ABRT, Abort with AARE reject, Begin without dialogue portion', () => {
    const end = decodeTcap(enc({ kind: 'end', dtid: fromHex('00000009'), components: [{ t: 'result', s: { invokeId: 1 } }] }));
    assert.equal(end.kind, 'end');
    assert.equal(end.components.length, 1);
    const pa = enc({ kind: 'abort', dtid: fromHex('01020304'), pAbortCause: 1 });
    assert.equal(toHex(pa), '670949040102030' + '44a0101');
    assert.equal(decodeTcap(pa).pAbortCause, 1);
    const ua = decodeTcap(enc({ kind: 'abort', dtid: fromHex('0102'), dialogue: { type: 'abrt', source: 0, userInformation: fromHex('2800') } }));
    assert.ok(ua.dialogue?.type === 'abrt');
    assert.equal(ua.dialogue.source, 'user');
    assert.equal(toHex(ua.dialogue.userInformation!), '2800');
    const rj = decodeTcap(enc({ kind: 'abort', dtid: fromHex('0102'), dialogue: { type: 'aare', ac: camel2, result: 1, diagSource: 'user', diag: 2 } }));
    assert.ok(rj.dialogue?.type === 'aare');
    assert.equal(rj.dialogue.result, 'reject-permanent');
    assert.deepEqual(rj.dialogue.diagnostic, { source: 'user', code: 2 });
    const plain = decodeTcap(enc({ kind: 'begin', otid: 7, components: [{ t: 'invoke', s: { invokeId: 1, opcode: 0 } }] }));
    assert.equal(plain.dialogue, undefined);
    assert.equal(plain.components.length, 1);
    const aarqUi = decodeTcap(enc({ kind: 'begin', otid: 7, dialogue: { type: 'aarq', ac: camel2, userInformation: fromHex('28020500') } }));
    assert.ok(aarqUi.dialogue?.type === 'aarq');
    assert.equal(toHex(aarqUi.dialogue.userInformation!), '28020500');
  });

  test('indefinite lengths and 1-octet transaction ids from other stacks are accepted', () => {
    // Begin (indefinite) { otid 1 octet, components (indefinite) { Invoke { id 1, op 0 } } }
    const b = fromHex('6280 4801aa 6c80 a106020101020100 0000 0000');
    const d = decodeTcap(b);
    assert.equal(d.kind, 'begin');
    assert.equal(toHex(d.otid!), 'aa');
    assert.equal(d.components.length, 1);
  });
});

describe('TCAP decoding of bad messages', () => {
  const bad = (hex: string, cause: number | undefined, re: RegExp) =>
    assert.throws(
      () => decodeTcap(fromHex(hex)),
      (e: unknown) => e instanceof TcapError && e.pAbortCause === cause && re.test(e.message),
    );
  test('unknown message type → unrecognizedMessageType', () => bad('6300', 0, /unrecognized message type \(first octet 0x63\)/));
  test('truncated → badlyFormattedTransactionPortion', () => bad('620a48040102', 2, /undecodable/));
  test('5-octet transaction id → incorrectTransactionPortion', () => bad('6207 48050102030405', 3, /1 to 4 allowed/));
  test('Begin without otid', () => bad('6202 6c00', 3, /without an originating transaction id/));
  test('Continue without dtid', () => bad('6506 480401020304', 3, /without a destination transaction id/));
  test('unknown element in the transaction portion', () => bad('6208 480401020304 0400', 2, /unexpected element/));
  test('bad dialogue portion (wrong abstract syntax)', () => bad('620f 480401020304 6b07 2805 0603 2a0304', 2, /abstract syntax 1.2.3.4/));
  test('unknown component type → component error, tids kept', () => {
    assert.throws(() => decodeTcap(fromHex('620c 480401020304 6c04 a5020500')), (e: unknown) => {
      assert.ok(e instanceof TcapError);
      assert.equal(e.pAbortCause, undefined);
      assert.equal(toHex(e.otid!), '01020304');
      assert.match(e.message, /unknown component type \[CONTEXT 5\]/);
      return true;
    });
  });
  test('Invoke without an opcode', () => bad('620d 480401020304 6c05 a103020101', undefined, /Invoke without an operation code/));
  test('fuzzed copies of a real Begin never throw anything but TcapError', () => {
    let seed = 7;
    const rnd = (n: number) => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    for (let i = 0; i < 3000; i++) {
      const b = CAP_BEGIN.slice(0, 1 + rnd(CAP_BEGIN.length));
      for (let k = rnd(3); k >= 0; k--) b[rnd(b.length)] = rnd(256);
      try {
        decodeTcap(b);
      } catch (e) {
        assert.ok(e instanceof TcapError, String(e));
      }
    }
  });
});
