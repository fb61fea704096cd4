// tcap.<role>_<to|from>_<peer>.Abort argument tables (plugins/inap/operation-types.ts).
import { testOperation } from '../../../../../sdk/testing/index.js';
import { operationTypes } from '../../../../../plugins/inap/operation-types.js';

for (const op of operationTypes().filter((o) => o.type.startsWith('tcap.'))) {
  if (op.direction === 'send') {
    testOperation(op, {
      valid: [{ args: {} }, { args: { u_source: 0, u_info_0_octets: '0102' } }, { args: { u_source: 1 } }, { args: { p_cause: 0 } }, { args: { p_cause: 4 } }],
      invalid: [{ args: { u_source: 2 }, path: 'u_source' }, { args: { p_cause: 5 }, path: 'p_cause' }, { args: { reason: 'x' }, path: 'arguments' }],
    });
  } else {
    testOperation(op, {
      valid: [{ args: {} }, { args: { kind: 'p-abort', p_cause: 1 } }, { args: { u_source: 0 } }, { args: { p_cause: null } }],
      invalid: [{ args: { kind: 'x-abort' }, path: 'kind' }],
    });
  }
}
