// assert: evaluate `expression`; true writes a pass, false a fail (or an abort, when `abort` is given).
import { defineOperation } from '../../../sdk/index.js';

interface Args {
  expression: unknown;
  pass?: string;
  fail?: string;
  abort?: string;
}

export default defineOperation<Args>({
  type: 'assert',
  direction: 'local',
  description: 'Check an expression: pass/fail/abort messages (may be expressions). With `abort`, false ends the instance.',
  arguments: {
    type: 'object',
    required: ['expression'],
    properties: {
      expression: {},
      pass: { type: 'string' },
      fail: { type: 'string' },
      abort: { type: 'string' },
    },
  },
  expressionArguments: ['expression'],
  execute(ctx, args) {
    const ok = Boolean(args.expression);
    if (ok) ctx.pass(args.pass ?? 'Assert tested TRUE.');
    else if (args.abort !== undefined) ctx.abort(args.abort || 'Assert tested FALSE.');
    else ctx.fail(args.fail ?? 'Assert tested FALSE.');
    return { result: ok };
  },
});
