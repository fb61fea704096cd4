// Turns SendRequest arguments into a request for the client: method, path + query string, merged headers, body.
import type { SendRequestArgs } from './operations/SendRequest.js';

export interface BuiltRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export function queryString(q: SendRequestArgs['query']): string {
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

export function buildRequest(args: SendRequestArgs, defaultHeaders: Readonly<Record<string, string>>): BuiltRequest {
  const method = args.method.toUpperCase();
  let path = args.path ?? '/';
  if (path !== '' && !path.startsWith('/') && !path.startsWith('?')) path = '/' + path;
  const qs = queryString(args.query);
  if (qs) path += (path.includes('?') ? '&' : '?') + qs;
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
