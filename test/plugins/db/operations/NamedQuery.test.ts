import { type GatewayInstance } from '../../../../sdk/index.js';
import { testOperation } from '../../../../sdk/testing/index.js';
import { namedQueryOperation } from '../../../../plugins/db/operations/NamedQuery.js';
import { namedQueries } from '../../../../plugins/db/gateway/types.js';

const gateway = {
  name: 'DB-SMF01',
  state: () => 'up' as const,
  queries: namedQueries({ name: 'DB-SMF01', driver: 'postgres', queries: { CcsAcctExists: 'SELECT 1 AS "Exists" FROM acct WHERE id = :be_acct_id', Positional: 'SELECT ?' } }),
} as unknown as GatewayInstance;

testOperation(namedQueryOperation('CcsAcctExists'), {
  as: 'db.smf.CcsAcctExists',
  gateway,
  valid: [{ args: { be_acct_id: 42 } }, { args: { be_acct_id: '{ $v.acct }', abort_on_error: false } }],
  invalid: [
    { args: {}, path: 'arguments', message: /no value for :be_acct_id/ },
    { args: { be_acct_id: 1, other: 2 }, path: 'arguments', message: /no parameter :other/ },
  ],
});

testOperation(namedQueryOperation('Missing'), {
  as: 'db.smf.Missing',
  gateway,
  invalid: [{ args: {}, path: 'operations[0].type', message: /DB-SMF01' defines no query 'Missing' \(it defines: CcsAcctExists, Positional\)/ }],
});

testOperation(namedQueryOperation('Positional'), { gateway, invalid: [{ args: {}, message: /uses \? parameters/ }] });
