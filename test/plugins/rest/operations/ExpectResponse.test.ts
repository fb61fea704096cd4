import { testOperation } from '../../../../sdk/index.js';
import ExpectResponse from '../../../../plugins/rest/operations/ExpectResponse.js';

testOperation(ExpectResponse, {
  valid: [
    { args: {} },
    { args: { status: 200, content_type: 'application/json', headers: { 'X-A': 'b', 'x-gone': null }, json: { 'a.b[0]': 1, '!c': null } } },
    { args: { status: '404', '!content': 'x', content: null } },
  ],
  invalid: [
    { args: { status: 'ok' }, path: 'arguments.status' },
    { args: { status: 1000 }, path: 'arguments.status' },
    { args: { '!headers': {} }, path: 'arguments.!headers' },
    { args: { body: 'x' }, message: /body/ },
  ],
});
