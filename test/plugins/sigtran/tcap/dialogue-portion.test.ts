// The TCAP dialogue portion on its own (plugins/sigtran/tcap/dialogue-portion.ts): AARQ, AARE and ABRT written and
// read back, user information, the octet-aligned form other stacks send, and what is refused.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { BerWriter, fromHex, readTlv, toHex } from '../../../../plugins/sigtran/ber/index.js';
import { resolveAc } from '../../../../plugins/sigtran/api.js';
import { decodeDialogue, writeDialogue, type OutDialogue } from '../../../../plugins/sigtran/tcap/dialogue-portion.js';

const cap2 = resolveAc('0.4.0.0.1.0.50.1')!;

function roundTrip(d: OutDialogue) {
  const w = new BerWriter();
  writeDialogue(w, d);
  const buf = w.toBytes();
  return { hex: toHex(buf), pdu: decodeDialogue(buf, readTlv(buf, 0)) };
}

describe('TCAP dialogue portion', () => {
  test('AARQ (protocols.md §1.2), AARE accepted and refused, ABRT, with user information', () => {
    const aarq = roundTrip({ type: 'aarq', ac: cap2 });
    assert.equal(aarq.hex, '6b1e281c060700118605010101a011600f80020780a109060704000001003201');
    assert.deepEqual(aarq.pdu, { type: 'aarq', ac: cap2 });
    const info = fromHex('a00b0609');
    const withInfo = roundTrip({ type: 'aarq', ac: cap2, userInformation: info });
    assert.deepEqual(withInfo.pdu.type === 'aarq' && toHex(withInfo.pdu.userInformation!), toHex(info));
    assert.deepEqual(roundTrip({ type: 'aare', ac: cap2, result: 0, diagSource: 'user', diag: 0 }).pdu, { type: 'aare', ac: cap2, result: 'accepted', diagnostic: { source: 'user', code: 0 } });
    assert.deepEqual(roundTrip({ type: 'aare', ac: cap2, result: 1, diagSource: 'provider', diag: 2 }).pdu, { type: 'aare', ac: cap2, result: 'reject-permanent', diagnostic: { source: 'provider', code: 2 } });
    assert.deepEqual(roundTrip({ type: 'abrt', source: 1 }).pdu, { type: 'abrt', source: 'provider' });
  });

  test('an AARQ written again for the same AC (its octets kept per AC) is the same, inside what else the writer holds', () => {
    const cap3 = resolveAc('0.4.0.0.1.21.3.4')!;
    for (const ac of [cap2, cap3, cap2, cap3]) {
      const w = new BerWriter();
      w.begin(0, 2);
      writeDialogue(w, { type: 'aarq', ac });
      w.end();
      const buf = w.toBytes();
      const inner = readTlv(buf, 0);
      assert.deepEqual(decodeDialogue(buf, readTlv(buf, inner.valueStart)), { type: 'aarq', ac });
    }
    assert.equal(roundTrip({ type: 'aarq', ac: cap2 }).hex, '6b1e281c060700118605010101a011600f80020780a109060704000001003201');
    // with user information, or unidirectional, it is written out each time
    const info = fromHex('a00b0609');
    const withInfo = roundTrip({ type: 'aarq', ac: cap2, userInformation: info });
    assert.equal(withInfo.pdu.type === 'aarq' && toHex(withInfo.pdu.userInformation!), toHex(info));
  });

  test('the octet-aligned encoding ([1] OCTET STRING holding the PDU) is read too', () => {
    // EXTERNAL { dialogue-as-id, octet-aligned AARQ camel2 }
    const hex = '6b1e281c0607001186050101018111600f80020780a109060704000001003201';
    const buf = fromHex(hex);
    assert.deepEqual(decodeDialogue(buf, readTlv(buf, 0)), { type: 'aarq', ac: cap2 });
  });

  test('refused: another abstract syntax, no PDU, an AARQ without its AC, an unknown PDU', () => {
    const refused = (hex: string, re: RegExp) => {
      const buf = fromHex(hex);
      assert.throws(() => decodeDialogue(buf, readTlv(buf, 0)), re);
    };
    refused('6b07 2805 0603 2a0304', /abstract syntax 1\.2\.3\.4/);
    refused('6b0b 2809 0607 00118605010101', /without a dialogue PDU/);
    refused('6b0f 280d 0607 00118605010101 a002 6000', /AARQ without application-context-name/);
    refused('6b0f 280d 0607 00118605010101 a002 6700', /is not AARQ, AARE or ABRT/);
  });
});
