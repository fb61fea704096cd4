// The bare words of an SQL text: what is outside string literals, quoted identifiers and comments, upper-cased,
// with what follows each. Enough to tell a statement's verb and the functions it calls, for both drivers, without
// parsing SQL; `'ATTACH'` in a string is data, not a word.

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

/** The SQL with its comments blanked out (strings and quoted names kept as they are). */
export function withoutComments(sql: string): string {
  let out = '';
  const n = sql.length;
  let i = 0;
  while (i < n) {
    const c = sql[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const start = i;
      i++;
      while (i < n && !(sql[i] === c && sql[i + 1] !== c)) i += sql[i] === c ? 2 : 1;
      i++;
      out += sql.slice(start, i);
    } else if (c === '[') {
      const e = sql.indexOf(']', i);
      const end = e < 0 ? n : e + 1;
      out += sql.slice(i, end);
      i = end;
    } else if (c === '-' && sql[i + 1] === '-') {
      const e = sql.indexOf('\n', i);
      i = e < 0 ? n : e + 1;
      out += ' ';
    } else if (c === '/' && sql[i + 1] === '*') {
      const e = sql.indexOf('*/', i + 2);
      i = e < 0 ? n : e + 2;
      out += ' ';
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
