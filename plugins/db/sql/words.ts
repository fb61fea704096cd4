// The bare words of an SQL text: what is outside string literals, quoted identifiers and comments, upper-cased,
// with what follows each. Enough to tell a statement's verb and the functions it calls, for both drivers, without
// parsing SQL; `'ATTACH'` in a string is data, not a word.
import { endOfComment, endOfQuoted } from './lexer.js';

export interface Word {
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
    const comment = endOfComment(sql, i);
    if (c === "'" || c === '"' || c === '`') i = endOfQuoted(sql, i);
    else if (c === '[') i = endOfBracketed(sql, i);
    else if (comment >= 0) i = comment;
    else if (/[A-Za-z_]/.test(c)) {
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

/** The SQL with its comments blanked out (strings and quoted names kept as they are). */
export function withoutComments(sql: string): string {
  let out = '';
  const n = sql.length;
  let i = 0;
  while (i < n) {
    const c = sql[i]!;
    const comment = endOfComment(sql, i);
    if (c === "'" || c === '"' || c === '`' || c === '[') {
      const end = c === '[' ? endOfBracketed(sql, i) : endOfQuoted(sql, i);
      out += sql.slice(i, end);
      i = end;
    } else if (comment >= 0) {
      i = comment;
      out += ' ';
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The index after the [bracketed] identifier (SQLite, SQL Server) that opens at `i`. */
function endOfBracketed(sql: string, i: number): number {
  const e = sql.indexOf(']', i);
  return e < 0 ? sql.length : e + 1;
}
