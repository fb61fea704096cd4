// Strict decoding (issue 10): every element's tag and form are checked against the ASN.1 the descriptors model.
// A ReleaseCall whose Cause is tagged ENUMERATED (0a 02 80 90) instead of OCTET STRING used to decode, and the
// definition's check passed; now it is a decode failure naming the element.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { argType } from '../../../../plugins/inap/codec/args.js';
import { decodeArg } from '../../../../plugins/sigtran/codec/index.js';
import { VARIANTS } from '../../../../plugins/inap/codec/variants.js';

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/\s/g, ''), 'hex'));

describe('strict tags', () => {
  test('ReleaseCall Cause tagged ENUMERATED is refused in every variant; OCTET STRING decodes', () => {
    for (const v of VARIANTS) {
      const at = argType('ReleaseCall', v)!;
      const good = decodeArg(at, bytes('04 02 80 90'));
      assert.equal(good.ok, true, `${v}: ${JSON.stringify(good)}`);
      const bad = decodeArg(at, bytes('0a 02 80 90'));
      assert.equal(bad.ok, false, `${v}: ${JSON.stringify(bad)}`);
      if (!bad.ok) assert.match(bad.error, /UNIVERSAL 10|unexpected tag/);
    }
  });

  test('an INTEGER field sent constructed is refused naming the field', () => {
    // InitialDP { serviceKey [0] INTEGER } with [0] constructed (a0) instead of primitive (80)
    const at = argType('InitialDP', 'camel3')!;
    assert.equal(decodeArg(at, bytes('30 03 80 01 05')).ok, true);
    const bad = decodeArg(at, bytes('30 05 a0 03 02 01 05'));
    assert.equal(bad.ok, false);
    if (!bad.ok) assert.match(bad.error, /serviceKey: \[0\] is constructed, but int must be primitive/);
  });

  test('a SEQUENCE sent primitive is refused', () => {
    const at = argType('InitialDP', 'camel3')!;
    const bad = decodeArg(at, bytes('10 03 80 01 05'));
    assert.equal(bad.ok, false);
  });
});
