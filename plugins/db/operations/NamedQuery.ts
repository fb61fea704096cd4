// db.<Name> / db.<label>.<Name>: a query defined for the DB instance in plugins.json (`queries: { Name: sql }`),
// run with the operation's arguments as its :name parameters (the anchor's db.smf.CcsAcctExists style).
// One operation type is registered per distinct name; prepare() checks that the instance the run resolves for
// the operation defines the query, and that the arguments name exactly its parameters.
import { defineOperation, invalid, type OperationContext, type OperationDefinition, type PrepareContext } from '../../../sdk/index.js';
import { CONTROL_ARGUMENTS, controlArgumentSchemas, onError, runQuery } from '../execute.js';
import type { DbInstance } from '../gateway/types.js';
import { checkParams } from '../sql/placeholders.js';

/** Argument names that control the operation rather than bind a parameter. */
const CONTROL: readonly string[] = CONTROL_ARGUMENTS;

export function namedQueryOperation(name: string): OperationDefinition<Record<string, unknown>, DbInstance> {
  return defineOperation<Record<string, unknown>, DbInstance>({
    type: `db.${name}`,
    labelled: true,
    direction: 'send',
    gateway: 'db',
    description: `Run the named query ${name} of the DB instance; arguments are its :name parameters. Result as db.Query.`,
    arguments: {
      type: 'object',
      properties: {
        ...controlArgumentSchemas,
      },
      additionalProperties: { description: 'A bind value for the :name parameter of the same name.' },
    },
    prepare(args: Record<string, unknown>, ctx: PrepareContext<DbInstance>) {
      const db = ctx.gateway();
      const q = db.queries.get(name);
      if (!q) {
        const known = [...db.queries.keys()];
        throw invalid(ctx.path.replace(/\.arguments$/, '.type'), `db instance '${db.name}' defines no query '${name}'${known.length ? ` (it defines: ${known.join(', ')})` : ' (it defines no named queries)'}`);
      }
      const bind = Object.fromEntries(Object.entries(args).filter(([k]) => !CONTROL.includes(k)));
      const problem = checkParams(q.parsed, q.parsed.style === 'positional' ? [] : bind);
      if (q.parsed.style === 'positional') throw invalid(ctx.path, `query '${name}' of db instance '${db.name}' uses ? parameters; named queries take :name parameters`);
      if (problem) throw invalid(ctx.path, `query '${name}' of db instance '${db.name}': ${problem}`);
    },
    execute(ctx: OperationContext<DbInstance>, args: Record<string, unknown>) {
      const db = ctx.gateway();
      const q = db.queries.get(name);
      if (!q) ctx.abort(`db instance '${db.name}' defines no query '${name}'`);
      const bind: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(args)) if (!CONTROL.includes(k)) bind[k] = v;
      return runQuery(ctx, name, q.sql, bind, onError(args));
    },
  });
}
