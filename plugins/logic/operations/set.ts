// set: assign run vars ($v) and globals ($g). Values may be expressions; all are evaluated against the state
// before the operation (use two set operations when one value depends on another).
import { defineOperation, Type, type JsonObject } from '../../../sdk/index.js';

export default defineOperation({
  type: 'set',
  direction: 'local',
  description: 'Assign variables: {"vars": {"name": value}, "globals": {"name": value}}; values may be expressions',
  arguments: Type.Object({
    vars: Type.Optional(Type.Unsafe<JsonObject>({ type: 'object' })),
    globals: Type.Optional(Type.Unsafe<JsonObject>({ type: 'object' })),
  }),
  execute(ctx, args) {
    if (args.vars) ctx.assign('vars', args.vars);
    if (args.globals) ctx.assign('globals', args.globals);
    ctx.trace(2, `set ${JSON.stringify(args)}`);
    return { result: { vars: args.vars ?? {}, globals: args.globals ?? {} } };
  },
});
