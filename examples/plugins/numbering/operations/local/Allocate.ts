// numbering.local.Allocate: take the next number of a range and store it in $v.
import { defineOperation, invalid, Type } from '../../../../../sdk/index.js';
import type { NumberRange } from '../../range.js';

export default (ranges: Map<string, NumberRange>) =>
  defineOperation({
    type: 'numbering.local.Allocate',
    direction: 'local',
    description: 'Take the next number of a configured range into $v[var]',
    // one declaration: the JSON schema the service validates, and the type of `args` below
    arguments: Type.Object({ range: Type.String(), var: Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$' }) }),
    prepare(args, ctx) {
      if (typeof args.range === 'string' && !args.range.startsWith('{') && !ranges.has(args.range)) {
        throw invalid(`${ctx.path}.range`, `unknown range '${args.range}' (configured: ${[...ranges.keys()].join(', ') || 'none'})`);
      }
    },
    execute(ctx, args) {
      const r = ranges.get(args.range);
      if (!r) return ctx.abort(`numbering: unknown range '${args.range}'`);
      const value = r.take();
      ctx.vars[args.var] = value;
      return { result: { range: args.range, value } };
    },
  });
