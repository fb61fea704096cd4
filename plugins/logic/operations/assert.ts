// assert: evaluate `expression`; true writes a pass, false a fail (or an abort, when `abort` is given).
import { defineOperation, Type } from '../../../sdk/index.js';

export default defineOperation({
  type: 'assert',
  direction: 'local',
  description: 'Check an expression: pass/fail/abort messages (may be expressions). With `abort`, false ends the instance.',
  arguments: Type.Object({
    expression: Type.Unknown(),
    pass: Type.Optional(Type.String()),
    fail: Type.Optional(Type.String()),
    abort: Type.Optional(Type.String()),
  }),
  expressionArguments: ['expression'],
  execute(ctx, args) {
    const ok = Boolean(args.expression);
    if (ok) ctx.pass(args.pass ?? 'Assert tested TRUE.');
    else if (args.abort !== undefined) ctx.abort(args.abort || 'Assert tested FALSE.');
    else ctx.fail(args.fail ?? 'Assert tested FALSE.');
    return { result: ok };
  },
});
