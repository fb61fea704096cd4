import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveAc, acName, AC_ALIASES, AcError } from '../../../plugins/sigtran/api.js';

test('aliases resolve to the OIDs of protocols.md §1.4', () => {
  assert.equal(resolveAc('cs1')!.hex, '04000101010000');
  assert.equal(resolveAc('CAMEL2')!.hex, '04000001003201');
  assert.equal(resolveAc('camel3')!.oid, '0.4.0.0.1.21.3.4');
  assert.equal(resolveAc('camel4')!.hex, '04000001170304');
  assert.equal(resolveAc('ati3')!.hex, '04000001001d03');
  assert.equal(resolveAc('anyTimeInfoEnquiryContext_v3')!.name, 'ati3');
  assert.equal(resolveAc('tracingContext_v3')!.name, 'tracingContext_v3');
  assert.equal(resolveAc('sri3')!.oid, '0.4.0.0.1.0.5.3');
  assert.equal(resolveAc('camel2')!.family, 'camel');
  assert.equal(resolveAc('camel2')!.version, 2);
  assert.equal(resolveAc('cs1')!.name, 'cs1');
  assert.equal(AC_ALIASES['camel3'], '0.4.0.0.1.21.3.4');
});

test('hex and dotted forms', () => {
  const a = resolveAc('04 00 00 01 00 32 01')!;
  assert.equal(a.oid, '0.4.0.0.1.0.50.1');
  assert.equal(a.name, 'camel2');
  assert.equal(resolveAc('0x04000101010000')!.name, 'cs1');
  assert.equal(resolveAc('1.2.3.4')!.hex, '2a0304');
  assert.equal(resolveAc('1.2.3.4')!.family, 'other');
  assert.equal(acName('0.4.0.0.1.23.3.4'), 'camel4');
});

test('none and null give no AC; junk gives a readable AcError', () => {
  assert.equal(resolveAc(null), null);
  assert.equal(resolveAc(undefined), null);
  assert.equal(resolveAc(''), null);
  assert.equal(resolveAc('none'), null);
  assert.throws(() => resolveAc('camel9'), (e: unknown) => e instanceof AcError && /unknown application context 'camel9'/.test(e.message));
  assert.throws(() => resolveAc('0481'), (e: unknown) => e instanceof AcError && /not valid OID content/.test(e.message));
  assert.throws(() => resolveAc('3.99.1'), AcError);
});

test('a value resolves to the same AC every time (remembered); a refused value is refused every time', () => {
  for (const v of ['camel2', ' CAMEL2 ', '0.4.0.0.1.0.50.1', '04000001003201', 'anyTimeInfoEnquiryContext_v3']) assert.equal(resolveAc(v), resolveAc(v), v);
  assert.equal(resolveAc('camel2'), resolveAc('0.4.0.0.1.0.50.1'));
  assert.equal(resolveAc('none'), null);
  assert.equal(resolveAc('none'), null);
  for (let i = 0; i < 2; i++) assert.throws(() => resolveAc('camel9'), AcError);
});
