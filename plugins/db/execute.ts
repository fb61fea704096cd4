// Running one query for an operation: message records and traces, the result object tests[] see, $i, and a
// failed query turned into an aborted instance (default) or a failed check, always with the database's message.
import type { Json, JsonObject, OperationContext, OperationOutcome } from '../../sdk/index.js';
import { DbError, type DbInstance, type DbSession } from './gateway/types.js';

/**
 * The anchor writes `rows.Exists` for a column of a one-row answer: the first row's columns are also readable
 * on the rows array itself (non-enumerable, so JSON output stays a plain array; columns named like array
 * members, such as `length`, are not).
 */
function anchorRows(rows: JsonObject[]): JsonObject[] {
  const first = rows[0];
  if (first) {
    for (const k of Object.keys(first)) if (!/^\d+$/.test(k) && !(k in rows)) Object.defineProperty(rows, k, { value: first[k], enumerable: false });
  }
  return rows;
}

/**
 * The test instance's session on the database instance, made on its first query there and ended (rolling back a
 * transaction it left open) when the test instance ends, whatever the outcome.
 */
function session(ctx: OperationContext<DbInstance>, db: DbInstance): DbSession {
  return ctx.state(`db.session.${db.name}`, () => {
    const s = db.session();
    ctx.defer(() => s.end());
    return s;
  });
}

/** The operation as its texts name it (built only for a traced instance or a failure: a load run's others need none). */
const opName = (ctx: OperationContext<DbInstance>, what: string) => `db${ctx.label ? '.' + ctx.label : ''}.${what}`;

/** How a failed query counts: `expect_error` (a negative test) before `abort_on_error`. */
export interface OnError {
  abortOnError: boolean;
  expectError: boolean;
}

/** The control arguments of every db operation (not bind values of a named query). */
export const CONTROL_ARGUMENTS = ['abort_on_error', 'expect_error'] as const;

export const controlArgumentSchemas = {
  abort_on_error: { type: 'boolean', default: true, description: 'A failed query aborts the instance (default) or is a failed check with result.error.' },
  expect_error: { type: 'boolean', default: false, description: 'Negative test: a failed query is a passed check (result.error for tests[]) and a query that succeeds is a failed one.' },
} as const;

export function onError(args: { abort_on_error?: unknown; expect_error?: unknown }): OnError {
  return { abortOnError: args.abort_on_error !== false, expectError: args.expect_error === true };
}

/**
 * The result of a db operation: `rows` (array of row objects), `row` (the first row or null), `row_count`,
 * `affected` (rows changed by INSERT/UPDATE/DELETE, else null), `columns`; after a failed query (with
 * abort_on_error false or expect_error), `error: { message, code }`.
 */
export async function runQuery(
  ctx: OperationContext<DbInstance>,
  what: string,
  sql: string,
  params: unknown[] | Record<string, unknown> | undefined,
  mode: OnError,
): Promise<OperationOutcome> {
  const db = ctx.gateway();
  if (ctx.recordsMessages) {
    ctx.message({ direction: 'sent', protocol: 'db', name: what, fields: { sql, params: (params ?? null) as Json }, peer: db.name });
  }
  if (ctx.detailed) ctx.trace(2, `${opName(ctx, what)} on ${db.name}: ${sql}`);
  try {
    const r = await db.query(sql, params, { session: session(ctx, db), signal: ctx.endSignal });
    const result: JsonObject = { rows: anchorRows(r.rows), row: r.rows[0] ?? null, row_count: r.rows.length, affected: r.affected, columns: r.columns };
    if (r.last_insert_id !== undefined) result.last_insert_id = r.last_insert_id;
    if (ctx.recordsMessages) {
      ctx.message({ direction: 'received', protocol: 'db', name: what, fields: { row_count: r.rows.length, affected: r.affected, rows: r.rows.slice(0, 20) }, peer: db.name });
    }
    if (ctx.detailed) ctx.trace(1, `${opName(ctx, what)} on ${db.name}: ${r.affected === null ? `${r.rows.length} row(s)` : `${r.affected} row(s) affected`}`);
    ctx.received('DB', result);
    if (what !== 'Query') ctx.received(what, result);
    if (mode.expectError) ctx.fail(`${opName(ctx, what)} on ${db.name}: expected an error (expect_error), the query succeeded (${r.affected === null ? `${r.rows.length} row(s)` : `${r.affected} row(s) affected`})`);
    return { result };
  } catch (e) {
    const message = e instanceof DbError ? e.message : `unexpected failure: ${(e as Error).message}`;
    const code = e instanceof DbError && e.code !== undefined ? e.code : null;
    const text = `${opName(ctx, what)} on ${db.name} failed: ${message}`;
    const result: JsonObject = { rows: [], row: null, row_count: 0, affected: null, columns: [], error: { message, code } };
    ctx.received('DB', result);
    if (what !== 'Query') ctx.received(what, result);
    if (mode.expectError) ctx.pass(`${text} (expected)`);
    else if (mode.abortOnError) ctx.abort(text);
    else ctx.fail(text);
    return { result };
  }
}
