// The HTTP(S) server of the web client and the HTTP API: the RPC port's TLS certificate, allow-list and token, the
// security headers on every response, the guards (Host, Origin, token) before any handler, and every failure
// answered as JSON ({ error: { code, message } }) — nothing a client sends may take the service down.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { join, resolve } from 'node:path';
import type { ServiceCore, ServiceOptions } from '../../core/service.js';
import { readTls } from '../../core/service.js';
import { defaults } from '../../core/options.js';
import { AllowList } from '../../core/server/allow-list.js';
import { HttpError, sendError } from './respond.js';
import { isLoopback, originCheck, setSecurityHeaders, tokenCheck } from './security.js';
import { findRoute, type Api } from './routes.js';
import { serveStatic } from './static.js';
import { Library } from './library.js';
import { DataFiles } from './data-files.js';
import { RunFeeds } from './run-feed.js';
import { readTemplates, type Template } from './templates.js';

export interface HttpServer {
  host: string;
  port: number;
  /** http(s)://HOST:PORT/ */
  url: string;
  close(): Promise<void>;
}

type Rpc = NonNullable<ServiceCore['rpc']>;

function apiOf(core: ServiceCore, rpc: Rpc, options: ServiceOptions): Api {
  let templates: Promise<Template[]> | undefined;
  return {
    core,
    rpc,
    token: options.token,
    maxBody: options.maxMessageBytes ?? defaults.maxMessageBytes,
    library: new Library(join(resolve(options.dataDir ?? defaults.dataDir), 'library')),
    dataFiles: new DataFiles(resolve(options.dataDir ?? defaults.dataDir)),
    feeds: new RunFeeds((t) => core.log('warn', t)),
    streams: new Set(),
    templates: () => (templates ??= readTemplates()),
  };
}

/** One request: the guards, then its route or a static file; any failure becomes its JSON error. */
function handler(api: Api, scheme: 'http' | 'https', boundToLoopback: boolean) {
  const checkOrigin = originCheck(scheme, boundToLoopback);
  const checkToken = tokenCheck(api.token);
  return async (req: IncomingMessage, res: ServerResponse) => {
    setSecurityHeaders(res);
    try {
      checkOrigin(req);
      const pathname = new URL(req.url ?? '/', 'http://x').pathname;
      const found = findRoute(req.method ?? 'GET', pathname);
      if (found) {
        if (!found.route.public) checkToken(req);
        await found.route.handle(api, { req, res, args: found.args });
      } else if (pathname.startsWith('/api/') || pathname === '/rpc') {
        throw new HttpError(404, `no endpoint ${pathname.slice(0, 200)} (docs/web.md lists them)`);
      } else if (req.method !== 'GET') {
        throw new HttpError(405, `${req.method} of a static file: only GET`, undefined, { Allow: 'GET' });
      } else await serveStatic(res, pathname);
    } catch (e) {
      if (e instanceof HttpError) sendError(res, e);
      else {
        api.core.log('error', `http ${req.method} ${req.url?.slice(0, 200)}: ${(e as Error)?.stack ?? String(e)}`);
        sendError(res, new HttpError(500, `internal error: ${(e as Error)?.message ?? String(e)}`));
      }
    }
  };
}

export async function serveHttp(core: ServiceCore, rpc: Rpc, options: ServiceOptions, host: string, port: number): Promise<HttpServer> {
  const api = apiOf(core, rpc, options);
  const tls = readTls(options);
  const scheme = tls ? 'https' : 'http';
  const onRequest = handler(api, scheme, isLoopback(host));
  const timeout = options.readTimeoutMs ?? defaults.readTimeoutMs;
  const common = { requestTimeout: timeout, headersTimeout: timeout };
  const server = tls
    ? https.createServer({ ...common, ...tls, rejectUnauthorized: tls.requestCert ?? false }, (req, res) => void onRequest(req, res))
    : http.createServer(common, (req, res) => void onRequest(req, res));
  server.maxConnections = options.maxConnections ?? defaults.maxConnections;
  const allow = options.allow?.length ? new AllowList(options.allow) : undefined;
  if (allow) {
    // refused at the connection, before any byte is read (for TLS: before the handshake), as on the RPC port
    server.on('connection', (sock: Socket) => {
      if (allow.allows(sock.remoteAddress)) return;
      core.log('warn', `http: refused ${sock.remoteAddress}: not in the allow-list (--allow)`);
      sock.destroy();
    });
  }
  server.on('clientError', (_e, sock: Socket) => {
    if (sock.writable) sock.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else sock.destroy();
  });
  await new Promise<void>((ok, fail) => {
    const failed = (e: Error) => fail(new Error(`cannot serve the web client on ${host}:${port}: ${e.message} (--http-port sets another port, --no-http turns it off)`));
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      ok();
    });
  });
  const addr = server.address() as { address: string; port: number };
  const shown = addr.address.includes(':') ? `[${addr.address}]` : addr.address;
  return {
    host: addr.address,
    port: addr.port,
    url: `${scheme}://${shown}:${addr.port}/`,
    async close() {
      for (const res of api.streams) res.end();
      await new Promise<void>((ok) => {
        server.close(() => ok());
        server.closeAllConnections();
      });
    },
  };
}
