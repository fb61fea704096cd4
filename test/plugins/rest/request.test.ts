// plugins/rest/request.ts: the path and query as they go on the request line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildRequest, encodePath } from '../../../plugins/rest/request.js';

test('encodePath: what RFC 3986 does not allow in a path or query is percent-encoded as UTF-8, escapes are kept', () => {
  assert.equal(encodePath('/subscribers/a b/ü'), '/subscribers/a%20b/%C3%BC');
  assert.equal(encodePath('/a%2Fb/%zz/100%'), '/a%2Fb/%25zz/100%25', 'a % that starts no escape is encoded');
  assert.equal(encodePath('/x\r\nHost: evil'), '/x%0D%0AHost:%20evil', 'no header can be injected through the path');
  assert.equal(encodePath('/q?a=1&b=[x]#frag'), '/q?a=1&b=%5Bx%5D%23frag');
  assert.equal(encodePath("/keep-._~!$&'()*+,;=:@/?"), "/keep-._~!$&'()*+,;=:@/?");
  assert.equal(encodePath('/😀"<>\\^`{|}'), '/%F0%9F%98%80%22%3C%3E%5C%5E%60%7B%7C%7D');
});

test('buildRequest encodes the path and a string query; an object query is form-encoded once', () => {
  assert.equal(buildRequest({ method: 'get', path: 'a b', query: { q: 'x y/ü', skip: null } }, {}).path, '/a%20b?q=x+y%2F%C3%BC');
  assert.equal(buildRequest({ method: 'get', path: '/a', query: 'q=x y' }, {}).path, '/a?q=x%20y');
});
