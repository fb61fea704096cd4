// Bind parameters in portable SQL: `:name` (named, values from an object), or `?` or PostgreSQL's `$1, $2, ...`
// (positional, values from an array). The SQL is scanned once (strings, quoted identifiers, comments, PostgreSQL
// dollar quotes and `::` casts are skipped) and rewritten per driver: `$1, $2, ...` for PostgreSQL (one number per
// distinct name), `?` per occurrence for SQLite. Values are never spliced into the text. Only one style is used
// per statement, in the order named, numbered, `?`: a `?` beside named or numbered parameters is left as it is
// (PostgreSQL's jsonb `?` operator).

import { endOfComment, endOfQuoted } from './lexer.js';

export interface ParsedSql {
  /** 'named' (`:name`), 'positional' (`?`) or 'none'. */
  style: 'named' | 'positional' | 'none';
  /** Distinct names in order of first use (named style). */
  names: string[];
  /** Number of `?` (positional style). */
  positional: number;
  /** Text for PostgreSQL and, per `$n`, the name (named) or array index it binds. */
  pg: string;
  pgOrder: Array<string | number>;
  /** Text for SQLite and, per `?`, the name or array index it binds. */
  lite: string;
  liteOrder: Array<string | number>;
}

export class SqlParamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SqlParamError';
  }
}

interface Token {
  start: number;
  end: number;
  name?: string; // named when set
  num?: number; // $n when set; else positional '?'
}

const NAME_START = /[A-Za-z_]/;
const NAME_PART = /[A-Za-z0-9_]/;

function scan(sql: string): Token[] {
  const out: Token[] = [];
  const n = sql.length;
  let i = 0;
  while (i < n) {
    const c = sql[i]!;
    const comment = endOfComment(sql, i);
    if (c === "'" || c === '"' || c === '`') {
      // quoted string or identifier; E'...' strings also take \'
      const backslash = c === "'" && i > 0 && /[eE]/.test(sql[i - 1]!) && (i < 2 || !NAME_PART.test(sql[i - 2]!));
      i = endOfQuoted(sql, i, backslash);
    } else if (comment >= 0) i = comment;
    else if (c === '$' && (i === 0 || !NAME_PART.test(sql[i - 1]!))) {
      // PostgreSQL dollar quoting: $$...$$ or $tag$...$tag$ ($1 style parameters are left alone)
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i, i + 66));
      const num = m ? null : /^\$([1-9][0-9]{0,4})(?![0-9A-Za-z_$])/.exec(sql.slice(i, i + 8));
      if (m) {
        const close = sql.indexOf(m[0], i + m[0].length);
        i = close < 0 ? n : close + m[0].length;
      } else if (num) {
        out.push({ start: i, end: i + num[0].length, num: Number(num[1]) });
        i += num[0].length;
      } else i++;
    } else if (c === ':') {
      if (sql[i + 1] === ':') {
        i += 2; // cast
        continue;
      }
      if (i + 1 < n && NAME_START.test(sql[i + 1]!) && (i === 0 || sql[i - 1] !== ':')) {
        let j = i + 2;
        while (j < n && NAME_PART.test(sql[j]!)) j++;
        out.push({ start: i, end: j, name: sql.slice(i + 1, j) });
        i = j;
      } else i++;
    } else if (c === '?') {
      out.push({ start: i, end: i + 1 });
      i++;
    } else i++;
  }
  return out;
}

const cache = new Map<string, ParsedSql>();

export function parseSql(sql: string): ParsedSql {
  const hit = cache.get(sql);
  if (hit) return hit;
  const tokens = scan(sql);
  const named = tokens.filter((t) => t.name !== undefined);
  const numbered = tokens.filter((t) => t.num !== undefined);
  const used = named.length > 0 ? named : numbered.length > 0 ? numbered : tokens;
  const style: ParsedSql['style'] = used.length === 0 ? 'none' : named.length > 0 ? 'named' : 'positional';
  const names: string[] = [];
  const pgOrder: Array<string | number> = [];
  const liteOrder: Array<string | number> = [];
  let pg = '';
  let lite = '';
  let at = 0;
  let pos = 0;
  for (const t of used) {
    pg += sql.slice(at, t.start);
    lite += sql.slice(at, t.start);
    at = t.end;
    if (t.name !== undefined) {
      let k = names.indexOf(t.name);
      if (k < 0) {
        names.push(t.name);
        pgOrder.push(t.name);
        k = names.length - 1;
      }
      pg += `$${k + 1}`;
      lite += '?';
      liteOrder.push(t.name);
    } else if (t.num !== undefined) {
      pg += `$${t.num}`;
      lite += '?';
      liteOrder.push(t.num - 1);
      pos = Math.max(pos, t.num);
    } else {
      pgOrder.push(pos);
      liteOrder.push(pos);
      pos++;
      pg += `$${pos}`;
      lite += '?';
    }
  }
  pg += sql.slice(at);
  lite += sql.slice(at);
  if (numbered.length > 0 && named.length === 0) for (let k = 0; k < pos; k++) pgOrder.push(k);
  const parsed: ParsedSql = { style, names, positional: style === 'positional' ? pos : 0, pg, pgOrder, lite, liteOrder };
  if (cache.size < 5000) cache.set(sql, parsed);
  return parsed;
}

export type BindInput = unknown[] | Record<string, unknown> | undefined | null;

/** Check that the given params fit the SQL: every name has a value, no unknown names, the right count. */
export function checkParams(parsed: ParsedSql, params: BindInput): string | undefined {
  if (parsed.style === 'named') {
    if (!params || Array.isArray(params) || typeof params !== 'object') return `the SQL has named parameters (${parsed.names.map((n) => ':' + n).join(', ')}): give params as an object`;
    const missing = parsed.names.filter((n) => !(n in params));
    if (missing.length) return `no value for ${missing.map((n) => ':' + n).join(', ')}`;
    const extra = Object.keys(params).filter((k) => !parsed.names.includes(k));
    if (extra.length) return `the SQL has no parameter ${extra.map((n) => ':' + n).join(', ')}`;
    return undefined;
  }
  if (parsed.style === 'positional') {
    if (!Array.isArray(params)) return `the SQL has ${parsed.positional} positional parameter(s) (?): give params as an array`;
    if (params.length !== parsed.positional) return `the SQL has ${parsed.positional} positional parameter(s) (?), params has ${params.length}`;
    return undefined;
  }
  if (Array.isArray(params) ? params.length > 0 : params && Object.keys(params).length > 0) return 'the SQL has no parameters, but params were given';
  return undefined;
}

/** The values to bind, in the driver's order. Throws SqlParamError when they do not fit. */
export function bindValues(parsed: ParsedSql, params: BindInput, driver: 'pg' | 'lite'): unknown[] {
  const problem = checkParams(parsed, params);
  if (problem) throw new SqlParamError(problem);
  const order = driver === 'pg' ? parsed.pgOrder : parsed.liteOrder;
  return order.map((k) => (typeof k === 'number' ? (params as unknown[])[k] : (params as Record<string, unknown>)[k]));
}
