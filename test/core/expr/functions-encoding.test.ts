// core/expr/functions.ts, the encodings and digests for HTTP APIs: urlencode/urldecode, base64/base64url/
// base64decode, hash, hmac. Expected values are published vectors (RFC 4231, FIPS 180-2, RFC 4648) or written by
// hand from RFC 3986, not computed with the code under test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinFunctions as f, builtinFunctionDocs } from '../../../core/expr/functions.js';
import { compileExpression } from '../../../core/expr/jexl.js';
import { expressionLimits, setExpressionLimits } from '../../../core/expr/limits.js';

test('urlencode encodes one URL component as UTF-8 (RFC 3986 unreserved kept); urldecode reverses it', () => {
  assert.equal(f.urlencode!('a b/ü'), 'a%20b%2F%C3%BC');
  assert.equal(f.urlencode!("A-z0_9.~!*'()"), 'A-z0_9.~%21%2A%27%28%29');
  assert.equal(f.urlencode!('?&=#+%'), '%3F%26%3D%23%2B%25');
  assert.equal(f.urlencode!('😀'), '%F0%9F%98%80');
  assert.equal(f.urlencode!('\ud800x'), '%EF%BF%BDx', 'a lone surrogate is U+FFFD, not a URIError');
  assert.equal(f.urlencode!(42), '42');
  assert.equal(f.urlencode!(null), '');
  assert.equal(f.urldecode!('a%20b%2F%C3%BC+'), 'a b/ü+');
  assert.throws(() => f.urldecode!('%E0%A4%A'), /urldecode: malformed/);
});

test('base64, base64url and base64decode (RFC 4648 vectors)', () => {
  for (const [plain, b64] of [['', ''], ['f', 'Zg=='], ['fo', 'Zm8='], ['foo', 'Zm9v'], ['foob', 'Zm9vYg=='], ['fooba', 'Zm9vYmE='], ['foobar', 'Zm9vYmFy']]) {
    assert.equal(f.base64!(plain), b64);
    assert.equal(f.base64decode!(b64), plain);
  }
  assert.equal(f.base64!('user:pässword'), 'dXNlcjpww6Rzc3dvcmQ=');
  assert.equal(f.base64url!('\u00fb\u00ff'), 'w7vDvw');
  assert.equal(f.base64!('\u00fb\u00ff'), 'w7vDvw==');
  assert.equal(f.base64decode!('w7vDvw'), '\u00fb\u00ff');
  assert.equal(f.base64!({ a: 1 }), Buffer.from('{"a":1}').toString('base64'));
  assert.throws(() => f.base64decode!('not base64!'), /base64decode: not base64/);
  assert.throws(() => f.base64decode!('Zm9vY'), /base64decode: not base64/);
});

test('hash: FIPS 180-2 / RFC 1321 vectors, encodings hex, base64, base64url', () => {
  assert.equal(f.hash!('sha256', 'abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.equal(f.hash!('SHA-1', 'abc'), 'a9993e364706816aba3e25717850c26c9cd0d89d');
  assert.equal(f.hash!('md5', ''), 'd41d8cd98f00b204e9800998ecf8427e');
  assert.equal(f.hash!('sha256', 'abc', 'base64'), 'ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=');
  assert.equal(f.hash!('sha256', 'abc', 'base64url'), 'ungWv48Bz-pBQUDeXa4iI7ADYaOWF3qctBD_YfIAFa0');
  assert.throws(() => f.hash!('crc32', 'abc'), /hash: algorithm must be one of md5, sha1/);
  assert.throws(() => f.hash!('sha256', 'abc', 'latin1'), /encoding must be hex, base64 or base64url/);
});

test('hmac: RFC 4231 test case 2 (key "Jefe") for SHA-224/256/384/512, and RFC 2202 for SHA-1', () => {
  const data = 'what do ya want for nothing?';
  assert.equal(f.hmac!('sha224', 'Jefe', data), 'a30e01098bc6dbbf45690f3a7e9e6d0f8bbea2a39e6148008fd05e44');
  assert.equal(f.hmac!('sha256', 'Jefe', data), '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  assert.equal(f.hmac!('sha384', 'Jefe', data), 'af45d2e376484031617f78d2b58a6b1b9c7ef464f5a01b47e42ec3736322445e8e2240ca5e69e2c78b3239ecfab21649');
  assert.equal(f.hmac!('sha512', 'Jefe', data), '164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737');
  assert.equal(f.hmac!('sha1', 'Jefe', data), 'effcdf6ae5eb2fa2d27416d5f184df9c259a7c79');
  assert.equal(f.hmac!('sha256', 'Jefe', data, 'base64'), Buffer.from('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843', 'hex').toString('base64'));
  assert.throws(() => f.hmac!('sha3', 'k', 'd'), /hmac: algorithm/);
});

test('results are bounded by max_value_bytes, checked before the work', () => {
  const saved = { ...expressionLimits() };
  try {
    setExpressionLimits({ maxValueBytes: 100 });
    assert.equal((f.base64!('x'.repeat(75)) as string).length, 100);
    assert.throws(() => f.base64!('x'.repeat(76)), /base64: the result would be up to 104 bytes, more than max_value_bytes \(100\)/);
    assert.throws(() => f.base64url!('x'.repeat(76)), /base64url: .*max_value_bytes/);
    assert.throws(() => f.urlencode!('ü'.repeat(20)), /urlencode: the result would be up to 120 bytes/);
    assert.equal(f.urlencode!('a'.repeat(33)), 'a'.repeat(33));
  } finally {
    setExpressionLimits(saved);
  }
});

test('in expressions: a signed request header and a Basic credential', () => {
  const ctx = { $v: { user: 'ann', pw: 'p:w', secret: 'Jefe', body: 'what do ya want for nothing?', id: 'a b/ü' }, $g: {}, $i: {}, $n: 0 };
  assert.equal(compileExpression("'Basic ' + base64($v.user + ':' + $v.pw)").evalSync(ctx), 'Basic YW5uOnA6dw==');
  assert.equal(compileExpression("hmac('sha256', $v.secret, $v.body)").evalSync(ctx), '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  assert.equal(compileExpression("'/subscribers/' + urlencode($v.id)").evalSync(ctx), '/subscribers/a%20b%2F%C3%BC');
  for (const k of ['urlencode', 'urldecode', 'base64', 'base64url', 'base64decode', 'hash', 'hmac']) assert.ok(builtinFunctionDocs[k], `${k} is documented`);
});
