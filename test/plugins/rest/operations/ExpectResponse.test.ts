import { testOperation } from '../../../../sdk/testing/index.js';
import ExpectResponse from '../../../../plugins/rest/operations/ExpectResponse.js';

testOperation(ExpectResponse, {
  valid: [
    { args: {} },
    { args: { status: 200, content_type: 'application/json', headers: { 'X-A': 'b', 'x-gone': null }, json: { 'a.b[0]': 1, '!c': null } } },
    { args: { status: '404', '!content': 'x', content: null } },
    { args: { code: 201, body: { id: 1 } } },
  ],
  invalid: [
    { args: { status: 'ok' }, path: 'arguments.status' },
    { args: { status: 1000 }, path: 'arguments.status' },
    { args: { '!headers': {} }, path: 'arguments.!headers' },
    { args: { status: 200, code: 200 }, path: 'arguments.code' },
    { args: { content_json: 'x' }, message: /content_json/ },
  ],
});
