// Turns SendRequest arguments into a request for the client: method, path + query string, merged headers, body.
import type { SendRequestArgs } from './operations/SendRequest.js';

export interface BuiltRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

function queryString(q: SendRequestArgs['query']): string {
  if (q === undefined || q === null) return '';
  if (typeof q === 'string') return q.startsWith('?') ? q.slice(1) : q;
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === null || v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) sp.append(k, String(x));
    else sp.append(k, String(v));
  }
  return sp.toString();
}

/** Characters a path or query may carry as they are (RFC 3986 pchar, `/` and `?`); `%` only before two hex digits. */
const URI_SAFE = /[A-Za-z0-9\-._~!$&'()*+,;=:@/?]/;

/**
 * A path (with its query) as it goes on the request line: every character RFC 3986 does not allow there (space,
 * non-ASCII, `#`, `"`, `<`, `>`, `\\`, `^`, `` ` ``, `{`, `|`, `}`, `[`, `]`, controls) is percent-encoded as UTF-8;
 * escapes already written (`%2F`) are kept, so an encoded path is not encoded twice.
 */
export function encodePath(path: string): string {
  let out = '';
  for (let i = 0; i < path.length; ) {
    const cp = path.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    i += ch.length;
    if (URI_SAFE.test(ch) || (ch === '%' && /^[0-9A-Fa-f]{2}$/.test(path.slice(i, i + 2)))) out += ch;
    else for (const b of Buffer.from(ch, 'utf8')) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export function buildRequest(args: SendRequestArgs, defaultHeaders: Readonly<Record<string, string>>): BuiltRequest {
  const method = args.method.toUpperCase();
  let path = args.path ?? '/';
  if (path !== '' && !path.startsWith('/') && !path.startsWith('?')) path = '/' + path;
  const qs = queryString(args.query);
  if (qs) path += (path.includes('?') ? '&' : '?') + qs;
  path = encodePath(path);
  const headers: Record<string, string> = { ...defaultHeaders };
  if (args.headers) for (const [k, v] of Object.entries(args.headers)) headers[k.toLowerCase()] = String(v);
  if (args.http_headers) {
    for (const h of args.http_headers) {
      const k = h.name.toLowerCase();
      const v = String(h.value);
      headers[k] = (h.append === true || h.append === 1) && headers[k] !== undefined ? `${headers[k]}, ${v}` : v;
    }
  }
  let body: string | undefined;
  if (args.body !== undefined && args.json === undefined && args.content === undefined) {
    return buildRequest(typeof args.body === 'string' ? { ...args, body: undefined, content: args.body } : { ...args, body: undefined, json: args.body }, defaultHeaders);
  }
  if (args.json !== undefined) {
    body = JSON.stringify(args.json);
    headers['content-type'] = args.content_type ?? headers['content-type'] ?? 'application/json';
  } else if (args.content !== undefined) {
    body = args.content;
    headers['content-type'] = args.content_type ?? headers['content-type'] ?? 'text/plain; charset=utf-8';
  } else if (args.content_type !== undefined) {
    headers['content-type'] = args.content_type;
  }
  return { method, path, headers, body };
}
