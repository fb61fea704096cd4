// The HTTP built-in (docs/web.md): the web client (the files of dist/web) and the HTTP API on a port of its own
// beside the framed RPC port — JSON-RPC over POST /rpc answered by the kernel's own dispatcher, the OpenRPC
// document, a live event stream per run, the run's reports to download, the library of definitions and the
// example templates. On by default (`--no-http` turns it off); the RPC port's TLS, allow-list and token apply.
import { Type, type Static } from 'typebox';
import type { ServiceCore, ServiceOptions } from '../../core/service.js';
import { defaults } from '../../core/options.js';
import { serveHttp } from './server.js';

export const HttpOptionsSchema = Type.Object({
  http: Type.Optional(
    Type.Boolean({ default: true, description: 'serve the web client and the HTTP API (docs/web.md)', flag: { negate: 'serve no web client and no HTTP API' } }),
  ),
  httpPort: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 65535, description: 'port of the web client and the HTTP API (default: the RPC port + 1; a free port when the RPC port is 0)', flag: { arg: 'port' } }),
  ),
  httpHost: Type.Optional(Type.String({ minLength: 1, description: 'address the web client and the HTTP API bind to (default: the RPC --host)', flag: { arg: 'host' } })),
});

export type HttpOptions = Static<typeof HttpOptionsSchema>;

/** The HTTP port the options ask for: given, else the RPC port + 1 (0, a free port, when the RPC port is 0). */
export function httpPortOf(options: HttpOptions & Pick<ServiceOptions, 'port'>): number {
  if (options.httpPort !== undefined) return options.httpPort;
  const rpc = options.port ?? defaults.port;
  return rpc === 0 ? 0 : rpc + 1;
}

export async function applyHttp(core: ServiceCore, options: HttpOptions & ServiceOptions): Promise<Array<() => Promise<void>>> {
  if (options.http === false || core.worker.index !== 0 || !core.rpc) return [];
  const host = options.httpHost ?? options.host ?? defaults.host;
  const port = httpPortOf(options);
  const server = await serveHttp(core, core.rpc, options, host, port);
  core.served.http = { host: server.host, port: server.port };
  core.log('info', `web client on ${server.url}`);
  return [() => server.close()];
}
