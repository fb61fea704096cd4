import { type GatewayInstance } from '../../../../../sdk/index.js';
import { testOperation } from '../../../../../sdk/testing/index.js';
import Request from '../../../../../plugins/diameter/operations/to_server/Request.js';
import { Dictionary } from '../../../../../plugins/diameter/dictionary/dictionary.js';

const gateway = { name: 'OCS', state: () => 'up', dict: new Dictionary() } as GatewayInstance;

testOperation(Request, {
  gateway,
  valid: [
    { args: { name: 'CCR', avps: [{ name: 'Session-Id_auto' }, { name: 'CC-Request-Type', value: 'INITIAL_REQUEST' }, { name: 'CC-Request-Number', value: 0 }] } },
    { args: { name: 'Credit-Control-Request', avps: [{ name: 'Subscription-Id', value: [{ name: 'Subscription-Id-Type', value: 'END_USER_E164' }, { name: 'Subscription-Id-Data', value: '{ $v.msisdn }' }] }] } },
    { args: { name: 'CCR', avps: [{ name: 'Multiple-Services-Credit-Control', value: { 'Requested-Service-Unit': { 'CC-Time': 60 } } }] } },
    { args: { name: 'UDR', avps: [{ name: 'User-Identity', value: [{ name: 'Public-Identity', value: 'sip:alice@example.com' }] }, { name: 'Data-Reference', value: 'RepositoryData' }] } },
    { args: { code: 272, application_id: 4, flags: 'RPT', avps: [{ name: 'AVP-9999', hex: '00' }, { code: 5000, vendor: 10415, type: 'UTF8String', value: 'x' }] } },
    { args: { name: 'CCR', avps: [{ name: 'Origin-Host', value: null }], auto_avps: false, answer: { 'Result-Code': 5005, '!Failed-AVP': null }, check_result: false, seconds: 2.5 } },
    { args: { name: '{ $v.command }', avps: [{ name: '{ $v.avp }', value: 1 }] } },
    { name: 'alias diameter.Request', args: { name: 'CCR' } },
    { args: { name: 'CCR', answer: { result_code: 2001, 'Failed-AVP.CC-Request-Number': 0, 'Multiple-Services-Credit-Control[1].Rating-Group': 2, 'AVP-9999': '0x00', command: 'CCA', '{ $v.k }': 1 } } },
    { args: { name: 'CCR', avps: [{ name: 'CC-Request-Number', value: '{ $v.n }' }, { name: 'Event-Timestamp', value: 'now' }, { name: 'Host-IP-Address', value: '2001:db8::1' }] } },
  ],
  invalid: [
    { args: {}, path: 'arguments.name', message: /give the command/ },
    { args: { name: 'Credit-Control-Banana' }, path: 'arguments.name', message: /unknown Diameter command/ },
    { args: { name: 'CCA' }, path: 'arguments.name', message: /is an answer/ },
    { args: { name: 'CCR', avps: [{ name: 'No-Such-AVP', value: 1 }] }, path: 'arguments.avps[0].name', message: /unknown AVP/ },
    { args: { name: 'CCR', avps: [{ name: 'CC-Request-Type', value: 'FIRST' }] }, path: 'arguments.avps[0].value', message: /not a value of CC-Request-Type/ },
    { args: { name: 'CCR', avps: [{ name: 'Subscription-Id', value: [{ name: 'Subscription-Id-Type', value: 'PHONE' }] }] }, path: 'arguments.avps[0].value[0].value' },
    { args: { name: 'CCR', avps: [{ name: 'CC-Time', value: [1] }] }, path: 'arguments.avps[0].value', message: /CC-Time: Unsigned32 needs an integer/ },
    { args: { name: 'CCR', avps: [{ name: 'CC-Request-Number', value: 'abc' }] }, path: 'arguments.avps[0].value', message: /Unsigned32 needs an integer, got "abc"/ },
    { args: { name: 'CCR', avps: [{ name: 'Multiple-Services-Credit-Control', value: { 'Requested-Service-Unit': { 'CC-Time': -5 } } }] }, path: 'arguments.avps[0].value[0].value[0].value', message: /out of range/ },
    { args: { name: 'CCR', avps: [{ name: 'Subscription-Id', value: [{ name: 'Subscription-Id-Data', value: '{ $v.x }' }, { name: 'Subscription-Id-Typo', value: 0 }] }] }, path: 'arguments.avps[0].value[1].name' },
    { args: { name: 'CCR', avps: [{ name: 'Host-IP-Address', value: 'localhost' }] }, path: 'arguments.avps[0].value', message: /IPv4 or IPv6/ },
    { args: { name: 'CCR', avps: [{ name: 'Nope', value: null }] }, path: 'arguments.avps[0].name' },
    { args: { name: 'CCR', answer: { 'Result-Cod': 2001 } }, path: 'arguments.answer.Result-Cod', message: /'Result-Cod' is not an AVP/ },
    { args: { name: 'CCR', answer: { '!Failed-AVP.CC-Request-Numbr': null } }, path: 'arguments.answer', message: /'CC-Request-Numbr'/ },
    { args: { name: 'CCR', answer: { 'Multiple-Services-Credit-Control': { 'Granted-Service-Units': null } } }, path: 'Granted-Service-Units' },
    { args: { name: 'CCR', avps: [{ name: 'CC-Time', value: 1, hex: '00' }] }, path: 'arguments.avps[0]', message: /value or hex/ },
    { args: { name: 'CCR', avps: [{ value: 1 }] }, path: 'arguments.avps[0]' },
    { args: { name: 'CCR', avps: [{ name: 'CC-Time', value: 1, colour: 'red' }] }, path: 'avps' },
    { args: { name: 'CCR', flags: 'X' }, path: 'flags' },
    { args: { name: 'CCR', seconds: 0 }, path: 'seconds' },
    { args: { name: 'CCR', avps: 'x' }, path: 'avps' },
  ],
});

testOperation(Request, { gateway, as: 'diameter.Request', valid: [{ args: { name: 'CCR', avps: [] } }] });
