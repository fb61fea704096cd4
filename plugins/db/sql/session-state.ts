// PostgreSQL: statements that change the state of their database session beyond themselves (a SET, a temporary
// table, a session advisory lock, LISTEN, a prepared statement, ...). A pooled connection that ran one must not
// serve another instance afterwards: the instance keeps it to itself and it is closed, not pooled, when the
// instance ends. Transactions are not judged here: the server reports them (the transaction status of each
// ReadyForQuery). Read from the statement's bare words; a word inside a dollar-quoted body counts too, which
// errs on the safe side (the connection is then only closed rather than reused).
import { bareWords } from './words.js';

/** Functions whose effect outlives the statement on its session. */
const SESSION_FUNCTIONS = new Set([
  'SET_CONFIG',
  'PG_ADVISORY_LOCK',
  'PG_ADVISORY_LOCK_SHARED',
  'PG_TRY_ADVISORY_LOCK',
  'PG_TRY_ADVISORY_LOCK_SHARED',
  'PG_ADVISORY_UNLOCK',
  'PG_ADVISORY_UNLOCK_SHARED',
  'PG_ADVISORY_UNLOCK_ALL',
  'DBLINK_CONNECT',
  'DBLINK_CONNECT_U',
]);

const SESSION_VERBS = new Set(['RESET', 'LISTEN', 'UNLISTEN', 'DISCARD', 'LOAD', 'DEALLOCATE', 'DECLARE']);

/** What in the statement changes its session (e.g. `SET`, `CREATE TEMP`, `pg_advisory_lock()`), or undefined. */
export function sessionChange(sql: string): string | undefined {
  const words = bareWords(sql);
  let at = 0;
  while (words[at]?.word === 'EXPLAIN' || words[at]?.word === 'ANALYZE' || words[at]?.word === 'VERBOSE') at++;
  const verb = words[at]?.word;
  const next = words[at + 1]?.word;
  if (verb === 'SET') return next === 'LOCAL' || next === 'TRANSACTION' || next === 'CONSTRAINTS' ? undefined : 'SET';
  if (verb && SESSION_VERBS.has(verb)) return verb;
  if (verb === 'PREPARE' && next !== 'TRANSACTION') return 'PREPARE';
  for (let i = at; i < words.length; i++) {
    const w = words[i]!;
    if (w.word === 'TEMP' || w.word === 'TEMPORARY') {
      const before = words[i - 1]?.word;
      if (before === 'CREATE' || before === 'INTO' || before === 'GLOBAL' || before === 'LOCAL') return `${before === 'INTO' ? 'INTO' : 'CREATE'} ${w.word}`;
    }
    if (w.call && SESSION_FUNCTIONS.has(w.word)) return `${w.word.toLowerCase()}()`;
  }
  return undefined;
}
