// The HTTP side that HTTP-based gateways (rest, osd) share: the connection options of an instance in plugins.json,
// their JSON schema, and a lazily created keep-alive pool (undici) that the gateway's start()/stop() drive.
import { Pool } from 'undici';
import type { GatewayState } from '../types.js';
import { RecordOf, Type, type Static, type TObject } from '../schema.js';
import { connectTls, tlsSchema } from './tls.js';

/** What an instance leaves out gets these (the schema's defaults, and HttpPool's for options not validated). */
export const HTTP_CLIENT_DEFAULTS = { timeout_ms: 10_000, keep_alive_ms: 4_000, max_body_bytes: 4 * 1024 * 1024 } as const;

/** Schema properties of an HTTP client instance, with `connections` defaulting to `defaultConnections`. */
export function httpClientSchemaProperties(defaultConnections: number) {
  return {
    headers: Type.Optional(RecordOf(Type.String(), { description: "Headers sent with every request (a request's own headers override them)" })),
    timeout_ms: Type.Optional(Type.Integer({ minimum: 1, default: HTTP_CLIENT_DEFAULTS.timeout_ms, description: 'Whole-request timeout (connect, headers and body), ms' })),
    connect_timeout_ms: Type.Optional(Type.Integer({ minimum: 1, description: 'Connect timeout, ms (default: the request timeout, at most 5 s)' })),
    connections: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000, default: defaultConnections, description: 'Keep-alive pool: at most this many connections to the origin' })),
    keep_alive_ms: Type.Optional(Type.Integer({ minimum: 1, default: HTTP_CLIENT_DEFAULTS.keep_alive_ms, description: 'Idle keep-alive sockets are closed after this many ms' })),
    max_body_bytes: Type.Optional(Type.Integer({ minimum: 1, default: HTTP_CLIENT_DEFAULTS.max_body_bytes, description: 'Largest response body read, bytes; a larger one fails the request' })),
    tls: Type.Optional(tlsSchema),
  };
}

export type HttpClientOptions = Static<TObject<ReturnType<typeof httpClientSchemaProperties>>>;

export class HttpPool {
  readonly timeoutMs: number;
  readonly maxBodyBytes: number;
  private pool: Pool | undefined;
  private readonly poolOptions: ConstructorParameters<typeof Pool>[1];
  private stopped = false;

  /** TLS files are read here, at boot: a missing one is a boot error naming it. */
  constructor(readonly origin: string, o: HttpClientOptions, defaultConnections: number) {
    this.timeoutMs = o.timeout_ms ?? HTTP_CLIENT_DEFAULTS.timeout_ms;
    this.maxBodyBytes = o.max_body_bytes ?? HTTP_CLIENT_DEFAULTS.max_body_bytes;
    this.poolOptions = {
      connections: o.connections ?? defaultConnections,
      keepAliveTimeout: o.keep_alive_ms ?? HTTP_CLIENT_DEFAULTS.keep_alive_ms,
      pipelining: 1,
      // the whole-request deadline is the gateway's own; these only stop undici from giving up first
      headersTimeout: 0,
      bodyTimeout: 0,
      connect: { timeout: o.connect_timeout_ms ?? Math.min(this.timeoutMs, 5_000), ...connectTls(o.tls) },
    };
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  state(): GatewayState {
    return this.stopped ? 'down' : 'up';
  }

  /** The pool, created on first use. */
  get(): Pool {
    return (this.pool ??= new Pool(this.origin, this.poolOptions));
  }

  start(): void {
    this.stopped = false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const p = this.pool;
    this.pool = undefined;
    if (p) await p.destroy().catch(() => undefined);
  }
}
