// Argument tables (testOperation, RuleTester style) of every operation type plugins/inap/family.ts gives from the
// rows of catalogue.ts, segment by segment (helpers/op-tables.ts), and of the tcap.<segment>.Abort types.
import { testOperation } from '../../../sdk/testing/index.js';
import { inapFamily } from '../../../plugins/inap/family.js';
import { inapConfig } from '../../../plugins/inap/options.js';
import { opTables } from './helpers/op-tables.js';

for (const s of inapFamily.segments) opTables(s.segment);

for (const op of inapFamily.operations(inapConfig()).filter((o) => o.type.startsWith('tcap.'))) {
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
