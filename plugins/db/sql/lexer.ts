// The parts of an SQL text that are not code, as every scanner of the plugin skips them: string literals and
// quoted identifiers ('…', "…", `…`, a doubled quote inside being an escaped one) and comments (-- to the end of
// the line, /* … */).

/** The index after the quoted text that opens at `i` (sql[i] is the quote); `backslash`: \ escapes (E'…'). */
export function endOfQuoted(sql: string, i: number, backslash = false): number {
  const c = sql[i];
  const n = sql.length;
  i++;
  while (i < n) {
    if (sql[i] === c) {
      if (sql[i + 1] === c) i += 2;
      else break;
    } else if (backslash && sql[i] === '\\') i += 2;
    else i++;
  }
  return i + 1;
}

/** The index after the comment that opens at `i`, or -1 when none does. */
export function endOfComment(sql: string, i: number): number {
  const c = sql[i];
  if (c === '-' && sql[i + 1] === '-') {
    const e = sql.indexOf('\n', i);
    return e < 0 ? sql.length : e + 1;
  }
  if (c === '/' && sql[i + 1] === '*') {
    const e = sql.indexOf('*/', i + 2);
    return e < 0 ? sql.length : e + 2;
  }
  return -1;
}
