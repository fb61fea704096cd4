// core/redact.ts: URL credentials and secret-keyed values never reach a client or a log.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactJson, redactText } from '../../core/redact.js';
import { urlCredentials } from '../../sdk/net/credentials.js';

test('URL user information and secret query parameters are masked in free text', () => {
  assert.equal(redactText('connect to http://u:pass@host:8080/osd failed'), 'connect to http://u:***@host:8080/osd failed');
  assert.equal(redactText('postgres://app:s3cr%40t@db/x?sslmode=require&password=p2'), 'postgres://app:***@db/x?sslmode=require&password=***');
  assert.equal(redactText('https://host/x?token=abc&y=1'), 'https://host/x?token=***&y=1');
  assert.equal(redactText('mail user@example.com, a=b'), 'mail user@example.com, a=b');
  assert.equal(redactText('http://user@host/'), 'http://user@host/', 'a user name alone is not a secret');
});

test('values under secret keys are masked at any depth; other values keep their shape', () => {
  const v = { url: 'http://a:b@h/', nested: [{ password: 'x', token: 'y', keep: 1 }], api_key: 'k', passwordless: 'ok', empty: { secret: '' } };
  assert.deepEqual(redactJson(v), { url: 'http://a:***@h/', nested: [{ password: '***', token: '***', keep: 1 }], api_key: '***', passwordless: 'ok', empty: { secret: '' } });
});

test('urlCredentials takes the user information out of a URL, decoded', () => {
  assert.deepEqual(urlCredentials('http://u%40x:p%3Aw@h:1/p?q=1'), { url: 'http://h:1/p?q=1', username: 'u@x', password: 'p:w' });
  assert.deepEqual(urlCredentials('http://h/p'), { url: 'http://h/p' });
  assert.deepEqual(urlCredentials('not a url'), { url: 'not a url' });
});
