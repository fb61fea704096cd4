import { testOperation } from '../../../../sdk/testing/index.js';
import Request from '../../../../plugins/osd/operations/Request.js';

for (const as of ['osd.Request', 'ocncc.osd.Request']) {
  testOperation(Request, {
    as,
    valid: [
      { args: { operation: 'GetBalance' } },
      { args: { operation: 'SetBalance', action: 'urn:x/SetBalance', wsdl_url: 'http://x/?wsdl', parameters: { msisdn: '{ $v.m }', nested: { a: [1, 2] }, none: null }, expect_fault: true, timeout_ms: 100 } },
    ],
    invalid: [
      { args: {}, path: 'arguments', message: /operation/ },
      { args: { operation: 'Get Balance' }, path: 'arguments.operation' },
      { args: { operation: 'x:y' }, path: 'arguments.operation' },
      { args: { operation: 'Op', parameters: { 'a b': 1 } }, path: 'arguments.parameters.a b' },
      { args: { operation: 'Op', parameters: { ok: { '1bad': 1 } } }, path: 'arguments.parameters.ok.1bad' },
      { args: { operation: 'Op', parameters: [1] }, path: 'arguments.parameters' },
    ],
  });
}
