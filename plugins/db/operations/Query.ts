// db.Query / db.<label>.Query: run one SQL statement with bind parameters on the chosen DB instance. Values are
// bound, never spliced into the text: `:name` parameters take `params` as an object, `?` parameters as an array.
import { defineOperation, invalid, Type, type OperationContext, type PrepareContext, isExpression } from '../../../sdk/index.js';
import { onError, runQuery } from '../execute.js';
import type { DbInstance } from '../gateway/types.js';
import { checkParams, parseSql } from '../sql/placeholders.js';

/** Bind values: an object for :name parameters, an array for ? parameters. */
const bindValues = (description: string) => Type.Unsafe<unknown[] | Record<string, unknown>>({ type: ['object', 'array'], description });

export default defineOperation({
  type: 'db.Query',
  labelled: true,
  direction: 'send',
  gateway: 'db',
  description: 'Run one SQL statement with bind parameters; the result is { rows, row, row_count, affected, columns } and lands in $i.DB.',
  arguments: Type.Object({
    sql: Type.String({ minLength: 1, description: 'One SQL statement with :name or ? parameters.' }),
    params: Type.Optional(bindValues('Bind values: an object for :name parameters, an array for ? parameters.')),
    parameters: Type.Optional(bindValues('Another name for params.')),
    abort_on_error: Type.Optional(Type.Boolean({ default: true, description: 'A failed query aborts the instance (default) or is a failed check with result.error.' })),
    expect_error: Type.Optional(Type.Boolean({ default: false, description: 'Negative test: a failed query is a passed check (result.error for tests[]) and a query that succeeds is a failed one.' })),
  }),
  prepare(args, ctx: PrepareContext<DbInstance>) {
    if (args.params !== undefined && args.parameters !== undefined) throw invalid(`${ctx.path}.parameters`, 'give params or parameters, not both');
    if (typeof args.sql !== 'string' || isExpression(args.sql)) return;
    const parsed = parseSql(args.sql);
    const p = args.params ?? args.parameters;
    if (isExpression(p)) return;
    if (p && typeof p === 'object' && Object.values(p).some(isExpression) && parsed.style !== 'none') {
      // values may be expressions; the names must still fit
      const names = Array.isArray(p) ? p.map((_, i) => i) : Object.keys(p);
      const stub = Array.isArray(p) ? names.map(() => null) : Object.fromEntries(names.map((n) => [n, null]));
      const problem = checkParams(parsed, stub as Record<string, unknown>);
      if (problem) throw invalid(`${ctx.path}.params`, problem);
      return;
    }
    const problem = checkParams(parsed, p);
    if (problem) throw invalid(`${ctx.path}.params`, problem);
  },
  execute(ctx: OperationContext<DbInstance>, args) {
    return runQuery(ctx, 'Query', args.sql, args.params ?? args.parameters, onError(args));
  },
});
