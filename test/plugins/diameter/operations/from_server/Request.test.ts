import { type GatewayInstance } from '../../../../../sdk/index.js';
import { testOperation } from '../../../../../sdk/testing/index.js';
import InboundRequest from '../../../../../plugins/diameter/operations/from_server/Request.js';
import { Dictionary } from '../../../../../plugins/diameter/dictionary/dictionary.js';

const gateway = { name: 'OCS', state: () => 'up', dict: new Dictionary() } as GatewayInstance;

testOperation(InboundRequest, {
  gateway,
  valid: [
    { args: { name: 'RAR', seconds: 10 } },
    { args: { code: 258, seconds: 120, avps: { 'Re-Auth-Request-Type': 'AUTHORIZE_ONLY', '!Destination-Host': null }, result_code: 'DIAMETER_SUCCESS' } },
    { args: { name: 'Abort-Session-Request', answer_avps: [{ name: 'Error-Message', value: 'bye' }], result_code: 5012 } },
    { args: { name: 'RAR', session_id: '{ $i.CCA["Session-Id"] }', send_answer: false } },
    { args: {} },
  ],
  invalid: [
    { args: { name: 'Nope-Request' }, path: 'arguments.name', message: /unknown Diameter command/ },
    { args: { name: 'RAR', code: 272 }, path: 'arguments.code', message: /not the code of Re-Auth-Request/ },
    { args: { name: 'RAR', seconds: 121 }, path: 'seconds' },
    { args: { name: 'RAR', result_code: 'DIAMETER_FINE' }, path: 'arguments.result_code', message: /unknown Result-Code name/ },
    { args: { name: 'RAR', answer_avps: [{ name: 'CC-Time', value: 1, extra: 1 }] }, path: 'answer_avps' },
    { args: { name: 'RAR', answer_avps: [{ name: 'Error-Message', value: 5 }, { name: 'CC-Time', value: 'x' }] }, path: 'arguments.answer_avps[1].value' },
    { args: { name: 'RAR', avps: { 'Re-Auth-Request-Typ': 0 } }, path: 'arguments.avps.Re-Auth-Request-Typ' },
  ],
});
