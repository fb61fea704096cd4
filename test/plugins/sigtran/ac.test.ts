import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveAc, acName, AC_ALIASES, AcError, registerContexts } from '../../../plugins/sigtran/api.js';
import '../../../plugins/inap/contexts.js'; // the INAP/CAP and MAP rows, registered as their plugins load
import '../../../plugins/map/contexts.js';

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

test('a TCAP user registers its contexts: an alias of another OID is refused, the same row again changes nothing', () => {
  assert.equal(resolveAc('1.2.3.5')!.name, undefined);
  assert.equal(resolveAc('1.2.3.5')!.family, 'other');
  registerContexts([{ oid: '1.2.3.5', names: ['test_ctx', 'test_ctx_v1'], family: 'test', version: 1 }]);
  assert.equal(resolveAc('1.2.3.5')!.name, 'test_ctx', 'a context resolved before its row was registered gets its name');
  assert.equal(resolveAc('TEST_CTX_V1')!.oid, '1.2.3.5');
  assert.equal(resolveAc('test_ctx')!.family, 'test');
  assert.equal(AC_ALIASES['test_ctx'], '1.2.3.5');
  registerContexts([{ oid: '1.2.3.5', names: ['test_ctx'], family: 'test', version: 1 }]);
  assert.throws(() => registerContexts([{ oid: '1.2.3.6', names: ['other_ctx', 'camel2'], family: 'test' }]), /'camel2' stands for 0\.4\.0\.0\.1\.0\.50\.1 already/);
  assert.throws(() => resolveAc('other_ctx'), AcError, 'a refused registration adds none of its rows');
  assert.throws(() => resolveAc('junk'), /use an alias \(cs1, camel1, camel2, camel3, camel4, ul1, ul2, ul3, \.\.\.\)/);
});
