// What guards every request of the HTTP built-in, as on the framed port: the token (HTTP's bearer scheme instead
// of params.auth_token), where state-changing requests come from (Origin), which host name the browser used (a
// server bound to loopback answers only to loopback names: a page that rebinds its own name to 127.0.0.1 is
// refused), and the headers every response carries: a strict Content-Security-Policy (no inline script or style,
// nothing from the network), no MIME sniffing, no referrer.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './respond.js';

export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The headers of every response. */
export function setSecurityHeaders(res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The bearer token check: nothing to check without a token; else `Authorization: Bearer <token>` or 401. */
export function tokenCheck(token: string | undefined): (req: IncomingMessage) => void {
  if (!token) return () => {};
  const expected = digest(token);
  return (req) => {
    const m = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? '');
    if (m && timingSafeEqual(digest(m[1]!), expected)) return;
    const why = req.headers.authorization === undefined ? 'no Authorization header' : 'a wrong token';
    throw new HttpError(401, `unauthorized (${why}): this service requires its token in the header Authorization: Bearer <token>`, undefined, { 'WWW-Authenticate': 'Bearer realm="tester"' });
  };
}

const LOOPBACK_NAMES = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Whether an address the server binds to is a loopback one. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

/** The Host header's name without its port ('[::1]:9010' → '[::1]'). */
function hostName(host: string): string {
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
}

/**
 * Where a request may come from. Bound to loopback, the Host must name loopback (else 403: DNS rebinding). A
 * state-changing request (POST, PUT, DELETE) that carries an Origin must come from this server's own origin (else
 * 403: another site's page); a client that sends no Origin (curl, the CLI) is not a browser page and passes.
 */
export function originCheck(scheme: 'http' | 'https', boundToLoopback: boolean): (req: IncomingMessage) => void {
  return (req) => {
    const host = req.headers.host ?? '';
    const name = hostName(host);
    if (boundToLoopback && !LOOPBACK_NAMES.test(name)) {
      throw new HttpError(403, `forbidden: this server listens on loopback and answers only to a loopback host name, not '${host.slice(0, 100)}'`);
    }
    if (req.method === 'GET' || req.method === 'HEAD') return;
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== `${scheme}://${host}`) {
      throw new HttpError(403, `forbidden: a ${req.method} from the origin '${origin.slice(0, 100)}'; only pages of ${scheme}://${host} may change state here`);
    }
  };
}
