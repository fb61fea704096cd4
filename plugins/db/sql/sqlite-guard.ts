// What a client's SQL may do to an embedded SQLite database: work on the configured database file only. SQLite
// can reach other files from SQL (ATTACH DATABASE '/any/path', VACUUM INTO '/any/path', load_extension(), and
// pragmas such as temp_store_directory), so a statement that would is refused before it is prepared. The check
// reads the statement's bare words (outside strings, quoted identifiers and comments), so `'ATTACH'` in a
// string is data, not a command. Pragmas that set the behaviour of the connection all runs share (foreign_keys,
// query_only, ...) may be read but not set, and temporary tables, views and triggers (`CREATE TEMP`) are refused
// for the same reason. A second statement after `;` is refused by the driver (one statement per query). init_sql
// in plugins.json is the operator's and is not checked.

import { bareWords, withoutComments } from './words.js';

/** Pragmas a client may run: they read the schema or set per-connection behaviour, and touch no other file. */
const SAFE_PRAGMAS = new Set([
  'table_info', 'table_xinfo', 'table_list', 'index_list', 'index_info', 'index_xinfo', 'foreign_key_list',
  'foreign_key_check', 'integrity_check', 'quick_check', 'user_version', 'schema_version', 'application_id',
  'page_count', 'page_size', 'freelist_count', 'compile_options', 'database_list', 'function_list',
  'collation_list', 'pragma_list', 'module_list', 'foreign_keys', 'defer_foreign_keys', 'recursive_triggers',
  'case_sensitive_like', 'cache_size', 'query_only', 'encoding', 'data_version', 'optimize', 'busy_timeout',
]);

/**
 * Pragmas that set behaviour of the one connection every run shares (foreign key enforcement, a read-only
 * connection, the busy timeout, ...): reading them is allowed, setting them is refused, since it would change
 * what other runs' statements do.
 */
const CONNECTION_PRAGMAS = new Set(['foreign_keys', 'recursive_triggers', 'case_sensitive_like', 'cache_size', 'query_only', 'busy_timeout']);

/** `PRAGMA [schema.]name` alone, which reads a pragma (with a value or an argument it sets or calls it). */
const PRAGMA_READ = /^\s*PRAGMA\s+(?:[A-Za-z_][\w$]*\s*\.\s*)?[A-Za-z_][\w$]*\s*;?\s*$/i;

/**
 * `CREATE TEMP ...`, `CREATE TEMPORARY ...`, or a name in the `temp` schema (`CREATE TABLE temp.x`, quoted or not):
 * temporary objects belong to the connection every run shares, and a temporary table hides a main one of the same
 * name from every run's unqualified statements.
 */
const CREATE_TEMP = /^\s*CREATE\s+(?:TEMP|TEMPORARY)\b|^\s*CREATE\s+(?:UNIQUE\s+|VIRTUAL\s+)?(?:TABLE|VIEW|TRIGGER|INDEX)\s+(?:IF\s+NOT\s+EXISTS\s+)?(?:temp|"temp"|`temp`|\[temp\])\s*\./i;

/** Functions that reach the file system or the process. */
const FORBIDDEN_FUNCTIONS = new Set(['load_extension', 'readfile', 'writefile', 'edit', 'fts3_tokenizer']);

/** The verdicts on the texts seen so far (a load run sends the same text every instance), as parseSql's cache. */
const verdicts = new Map<string, string | undefined>();
const MAX_VERDICTS = 5000;

/** Why the statement may not run on an embedded database, or undefined when it may. */
export function sqliteFileAccess(sql: string): string | undefined {
  const hit = verdicts.get(sql);
  if (hit !== undefined || verdicts.has(sql)) return hit;
  const verdict = judge(sql);
  if (verdicts.size < MAX_VERDICTS) verdicts.set(sql, verdict);
  return verdict;
}

function judge(sql: string): string | undefined {
  const words = bareWords(sql);
  let at = 0;
  if (words[at]?.word === 'EXPLAIN') {
    at++;
    if (words[at]?.word === 'QUERY' && words[at + 1]?.word === 'PLAN') at += 2;
  }
  const first = words[at]?.word;
  if (first === 'ATTACH' || first === 'DETACH') return `${first} is refused: a query works on the configured database only`;
  if (first === 'VACUUM' && words.some((w) => w.word === 'INTO')) return 'VACUUM INTO is refused: it writes another file';
  if (first === 'PRAGMA') {
    // PRAGMA [schema.]name [= value | (value)]
    const name = (words[at + 1]?.dot ? words[at + 2] : words[at + 1])?.word.toLowerCase();
    if (!name || !SAFE_PRAGMAS.has(name)) return `PRAGMA ${name ?? ''} is refused: only pragmas that touch no other file may run (${[...SAFE_PRAGMAS].slice(0, 6).join(', ')}, ...)`;
    if (CONNECTION_PRAGMAS.has(name) && !PRAGMA_READ.test(withoutComments(sql))) return `setting PRAGMA ${name} is refused: it would change the connection every run shares (reading it is allowed)`;
  }
  if (first === 'CREATE' && CREATE_TEMP.test(withoutComments(sql))) return 'CREATE TEMP is refused: temporary objects would live in the connection every run shares (and hide main tables of the same name)';
  const fn = words.find((w) => w.call && FORBIDDEN_FUNCTIONS.has(w.word.toLowerCase()));
  if (fn) return `${fn.word.toLowerCase()}() is refused: it reaches outside the database`;
  return undefined;
}
