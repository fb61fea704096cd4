// What a client's SQL may do to an embedded SQLite database: work on the configured database file only. SQLite
// can reach other files from SQL (ATTACH DATABASE '/any/path', VACUUM INTO '/any/path', load_extension(), and
// pragmas such as temp_store_directory), so a statement that would is refused before it is prepared. The check
// reads the statement's bare words (outside strings, quoted identifiers and comments), so `'ATTACH'` in a
// string is data, not a command. init_sql in plugins.json is the operator's and is not checked.

/** Pragmas a client may run: they read the schema or set per-connection behaviour, and touch no other file. */
const SAFE_PRAGMAS = new Set([
  'table_info', 'table_xinfo', 'table_list', 'index_list', 'index_info', 'index_xinfo', 'foreign_key_list',
  'foreign_key_check', 'integrity_check', 'quick_check', 'user_version', 'schema_version', 'application_id',
  'page_count', 'page_size', 'freelist_count', 'compile_options', 'database_list', 'function_list',
  'collation_list', 'pragma_list', 'module_list', 'foreign_keys', 'defer_foreign_keys', 'recursive_triggers',
  'case_sensitive_like', 'cache_size', 'query_only', 'encoding', 'data_version', 'optimize', 'busy_timeout',
]);

/** Functions that reach the file system or the process. */
const FORBIDDEN_FUNCTIONS = new Set(['load_extension', 'readfile', 'writefile', 'edit', 'fts3_tokenizer']);

interface Word {
  word: string;
  /** followed by `(` */
  call: boolean;
  /** followed by `.` (a schema name) */
  dot: boolean;
}

/** The bare words of a statement, upper-cased, in order, with what follows each. */
export function bareWords(sql: string): Word[] {
  const out: Word[] = [];
  const n = sql.length;
  let i = 0;
  while (i < n) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === '`') {
      i++;
      while (i < n && !(sql[i] === c && sql[i + 1] !== c)) i += sql[i] === c ? 2 : 1;
      i++;
    } else if (c === '[') {
      const e = sql.indexOf(']', i);
      i = e < 0 ? n : e + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const e = sql.indexOf('\n', i);
      i = e < 0 ? n : e + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const e = sql.indexOf('*/', i + 2);
      i = e < 0 ? n : e + 2;
    } else if (/[A-Za-z_]/.test(c)) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_$]/.test(sql[j]!)) j++;
      let k = j;
      while (k < n && /\s/.test(sql[k]!)) k++;
      out.push({ word: sql.slice(i, j).toUpperCase(), call: sql[k] === '(', dot: sql[k] === '.' });
      i = j;
    } else i++;
  }
  return out;
}

/** Why the statement may not run on an embedded database, or undefined when it may. */
export function sqliteFileAccess(sql: string): string | undefined {
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
  }
  const fn = words.find((w) => w.call && FORBIDDEN_FUNCTIONS.has(w.word.toLowerCase()));
  if (fn) return `${fn.word.toLowerCase()}() is refused: it reaches outside the database`;
  return undefined;
}
