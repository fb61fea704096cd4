// branch: evaluate `expression` and continue at `on_true` or `on_false` (labels checked at ExecuteTest);
// a missing target falls through to the next operation.
import { defineOperation, invalid, Type } from '../../../sdk/index.js';

export default defineOperation({
  type: 'branch',
  direction: 'local',
  description: 'Jump to the operation labelled on_true or on_false depending on an expression',
  arguments: Type.Object({
    expression: Type.Unknown(),
    on_true: Type.Optional(Type.String({ minLength: 1 })),
    on_false: Type.Optional(Type.String({ minLength: 1 })),
  }),
  expressionArguments: ['expression'],
  prepare(args, ctx) {
    for (const k of ['on_true', 'on_false'] as const) {
      const l = args[k];
      if (l !== undefined && !ctx.labels.has(l)) {
        throw invalid(`${ctx.path}.${k}`, `unknown label '${l}'${ctx.labels.size ? ` (labels: ${[...ctx.labels].join(', ')})` : ' (no operation has a label)'}`);
      }
    }
  },
  execute(ctx, args) {
    const ok = Boolean(args.expression);
    const target = ok ? args.on_true : args.on_false;
    ctx.trace(1, `branch: ${ok} → ${target ?? 'next'}`);
    return target !== undefined ? { goto: target, result: ok } : { result: ok };
  },
});
