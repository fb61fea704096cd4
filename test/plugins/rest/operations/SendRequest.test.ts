import { testOperation } from '../../../../sdk/testing/index.js';
import SendRequest from '../../../../plugins/rest/operations/SendRequest.js';

testOperation(SendRequest, {
  valid: [
    { args: { method: 'GET' } },
    { args: { method: 'post', path: 'subscribers', query: { a: 1, b: ['x', 2], c: null }, json: { any: ['json'] } } },
    { args: { method: 'PUT', path: '/x?y=1', query: 'z=2', content: 'text', content_type: 'text/plain', timeout_ms: 500, abort_on_error: false } },
    { args: { method: 'GET', headers: { 'X-A': 'b', 'x-n': 3 }, http_headers: [{ name: 'X-Trace', value: 't', append: true }] } },
    { args: { method: 'GET', path: "{ '/s/' + $n }" } },
    { args: { method: 'POST', body: { any: 1 } } },
  ],
  invalid: [
    { args: {}, path: 'arguments', message: /method/ },
    { args: { method: 'GET POST' }, path: 'arguments.method' },
    { args: { method: 'GET', path: 'https://elsewhere/x' }, path: 'arguments.path', message: /not a full URL/ },
    { args: { method: 'GET', content: 'a', json: 1 }, path: 'arguments.json' },
    { args: { method: 'GET', content: 'a', body: 'b' }, path: 'arguments.body' },
    { args: { method: 'GET', headers: { 'a b': 'x' } }, path: 'arguments.headers' },
    { args: { method: 'GET', http_headers: [{ name: 'a:b', value: 'x' }] }, path: 'arguments.http_headers[0].name' },
    { args: { method: 'GET', http_headers: [{ name: 'a' }] }, path: 'arguments.http_headers' },
    { args: { method: 'GET', timeout_ms: 0 }, path: 'arguments.timeout_ms' },
    { args: { method: 'GET', url: '/x' }, message: /url/ },
  ],
});

testOperation(SendRequest, { as: 'rest.crm.SendRequest', valid: [{ args: { method: 'GET' } }], invalid: [{ args: { method: 1 }, path: 'arguments.method' }] });
