import { type GatewayInstance } from '../../../../../sdk/index.js';
import { testOperation } from '../../../../../sdk/testing/index.js';
import Register from '../../../../../plugins/diameter/operations/from_server/Register.js';
import { Dictionary } from '../../../../../plugins/diameter/dictionary/dictionary.js';

const gateway = { name: 'OCS', state: () => 'up', dict: new Dictionary() } as GatewayInstance;

testOperation(Register, {
  gateway,
  valid: [{ args: {} }, { args: { session_id: 'tester;1;2' } }, { args: { session_id: '{ $v.sid }' } }],
  invalid: [{ args: { session_id: '' }, path: 'session_id' }, { args: { sid: 'x' }, path: 'sid' }],
});
