import { testOperation } from '../../../../sdk/testing/index.js';
import Query from '../../../../plugins/db/operations/Query.js';

testOperation(Query, {
  as: 'db.smf.Query',
  valid: [
    { args: { sql: 'SELECT 1' } },
    { args: { sql: 'SELECT * FROM t WHERE a = :a AND b = :b', params: { a: 1, b: '{ $v.x }' } } },
    { args: { sql: 'INSERT INTO t VALUES (?, ?)', params: [1, '{ $n }'], abort_on_error: false } },
    { args: { sql: '{ $v.sql }', params: { anything: 1 } } },
  ],
  invalid: [
    { args: {}, path: 'arguments', message: /sql/ },
    { args: { sql: '' }, path: 'arguments.sql' },
    { args: { sql: 'SELECT :a', params: {} }, path: 'arguments.params', message: /no value for :a/ },
    { args: { sql: 'SELECT :a', params: { a: 1, b: 2 } }, path: 'arguments.params', message: /no parameter :b/ },
    { args: { sql: 'SELECT :a', params: [1] }, path: 'arguments.params', message: /object/ },
    { args: { sql: 'SELECT ?, ?', params: [1] }, path: 'arguments.params', message: /2 positional/ },
    { args: { sql: 'SELECT 1', params: 'x' }, path: 'arguments.params' },
    { args: { sql: 'SELECT ?', params: [1], parameters: [1] }, path: 'arguments.parameters' },
    { args: { sql: 'SELECT ?', parameters: [] }, path: 'arguments.params', message: /1 positional/ },
  ],
});
